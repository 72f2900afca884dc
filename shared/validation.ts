/**
 * Validation rules shared by the server (always enforced there) and the renderer (shown early).
 * Pure functions and zod schemas only: no Node and no DOM.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

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

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address')
  .transform(normalizeEmail);

export const strongPasswordSchema = z.string().max(256).refine(isStrongPassword, MESSAGES.WEAK_PASSWORD);

/** Adds the "Passwords do not match" rule to a schema with password and confirmPassword fields. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>(value: T): boolean {
  return value.password === value.confirmPassword;
}

/** YYYY-MM-DD, the exchange format for dates. */
export const isoDateSchema = z.iso.date();

export const requiredText = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
