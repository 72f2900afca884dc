/**
 * User-facing messages of the specs' error catalogues, keyed by a stable error code. The server answers
 * `{ error: { code, message } }` with these texts and the renderer shows the same texts, so a message
 * is written once, here.
 */
export const MESSAGES = {
  // Generic (both specs, §8)
  INTERNAL: 'Something went wrong. Please try again later.',
  UNAVAILABLE: 'An error occurred. Please try again later.',
  VALIDATION: 'Ensure all fields are filled correctly.',
  UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'The requested item does not exist.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  // Session and sign-in (feedback-and-engagement §8)
  SIGN_IN_FAILED: 'Failed to sign in',
  EMAIL_DOMAIN_UNAUTHORIZED: 'Failed to authorize email domain',
  INVALID_CREDENTIALS: 'Username or password is incorrect',
  USER_NOT_FOUND: 'No user found with this email address',
  ACCOUNT_LOCKED: 'Too many failed sign-in attempts. Your account is locked for a few minutes.',
  ACCOUNT_INACTIVE: 'Your account is inactive. Please contact your administrator.',
  ACCOUNT_NOT_CONFIRMED: 'Your account is not confirmed yet. Enter the code we sent to your e-mail.',
  ACCOUNT_EXISTS: 'An account with this email address already exists.',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  WEAK_PASSWORD:
    'Password must be longer than 6 characters and contain upper case, lower case, a number and a special character, without spaces.',
  PASSWORD_UPDATE_FAILED: 'Password could not be updated.',
  CURRENT_PASSWORD_INCORRECT: 'Password could not be updated: the current password is incorrect.',
  INVALID_CODE: 'The code is invalid or has expired.',
  // Administration (feedback-and-engagement §8)
  ROLE_ADD_FAILED: 'Failed to add role',
  ROLE_UPDATE_FAILED: 'Failed to update role',
  EMPLOYEE_ADD_FAILED: 'Failed to add employee',
  EMPLOYEE_UPDATE_FAILED: 'Failed to update employee',
  DEMO_DATA_DISABLE_FAILED: 'Failed to disable demo data',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account.',
  EMAIL_OUTSIDE_DOMAIN: 'The e-mail address must belong to the company e-mail domain.',
  UNKNOWN_REFERENCE: 'A selected role or team does not exist.',
  GRANT_EXCEEDS_OWN: 'You cannot grant permissions that you do not have yourself.',
  DEFAULT_ROLE_REQUIRED: 'Exactly one role must be the default role.',
} as const;

export type ErrorCode = keyof typeof MESSAGES;
