/**
 * Leave: the spec's numeric statuses and actions, the state machine over them (docs/leave-workflow.md
 * is the same table in prose), and the date rules of a request. Pure, for the server and the renderer.
 */
import type { TFunction } from 'i18next';
import type { ErrorCode } from './messages.js';
import { addDays, dayOfWeek } from './time.js';
import { workingDaysIn } from './working-days.js';

export const LEAVE_STATUS = {
  PENDING_PO: 1,
  PENDING_HR: 3,
  PENDING_PO_CANCELLATION: 4,
  PENDING_HR_CANCELLATION: 5,
  REJECTED_BY_PO: 6,
  REJECTED_BY_HR: 7,
  CANCELLED_BY_PO: 8,
  CANCELLED_BY_HR: 9,
  APPROVED_BY_PO: 10,
  APPROVED_BY_HR: 11,
  AUTO_APPROVED: 12,
  AUTO_REJECTED: 13,
  AUTO_CANCELLED: 14,
} as const;
export type LeaveStatus = (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS];
export const LEAVE_STATUSES = Object.values(LEAVE_STATUS) as LeaveStatus[];

export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = {
  1: 'Pending PO approval',
  3: 'Pending HR approval',
  4: 'Pending PO cancellation',
  5: 'Pending HR cancellation',
  6: 'Rejected by PO',
  7: 'Rejected by HR',
  8: 'Cancelled by PO',
  9: 'Cancelled by HR',
  10: 'Approved by PO',
  11: 'Approved by HR',
  12: 'Auto approved',
  13: 'Auto rejected',
  14: 'Auto cancelled',
};

export const LEAVE_ACTION = {
  APPROVE: 1,
  REJECT: 2,
  CANCEL: 3,
  APPROVE_CANCELLATION: 4,
  REJECT_CANCELLATION: 5,
  /** The spec's "previous": HR sends a request back to the earlier (team lead / PO) stage. */
  PREVIOUS: 6,
  /** The spec's "escalate": the team lead / PO passes a request straight to HR without deciding. */
  ESCALATE: 7,
} as const;
export type LeaveAction = (typeof LEAVE_ACTION)[keyof typeof LEAVE_ACTION];
export const LEAVE_ACTIONS = Object.values(LEAVE_ACTION) as LeaveAction[];
/**
 * What a request's history records besides the actions: 8, the requester edited the pending request
 * (dates, type or reason) and it went back to its first stage. Not an action anyone sends.
 */
export const LEAVE_EDITED = 8;
export const LEAVE_EVENT_ACTIONS = [...LEAVE_ACTIONS, LEAVE_EDITED] as const;
export type LeaveEventAction = LeaveAction | typeof LEAVE_EDITED;

/** Who acts: the employee who asked, their product owner or team lead (PO stage), or HR. */
export type LeaveActor = 'requester' | 'po' | 'hr';
/** Who a request's history names as the actor: one of them, or the system (the leave jobs). */
export const LEAVE_EVENT_ACTORS = ['requester', 'po', 'hr', 'system'] as const;
export type LeaveEventActor = (typeof LEAVE_EVENT_ACTORS)[number];

/**
 * Where an action leads. 'cancellation' opens a cancellation request (4 when the requester has a PO-stage
 * approver, else 5); 'restore' returns a refused cancellation to the approved status it had.
 */
export type LeaveTarget = LeaveStatus | 'cancellation' | 'restore';

export type LeaveTransition = { from: LeaveStatus; action: LeaveAction; actor: LeaveActor; to: LeaveTarget };

const S = LEAVE_STATUS;
const A = LEAVE_ACTION;

export const LEAVE_TRANSITIONS: readonly LeaveTransition[] = [
  // PO stage
  { from: S.PENDING_PO, action: A.APPROVE, actor: 'po', to: S.APPROVED_BY_PO },
  { from: S.PENDING_PO, action: A.REJECT, actor: 'po', to: S.REJECTED_BY_PO },
  { from: S.PENDING_PO, action: A.CANCEL, actor: 'po', to: S.CANCELLED_BY_PO },
  { from: S.PENDING_PO, action: A.CANCEL, actor: 'requester', to: S.CANCELLED_BY_PO },
  // HR stage: after the PO approved, or directly when the requester has no PO-stage approver
  { from: S.APPROVED_BY_PO, action: A.APPROVE, actor: 'hr', to: S.APPROVED_BY_HR },
  { from: S.APPROVED_BY_PO, action: A.REJECT, actor: 'hr', to: S.REJECTED_BY_HR },
  { from: S.APPROVED_BY_PO, action: A.CANCEL, actor: 'hr', to: S.CANCELLED_BY_HR },
  { from: S.APPROVED_BY_PO, action: A.CANCEL, actor: 'requester', to: S.CANCELLED_BY_HR },
  { from: S.PENDING_HR, action: A.APPROVE, actor: 'hr', to: S.APPROVED_BY_HR },
  { from: S.PENDING_HR, action: A.REJECT, actor: 'hr', to: S.REJECTED_BY_HR },
  { from: S.PENDING_HR, action: A.CANCEL, actor: 'hr', to: S.CANCELLED_BY_HR },
  { from: S.PENDING_HR, action: A.CANCEL, actor: 'requester', to: S.CANCELLED_BY_HR },
  // An approved leave: the requester asks for its cancellation; HR may cancel it outright
  { from: S.APPROVED_BY_HR, action: A.CANCEL, actor: 'requester', to: 'cancellation' },
  { from: S.AUTO_APPROVED, action: A.CANCEL, actor: 'requester', to: 'cancellation' },
  { from: S.APPROVED_BY_HR, action: A.CANCEL, actor: 'hr', to: S.CANCELLED_BY_HR },
  { from: S.AUTO_APPROVED, action: A.CANCEL, actor: 'hr', to: S.CANCELLED_BY_HR },
  // The cancellation request goes through the same two stages
  { from: S.PENDING_PO_CANCELLATION, action: A.APPROVE_CANCELLATION, actor: 'po', to: S.PENDING_HR_CANCELLATION },
  { from: S.PENDING_PO_CANCELLATION, action: A.REJECT_CANCELLATION, actor: 'po', to: 'restore' },
  { from: S.PENDING_HR_CANCELLATION, action: A.APPROVE_CANCELLATION, actor: 'hr', to: S.CANCELLED_BY_HR },
  { from: S.PENDING_HR_CANCELLATION, action: A.REJECT_CANCELLATION, actor: 'hr', to: 'restore' },
  // Escalate: the team lead / PO passes the request (or the cancellation request) to HR undecided
  { from: S.PENDING_PO, action: A.ESCALATE, actor: 'po', to: S.PENDING_HR },
  { from: S.PENDING_PO_CANCELLATION, action: A.ESCALATE, actor: 'po', to: S.PENDING_HR_CANCELLATION },
  // Previous: HR sends it back to the team lead / PO stage (only when the requester has one today)
  { from: S.APPROVED_BY_PO, action: A.PREVIOUS, actor: 'hr', to: S.PENDING_PO },
  { from: S.PENDING_HR_CANCELLATION, action: A.PREVIOUS, actor: 'hr', to: S.PENDING_PO_CANCELLATION },
];

/** Statuses in which a leave still stands or may still stand: they block overlapping requests. */
export const LIVE_STATUSES: readonly LeaveStatus[] = [1, 3, 4, 5, 10, 11, 12];
/** Statuses that count as taken against the quota (approved, including a pending cancellation). */
export const TAKEN_STATUSES: readonly LeaveStatus[] = [4, 5, 11, 12];
/** Statuses still waiting for an approval. */
export const PENDING_STATUSES: readonly LeaveStatus[] = [1, 3, 10];
/**
 * Statuses in which the requester may still edit the request (dates, type, reason): the pending ones.
 * An edit is checked by every rule of a new request and sends it back to its first stage, even from
 * 10 Approved by PO: the team lead approved other dates.
 */
export const EDITABLE_STATUSES: readonly LeaveStatus[] = PENDING_STATUSES;

export function findTransition(
  from: number,
  action: number,
  actors: readonly LeaveActor[],
): LeaveTransition | undefined {
  return LEAVE_TRANSITIONS.find((t) => t.from === from && t.action === action && actors.includes(t.actor));
}

export const LEAVE_KINDS = ['quota', 'unpaid', 'compensatory'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];

export type LeaveDateIssue = { field: 'startDate' | 'endDate'; code: ErrorCode };

/**
 * The last year a request may fall in today (docs/leave-workflow.md "Booking into next year"): the current
 * year, or the next one from the tenant's `leaveNextYearFromMonth` (1-12; null = never) on.
 */
export function lastBookableYear(today: string, nextYearFromMonth: number | null): number {
  const year = Number(today.slice(0, 4));
  return nextYearFromMonth !== null && Number(today.slice(5, 7)) >= nextYearFromMonth ? year + 1 : year;
}

/**
 * The date rules of a request (workforce §5), given the tenant's weekends, its `leaveNextYearFromMonth` and
 * today's local date. Both dates lie in the current year, or in the next one once it is open; a request never
 * spans the year end (each year has its own quota): LEAVE_SPANS_YEAR_END, naming the end date.
 */
export function checkLeaveDates(input: {
  startDate: string;
  endDate: string;
  today: string;
  weekendDays: readonly number[];
  nextYearFromMonth: number | null;
}): LeaveDateIssue[] {
  const issues: LeaveDateIssue[] = [];
  const first = Number(input.today.slice(0, 4));
  const last = lastBookableYear(input.today, input.nextYearFromMonth);
  const startYear = Number(input.startDate.slice(0, 4));
  const endYear = Number(input.endDate.slice(0, 4));
  const bookable = (y: number) => y >= first && y <= last;
  if (input.startDate > input.endDate) issues.push({ field: 'startDate', code: 'LEAVE_START_AFTER_END' });
  if (input.weekendDays.includes(dayOfWeek(input.startDate)))
    issues.push({ field: 'startDate', code: 'LEAVE_ON_WEEKEND' });
  if (input.weekendDays.includes(dayOfWeek(input.endDate))) issues.push({ field: 'endDate', code: 'LEAVE_ON_WEEKEND' });
  if (!bookable(startYear) || !bookable(endYear)) {
    issues.push({ field: bookable(startYear) ? 'endDate' : 'startDate', code: 'LEAVE_OUTSIDE_YEAR' });
  } else if (startYear < endYear) {
    issues.push({ field: 'endDate', code: 'LEAVE_SPANS_YEAR_END' });
  }
  return issues;
}

/** Working days of a leave: its dates minus weekends and public holidays. */
export function workingDays(
  startDate: string,
  endDate: string,
  weekendDays: readonly number[],
  holidays: ReadonlySet<string>,
): number {
  return workingDaysIn(startDate, endDate, { weekendDays, holidays }).length;
}

/**
 * The rules a tenant sets per leave type. Defaults keep the behaviour from before the rules existed:
 * no notice, past days of this year allowed (sick leave is usually told afterwards), no limit.
 */
export type LeaveRules = {
  /** Calendar days between today and the first day of leave; 0 = may start today (or earlier, see below). */
  minNoticeDays: number;
  /** Whether a request may start before today. Only meaningful without notice: notice rules out past days. */
  allowBackdated: boolean;
  /** Working days one request may hold at most; 0 = no limit. */
  maxDaysPerRequest: number;
};
export const DEFAULT_LEAVE_RULES: LeaveRules = { minNoticeDays: 0, allowBackdated: true, maxDaysPerRequest: 0 };
export const LEAVE_RULE_LIMITS = {
  minNoticeDays: { min: 0, max: 365 },
  maxDaysPerRequest: { min: 0, max: 365 },
} as const;

/** A type's rules as stored: past days are never allowed together with notice. */
export function normalizeLeaveRules(rules: LeaveRules): LeaveRules {
  return { ...rules, allowBackdated: rules.allowBackdated && rules.minNoticeDays === 0 };
}

/** The earliest start date a type's rules allow today (null: no limit within the year). */
export function earliestLeaveStart(rules: LeaveRules, today: string): string | null {
  if (rules.minNoticeDays > 0) return addDays(today, rules.minNoticeDays);
  return rules.allowBackdated ? null : today;
}

/**
 * The rules of a leave type applied to one request (after checkLeaveDates): notice, past days and length.
 * `days` is the request's working days (workingDays), or null while the renderer does not know them yet.
 */
export function checkLeaveRules(
  rules: LeaveRules,
  input: { startDate: string; today: string; days: number | null },
): LeaveDateIssue[] {
  const issues: LeaveDateIssue[] = [];
  const r = normalizeLeaveRules(rules);
  if (r.minNoticeDays > 0 && input.startDate < addDays(input.today, r.minNoticeDays)) {
    issues.push({ field: 'startDate', code: 'LEAVE_NOTICE_TOO_SHORT' });
  } else if (!r.allowBackdated && input.startDate < input.today) {
    issues.push({ field: 'startDate', code: 'LEAVE_BACKDATED' });
  }
  if (r.maxDaysPerRequest > 0 && input.days !== null && input.days > r.maxDaysPerRequest) {
    issues.push({ field: 'endDate', code: 'LEAVE_TOO_LONG' });
  }
  return issues;
}

/**
 * The rules in a short line for people, in the translator's language (the `settings` namespace's `rules`):
 * "At least 3 days' notice · up to 10 working days per request"; '' for none. The renderer's settings and the
 * server's leave rules answer (`summary`, in the caller's language) both say it this way.
 */
export function describeLeaveRules(rules: LeaveRules, t: TFunction<'settings'>): string {
  const r = normalizeLeaveRules(rules);
  const first =
    r.minNoticeDays > 0 ? t('rules.notice', { count: r.minNoticeDays }) : r.allowBackdated ? '' : t('rules.fromToday');
  if (r.maxDaysPerRequest === 0) return first;
  return first
    ? t('rules.noticeAndMax', { notice: first, count: r.maxDaysPerRequest })
    : t('rules.max', { count: r.maxDaysPerRequest });
}

/**
 * Compensatory leave is earned, not a quota (docs/leave-workflow.md "Compensatory leave"): each weekend day
 * (setting `weekend_days`) or active public holiday on which the employee worked at least half the company's
 * working day (setting `working_hours_per_day`; 8 hours: 4) earns one day, whatever longer it was; shorter
 * work earns none. The day's closed attendances are added up; one still open counts once checked out.
 */
export function compensatoryMinimumMinutes(hoursPerDay: number): number {
  return Math.max(1, Math.round(hoursPerDay * 30));
}

/** Days earned (see compensatoryMinimumMinutes) by attendances, given the weekend days and active holidays. */
export function earnedCompensatoryDays(
  attendances: readonly { workDate: string; workedMinutes: number | null }[],
  calendar: { weekendDays: readonly number[]; holidays: ReadonlySet<string>; hoursPerDay: number },
): number {
  const worked = new Map<string, number>();
  for (const a of attendances) {
    const offDay = calendar.weekendDays.includes(dayOfWeek(a.workDate)) || calendar.holidays.has(a.workDate);
    if (offDay) worked.set(a.workDate, (worked.get(a.workDate) ?? 0) + (a.workedMinutes ?? 0));
  }
  const minimum = compensatoryMinimumMinutes(calendar.hoursPerDay);
  return [...worked.values()].filter((minutes) => minutes >= minimum).length;
}

/**
 * What a type lets an employee take in a year: its yearly quota, or for a compensatory type the days earned
 * (its yearlyQuota is not used); null for unpaid leave, which has no limit.
 */
export function leaveAllowance(type: { kind: LeaveKind; yearlyQuota: number }, earned: number): number | null {
  if (type.kind === 'unpaid') return null;
  return type.kind === 'compensatory' ? earned : type.yearlyQuota;
}
