/**
 * Asking for feedback and flagging it (issue #12, docs/feedback.md "Requests" and "Flags"): the bounds and
 * the pure rules of a request, which the server always enforces and the ask dialog shows early. Field
 * messages are the English texts of the `validation` namespace, so the server answers them translated.
 */
import { REQUEST_MAX_ATTRIBUTES, REQUEST_MAX_EMPLOYEES, type FlagDecision, type FlagStatus } from './feedback.js';
import { validation as V } from './i18n/en/validation.js';

/** The request's message (the spec bounds none; long enough for context, short enough for a list). */
export const REQUEST_MESSAGE_MAX = 1000;
/** An optional reason given when declining. */
export const DECLINE_REASON_MAX = 500;
/** The reason of a flag (required). */
export const FLAG_REASON_MAX = 500;
/** Bounds of the tenant setting feedbackRequestExpiryDays. */
export const REQUEST_EXPIRY_MIN_DAYS = 1;
export const REQUEST_EXPIRY_MAX_DAYS = 365;

export type RequestIssue = { field: string; message: string };

export type RequestDraft = {
  /** Whom the feedback is about; the requester when absent. */
  subjectId?: number | undefined;
  attributeIds: readonly number[];
  teamId?: number | null | undefined;
  employeeIds?: readonly number[] | undefined;
  dueDate?: string | null | undefined;
};

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((t, [k, v]) => t.replace(`{{${k}}}`, String(v)), text);

/** The attributes asked about: 1 to 5, each once. */
export function checkRequestAttributes(attributeIds: readonly number[]): RequestIssue[] {
  if (attributeIds.length === 0) return [{ field: 'attributeIds', message: V.requestAttributesRequired }];
  if (attributeIds.length > REQUEST_MAX_ATTRIBUTES)
    return [{ field: 'attributeIds', message: fill(V.requestAttributesMax, { max: REQUEST_MAX_ATTRIBUTES }) }];
  if (new Set(attributeIds).size !== attributeIds.length) return [{ field: 'attributeIds', message: V.eachOnce }];
  return [];
}

/**
 * Whom a request asks: one team, or 1 to 5 employees, never both; never the requester nor the person the
 * feedback is about. Whether the ids exist and are active is the server's part.
 */
export function checkRequestWhom(draft: RequestDraft, requesterId: number): RequestIssue[] {
  const employeeIds = draft.employeeIds ?? [];
  const hasTeam = draft.teamId !== undefined && draft.teamId !== null;
  if (hasTeam && employeeIds.length > 0) return [{ field: 'teamId', message: V.requestTeamOrEmployees }];
  if (!hasTeam && employeeIds.length === 0) return [{ field: 'employeeIds', message: V.requestWhomRequired }];
  if (employeeIds.length > REQUEST_MAX_EMPLOYEES)
    return [{ field: 'employeeIds', message: fill(V.requestEmployeesMax, { max: REQUEST_MAX_EMPLOYEES }) }];
  if (new Set(employeeIds).size !== employeeIds.length) return [{ field: 'employeeIds', message: V.eachOnce }];
  if (employeeIds.includes(requesterId)) return [{ field: 'employeeIds', message: V.requestNotYourself }];
  const subjectId = draft.subjectId ?? requesterId;
  if (employeeIds.includes(subjectId)) return [{ field: 'employeeIds', message: V.requestNotSubject }];
  return [];
}

/** A due date is optional and never in the past (the company's today). */
export function checkRequestDueDate(dueDate: string | null | undefined, today: string): RequestIssue[] {
  if (dueDate && dueDate < today) return [{ field: 'dueDate', message: V.requestDueDatePast }];
  return [];
}

/** Every rule of a request the renderer can check before sending, in the order of the form. */
export function checkRequestDraft(draft: RequestDraft, requesterId: number, today: string): RequestIssue[] {
  return [
    ...checkRequestWhom(draft, requesterId),
    ...checkRequestAttributes(draft.attributeIds),
    ...checkRequestDueDate(draft.dueDate, today),
  ];
}

/** The instant a request made at `now` expires: `days` days later. */
export function requestExpiry(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/**
 * The flag queues (docs/feedback.md "Flags"): reviewers (flag-feedback) decide pending flags, HR
 * (view-all-employees-feedback) decides escalated ones. The decisions each status allows; none after.
 */
export const FLAG_QUEUES = ['pending', 'escalated'] as const;
export type FlagQueue = (typeof FLAG_QUEUES)[number];

export const DECISIONS_BY_STATUS: Partial<Record<FlagStatus, readonly FlagDecision[]>> = {
  pending: ['approved', 'rejected', 'escalated'],
  escalated: ['approved', 'rejected'],
};

/** The decisions a flag in this status allows (none once decided for good). */
export function allowedByStatus(status: FlagStatus): FlagDecision[] {
  return [...(DECISIONS_BY_STATUS[status] ?? [])];
}

/** The permission that decides a flag in this status, or null when it is decided for good. */
export function deciderPermission(status: FlagStatus): 'flag-feedback' | 'view-all-employees-feedback' | null {
  if (status === 'pending') return 'flag-feedback';
  if (status === 'escalated') return 'view-all-employees-feedback';
  return null;
}
