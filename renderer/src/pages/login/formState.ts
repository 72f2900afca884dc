/** What the sign-up and reset-password forms share: the e-mailed code's shape and message. */
export const CODE_PATTERN = /^\d{6}$/;
export const CODE_MESSAGE = 'The code has 6 digits';
