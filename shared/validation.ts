/**
 * Validation rules shared by the server (always enforced there) and the renderer (shown early).
 * Pure functions and zod schemas only: no Node and no DOM.
 */
import { z } from 'zod';
import { validation as V } from './i18n/en/validation.js';
import { MESSAGES } from './messages.js';
import { isCleanLine, isCleanText, MULTI_LINE_TEXT_MESSAGE, SINGLE_LINE_TEXT_MESSAGE } from './text-rules.js';

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

export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, V.email).transform(normalizeEmail);

export const strongPasswordSchema = z.string().max(256).refine(isStrongPassword, MESSAGES.WEAK_PASSWORD);

/**
 * The working range of every date the API takes (security review item 17): years 1900 to 2199. Nothing
 * Teambeat records (joining dates, holidays, attendance, leave, reports) falls outside it, and a date far
 * outside (0000-01-01, 9999-12-31) only makes loops, ranges and date libraries misbehave.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;
export const DATE_RANGE_MESSAGE = V.dateRange.replace('{{min}}', MIN_DATE).replace('{{max}}', MAX_DATE);

/** A calendar date as YYYY-MM-DD within the working range; an empty value reads as a missing field. */
export const isoDateSchema = z.iso
  .date({
    error: (issue) => (issue.input === '' || issue.input === undefined ? V.required : V.date),
  })
  .refine((v) => v >= MIN_DATE && v <= MAX_DATE, DATE_RANGE_MESSAGE);

/** An instant (ISO-8601 with offset) within the working range of dates. */
export const isoInstantSchema = z.iso
  .datetime({ offset: true })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }, DATE_RANGE_MESSAGE)
  .describe('ISO-8601 instant');

/** A month as YYYY-MM within the working range. */
export const isoMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, V.month)
  .refine((v) => v >= MIN_DATE.slice(0, 7) && v <= MAX_DATE.slice(0, 7), DATE_RANGE_MESSAGE);

/** Single-line text (names, codes): trimmed, no control characters, line breaks or bidi overrides. */
export const lineText = (max: number) => z.string().trim().max(max).refine(isCleanLine, SINGLE_LINE_TEXT_MESSAGE);

/** A required single-line text. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, V.required).max(max).refine(isCleanLine, SINGLE_LINE_TEXT_MESSAGE);

/** Multi-line text (descriptions, reasons): keeps tabs and line breaks, refuses other controls and bidi overrides. */
export const multiLineText = (max: number) => z.string().trim().max(max).refine(isCleanText, MULTI_LINE_TEXT_MESSAGE);
