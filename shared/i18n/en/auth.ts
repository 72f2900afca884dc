/** English texts of the auth pages (namespace `auth`). */
export const auth = {
  /** The signed-out pages' frame. */
  layout: {
    documentTitle: '{{title}} · Teambeat',
    headline: 'Feedback that moves your team forward.',
    lead: 'Recognise great work, ask for the feedback you need, and see how every team is doing — in one place.',
    points: {
      feedback: 'Personal, task and project feedback',
      badges: 'Badges, leaderboards and a lively news feed',
      hr: 'Attendance, leave and dashboards for HR',
    },
    copyright: '© {{year}} Teambeat',
    legal: 'Protected by your company’s Teambeat workspace.',
  },
  /** Each page's title and subtitle. */
  pages: {
    signIn: { title: 'Sign in', subtitle: 'Welcome back. Use your work e-mail to continue.' },
    signUp: { title: 'Create your account', subtitle: 'Join your company’s Teambeat workspace.' },
    forgotPassword: { title: 'Reset your password', subtitle: 'We’ll e-mail you a code to set a new one.' },
    confirmEmail: {
      title: 'Confirm your new e-mail',
      subtitle: 'Enter the code we sent to the new address. You will then sign in with it.',
    },
  },
  /** Field labels the forms share. */
  fields: {
    workEmail: 'Work e-mail',
    emailPlaceholder: 'name@company.com',
    fullName: 'Full name',
    password: 'Password',
    confirmPassword: 'Confirm password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    codeFromEmail: 'Code from the e-mail',
    confirmationCode: 'Confirmation code',
    newWorkEmail: 'New work e-mail',
  },
  /** What the forms check before sending. */
  rules: {
    invalidEmail: 'Enter a valid e-mail address',
    code: 'The code has 6 digits',
    enterPassword: 'Enter your password',
    enterName: 'Enter your name',
    enterCurrentPassword: 'Enter your current password',
  },
  signIn: {
    formLabel: 'Sign in',
    continue: 'Continue',
    newToTeambeat: 'New to Teambeat?',
    createAccount: 'Create an account',
    gotCode: 'Got a code for a new address?',
    confirmNewEmail: 'Confirm a new e-mail',
    change: 'Change',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
  },
  signUp: {
    formLabel: 'Create your account',
    codeFormLabel: 'Confirm your e-mail',
    codeSent: 'We sent an e-mail to {{email}}. Enter the 6-digit code from it; it expires in {{minutes}} minutes.',
    newCodeSent: 'We sent a new code. It expires in {{minutes}} minutes.',
    confirmed: 'Your account is confirmed. Sign in to continue.',
    confirmAndContinue: 'Confirm and continue',
    sendNewCode: 'Send a new code',
    changeDetails: 'Change details',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
  },
  forgotPassword: {
    formLabel: 'Reset your password',
    codeSent: 'If the address is registered, a 6-digit code is on its way. It expires in {{minutes}} minutes.',
    changed: 'Your password was changed. Sign in with the new one.',
    sendCode: 'Send code',
    setNewPassword: 'Set new password',
    sendNewCode: 'Send a new code',
    remembered: 'Remembered it?',
    backToSignIn: 'Back to sign in',
  },
  confirmEmail: {
    formLabel: 'Confirm your new e-mail',
    changed: 'Your e-mail address was changed. Sign in with it.',
    submit: 'Confirm new e-mail',
    backToSignIn: 'Back to sign in',
  },
  changePassword: {
    title: 'Change password',
    submit: 'Change password',
    changed: 'Password changed',
    changedBody: 'Your other devices have been signed out.',
  },
};
