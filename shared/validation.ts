/**
 * Validation rules shared by the server (always enforced there) and the renderer (shown early).
 * Pure functions and zod schemas only: no Node and no DOM.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

export {
  EMAIL_PATTERN,
  commonPasswordForms,
  emailDomain,
  isCommonPassword,
  isStrongPassword,
  normalizeEmail,
  passwordsMatch,
} from './credentials.js';
import { isStrongPassword, normalizeEmail, EMAIL_PATTERN } from './credentials.js';

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address')
  .transform(normalizeEmail);

export const strongPasswordSchema = z.string().max(256).refine(isStrongPassword, MESSAGES.WEAK_PASSWORD);

/** YYYY-MM-DD, the exchange format for dates. */
/** A calendar date as YYYY-MM-DD; an empty value reads as a missing field, not as a format error. */
export const isoDateSchema = z.iso.date({
  error: (issue) => (issue.input === '' || issue.input === undefined ? 'This field is required' : 'Enter a valid date'),
});

export const requiredText = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
