/** Read side: today's card, a day, a month, the past three months and hours statistics. */
import type { AttendanceTotals, MonthResponse, TodayResponse } from '../../../../shared/contracts/attendance.js';
import type { Attendance } from '../../../../shared/contracts/attendance.js';
import { runningDays, shiftRuleOf } from '../../../../shared/attendance-rules.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { addDays, dayOfWeek, eachDate, localDate, startOfLocalDay } from '../../../../shared/time.js';
import { LEAVE_STATUS_LABELS, LIVE_STATUSES, TAKEN_STATUSES, type LeaveStatus } from '../../../../shared/leave.js';
import { absentDaysOf, isWorkingDay, type WorkCalendar } from '../../../../shared/working-days.js';
import type { Deps } from '../../deps.js';
import { dateOfJoining, holidaysBetween, overlapsDays, requestSelect } from '../leave/repository.js';
import type { Db } from '../../db/engine.js';
import { findOnDay, inRange, toViews, type AttendanceRow } from './repository.js';
import { checkOutUndo } from './undo.js';

export function stateOf(attendance: Attendance | null): TodayResponse['state'] {
  if (!attendance) return 'not-checked-in';
  if (attendance.checkOut) return 'checked-out';
  return attendance.breaks.some((b) => b.end === null) ? 'on-break' : 'checked-in';
}

/**
 * The day today's card stands for: last night's shift until its latest check-out while it is still open or ended
 * after midnight (docs/workforce.md "Night shifts"), otherwise today, with its attendance if any.
 */
export async function currentShift(
  db: Db,
  tenantId: number,
  employeeId: number,
  now: Date,
  settings: TenantSettings,
): Promise<{ date: string; row: AttendanceRow | undefined }> {
  const [first, ...rest] = runningDays(now, shiftRuleOf(settings));
  const today = rest[0] ?? first!;
  if (first !== today) {
    const night = await findOnDay(db, tenantId, employeeId, first!);
    const midnight = startOfLocalDay(today, settings.tenant_timezone).toISOString();
    if (night && (night.checkOut === null || night.checkOut >= midnight)) return { date: first!, row: night };
  }
  return { date: today, row: await findOnDay(db, tenantId, employeeId, today) };
}

/** Until when the employee may undo the check-out of `row` (./service.ts#checkOutUndo); null when not. */
function undoUntil(row: AttendanceRow | undefined, employeeId: number, now: Date): string | null {
  const undo = checkOutUndo(row, employeeId, now);
  return 'until' in undo ? undo.until : null;
}

export async function today(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  settings: TenantSettings,
): Promise<TodayResponse> {
  const now = deps.now();
  const { date, row } = await currentShift(deps.db, tenantId, employeeId, now, settings);
  const attendance = row ? ((await toViews(deps.db, [row], now, shiftRuleOf(settings)))[0] ?? null) : null;
  return {
    date,
    timeZone: settings.tenant_timezone,
    state: stateOf(attendance),
    attendance,
    workingHoursPerDay: settings.working_hours_per_day,
    checkOutUndoUntil: undoUntil(row, employeeId, now),
  };
}

export async function day(deps: Deps, tenantId: number, employeeId: number, date: string, settings: TenantSettings) {
  const row = await findOnDay(deps.db, tenantId, employeeId, date);
  const attendance = row ? ((await toViews(deps.db, [row], deps.now(), shiftRuleOf(settings)))[0] ?? null) : null;
  return { date, isWeekend: settings.weekend_days.includes(dayOfWeek(date)), attendance };
}

type Calendar = {
  holidays: Map<string, string>;
  joined: string | null;
  leaves: Map<string, { requestId: number; leaveType: string; icon: string; status: LeaveStatus; statusLabel: string }>;
};

/** Active holidays and standing leave of an employee over a range, by date. */
async function calendar(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  start: string,
  end: string,
): Promise<Calendar> {
  const [holidays, leaveRows, joined] = await Promise.all([
    holidaysBetween(deps.db, tenantId, start, end),
    requestSelect(deps.db, tenantId)
      .where('leaveRequests.employeeId', '=', employeeId)
      .where('leaveRequests.status', 'in', [...LIVE_STATUSES])
      .where(overlapsDays(start, end))
      .execute(),
    dateOfJoining(deps.db, tenantId, employeeId),
  ]);
  const leaves: Calendar['leaves'] = new Map();
  for (const r of leaveRows) {
    for (const date of eachDate(r.startDate > start ? r.startDate : start, r.endDate < end ? r.endDate : end)) {
      const status = r.status;
      leaves.set(date, {
        requestId: r.id,
        leaveType: r.leaveTypeName,
        icon: r.leaveTypeIcon,
        status,
        statusLabel: LEAVE_STATUS_LABELS[status],
      });
    }
  }
  return { holidays, joined, leaves };
}

function totals(
  dates: string[],
  attendances: Attendance[],
  cal: Calendar,
  settings: TenantSettings,
  today: string,
): AttendanceTotals {
  const workCalendar: WorkCalendar = {
    weekendDays: settings.weekend_days,
    holidays: new Set(cal.holidays.keys()),
    joined: cal.joined,
  };
  const working = dates.filter((d) => d <= today && isWorkingDay(d, workCalendar));
  const present = new Set(attendances.map((a) => a.date));
  const onLeave = new Set(
    working.filter((d) => {
      const leave = cal.leaves.get(d);
      return leave !== undefined && TAKEN_STATUSES.includes(leave.status);
    }),
  );
  return {
    workingDays: working.length,
    presentDays: attendances.length,
    leaveDays: onLeave.size,
    absentDays: absentDaysOf(working, present, onLeave).length,
    wfoDays: attendances.filter((a) => a.isWfo).length,
    workedMinutes: attendances.reduce((s, a) => s + a.workedMinutes, 0),
    breakMinutes: attendances.reduce((s, a) => s + a.breakMinutes, 0),
    expectedMinutes: Math.round((working.length - onLeave.size) * settings.working_hours_per_day * 60),
  };
}

async function range(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  start: string,
  end: string,
  settings: TenantSettings,
) {
  const now = deps.now();
  const rows = await inRange(deps.db, tenantId, employeeId, start, end);
  const attendances = await toViews(deps.db, rows, now, shiftRuleOf(settings));
  const dates = eachDate(start, end);
  const cal = await calendar(deps, tenantId, employeeId, start, end);
  return {
    dates,
    attendances,
    cal,
    totals: totals(dates, attendances, cal, settings, localDate(now, settings.tenant_timezone)),
  };
}

function monthBounds(month: string): [string, string] {
  const start = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return [start, addDays(next, -1)];
}

export async function month(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  monthText: string,
  settings: TenantSettings,
): Promise<MonthResponse> {
  const [start, end] = monthBounds(monthText);
  const { dates, attendances, cal, totals: sums } = await range(deps, tenantId, employeeId, start, end, settings);
  const byDate = new Map(attendances.map((a) => [a.date, a]));
  return {
    month: monthText,
    employeeId,
    days: dates.map((date) => ({
      date,
      isWeekend: settings.weekend_days.includes(dayOfWeek(date)),
      holiday: cal.holidays.has(date) ? { name: cal.holidays.get(date)! } : null,
      leave: cal.leaves.get(date) ?? null,
      attendance: byDate.get(date) ?? null,
    })),
    totals: sums,
  };
}

/** The current month and the two before it, newest first. */
export async function pastMonths(deps: Deps, tenantId: number, employeeId: number, settings: TenantSettings) {
  const current = localDate(deps.now(), settings.tenant_timezone).slice(0, 7);
  const months: string[] = [];
  let [y, m] = current.split('-').map(Number) as [number, number];
  for (let i = 0; i < 3; i += 1) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) [y, m] = [y - 1, 12];
  }
  const result = [];
  for (const text of months) {
    const [start, end] = monthBounds(text);
    result.push({ month: text, ...(await range(deps, tenantId, employeeId, start, end, settings)).totals });
  }
  return { employeeId, months: result };
}

export async function stats(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  start: string,
  end: string,
  settings: TenantSettings,
) {
  const { totals: sums } = await range(deps, tenantId, employeeId, start, end, settings);
  return {
    employeeId,
    startDate: start,
    endDate: end,
    ...sums,
    averageWorkedMinutes: sums.presentDays === 0 ? 0 : Math.round(sums.workedMinutes / sums.presentDays),
    wfoPercentage: sums.presentDays === 0 ? 0 : Math.round((sums.wfoDays / sums.presentDays) * 1000) / 10,
  };
}
