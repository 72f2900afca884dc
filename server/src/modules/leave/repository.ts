/**
 * Leave requests as the API shows them, holidays as a set of dates, and what is taken of each quota; and
 * the tenant-bound repository of the request routes (`ctx.repo(leaveRequestRepository)`).
 */
import { shownPeople } from '../../db/demo.js';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { LeaveRequest, LeaveType } from '../../../../shared/contracts/leave.js';
import {
  earnedCompensatoryDays,
  LEAVE_STATUS,
  LEAVE_STATUS_LABELS,
  PENDING_STATUSES,
  TAKEN_STATUSES,
  type LeaveRules,
  type LeaveStatus,
} from '../../../../shared/leave.js';
import type { ListQuery } from '../../../../shared/contracts/common.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import type { Db } from '../../db/engine.js';
import type { Database, LeaveTypeTable } from '../../db/schema.js';
import type { Caller, TenantScope } from '../../http/context.js';
import { paginate } from '../../http/list.js';
import { policyRepository } from '../../policy/repository.js';
import type { Visibility } from '../../policy/scope.js';
import { teammatesQuery } from '../teams/membership.js';
import { actorsFor, approversFor } from './approvers.js';

type LeaveTypeRow = Selectable<LeaveTypeTable>;

/** A type's rules as stored (0/1 flag to boolean). */
export function leaveRulesOf(
  row: Pick<LeaveTypeRow, 'minNoticeDays' | 'allowBackdated' | 'maxDaysPerRequest'>,
): LeaveRules {
  return {
    minNoticeDays: row.minNoticeDays,
    allowBackdated: row.allowBackdated === 1,
    maxDaysPerRequest: row.maxDaysPerRequest,
  };
}

/** A leave type row as the API shows it. */
export function leaveTypeView(row: LeaveTypeRow): LeaveType {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    icon: row.icon,
    yearlyQuota: row.yearlyQuota,
    isActive: row.isActive === 1,
    ...leaveRulesOf(row),
  };
}

export function requestSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('leaveRequests')
    .innerJoin('employees', 'employees.id', 'leaveRequests.employeeId')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaveRequests.leaveTypeId')
    .select([
      'leaveRequests.id',
      'leaveRequests.employeeId',
      'employees.name as employeeName',
      'leaveRequests.leaveTypeId',
      'leaveTypes.name as leaveTypeName',
      'leaveTypes.kind as leaveTypeKind',
      'leaveTypes.icon as leaveTypeIcon',
      'leaveRequests.startDate',
      'leaveRequests.endDate',
      'leaveRequests.days',
      'leaveRequests.reason',
      'leaveRequests.status',
      'leaveRequests.isAuto',
      'leaveRequests.createdAt',
    ])
    .where('leaveRequests.tenantId', '=', tenantId);
}

type Row = Awaited<ReturnType<ReturnType<typeof requestSelect>['execute']>>[number];

export async function toViews(db: Db, rows: Row[]): Promise<LeaveRequest[]> {
  const ids = rows.map((r) => r.id);
  const events = ids.length
    ? await db
        .selectFrom('leaveRequestEvents')
        .leftJoin('employees', 'employees.id', 'leaveRequestEvents.actorId')
        .select([
          'leaveRequestEvents.requestId',
          'leaveRequestEvents.action',
          'leaveRequestEvents.actorId',
          'employees.name as actorName',
          'leaveRequestEvents.actorRole',
          'leaveRequestEvents.fromStatus',
          'leaveRequestEvents.toStatus',
          'leaveRequestEvents.reason',
          'leaveRequestEvents.at',
        ])
        .where('leaveRequestEvents.requestId', 'in', ids)
        .orderBy('leaveRequestEvents.id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    leaveType: { id: r.leaveTypeId, name: r.leaveTypeName, kind: r.leaveTypeKind, icon: r.leaveTypeIcon },
    startDate: r.startDate,
    endDate: r.endDate,
    days: r.days,
    reason: r.reason,
    status: r.status,
    statusLabel: LEAVE_STATUS_LABELS[r.status],
    isAuto: r.isAuto === 1,
    createdAt: r.createdAt,
    events: events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        action: e.action,
        actor: e.actorId === null ? null : { id: e.actorId, name: e.actorName ?? '' },
        actorRole: e.actorRole,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        reason: e.reason,
        at: e.at,
      })),
  }));
}

export async function getRequest(db: Db, tenantId: number, id: number): Promise<LeaveRequest | undefined> {
  const row = await requestSelect(db, tenantId).where('leaveRequests.id', '=', id).executeTakeFirst();
  return row ? (await toViews(db, [row]))[0] : undefined;
}

/** The active holidays from..to (inclusive): each date's name. */
export async function holidaysBetween(
  db: Db,
  tenantId: number,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('holidays')
    .select(['date', 'name'])
    .where('tenantId', '=', tenantId)
    .where('isActive', '=', 1)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Map(rows.map((r) => [r.date, r.name]));
}

export async function activeHolidays(db: Db, tenantId: number, from: string, to: string): Promise<Set<string>> {
  return new Set((await holidaysBetween(db, tenantId, from, to)).keys());
}

/** A condition on leave requests: their days overlap from..to (inclusive). */
export const overlapsDays = (from: string, to: string) => (eb: ExpressionBuilder<Database, 'leaveRequests'>) =>
  eb.and([eb('leaveRequests.startDate', '<=', to), eb('leaveRequests.endDate', '>=', from)]);

/** An employee's leave in one of `statuses` whose days overlap from..to. */
export function leavesOverlapping(
  db: Db,
  tenantId: number,
  employeeId: number,
  statuses: readonly LeaveStatus[],
  from: string,
  to: string,
): Promise<{ startDate: string; endDate: string }[]> {
  return db
    .selectFrom('leaveRequests')
    .select(['startDate', 'endDate'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('status', 'in', [...statuses])
    .where(overlapsDays(from, to))
    .execute();
}

/** The days between from and to (inclusive) the employee has an attendance on. */
export async function attendedDays(
  db: Db,
  tenantId: number,
  employeeId: number,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('attendances')
    .select('workDate')
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('workDate', '>=', from)
    .where('workDate', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.workDate));
}

/**
 * Compensatory days the employee earned in a year (shared/leave.ts earnedCompensatoryDays): read from the
 * stored attendances of the year, never counted anywhere, so a corrected or deleted attendance changes it.
 * A device punch a correction stands in for is skipped; the correction counts.
 */
export async function earnedCompensatory(
  db: Db,
  tenantId: number,
  employeeId: number,
  year: number,
  settings: Pick<TenantSettings, 'weekend_days' | 'working_hours_per_day'>,
): Promise<number> {
  const attendances = await db
    .selectFrom('attendances')
    .select(['workDate', 'workedMinutes'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('correctedAt', 'is', null)
    .where('workDate', '>=', `${year}-01-01`)
    .where('workDate', '<=', `${year}-12-31`)
    .execute();
  return earnedCompensatoryDays(attendances, {
    weekendDays: settings.weekend_days,
    holidays: await activeHolidays(db, tenantId, `${year}-01-01`, `${year}-12-31`),
    hoursPerDay: settings.working_hours_per_day,
  });
}

/** The employee's date of joining; null when unknown (or no such employee). */
export async function dateOfJoining(db: Db, tenantId: number, employeeId: number): Promise<string | null> {
  const employee = await db
    .selectFrom('employees')
    .select('dateOfJoining')
    .where('tenantId', '=', tenantId)
    .where('id', '=', employeeId)
    .executeTakeFirst();
  return employee?.dateOfJoining ?? null;
}

/**
 * Days approved (`taken`, all of it counts against the quota) and pending per leave type for an employee in a
 * year; `booked` is the part of `taken` that starts after `today` (0 without it), which screens call Booked.
 */
export async function usage(db: Db, tenantId: number, employeeId: number, year: number, today?: string) {
  const rows = await db
    .selectFrom('leaveRequests')
    .select(['leaveTypeId', 'status', 'days', 'startDate'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('startDate', '>=', `${year}-01-01`)
    .where('startDate', '<=', `${year}-12-31`)
    .execute();
  const byType = new Map<number, { taken: number; booked: number; pending: number; pendingRequests: number }>();
  for (const r of rows) {
    const entry = byType.get(r.leaveTypeId) ?? { taken: 0, booked: 0, pending: 0, pendingRequests: 0 };
    if (TAKEN_STATUSES.includes(r.status)) {
      entry.taken += r.days;
      if (today !== undefined && r.startDate > today) entry.booked += r.days;
    }
    if (PENDING_STATUSES.includes(r.status)) {
      entry.pending += r.days;
      entry.pendingRequests += 1;
    }
    byType.set(r.leaveTypeId, entry);
  }
  return byType;
}

/** A page of a request list (newest first), and which leave type it is narrowed to. */
export type RequestPage = ListQuery<'startDate'> & { leaveId?: number | undefined };

/** The approval stages whose requests wait for the caller: the PO stage of their teammates, the HR stage. */
export type PendingStages = { asPo: boolean; asHr: boolean };

const PO_STAGE = [LEAVE_STATUS.PENDING_PO, LEAVE_STATUS.PENDING_PO_CANCELLATION];
const HR_STAGE = [LEAVE_STATUS.PENDING_HR, LEAVE_STATUS.APPROVED_BY_PO, LEAVE_STATUS.PENDING_HR_CANCELLATION];

/** Leave requests, balances and approvers of one tenant. */
export function leaveRequestRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  async function page<Q extends ReturnType<typeof requestSelect>>(base: Q, { leaveId, ...at }: RequestPage) {
    const narrowed = leaveId ? base.where('leaveRequests.leaveTypeId', '=', leaveId) : base;
    const found = await paginate(narrowed, at, {
      orderBy: { startDate: { ref: 'leaveRequests.startDate' } },
      search: [],
      tieBreaker: 'leaveRequests.id',
    });
    return { items: await toViews(db, found.items), total: found.total };
  }

  return {
    get: (id: number) => getRequest(db, tenantId, id),

    /** An employee's requests, newest first. */
    listOf: (employeeId: number, at: RequestPage) =>
      page(requestSelect(db, tenantId).where('leaveRequests.employeeId', '=', employeeId), at),

    /** Requests of others waiting at the stages the approver decides, newest first. */
    pendingFor: (approverId: number, { asPo, asHr }: PendingStages, at: RequestPage, hideDemo: boolean) =>
      page(
        requestSelect(db, tenantId)
          .where('leaveRequests.employeeId', '!=', approverId)
          .where(shownPeople(scope, 'leaveRequests.employeeId', hideDemo))
          .where((eb) => {
            const teammates = teammatesQuery(db, tenantId, approverId);
            const conditions = [];
            if (asPo)
              conditions.push(
                eb.and([eb('leaveRequests.status', 'in', PO_STAGE), eb('leaveRequests.employeeId', 'in', teammates)]),
              );
            if (asHr) conditions.push(eb('leaveRequests.status', 'in', HR_STAGE));
            return eb.or(conditions);
          }),
        at,
      ),

    /** Who approves the employee's leave, PO stage then HR. */
    approvers: (employeeId: number) => approversFor(db, tenantId, employeeId),

    /** The roles in which the caller may act on a request of `requesterId`. */
    actorsFor: (who: Caller, requesterId: number) => actorsFor(db, { ...who, tenantId }, requesterId),

    usage: (employeeId: number, year: number, today?: string) => usage(db, tenantId, employeeId, year, today),

    earnedCompensatory: (employeeId: number, year: number, settings: TenantSettings) =>
      earnedCompensatory(db, tenantId, employeeId, year, settings),

    /** The employees a visibility names, by name (the Leave page's picker). */
    async employees(visibility: Visibility, hideDemo: boolean) {
      let query = db
        .selectFrom('employees')
        .select(['id', 'name', 'status'])
        .where('tenantId', '=', tenantId)
        .where(shownPeople(scope, 'employees.id', hideDemo))
        .orderBy('name')
        .orderBy('id');
      if (visibility.kind !== 'all')
        query = query.where('id', 'in', policyRepository(scope).visibleEmployeeIds(visibility));
      const rows = await query.execute();
      return rows.map((r) => ({ id: r.id, name: r.name, isActive: r.status === 'active' }));
    },

    activeHolidays: (from: string, to: string) => activeHolidays(db, tenantId, from, to),

    dateOfJoining: (employeeId: number) => dateOfJoining(db, tenantId, employeeId),

    /** The days between from and to (inclusive) the employee has an attendance on. */
    attendedDays: (employeeId: number, from: string, to: string) => attendedDays(db, tenantId, employeeId, from, to),

    /** The employee's leave taken (TAKEN_STATUSES) that overlaps from..to. */
    takenLeaves: (employeeId: number, from: string, to: string) =>
      leavesOverlapping(db, tenantId, employeeId, TAKEN_STATUSES, from, to),
  };
}
