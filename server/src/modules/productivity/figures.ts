/**
 * The arithmetic behind every productivity figure and report (formulas in docs/workforce.md). Attendance
 * is summed by the database (one grouped query per call, never a query per employee or per day); the
 * calendar (weekends, holidays, who was on leave which day) is a few hundred dates and is worked out here.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { runningDays, shiftRuleOf } from '../../../../shared/attendance-rules.js';
import { TAKEN_STATUSES } from '../../../../shared/leave.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { eachDate, localDate } from '../../../../shared/time.js';
import { countEmployedDays, isEmployed, isTenantWorkingDay } from '../../../../shared/working-days.js';
import { toNumber, type Engine } from '../../db/engine.js';
import { shownPeople } from '../../db/demo.js';
import type { EmployeeIds } from '../../db/links.js';
import type { Deps } from '../../deps.js';
import { standingAttendances } from '../attendance/repository.js';
import { activeHolidays } from '../leave/repository.js';

/** A subquery naming the employee ids a figure is about (always within one tenant). */
export type EmployeeSet = EmployeeIds;

export type Calendar = {
  start: string;
  end: string;
  today: string;
  /** Working days of the range up to today, ascending. */
  working: string[];
  /** Weekend days and active holidays of the range. */
  nonWorking: string[];
};

export type Context = {
  deps: Deps;
  tenantId: number;
  settings: TenantSettings;
  calendar: Calendar;
  /** The instant worked time of a still-open attendance of a running day runs to. */
  now: string;
  /** Days whose open attendance still runs (today, and yesterday until its shift's latest check-out). */
  running: string[];
};

export async function context(
  deps: Deps,
  tenantId: number,
  settings: TenantSettings,
  start: string,
  end: string,
): Promise<Context> {
  const now = deps.now();
  const today = localDate(now, settings.tenant_timezone);
  const holidaySet = await activeHolidays(deps.db, tenantId, start, end);
  const working: string[] = [];
  const nonWorking: string[] = [];
  for (const date of eachDate(start, end)) {
    if (!isTenantWorkingDay(date, { weekendDays: settings.weekend_days, holidays: holidaySet })) nonWorking.push(date);
    else if (date <= today) working.push(date);
  }
  return {
    deps,
    tenantId,
    settings,
    calendar: { start, end, today, working, nonWorking },
    now: now.toISOString(),
    running: runningDays(now, shiftRuleOf(settings)),
  };
}

/**
 * The set without the demo company's people while the company has switched demo data off (the Demo data
 * tab): every figure, chart and report reads its employees, attendance and leave through this.
 */
export function shown(ctx: Context, employees: EmployeeSet): EmployeeSet {
  if (!ctx.settings.isDemoDataDisabled) return employees;
  return ctx.deps.db
    .selectFrom('employees')
    .select('id as employeeId')
    .where('tenantId', '=', ctx.tenantId)
    .where(shownPeople({ db: ctx.deps.db, tenantId: ctx.tenantId }, 'employees.id', true))
    .where('id', 'in', employees);
}

// ---- SQL pieces that differ between the engines ----

function spanMs(engine: Engine, from: Expression<unknown>, to: Expression<unknown>): RawBuilder<number> {
  return engine === 'postgres'
    ? sql<number>`(round(extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz))) * 1000))::bigint`
    : sql<number>`cast(round((julianday(${to}) - julianday(${from})) * 86400000) as integer)`;
}

function atLeastZero(engine: Engine, value: Expression<unknown>): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`greatest(0, ${value})` : sql<number>`max(0, ${value})`;
}

/**
 * Whole minutes worked by an attendance still open (aliased `a`) on a running day, as
 * attendance-rules#workedMinutes counts them: check-in to now minus breaks, a running break up to now. Closed
 * attendances store theirs (attendances.worked_minutes); an open one past its shift's latest check-out counts as
 * no time (its check-out is missing; the day is completed by hand).
 */
function liveMinutesOfRow(ctx: Context): RawBuilder<number> {
  const engine = ctx.deps.engine;
  const checkIn = sql.ref('a.checkIn');
  const breakEnd = sql`coalesce(b.end_at, ${ctx.now})`;
  const breaks = sql`(select coalesce(sum(${atLeastZero(engine, spanMs(engine, sql`b.start_at`, breakEnd))}), 0)
    from attendance_breaks b where b.attendance_id = ${sql.ref('a.id')})`;
  const net = atLeastZero(engine, sql`${spanMs(engine, checkIn, sql`${ctx.now}`)} - ${breaks}`);
  // Integer division floors (the values are never negative); PostgreSQL's sum() answers numeric, hence the cast.
  return engine === 'postgres' ? sql<number>`(cast(${net} as bigint) / 60000)` : sql<number>`(${net} / 60000)`;
}

function isWorkingDay(ctx: Context): RawBuilder<number> {
  const { nonWorking } = ctx.calendar;
  if (nonWorking.length === 0) return sql<number>`1`;
  return sql<number>`(case when ${sql.ref('a.workDate')} in (${sql.join(nonWorking)}) then 0 else 1 end)`;
}

/**
 * Attendance of a set of employees in the range. Reads only columns of the attendances_minutes index
 * (migration 0006, partial on uncorrected rows since 0013), which answers it without touching the table; the worked time of today's open
 * attendances is added by openToday.
 */
function attendanceRows(ctx: Context, employees: EmployeeSet) {
  const { start, end } = ctx.calendar;
  return (
    ctx.deps.db
      .selectFrom('attendances as a')
      .where('a.tenantId', '=', ctx.tenantId)
      .where('a.workDate', '>=', start)
      .where('a.workDate', '<=', end)
      .where('a.employeeId', 'in', shown(ctx, employees))
      // A corrected device punch counts through its correction (migration 0013; the index is partial on this).
      .where('a.correctedAt', 'is', null)
  );
}

const SUMS = (ctx: Context) =>
  [
    sql<number | string>`count(*)`.as('present'),
    sql<number | string>`sum(${isWorkingDay(ctx)})`.as('workingPresent'),
    sql<number | string>`sum(${sql.ref('a.isWfo')})`.as('wfo'),
    sql<number | string | null>`sum(${sql.ref('a.workedMinutes')})`.as('worked'),
  ] as const;

/**
 * Minutes so far of the attendances still open on a running day (today, last night's shift: a handful of rows),
 * per employee.
 */
export async function openToday(
  ctx: Context,
  employees: EmployeeSet,
): Promise<{ employeeId: number; workDate: string; worked: number }[]> {
  const { start, end } = ctx.calendar;
  const days = ctx.running.filter((d) => d >= start && d <= end);
  if (days.length === 0) return [];
  const rows = await ctx.deps.db
    .selectFrom('attendances as a')
    .select(['a.employeeId', 'a.workDate', liveMinutesOfRow(ctx).as('worked')])
    .where('a.tenantId', '=', ctx.tenantId)
    .where('a.workDate', 'in', days)
    .where('a.checkOut', 'is', null)
    .where('a.employeeId', 'in', shown(ctx, employees))
    .where('a.correctedAt', 'is', null)
    .execute();
  return rows.map((r) => ({ employeeId: r.employeeId, workDate: r.workDate, worked: toNumber(r.worked) }));
}

export type Sums = { present: number; workingPresent: number; wfo: number; worked: number };
const ZERO: Sums = { present: 0, workingPresent: 0, wfo: 0, worked: 0 };

function toSums(row: { present: unknown; workingPresent: unknown; wfo: unknown; worked: unknown }): Sums {
  const n = (v: unknown) => toNumber((v ?? 0) as number | string);
  return { present: n(row.present), workingPresent: n(row.workingPresent), wfo: n(row.wfo), worked: n(row.worked) };
}

export async function sumsPerEmployee(ctx: Context, employees: EmployeeSet): Promise<Map<number, Sums>> {
  const [rows, open] = await Promise.all([
    attendanceRows(ctx, employees)
      .select([...SUMS(ctx), 'a.employeeId'])
      .groupBy('a.employeeId')
      .execute(),
    openToday(ctx, employees),
  ]);
  const result = new Map(rows.map((r) => [r.employeeId, toSums(r)]));
  for (const { employeeId, worked } of open) {
    const sums = result.get(employeeId);
    if (sums) sums.worked += worked;
  }
  return result;
}

/**
 * Per day. The rows are read first, in the employee index's order (MATERIALIZED), and grouped by day
 * afterwards: grouping by day directly makes SQLite walk the tenant's whole date range through the date
 * index and visit the table for every row, many times slower for a team of a large tenant. The running days'
 * open attendances add their time so far.
 */
export async function sumsPerDay(ctx: Context, employees: EmployeeSet): Promise<Map<string, Sums>> {
  const [rows, open] = await Promise.all([
    ctx.deps.db
      .with(
        (cte) => cte('r').materialized(),
        () =>
          attendanceRows(ctx, employees).select([
            'a.workDate',
            'a.isWfo',
            isWorkingDay(ctx).as('working'),
            'a.workedMinutes',
          ]),
      )
      .selectFrom('r')
      .select([
        'r.workDate',
        sql<number | string>`count(*)`.as('present'),
        sql<number | string>`sum(${sql.ref('r.working')})`.as('workingPresent'),
        sql<number | string>`sum(${sql.ref('r.isWfo')})`.as('wfo'),
        sql<number | string | null>`sum(${sql.ref('r.workedMinutes')})`.as('worked'),
      ])
      .groupBy('r.workDate')
      .execute(),
    openToday(ctx, employees),
  ]);
  const result = new Map(rows.map((r) => [r.workDate, toSums(r)]));
  for (const { workDate, worked } of open) {
    const sums = result.get(workDate);
    if (sums) sums.worked += worked;
  }
  return result;
}

export function sumsOf(map: Map<number, Sums>, id: number): Sums {
  return map.get(id) ?? ZERO;
}

// ---- Calendar side: working days per employee and leave ----

/** Working days of the range on or after an employee's joining day (all of them when it is unknown). */
export function workingDaysFrom(calendar: Calendar, joined: string | null): number {
  return countEmployedDays(calendar.working, joined);
}

/** The working days each employee was on approved leave in the range (statuses that count as taken). */
export async function leaveDays(ctx: Context, employees: EmployeeSet): Promise<Map<number, Set<string>>> {
  const { start, end, working } = ctx.calendar;
  const rows = await ctx.deps.db
    .selectFrom('leaveRequests')
    .select(['employeeId', 'startDate', 'endDate'])
    .where('tenantId', '=', ctx.tenantId)
    .where('status', 'in', [...TAKEN_STATUSES])
    .where('startDate', '<=', end)
    .where('endDate', '>=', start)
    .where('employeeId', 'in', shown(ctx, employees))
    .execute();
  const workingSet = new Set(working);
  const result = new Map<number, Set<string>>();
  for (const r of rows) {
    const days = result.get(r.employeeId) ?? new Set<string>();
    for (const date of eachDate(r.startDate > start ? r.startDate : start, r.endDate < end ? r.endDate : end)) {
      if (workingSet.has(date)) days.add(date);
    }
    result.set(r.employeeId, days);
  }
  return result;
}

/**
 * The attendances that the one rule (shared/working-days.ts) does not count as attended days: on a working
 * day before the employee joined, or on a day of leave taken, which counts once, as leave. The grouped sums
 * count every attendance on a working day, so their workingPresent is reduced by these. Only the few
 * employees who joined inside the range or took leave in it are read.
 */
export async function uncountedPresence(
  ctx: Context,
  people: readonly { id: number; dateOfJoining: string | null }[],
  leave: ReadonlyMap<number, ReadonlySet<string>>,
): Promise<{ employeeId: number; date: string }[]> {
  const { start, end, working } = ctx.calendar;
  const joinedOf = new Map(people.map((p) => [p.id, p.dateOfJoining]));
  const ids = people
    .filter((p) => (p.dateOfJoining !== null && p.dateOfJoining > start) || (leave.get(p.id)?.size ?? 0) > 0)
    .map((p) => p.id);
  if (ids.length === 0) return [];
  const rows = await standingAttendances(ctx.deps.db, ctx.tenantId, ids, { from: start, to: end })
    .select(['employeeId', 'workDate'])
    .execute();
  const workingSet = new Set(working);
  return rows
    .filter((r) => workingSet.has(r.workDate))
    .filter(
      (r) =>
        !isEmployed(r.workDate, { joined: joinedOf.get(r.employeeId) ?? null }) ||
        leave.get(r.employeeId)?.has(r.workDate),
    )
    .map((r) => ({ employeeId: r.employeeId, date: r.workDate }));
}

/** Sums per employee with the uncounted attendances taken out of workingPresent. */
export async function countedSumsPerEmployee(
  ctx: Context,
  people: readonly { id: number; dateOfJoining: string | null }[],
  sums: Map<number, Sums>,
  leave: ReadonlyMap<number, ReadonlySet<string>>,
): Promise<Map<number, Sums>> {
  const result = new Map([...sums].map(([id, s]) => [id, { ...s }]));
  for (const { employeeId } of await uncountedPresence(ctx, people, leave)) {
    const s = result.get(employeeId);
    if (s) s.workingPresent -= 1;
  }
  return result;
}

/** Leave days counted only from the joining day on, like working days. */
export function leaveCount(days: Set<string> | undefined, joined: string | null): number {
  if (!days) return 0;
  let count = 0;
  for (const d of days) if (isEmployed(d, { joined })) count += 1;
  return count;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

export type Figures = {
  workingDays: number;
  presentDays: number;
  leaveDays: number;
  absentDays: number;
  workedMinutes: number;
  expectedMinutes: number;
  wfoDays: number;
  wfoPercentage: number;
  attendancePercentage: number;
};

/** The figures of one employee, or of a group when the inputs are sums over its members. */
export function figures(
  input: { workingDays: number; leaveDays: number; sums: Sums },
  settings: TenantSettings,
): Figures {
  const due = Math.max(0, input.workingDays - input.leaveDays);
  const attended = Math.min(input.sums.workingPresent, due);
  return {
    workingDays: input.workingDays,
    presentDays: input.sums.present,
    leaveDays: input.leaveDays,
    absentDays: due - attended,
    workedMinutes: input.sums.worked,
    expectedMinutes: Math.round(due * settings.working_hours_per_day * 60),
    wfoDays: input.sums.wfo,
    wfoPercentage: percent(input.sums.wfo, input.sums.present),
    attendancePercentage: percent(attended, due),
  };
}

export function addFigures(a: Figures, b: Figures, settings: TenantSettings): Figures {
  const sum = (k: keyof Figures) => a[k] + b[k];
  const workingPresent = sum('workingDays') - sum('leaveDays') - sum('absentDays');
  return {
    workingDays: sum('workingDays'),
    presentDays: sum('presentDays'),
    leaveDays: sum('leaveDays'),
    absentDays: sum('absentDays'),
    workedMinutes: sum('workedMinutes'),
    expectedMinutes: Math.round((sum('workingDays') - sum('leaveDays')) * settings.working_hours_per_day * 60),
    wfoDays: sum('wfoDays'),
    wfoPercentage: percent(sum('wfoDays'), sum('presentDays')),
    attendancePercentage: percent(workingPresent, sum('workingDays') - sum('leaveDays')),
  };
}

export const NO_FIGURES: Figures = {
  workingDays: 0,
  presentDays: 0,
  leaveDays: 0,
  absentDays: 0,
  workedMinutes: 0,
  expectedMinutes: 0,
  wfoDays: 0,
  wfoPercentage: 0,
  attendancePercentage: 0,
};

/** Everyone in a set with their figures: for team statistics and reports, which need all of them. */
export async function employeeFigures(ctx: Context, employees: EmployeeSet) {
  const people = await ctx.deps.db
    .selectFrom('employees')
    .select(['id', 'name', 'email', 'employeeIdentificationNo', 'dateOfJoining'])
    .where('tenantId', '=', ctx.tenantId)
    .where('status', '=', 'active')
    .where('id', 'in', shown(ctx, employees))
    .orderBy('name')
    .orderBy('id')
    .execute();
  const [raw, leave] = await Promise.all([sumsPerEmployee(ctx, employees), leaveDays(ctx, employees)]);
  const sums = await countedSumsPerEmployee(ctx, people, raw, leave);
  return people.map((p) => ({
    employee: { id: p.id, name: p.name, email: p.email, employeeIdentificationNo: p.employeeIdentificationNo },
    figures: figures(
      {
        workingDays: workingDaysFrom(ctx.calendar, p.dateOfJoining),
        leaveDays: leaveCount(leave.get(p.id), p.dateOfJoining),
        sums: sumsOf(sums, p.id),
      },
      ctx.settings,
    ),
  }));
}
