/**
 * The daily auto-leave job (and, in the same schedule, the auto statuses of auto-statuses.ts). Every past working day (from the day auto leaves were enabled, or the
 * employee joined) with no attendance, no standing leave and no holiday becomes a one-day leave,
 * auto approved (status 12): of the first type while its allowance lasts (its yearly quota, or for a compensatory
 * type the days earned: shared/leave.ts leaveAllowance), then of the second. Each day is
 * its own transaction that first claims the (employee, day) mark: a second run, or a second process,
 * finds the mark and skips, and a crash halfway leaves only whole days behind.
 */
import {
  LEAVE_STATUS,
  leaveAllowance,
  LIVE_STATUSES,
  TAKEN_STATUSES,
  PENDING_STATUSES,
  type LeaveKind,
} from '../../../../shared/leave.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { addDays, eachDate, localDate } from '../../../../shared/time.js';
import { isEmployed, workingDaysIn } from '../../../../shared/working-days.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { readSettings } from '../tenants/repository.js';
import { runAutoStatuses, type AutoStatusResult } from './auto-statuses.js';
import { activeHolidays, attendedDays, earnedCompensatory, leavesOverlapping } from './repository.js';
import { recordEvent } from './service.js';
import { refreshRequestDays } from '../attendance/days.js';

export const AUTO_LEAVE_REASON = 'Auto leave: no attendance, leave or holiday on this working day';

export async function runAutoLeaves(deps: Deps, tenantId: number): Promise<{ created: number }> {
  const config = await deps.db
    .selectFrom('autoLeaveConfigs')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!config?.enabled || !config.firstLeaveTypeId || !config.enabledSince) return { created: 0 };
  const settings = await readSettings(deps.db, tenantId);
  const yesterday = addDays(localDate(deps.now(), settings.tenant_timezone), -1);
  if (yesterday < config.enabledSince) return { created: 0 };
  const types = await deps.db
    .selectFrom('leaveTypes')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [config.firstLeaveTypeId, config.secondLeaveTypeId ?? config.firstLeaveTypeId])
    .execute();
  const first = types.find((t) => t.id === config.firstLeaveTypeId);
  const second = types.find((t) => t.id === config.secondLeaveTypeId);
  if (!first) return { created: 0 };
  const holidays = await activeHolidays(deps.db, tenantId, config.enabledSince, yesterday);
  const days = workingDaysIn(config.enabledSince, yesterday, { weekendDays: settings.weekend_days, holidays });
  const employees = await deps.db
    .selectFrom('employees')
    .select(['id', 'dateOfJoining'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'active')
    .execute();
  let created = 0;
  for (const employee of employees) {
    const candidates = days.filter((d) => isEmployed(d, { joined: employee.dateOfJoining }));
    if (candidates.length === 0) continue;
    const from = candidates[0]!;
    const [attended, leaves, marks] = await Promise.all([
      attendedDays(deps.db, tenantId, employee.id, from, yesterday),
      leavesOverlapping(deps.db, tenantId, employee.id, LIVE_STATUSES, from, yesterday),
      deps.db
        .selectFrom('autoLeaveMarks')
        .select('date')
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employee.id)
        .where('date', '>=', from)
        .execute(),
    ]);
    const covered = new Set([
      ...attended,
      ...leaves.flatMap((l) => eachDate(l.startDate, l.endDate)),
      ...marks.map((m) => m.date),
    ]);
    for (const date of candidates.filter((d) => !covered.has(d))) {
      if (await markDay(deps, tenantId, employee.id, date, first, second, settings)) created += 1;
    }
  }
  return { created };
}

type Type = { id: number; kind: LeaveKind; yearlyQuota: number };

async function markDay(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  date: string,
  first: Type,
  second: Type | undefined,
  settings: TenantSettings,
): Promise<boolean> {
  const now = deps.now().toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('autoLeaveMarks')
        .values({ tenantId, employeeId, date, requestId: null, createdAt: now })
        .execute();
      let type = first;
      if (first.kind !== 'unpaid') {
        const year = date.slice(0, 4);
        const rows = await trx
          .selectFrom('leaveRequests')
          .select(['days', 'status'])
          .where('tenantId', '=', tenantId)
          .where('employeeId', '=', employeeId)
          .where('leaveTypeId', '=', first.id)
          .where('startDate', '>=', `${year}-01-01`)
          .where('startDate', '<=', `${year}-12-31`)
          .execute();
        const used = rows
          .filter((r) => [...TAKEN_STATUSES, ...PENDING_STATUSES].includes(r.status))
          .reduce((s, r) => s + r.days, 0);
        const earned =
          first.kind === 'compensatory'
            ? await earnedCompensatory(trx, tenantId, employeeId, Number(year), settings)
            : 0;
        if (used + 1 > (leaveAllowance(first, earned) ?? 0) && second) type = second;
      }
      const request = await trx
        .insertInto('leaveRequests')
        .values({
          tenantId,
          employeeId,
          leaveTypeId: type.id,
          startDate: date,
          endDate: date,
          days: 1,
          reason: AUTO_LEAVE_REASON,
          status: LEAVE_STATUS.AUTO_APPROVED,
          restoreStatus: null,
          poApproverId: null,
          isAuto: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshRequestDays(trx, tenantId, request.id);
      await trx
        .updateTable('autoLeaveMarks')
        .set({ requestId: request.id })
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employeeId)
        .where('date', '=', date)
        .execute();
      await recordEvent(trx, {
        tenantId,
        requestId: request.id,
        action: null,
        actorId: null,
        actorRole: 'system',
        fromStatus: null,
        toStatus: LEAVE_STATUS.AUTO_APPROVED,
        reason: AUTO_LEAVE_REASON,
        at: now,
      });
    });
    return true;
  } catch (error) {
    // Another run claimed this day first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** One pass for a tenant: the auto statuses (13, 14, refused cancellations), then the auto leaves. */
export async function runLeaveJobs(deps: Deps, tenantId: number): Promise<{ created: number } & AutoStatusResult> {
  const statuses = await runAutoStatuses(deps, tenantId);
  const { created } = await runAutoLeaves(deps, tenantId);
  return { created, ...statuses };
}
