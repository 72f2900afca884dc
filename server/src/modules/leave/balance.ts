/**
 * An employee's leave balance this year (GET /api/leave/details): per type what is taken (approved and
 * started), booked (approved, starting after today), pending and left of its quota (for a compensatory type,
 * of the days earned), the totals, and the absents (past working days with no attendance, leave or holiday).
 */
import type { ResponseOf } from '../../../../shared/endpoints/define.js';
import type { leaveRequestEndpoints } from '../../../../shared/endpoints/leave.js';
import { leaveAllowance } from '../../../../shared/leave.js';
import { addDays, eachDate, localDate } from '../../../../shared/time.js';
import { absentDaysOf, workingDaysIn } from '../../../../shared/working-days.js';
import type { RequestContext } from '../../http/context.js';
import { leaveCatalogueRepository } from './catalogue-repository.js';
import { leaveRequestRepository } from './repository.js';

type LeaveDetails = ResponseOf<typeof leaveRequestEndpoints.getLeaveDetails>;

export async function leaveBalance(
  ctx: Pick<RequestContext, 'now' | 'settings' | 'repo'>,
  employeeId: number,
): Promise<LeaveDetails> {
  const requests = ctx.repo(leaveRequestRepository);
  const settings = await ctx.settings();
  const today = localDate(ctx.now(), settings.tenant_timezone);
  const year = Number(today.slice(0, 4));
  const types = await ctx.repo(leaveCatalogueRepository).listTypes();
  const used = await requests.usage(employeeId, year, today);
  // Compensatory leave is earned by work on weekend days and holidays this year, not a yearly quota.
  const earned = types.some((t) => t.kind === 'compensatory')
    ? await requests.earnedCompensatory(employeeId, year, settings)
    : 0;
  const leaveTypes = types.map((t) => {
    const u = used.get(t.id) ?? { taken: 0, booked: 0, pending: 0, pendingRequests: 0 };
    const quota = leaveAllowance(t, earned);
    // Approved leave that starts after today is Booked, not Taken; both count against the quota.
    return {
      ...t,
      taken: u.taken - u.booked,
      booked: u.booked,
      pending: u.pending,
      earned: t.kind === 'compensatory' ? earned : null,
      remaining: quota === null ? null : Math.max(0, quota - u.taken),
    };
  });
  const quotaTypes = leaveTypes.filter((t) => t.kind !== 'unpaid' && t.isActive);
  const totalQuota = quotaTypes.reduce((s, t) => s + (leaveAllowance(t, earned) ?? 0), 0);
  const totalLeavesTaken = leaveTypes.reduce((s, t) => s + t.taken, 0);
  const totalLeavesBooked = leaveTypes.reduce((s, t) => s + t.booked, 0);
  // Absent: a past working day this year with no attendance, no leave taken and no holiday.
  const start = `${year}-01-01`;
  const yesterday = addDays(today, -1);
  let absents = 0;
  if (yesterday >= start) {
    const joined = await requests.dateOfJoining(employeeId);
    const from = joined && joined > start ? joined : start;
    const holidays = await requests.activeHolidays(from, yesterday);
    const attended = await requests.attendedDays(employeeId, from, yesterday);
    const leaveRows = await requests.takenLeaves(employeeId, from, yesterday);
    const onLeave = new Set(leaveRows.flatMap((r) => eachDate(r.startDate, r.endDate)));
    const working = workingDaysIn(start, yesterday, { weekendDays: settings.weekend_days, holidays, joined });
    absents = absentDaysOf(working, attended, onLeave).length;
  }
  return {
    employeeId,
    year,
    absents,
    totalQuota,
    totalLeavesTaken,
    totalLeavesBooked,
    pendingLeaveCount: [...used.values()].reduce((s, u) => s + u.pendingRequests, 0),
    remainingLeaves: quotaTypes.reduce((s, t) => s + (t.remaining ?? 0), 0),
    leaveTypes,
  };
}
