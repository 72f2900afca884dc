/**
 * English texts: e-mails (namespace `email`), each a subject and a plain-text body, in the recipient's
 * language (their own choice, else the company's default: server/src/mail/language.ts, docs/i18n.md).
 */
export const email = {
  lockNotice: {
    subject: 'Your Teambeat account is locked for a few minutes',
    body:
      'After {{threshold}} wrong passwords in a row your account is locked for {{minutes}} minutes; until then ' +
      'every password is refused. To sign in sooner, use "Forgot password" to set a new one. If these attempts ' +
      'were not yours, someone is guessing your password.',
  },
  signUpInactive: {
    subject: 'Your {{company}} Teambeat account',
    body: 'Someone, perhaps you, tried to sign up with this address. Your account is inactive: please contact your administrator.',
  },
  signUpExisting: {
    subject: 'Your {{company}} Teambeat account',
    body:
      'Someone, perhaps you, tried to sign up with this address, but you already have an account. Sign in, or ' +
      'use "Forgot password" to set a new password. If it was not you, you can ignore this e-mail.',
  },
  signUpCode: {
    subject: 'Your {{company}} Teambeat confirmation code',
    body: 'Your confirmation code is {{code}}. It expires in {{minutes}} minutes.',
  },
  resetCode: {
    subject: 'Reset your Teambeat password',
    body: 'Your password reset code is {{code}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this e-mail.',
  },
  emailChangeCode: {
    subject: 'Confirm your new Teambeat e-mail address',
    body:
      'Your Teambeat account ({{oldEmail}}) is being moved to this address. Your confirmation code is {{code}}. ' +
      'It expires in {{minutes}} minutes: enter it under "Confirm a new e-mail" on the Teambeat sign-in page. ' +
      'Until you confirm, sign in with {{oldEmail}}.',
  },
  emailChangeNotice: {
    subject: 'Your Teambeat e-mail address is being changed',
    body:
      'An administrator asked to change the e-mail address of your Teambeat account to {{newEmail}}. It changes ' +
      'once the code sent there is confirmed, and you will then be signed out everywhere. If you did not expect ' +
      'this, contact your administrator.',
  },
  emailChanged: {
    subject: 'Your Teambeat e-mail address was changed',
    body: 'Your Teambeat account now signs in with {{newEmail}}; every session of it has ended.',
  },
  invitation: {
    subject: 'You are invited to {{company}} on Teambeat',
    body:
      'Hello, {{company}} added you to Teambeat with the address {{email}}. Open this link to set your password, ' +
      'then sign in: {{url}} The link works once and expires in {{days}} days; if it has expired, ask your ' +
      'administrator to send a new invitation.',
  },
  clientFeedbackLink: {
    sprint: 'the sprint “{{sprint}}”',
    pbi: '“{{refId}} {{name}}” (sprint “{{sprint}}”)',
    subject: 'Your feedback on {{project}}',
    body:
      'Hello {{name}}, {{requestedBy}} asks for your feedback on {{target}} of {{project}}: rate the overall ' +
      'result, its quality and its value for money, and add a comment if you wish. Open this link (no account ' +
      'needed; it works once, until {{date}}): {{url}}',
  },
};
