/**
 * Requesting leave and acting on requests. Every date rule and the quota are checked before anything is
 * written; every action goes through the transition table of shared/leave.ts and is recorded with its
 * actor, role and reason. Every change is conditional on the request's version, so two approvers acting at
 * once, or an edit racing an action, change the same request once; the other gets 409.
 */
import type { Insertable, Updateable } from 'kysely';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import type {
  CreateLeaveRequestBody,
  LeaveOverlapDetails,
  LeaveQuotaDetails,
} from '../../../../shared/contracts/leave.js';
import {
  checkLeaveDates,
  checkLeaveRules,
  EDITABLE_STATUSES,
  findTransition,
  LEAVE_ACTION,
  LEAVE_EDITED,
  LEAVE_STATUS,
  leaveAllowance,
  LIVE_STATUSES,
  PENDING_STATUSES,
  workingDays,
  type LeaveAction,
  type LeaveStatus,
} from '../../../../shared/leave.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { ownedRows } from '../../db/owned.js';
import type { LeaveRequestEventTable, LeaveRequestTable } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { actorsFor, approversFor } from './approvers.js';
import { notifyLeaveEvent } from './notifications.js';
import { refreshRequestDays } from '../attendance/days.js';
import { activeHolidays, earnedCompensatory, leaveRulesOf, usage } from './repository.js';

/** Records a request's event with the notifications it causes (notifications.ts), in the caller's transaction. */
export async function recordEvent(db: Db, e: Insertable<LeaveRequestEventTable>) {
  await db.insertInto('leaveRequestEvents').values(e).execute();
  await notifyLeaveEvent(db, { ...e, actorId: e.actorId ?? null, fromStatus: e.fromStatus ?? null }, new Date(e.at));
}

/** What a request (new or edited) asks for, once every rule allowed it. */
/** A request the rules let through: its type, its working days and the stage it starts (or starts again) at. */
type Checked = { leaveTypeId: number; days: number; status: LeaveStatus };

/**
 * Every rule of a request, in the documented order (docs/leave-workflow.md "Leave rules"); the first broken
 * one throws. An edit passes its own request as `editing`: it neither overlaps itself nor holds its own
 * pending days against the quota.
 */
async function checkRequest(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  body: CreateLeaveRequestBody,
  settings: TenantSettings,
  editing?: { id: number; leaveTypeId: number; days: number; status: LeaveStatus; startDate: string },
): Promise<Checked> {
  const today = localDate(deps.now(), settings.tenant_timezone);
  const issues = checkLeaveDates({
    startDate: body.startDate,
    endDate: body.endDate,
    today,
    weekendDays: settings.weekend_days,
    nextYearFromMonth: settings.leaveNextYearFromMonth,
  });
  const [first, ...rest] = issues;
  if (first) throw errors.rules([first, ...rest]);
  const type = await deps.db
    .selectFrom('leaveTypes')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', body.leaveTypeId)
    .executeTakeFirst();
  if (!type) throw errors.validation([{ path: 'body.leaveTypeId', message: V.unknownLeaveType }]);
  if (!type.isActive) throw errors.rule('LEAVE_TYPE_INACTIVE');
  const days = workingDays(
    body.startDate,
    body.endDate,
    settings.weekend_days,
    await activeHolidays(deps.db, tenantId, body.startDate, body.endDate),
  );
  if (days === 0) throw errors.rule('LEAVE_NO_WORKING_DAYS');
  const [ruleIssue, ...ruleIssues] = checkLeaveRules(leaveRulesOf(type), { startDate: body.startDate, today, days });
  if (ruleIssue) throw errors.rules([ruleIssue, ...ruleIssues]);
  let overlapQuery = deps.db
    .selectFrom('leaveRequests')
    .select(['id', 'startDate', 'endDate', 'status'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('startDate', '<=', body.endDate)
    .where('endDate', '>=', body.startDate);
  if (editing) overlapQuery = overlapQuery.where('id', '!=', editing.id);
  // The earliest request in the way, named with its dates and status so the person sees which one it is.
  const overlap = await overlapQuery.orderBy('startDate').orderBy('id').executeTakeFirst();
  if (overlap)
    throw errors.coded(409, 'LEAVE_OVERLAP', {
      requestId: overlap.id,
      startDate: overlap.startDate,
      endDate: overlap.endDate,
      status: overlap.status,
    } satisfies LeaveOverlapDetails);
  if (type.kind !== 'unpaid') {
    // The quota of the request's own year: a request booked into next year spends next year's.
    const used = (await usage(deps.db, tenantId, employeeId, Number(body.startDate.slice(0, 4)))).get(type.id);
    const own =
      editing &&
      editing.leaveTypeId === type.id &&
      PENDING_STATUSES.includes(editing.status) &&
      editing.startDate.slice(0, 4) === body.startDate.slice(0, 4)
        ? editing.days
        : 0;
    // A compensatory type allows the days earned in the request's year, not its yearlyQuota (shared/leave.ts).
    const earned =
      type.kind === 'compensatory'
        ? await earnedCompensatory(deps.db, tenantId, employeeId, Number(body.startDate.slice(0, 4)), settings)
        : 0;
    const remaining = (leaveAllowance(type, earned) ?? 0) - (used?.taken ?? 0) - (used?.pending ?? 0) + own;
    if (days > remaining && type.kind === 'compensatory')
      throw errors.rules([{ field: 'leaveTypeId', code: 'LEAVE_COMPENSATORY_NOT_EARNED' }]);
    if (days > remaining)
      throw errors.rule('LEAVE_QUOTA_EXCEEDED', { remaining, requested: days } satisfies LeaveQuotaDetails);
  }
  return { leaveTypeId: type.id, days, status: await firstStage(deps, tenantId, employeeId) };
}

/** Where a request starts (or starts again after an edit): the PO stage when the requester has one, else HR. */
async function firstStage(deps: Deps, tenantId: number, employeeId: number): Promise<LeaveStatus> {
  const { po } = await approversFor(deps.db, tenantId, employeeId);
  return po.length > 0 ? LEAVE_STATUS.PENDING_PO : LEAVE_STATUS.PENDING_HR;
}

/**
 * Changes a request as it was read and records the change's event; run it in a transaction (`trx`). The update
 * is conditional on the version read and bumps it: when anything changed the request meanwhile, nothing is
 * written and the caller gets 409 LEAVE_CHANGED_MEANWHILE.
 */
async function changeRequest(
  trx: Db,
  now: string,
  request: { id: number; tenantId: number; status: LeaveStatus; version: number; startDate: string; endDate: string },
  changes: Updateable<LeaveRequestTable>,
  event: Pick<Insertable<LeaveRequestEventTable>, 'action' | 'actorId' | 'actorRole' | 'toStatus' | 'reason'>,
): Promise<void> {
  const result = await trx
    .updateTable('leaveRequests')
    .set({ ...changes, updatedAt: now, version: request.version + 1 })
    .where('id', '=', request.id)
    .where('version', '=', request.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw errors.coded(409, 'LEAVE_CHANGED_MEANWHILE');
  // Leave taken or given back, or its dates moved: the daily aggregate of the old and new dates.
  await refreshRequestDays(trx, request.tenantId, request.id, request);
  await recordEvent(trx, {
    ...event,
    tenantId: request.tenantId,
    requestId: request.id,
    fromStatus: request.status,
    at: now,
  });
}

/**
 * Runs `work` in one transaction that holds the requester's employee row: a request's rules (overlap, quota,
 * days earned) are checked and its write made while no other request or edit of theirs is, so two sent at once
 * cannot both pass the checks and both be stored (on PostgreSQL; SQLite runs one transaction at a time).
 */
async function asRequester<T>(deps: Deps, who: AuthContext, work: (tx: Deps) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('employees')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('tenantId', '=', who.tenantId)
      .where('id', '=', who.employeeId)
      .execute();
    return work({ ...deps, db: trx });
  });
}

export async function createRequest(
  deps: Deps,
  who: AuthContext,
  body: CreateLeaveRequestBody,
  settings: TenantSettings,
): Promise<number> {
  return asRequester(deps, who, async (tx) => {
    const { leaveTypeId, days, status } = await checkRequest(tx, who.tenantId, who.employeeId, body, settings);
    const now = tx.now().toISOString();
    const row = await tx.db
      .insertInto('leaveRequests')
      .values({
        tenantId: who.tenantId,
        employeeId: who.employeeId,
        leaveTypeId,
        startDate: body.startDate,
        endDate: body.endDate,
        days,
        reason: body.reason,
        status,
        restoreStatus: null,
        poApproverId: null,
        isAuto: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshRequestDays(tx.db, who.tenantId, row.id);
    await recordEvent(tx.db, {
      tenantId: who.tenantId,
      requestId: row.id,
      action: null,
      actorId: who.employeeId,
      actorRole: 'requester',
      fromStatus: null,
      toStatus: status,
      reason: body.reason,
      at: now,
    });
    return row.id;
  });
}

/**
 * The requester edits a pending request (1, 3 or 10): every rule of a new request applies again, and the
 * request goes back to its first stage (from 10 too: the team lead approved other dates), with a history
 * event (action 8) whose reason is the new one. Only the requester edits; an edit racing an action
 * changes the request once and the other gets 409.
 */
export async function editRequest(
  deps: Deps,
  who: AuthContext,
  requestId: number,
  body: CreateLeaveRequestBody,
  settings: TenantSettings,
): Promise<void> {
  const request = await ownedRows({ db: deps.db, tenantId: who.tenantId }).get(
    'leaveRequests',
    requestId,
    'leaveRequestNotFound',
  );
  if (request.employeeId !== who.employeeId) throw errors.coded(403, 'LEAVE_EDIT_NOT_REQUESTER');
  if (!EDITABLE_STATUSES.includes(request.status))
    throw errors.coded(409, 'LEAVE_NOT_EDITABLE', { status: request.status });
  await asRequester(deps, who, async (tx) => {
    const { leaveTypeId, days, status } = await checkRequest(tx, who.tenantId, who.employeeId, body, settings, request);
    await changeRequest(
      tx.db,
      tx.now().toISOString(),
      request,
      {
        leaveTypeId,
        startDate: body.startDate,
        endDate: body.endDate,
        days,
        reason: body.reason,
        status,
        poApproverId: null,
      },
      { action: LEAVE_EDITED, actorId: who.employeeId, actorRole: 'requester', toStatus: status, reason: body.reason },
    );
  });
}

export async function act(
  deps: Deps,
  who: AuthContext,
  requestId: number,
  action: LeaveAction,
  reason: string,
): Promise<void> {
  const request = await ownedRows({ db: deps.db, tenantId: who.tenantId }).get(
    'leaveRequests',
    requestId,
    'leaveRequestNotFound',
  );
  const actors = await actorsFor(deps.db, who, request.employeeId);
  if (actors.length === 0) throw errors.coded(403, 'LEAVE_NOT_APPROVER');
  const transition = findTransition(request.status, action, actors);
  if (!transition) {
    const isDecision = action !== LEAVE_ACTION.CANCEL;
    if (actors.includes('requester') && isDecision) throw errors.coded(403, 'LEAVE_OWN_REQUEST');
    throw errors.coded(409, 'LEAVE_ACTION_NOT_ALLOWED', { status: request.status, action });
  }
  if (transition.actor === 'hr' && request.poApproverId === who.employeeId && !actors.includes('requester')) {
    throw errors.coded(403, 'LEAVE_SAME_APPROVER');
  }
  // Sending back needs someone at the earlier stage today, or the request would wait for nobody.
  if (
    action === LEAVE_ACTION.PREVIOUS &&
    (await approversFor(deps.db, who.tenantId, request.employeeId)).po.length === 0
  )
    throw errors.coded(409, 'LEAVE_NO_EARLIER_STAGE');
  let to: LeaveStatus;
  let restoreStatus = request.restoreStatus;
  if (transition.to === 'cancellation') {
    const { po } = await approversFor(deps.db, who.tenantId, request.employeeId);
    to = po.length > 0 ? LEAVE_STATUS.PENDING_PO_CANCELLATION : LEAVE_STATUS.PENDING_HR_CANCELLATION;
    restoreStatus = request.status;
  } else if (transition.to === 'restore') {
    to = request.restoreStatus ?? LEAVE_STATUS.APPROVED_BY_HR;
    restoreStatus = null;
  } else {
    to = transition.to;
  }
  const now = deps.now().toISOString();
  await deps.db.transaction().execute((trx) =>
    changeRequest(
      trx,
      now,
      request,
      {
        status: to,
        restoreStatus,
        ...(transition.actor === 'po' && action === LEAVE_ACTION.APPROVE ? { poApproverId: who.employeeId } : {}),
        // Back at the PO stage, the PO decides again: the earlier approval no longer counts.
        ...(action === LEAVE_ACTION.PREVIOUS ? { poApproverId: null } : {}),
      },
      { action, actorId: who.employeeId, actorRole: transition.actor, toStatus: to, reason },
    ),
  );
}
