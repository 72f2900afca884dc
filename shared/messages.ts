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
  // Transport and framework errors (docs/security.md, "Errors")
  BAD_REQUEST: 'The request could not be read.',
  MALFORMED_URL: 'The address of the request is not valid (malformed percent-encoding).',
  URI_TOO_LONG: 'The address of the request is too long.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  INVALID_JSON: 'The request body is not valid JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body has a content type this endpoint does not accept.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  // Session and sign-in (feedback-and-engagement §8)
  SIGN_IN_FAILED: 'Failed to sign in',
  EMAIL_DOMAIN_UNAUTHORIZED: 'Failed to authorize email domain',
  INVALID_CREDENTIALS: 'Username or password is incorrect',
  USER_NOT_FOUND: 'No user found with this email address',
  ACCOUNT_INACTIVE: 'Your account is inactive. Please contact your administrator.',
  // Single sign-on (docs/sso.md)
  SSO_REQUIRED: 'Your company signs in with single sign-on. Use the "Continue with" button.',
  SSO_NOT_ENABLED: 'Single sign-on is not enabled for this company.',
  SSO_STATE_INVALID: 'This single sign-on attempt has expired or was already used. Please start again.',
  SSO_FAILED: 'Single sign-on failed. Please try again or contact your administrator.',
  SSO_EMAIL_DOMAIN: 'The identity provider signed you in with an address outside your company’s domain.',
  SSO_ACCOUNT_UNKNOWN: 'No active Teambeat account has this address. Please contact your administrator.',
  SSO_HANDOFF_INVALID: 'The sign-in code is invalid or has expired. Please start again.',
  SSO_PROVIDER_UNREACHABLE: 'The identity provider could not be reached at this issuer.',
  ACCOUNT_NOT_CONFIRMED: 'Your account is not confirmed yet. Enter the code we sent to your e-mail.',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  COMMON_PASSWORD: 'This password is one of the most common in breached password lists. Choose another.',
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
  // Account hierarchy (docs/security.md)
  ACCOUNT_OUTRANKS_CALLER:
    'You cannot change the e-mail, roles or status of someone who holds permissions that you do not have.',
  LAST_FULL_ADMINISTRATOR:
    'This is the last active account holding every permission: it cannot be demoted or deactivated.',
  // Attendance and breaks (workforce §5 and §8)
  ATTENDANCE_SAVE_FAILED: 'Failed to add or update attendance.',
  BREAK_SAVE_FAILED: 'Failed to add or update break.',
  ATTENDANCE_EXISTS: 'Only one attendance per day is allowed.',
  ATTENDANCE_IN_FUTURE: 'Check-in and check-out cannot be in the future.',
  CHECK_OUT_TOO_SOON: 'Check-out must be at least 1 minute after check-in.',
  ATTENDANCE_NOT_SAME_DAY: 'Check-in and check-out must be on the same day.',
  NOT_CHECKED_IN: 'You have not checked in today.',
  ALREADY_CHECKED_OUT: 'You have already checked out today.',
  EDIT_LIMIT_PASSED: 'This day is older than the attendance edit limit allows.',
  BREAK_OUTSIDE_ATTENDANCE: 'A break must start after check-in and end before check-out.',
  BREAK_IN_FUTURE: 'A break cannot start or end in the future.',
  BREAK_TOO_SHORT: 'A break must end after it starts and last at least 1 minute.',
  BREAK_NOT_SAME_DAY: 'A break must be on the same day as the attendance.',
  BREAK_OVERLAP: 'Breaks must not overlap.',
  BREAK_ALREADY_STARTED: 'You are already on a break.',
  NO_OPEN_BREAK: 'You are not on a break.',
  // Work from office and device punches (security review #10; docs/workforce.md)
  WFO_NEEDS_EVIDENCE:
    'Work from office comes from a device punch or an office network; only a team or company editor can set it by hand.',
  DEVICE_PUNCH_READ_ONLY: 'A device punch is never changed: add a correction with a reason instead.',
  NOT_A_DEVICE_PUNCH: 'Only device punches are corrected; edit this attendance instead.',
  ALREADY_CORRECTED: 'This punch is already corrected: edit the correction instead.',
  CORRECTION_OTHER_DAY: 'A correction must stay on the day of the punch.',
  // Leave (workforce §5 and §8)
  LEAVE_SAVE_FAILED: 'Failed to add, update, cancel, approve or reject a leave request.',
  LEAVE_CANCELLATION_FAILED: 'Failed to approve or reject a leave cancellation request.',
  LEAVE_START_AFTER_END: 'The start date must not be after the end date.',
  LEAVE_ON_WEEKEND: 'A leave cannot start or end on a weekend.',
  LEAVE_OUTSIDE_YEAR: 'Leave dates must be within the current year.',
  LEAVE_OVERLAP: 'This leave overlaps another leave request.',
  LEAVE_NO_WORKING_DAYS: 'These dates contain no working day.',
  LEAVE_QUOTA_EXCEEDED: 'Not enough leave left of this type.',
  LEAVE_TYPE_INACTIVE: 'This leave type is not available.',
  // Leave rules per type (the spec names "leave rules" without their text; docs/leave-workflow.md)
  LEAVE_NOTICE_TOO_SHORT: 'This leave type needs more notice: choose a later start date.',
  LEAVE_BACKDATED: 'This leave type cannot be requested for days already past.',
  LEAVE_TOO_LONG: 'This leave is longer than one request of this type allows.',
  LEAVE_ACTION_NOT_ALLOWED: 'This action is not possible for this leave request now.',
  LEAVE_NOT_APPROVER: 'You are not an approver of this leave request.',
  LEAVE_OWN_REQUEST: 'You cannot approve or reject your own leave request.',
  LEAVE_SAME_APPROVER: 'The HR approval must come from someone other than the PO approver.',
  LEAVE_REASON_REQUIRED: 'A reason is required.',
  HOLIDAY_EXISTS: 'There is already a holiday on this date.',
  AUTO_LEAVES_NEED_UNPAID: 'Auto leaves can be enabled only after an unpaid leave type exists.',
  AUTO_LEAVES_UPDATE_FAILED: 'Auto leaves config update failed.',
  JOB_RUNNING: 'These jobs are running right now. Try again in a minute.',
  // Biometric devices (workforce §8)
  DEVICE_SAVE_FAILED: 'Biometric device setup, creation and update failed.',
  ADMS_CONNECT_FAILED: 'Failed to connect to ADMS.',
  DEVICE_SERIAL_EXISTS: 'A device with this serial number already exists.',
  DEVICE_NOT_PUSH: 'Commands can only be sent to devices that push over ADMS.',
  AGENT_KEY_INVALID: 'The device agent key is missing, invalid or revoked.',
} as const;

export type ErrorCode = keyof typeof MESSAGES;
