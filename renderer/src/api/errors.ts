/** Reading the API's `{ error: { code, message, details } }` answers into what the user should see. */
import axios from 'axios';
import { MESSAGES, type ErrorCode } from '../../../shared/messages';
import { i18n } from '../i18n';
import { specificText } from './error-texts';

export type ApiErrorBody = { error: { code: string; message: string; details?: unknown } };
export type FieldErrors = Record<string, string>;

function body(error: unknown): ApiErrorBody['error'] | null {
  if (!axios.isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const inner = (data as { error: unknown }).error;
    if (typeof inner === 'object' && inner !== null && 'code' in inner && 'message' in inner)
      return inner as ApiErrorBody['error'];
  }
  return null;
}

export function errorCode(error: unknown): string | null {
  return body(error)?.code ?? null;
}

export function errorStatus(error: unknown): number | null {
  return axios.isAxiosError(error) ? (error.response?.status ?? null) : null;
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(MESSAGES, code);
}

/** The text of an error code in the interface's language (docs/i18n.md); MESSAGES is only the English one. */
const textOf = (code: ErrorCode): string => i18n.t(`errors:${code}`);

/**
 * The message to show: what went wrong in this case where the code's details say it (error-texts.ts), else
 * the spec's text for a known code, the server's message otherwise, and the spec's generic texts for network
 * failures and server errors, each in the interface's language.
 */
export function errorMessage(error: unknown, fallback: string = textOf('INTERNAL')): string {
  if (axios.isAxiosError(error) && !error.response) return textOf('UNAVAILABLE');
  const b = body(error);
  if (!b) return fallback;
  if ((errorStatus(error) ?? 0) >= 500) return textOf('INTERNAL');
  if (!isErrorCode(b.code)) return b.message || fallback;
  return specificText(b.code, b.details) ?? textOf(b.code);
}

/** The error answer's details (what the code's contract says they hold), if any. */
export function errorDetails(error: unknown): unknown {
  return body(error)?.details;
}

/** Field messages of a validation or conflict answer, keyed by field name without the `body.` prefix. */
export function fieldErrors(error: unknown): FieldErrors {
  const details = body(error)?.details;
  const out: FieldErrors = {};
  if (typeof details !== 'object' || details === null || !('fields' in details)) return out;
  const fields = (details as { fields: unknown }).fields;
  if (!Array.isArray(fields)) return out;
  for (const f of fields) {
    if (typeof f?.path === 'string' && typeof f?.message === 'string') out[f.path.replace(/^body\./, '')] ??= f.message;
  }
  return out;
}
