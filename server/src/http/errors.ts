/**
 * Named error factories. Every failure leaves the API as {"error":{"code","message","details"}}; the
 * code is stable for clients, the message is the spec's text where the spec has one (shared/messages).
 */
import { validation as V } from '../../../shared/i18n/en/validation.js';
import { MESSAGES, type ErrorCode } from '../../../shared/messages.js';

type NotFoundKey = Extract<keyof typeof V, `${string}NotFound`>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type FieldIssue = { path: string; message: string };

export const errors = {
  validation: (issues: FieldIssue[], message: string = MESSAGES.VALIDATION) =>
    new AppError(400, 'VALIDATION', message, { fields: issues }),
  /** A business rule refused the input; the code names the rule, the message is the spec's text. */
  rule: (code: ErrorCode, details?: unknown) => new AppError(400, code, MESSAGES[code], details),
  /** Shared rules (shared/*-rules) broke: the first names the error, every one names its body field. */
  rules: (issues: readonly [{ field: string; code: ErrorCode }, ...{ field: string; code: ErrorCode }[]]) =>
    new AppError(400, issues[0].code, MESSAGES[issues[0].code], {
      fields: issues.map((i) => ({ path: `body.${i.field}`, message: MESSAGES[i.code] })),
    }),
  /**
   * Shared rules broke on a form whose failure the spec names ("Failed to submit feedback"): that is the
   * message, the first rule's code is the code, every rule names its body field.
   */
  formRules: (
    failure: ErrorCode,
    issues: readonly [{ field: string; code: ErrorCode }, ...{ field: string; code: ErrorCode }[]],
  ) =>
    new AppError(400, issues[0].code, MESSAGES[failure], {
      fields: issues.map((i) => ({ path: `body.${i.field}`, message: MESSAGES[i.code] })),
    }),
  unauthenticated: (code: ErrorCode = 'UNAUTHENTICATED') => new AppError(401, code, MESSAGES[code]),
  /** Names the permission the caller lacks (any one of a list, for routes that accept several). */
  forbidden: (permission: string | readonly string[]) =>
    new AppError(
      403,
      'FORBIDDEN',
      `${MESSAGES.FORBIDDEN} Missing permission: ${typeof permission === 'string' ? permission : permission.join(' or ')}.`,
      { permission },
    ),
  /** What was not found, by its catalogue key (`validation`, "Team not found."), so the message is translated. */
  notFound: (what: NotFoundKey) => new AppError(404, 'NOT_FOUND', V[what]),
  conflict: (field: string, message: string) =>
    new AppError(409, 'CONFLICT', message, { fields: [{ path: field, message }] }),
  rateLimited: (retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') =>
    new AppError(429, code, MESSAGES[code], { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) }),
  coded: (statusCode: number, code: ErrorCode, details?: unknown) =>
    new AppError(statusCode, code, MESSAGES[code], details),
};
