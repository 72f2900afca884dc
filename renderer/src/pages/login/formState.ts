/** What the sign-up and reset-password forms share: the e-mailed code's shape (its message is `auth:rules.code`). */
export const CODE_PATTERN = /^\d{6}$/;
