/** English texts of the frame: header, sidebar and routes, status pages, whole-window states, server setup (namespace `frame`). */
export const frame = {
  /** The pages of app/routes.ts, as the sidebar and the home shortcuts name them. */
  routes: {
    feedbackRequests: 'Feedback requests',
    flagFeedback: 'Flagged feedback',
    home: 'Home',
    feedback: 'Feedback',
    giveFeedback: 'Give feedback',
    myTeam: 'My team',
    attendance: 'Attendance',
    monthView: 'Month view',
    productivity: 'Productivity',
    leave: 'Leave',
    leaveCalendar: 'Leave calendar',
    employees: 'Employee Directory',
    roles: 'Roles & Permissions',
    teams: 'Teams',
    devices: 'Biometric Devices',
    feedbackManagement: 'Feedback Management',
    projects: 'Project Hub',
    functions: 'Function Setup',
    settings: 'Settings',
    notificationSettings: 'Notification settings',
    badges: 'Badges',
    badgeControl: 'Badge Control',
  },
  app: {
    checkingSession: 'Checking your session',
    loading: 'Loading',
  },
  appFrame: {
    skipToContent: 'Skip to content',
    offline: 'Can’t reach the server. Your changes may not be saved; retrying in the background.',
    loadingPage: 'Loading page',
  },
  sidebar: {
    label: 'Main navigation',
    sections: {
      workforce: 'Workforce',
      administration: 'Administration',
    },
    version: 'Teambeat {{version}}',
    versionDesktop: 'Teambeat {{version}} · Desktop',
  },
  desktop: {
    title: 'Teambeat for Windows and Mac',
    loading: 'Looking for the current version',
    none: 'No desktop installers are available from this server yet. Ask your administrator.',
    version: 'Version {{version}}',
    windows: 'Download for Windows',
    mac: 'Download for Mac',
    size: '({{size}} MB)',
    hint: 'The desktop app checks in from the tray, shows native notifications and updates itself.',
  },
  header: {
    desktopApp: 'Get the desktop app',
    companyLogo: 'Logo of {{name}}',
    toggleNavigation: 'Toggle navigation',
    theme: 'Theme',
    themes: {
      system: 'System default',
      light: 'Light',
      dark: 'Dark',
    },
    changePassword: 'Change password',
    signOut: 'Sign out',
  },
  /** The window's title: the page's, then the product's. */
  documentTitle: '{{title}} · Teambeat',
  status: {
    notFound: {
      title: 'We can’t find that page',
      hint: 'The address may be mistyped, or the page may have moved. Check the link or head back home.',
    },
    forbidden: {
      title: 'You don’t have access to this page',
      hint: 'You do not have permission to do this. If you need it, ask your administrator for the permission.',
    },
    goHome: 'Go to home',
    goBack: 'Go back',
  },
  fullScreen: {
    settingUp: 'We are setting up your profile. This might take a while',
    unreachableTitle: 'Teambeat can’t be reached',
    unreachableBody:
      'An error occurred. Please try again later. Check your connection, or ask your administrator whether the company server is running.',
    tryAgain: 'Try again',
  },
  serverSetup: {
    title: 'Connect to your company',
    hint: 'Teambeat runs on your company’s server. Enter its address once; the app remembers it.',
    address: 'Server address',
    placeholder: 'https://teambeat.example.com',
    confirmHttp: 'This is my company’s server on the office network. I understand that plain http:// is not encrypted.',
    checking: 'Checking the server…',
    continue: 'Continue',
    errors: {
      notAnAddress: 'Enter the address your administrator gave you, like https://teambeat.example.com',
      httpRefused:
        'Use https://. Plain http:// is allowed only for this computer or a private office network address (10.x, 172.16–31.x, 192.168.x).',
      httpConfirm: 'This address uses plain http://: confirm below that it is your office network server.',
    },
  },
  /** The desktop tray's menu and tooltip (electron/tray-menu.ts); attendance states and actions are the
   * attendance page's. */
  tray: {
    open: 'Open {{product}}',
    quit: 'Quit {{product}}',
    notSignedIn: 'Not signed in',
    signedIn: 'Signed in',
    signedInAs: 'Signed in as {{name}}',
    workedToday: '{{state}} · {{worked}} today',
    tooltip: '{{product}}: {{status}}',
    tooltipSignedOut: '{{product}}: not signed in',
    tooltipSignedIn: 'signed in',
    /** Asked before the tray's Check out (the window may be hidden; the time is the company's, not said here). */
    confirmCheckOut: 'Your working day ends now. You can undo it in {{product}} for {{minutes}} minutes.',
    /** The unread actions of the notifications feed, a line of the menu and the tooltip's end. */
    actionsWaiting_one: '{{count}} item needs you',
    actionsWaiting_other: '{{count}} items need you',
  },
};
