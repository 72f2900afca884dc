/**
 * English texts of notifications (namespace `notifications`, docs/notifications.md): each type's line as
 * the bell, push and e-mail show it, the bell's and the settings page's words, and the e-mails.
 */
export const notifications = {
  types: {
    'feedback-received': '{{actor}} gave you feedback',
    'feedback-request': '{{actor}} asks for your feedback on {{attributes}}',
    'feedback-request-answered': '{{actor}} answered your feedback request',
    'feedback-request-declined': '{{actor}} declined your feedback request',
    'leave-approval': '{{requester}} asks for {{leaveType}}, {{dates}}: waiting for your approval',
    'leave-cancellation-approval': '{{requester}} asks to cancel {{leaveType}}, {{dates}}: waiting for your decision',
    'leave-forwarded': '{{actor}} approved your {{leaveType}}, {{dates}}; HR decides next',
    'leave-approved': 'Your {{leaveType}}, {{dates}}, was approved by {{actor}}',
    'leave-rejected': 'Your {{leaveType}}, {{dates}}, was rejected by {{actor}}',
    'leave-cancelled': 'Your {{leaveType}}, {{dates}}, was cancelled by {{actor}}',
    'leave-cancellation-approved': 'The cancellation of your {{leaveType}}, {{dates}}, was approved by {{actor}}',
    'leave-cancellation-rejected': 'The cancellation of your {{leaveType}}, {{dates}}, was rejected by {{actor}}',
  },
  /** Who did it when nobody did: the leave jobs. */
  system: 'Teambeat',
  categories: {
    feedback: 'Feedback you receive',
    requests: 'Feedback requests',
    recognition: 'Badges and recognition',
    feed: 'Reactions and comments',
    leave: 'Leave',
    attendance: 'Attendance',
  },
  channels: { email: 'E-mail', push: 'Push (browser and desktop)' },
  bell: {
    title: 'Notifications',
    actionItems: 'Action items',
    all: 'All',
    empty: 'You’re all caught up',
    emptyActions: 'Nothing waits for you',
    emptyHint: 'New feedback, requests and approvals will appear here.',
    markAllRead: 'Mark all as read',
    ignore: 'Ignore',
    ignoreFailed: 'The notification could not be ignored',
    markFailed: 'Notifications could not be marked as read',
    ignoreTitle: 'Ignore this notification?',
    ignoreBody: 'It leaves your list and stops counting. The work itself is not changed: it stays on its own page.',
    loadFailed: 'Notifications could not be loaded.',
    more: 'Show more',
    count_one: '{{count}} unread notification',
    count_other: '{{count}} unread notifications',
    unread: 'Unread',
    settings: 'Notification settings',
  },
  settingsPage: {
    title: 'Notification settings',
    intro: 'In the app you always see everything. Choose what also reaches you by e-mail and by push.',
    category: 'Category',
    cell: '{{channel}}: {{category}}',
    saved: 'Notification settings saved',
    notSaved: 'Notification settings were not saved',
    loading: 'Loading your notification settings',
    pushFailed: 'Push could not be turned on in this browser',
    pushState: {
      unsupported: 'This browser cannot show push notifications.',
      denied: 'This browser blocks notifications from Teambeat. Allow them in the browser’s site settings.',
      subscribed: 'This browser shows push notifications.',
      off: 'This browser does not show push notifications yet.',
    },
    enablePush: 'Turn on push in this browser',
    disablePush: 'Turn off push in this browser',
  },
  email: {
    action: {
      subject: 'Teambeat: {{text}}',
      body: '{{text}}\n\nOpen it in Teambeat: {{url}}\n\nYou receive this e-mail because e-mail is on for “{{category}}” in your notification settings.',
    },
    reminder: {
      subject: 'Reminder: {{text}}',
      body: 'This still waits for you:\n\n{{text}}\n\nOpen it in Teambeat: {{url}}',
    },
    digest: {
      subject_one: 'Teambeat: {{count}} unread notification',
      subject_other: 'Teambeat: {{count}} unread notifications',
      body: 'Since your last digest:\n\n{{lines}}\n\nOpen Teambeat: {{url}}',
    },
  },
};
