/**
 * The error codes and their English texts, which live in the message catalogue (shared/i18n/en/errors.ts).
 * Code that needs the text of another language asks the catalogue (shared/i18n).
 */
import { errors } from './i18n/en/errors.js';

export const MESSAGES = errors;
export type ErrorCode = keyof typeof MESSAGES;
