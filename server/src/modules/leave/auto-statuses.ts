/**
 * The statuses the system sets on its own (docs/leave-workflow.md, "Statuses set by the system"):
 *
 * - 13 Auto rejected: a request still waiting for an approval (1, 3 or 10) when its last day has passed.
 *   Nobody decided while it could matter; the days it held against the quota are free again.
 * - A cancellation request (4 or 5) still undecided when the leave has ended is refused the same way: the
 *   leave returns to the approved status it had (its days stay taken), since the leave was taken.
 * - 14 Auto cancelled: every request of an employee who is no longer active that is still pending, or
 *   approved and not yet started; a leave already running stays as it is.
 *
 * Balances are computed from statuses (shared/leave.ts TAKEN_STATUSES and PENDING_STATUSES), so moving a
 * request out of those sets is what restores the balance. Each change is a conditional update on the
 * version it read (migration 0049) plus a history event by 'system' with its reason, in one transaction: a
 * second run, a person acting, or the requester editing at the same moment (an edit can keep the status and
 * move the dates), finds the version changed and the request is skipped.
 */
import { LEAVE_STATUS, PENDING_STATUSES, type LeaveStatus } from '../../../../shared/leave.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { readSettings } from '../tenants/repository.js';
import { recordEvent } from './service.js';
import { refreshRequestDays } from '../attendance/days.js';

export const AUTO_REJECT_REASON = 'Auto rejected: no decision before the last day of the leave had passed';
export const AUTO_REFUSE_CANCELLATION_REASON =
  'Cancellation auto rejected: no decision before the last day of the leave had passed';
export const AUTO_CANCEL_REASON = 'Auto cancelled: the employee is no longer active';

const CANCELLATION_STATUSES: readonly LeaveStatus[] = [
  LEAVE_STATUS.PENDING_PO_CANCELLATION,
  LEAVE_STATUS.PENDING_HR_CANCELLATION,
];
const APPROVED_STATUSES: readonly LeaveStatus[] = [LEAVE_STATUS.APPROVED_BY_HR, LEAVE_STATUS.AUTO_APPROVED];

export type AutoStatusResult = { autoRejected: number; cancellationsRefused: number; autoCancelled: number };

type Row = { id: number; status: LeaveStatus; restoreStatus: LeaveStatus | null; version: number };

export async function runAutoStatuses(deps: Deps, tenantId: number): Promise<AutoStatusResult> {
  const settings = await readSettings(deps.db, tenantId);
  const today = localDate(deps.now(), settings.tenant_timezone);
  const result: AutoStatusResult = { autoRejected: 0, cancellationsRefused: 0, autoCancelled: 0 };

  // Employees who left first: their requests are cancelled, not rejected.
  const inactive = deps.db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('status', '!=', 'active');
  const leavers = await deps.db
    .selectFrom('leaveRequests')
    .select(['id', 'status', 'restoreStatus', 'version'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', 'in', inactive)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [...PENDING_STATUSES, ...CANCELLATION_STATUSES]),
        eb.and([eb('status', 'in', [...APPROVED_STATUSES]), eb('startDate', '>=', today)]),
      ]),
    )
    .execute();
  for (const row of leavers) {
    if (await move(deps, tenantId, row, LEAVE_STATUS.AUTO_CANCELLED, AUTO_CANCEL_REASON)) result.autoCancelled += 1;
  }

  const overdue = await deps.db
    .selectFrom('leaveRequests')
    .select(['id', 'status', 'restoreStatus', 'version'])
    .where('tenantId', '=', tenantId)
    .where('status', 'in', [...PENDING_STATUSES, ...CANCELLATION_STATUSES])
    .where('endDate', '<', today)
    .execute();
  for (const row of overdue) {
    if (CANCELLATION_STATUSES.includes(row.status)) {
      const back = row.restoreStatus ?? LEAVE_STATUS.APPROVED_BY_HR;
      if (await move(deps, tenantId, row, back, AUTO_REFUSE_CANCELLATION_REASON)) result.cancellationsRefused += 1;
    } else if (await move(deps, tenantId, row, LEAVE_STATUS.AUTO_REJECTED, AUTO_REJECT_REASON)) {
      result.autoRejected += 1;
    }
  }
  return result;
}

async function move(deps: Deps, tenantId: number, row: Row, to: LeaveStatus, reason: string): Promise<boolean> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('leaveRequests')
      .set({ status: to, restoreStatus: null, updatedAt: now, version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await refreshRequestDays(trx, tenantId, row.id);
    await recordEvent(trx, {
      tenantId,
      requestId: row.id,
      action: null,
      actorId: null,
      actorRole: 'system',
      fromStatus: row.status,
      toStatus: to,
      reason,
      at: now,
    });
    return true;
  });
}
