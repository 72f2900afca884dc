/**
 * E-mail and password rules without any dependency, so the sign-in route of the renderer stays small;
 * validation.ts builds the zod schemas on top of them.
 */

/** Standard address pattern, compared case-insensitively (feedback §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The sign-in e-mail domain is the part after the at sign; with no at sign it is empty. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** A strong password is longer than 6 characters with upper, lower, digit, special and no spaces. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length > 6 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password)
  );
}

/**
 * The forms of a password looked up in the list of common breached passwords (lower case): the password
 * itself, and without the digits and symbols appended to meet the strong-password rule ("Summer2024!" is
 * "summer"), when at least 4 characters remain.
 */
export function commonPasswordForms(password: string): string[] {
  const lower = password.toLowerCase();
  const base = lower.replace(/[^a-z]+$/, '');
  return base !== lower && base.length >= 4 ? [lower, base] : [lower];
}

/** True when the password, in any case and with digits or symbols appended, is in the list. */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return commonPasswordForms(password).some((form) => common.has(form));
}

/** Adds the "Passwords do not match" rule to a schema with password and confirmPassword fields. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>(value: T): boolean {
  return value.password === value.confirmPassword;
}
