/**
 * The overview's figures per day (present, counted presence, WFO, worked minutes, people on leave), two ways that
 * answer the same (docs/workforce.md "Daily aggregate"):
 * - `aggregateDaily`, what the overview reads: the daily aggregate (modules/attendance/days.ts). A team sums its
 *   members' rows of attendance_days; the whole company reads the tenant's attendance_day_totals (one row per day)
 *   and takes out the few people the totals count differently: those not in the figures (inactive, demo people
 *   while demo data is off) and those who joined inside the range;
 * - `directDaily`, the same from the attendance rows and leave requests (the grouped sums of ./figures.ts): the
 *   oracle the aggregate is tested against (server/test/attendance-days.test.ts).
 * The calendar (weekends, holidays, joining days, today) is applied here, on read, in both.
 */
import { toNumber } from '../../db/engine.js';
import {
  leaveDays,
  openToday,
  shown,
  sumsPerDay,
  uncountedPresence,
  type Context,
  type EmployeeSet,
  type Sums,
} from './figures.js';

export type DaySums = Sums & { onLeave: number };

/** The figures' people: the set's active employees, without the demo company's while demo data is off. */
export function activePeople(ctx: Context, employees: EmployeeSet) {
  return ctx.deps.db
    .selectFrom('employees')
    .select(['id', 'dateOfJoining'])
    .where('tenantId', '=', ctx.tenantId)
    .where('status', '=', 'active')
    .where('id', 'in', shown(ctx, employees));
}

const zero = (): DaySums => ({ present: 0, workingPresent: 0, wfo: 0, worked: 0, onLeave: 0 });

/** From the attendance rows and leave requests directly. */
export async function directDaily(ctx: Context, employees: EmployeeSet): Promise<Map<string, DaySums>> {
  const people = await activePeople(ctx, employees).execute();
  const [perDay, leave] = await Promise.all([sumsPerDay(ctx, employees), leaveDays(ctx, employees)]);
  const result = new Map([...perDay].map(([date, s]) => [date, { ...s, onLeave: 0 }]));
  for (const { date } of await uncountedPresence(ctx, people, leave)) {
    const day = result.get(date);
    if (day) day.workingPresent -= 1;
  }
  const joinedOf = new Map(people.map((p) => [p.id, p.dateOfJoining]));
  for (const [id, days] of leave) {
    if (!joinedOf.has(id)) continue;
    const joined = joinedOf.get(id) ?? null;
    for (const d of days) {
      if (joined && d < joined) continue;
      const day = result.get(d) ?? zero();
      day.onLeave += 1;
      result.set(d, day);
    }
  }
  return result;
}

type Row = { workDate: string; present: number; wfo: number; worked: number; presentOnLeave: number; onLeave: number };

/**
 * From the daily aggregate. `wholeCompany` says the
 * set is every active employee of the tenant, whose sums the tenant's totals hold but for the exceptions.
 */
export async function aggregateDaily(
  ctx: Context,
  employees: EmployeeSet,
  wholeCompany: boolean,
): Promise<Map<string, DaySums>> {
  const { db } = ctx.deps;
  const { start, end } = ctx.calendar;
  const nonWorking = new Set(ctx.calendar.nonWorking);
  const working = new Set(ctx.calendar.working);
  // The figures' people (active, shown, in the set) and their joining days: a team's members, or the company's
  // exceptions (below) only; the company's totals need no list of its thousands.
  const joinedOf = new Map<number, string | null>();
  const result = new Map<string, DaySums>();
  const add = (r: Row, sign: 1 | -1) => {
    const day = result.get(r.workDate) ?? zero();
    day.present += sign * r.present;
    day.wfo += sign * r.wfo;
    day.worked += sign * r.worked;
    if (!nonWorking.has(r.workDate))
      day.workingPresent += sign * (r.present - (working.has(r.workDate) ? r.presentOnLeave : 0));
    if (working.has(r.workDate)) day.onLeave += sign * r.onLeave;
    result.set(r.workDate, day);
  };
  /** One employee's day as the figures count it: presence on leave or before joining counts once, as leave or not at all. */
  const counted = (employeeId: number, r: Row): Row | null => {
    if (!joinedOf.has(employeeId)) return wholeCompany ? null : { ...r, presentOnLeave: 0, onLeave: 0 };
    const joined = joinedOf.get(employeeId) ?? null;
    const beforeJoining = joined !== null && r.workDate < joined;
    return {
      ...r,
      presentOnLeave: r.onLeave || beforeJoining ? r.present : 0,
      onLeave: r.onLeave && !beforeJoining ? 1 : 0,
    };
  };

  const dayRows = db
    .selectFrom('attendanceDays')
    .select(['employeeId', 'workDate', 'present', 'wfo', 'workedMinutes', 'onLeave'])
    .where('tenantId', '=', ctx.tenantId)
    .where('workDate', '>=', start)
    .where('workDate', '<=', end);
  const asRow = (r: {
    workDate: string;
    present: number;
    wfo: number;
    workedMinutes: number;
    onLeave: number;
  }): Row => ({
    workDate: r.workDate,
    present: toNumber(r.present),
    wfo: toNumber(r.wfo),
    worked: toNumber(r.workedMinutes),
    presentOnLeave: r.onLeave ? toNumber(r.present) : 0,
    onLeave: toNumber(r.onLeave),
  });

  if (wholeCompany) {
    // Everyone the totals count otherwise: outside the figures (inactive, hidden demo people) or joined lately.
    const others = await db
      .selectFrom('employees')
      .select(['id', 'dateOfJoining', 'status'])
      .where('tenantId', '=', ctx.tenantId)
      .where((w) => w.or([w('id', 'not in', shown(ctx, employees)), w('dateOfJoining', '>', start)]))
      .execute();
    const inFigures = new Set(
      others.some((o) => o.status === 'active')
        ? (
            await activePeople(ctx, employees)
              .where(
                'id',
                'in',
                others.map((o) => o.id),
              )
              .execute()
          ).map((p) => p.id)
        : [],
    );
    for (const o of others) if (inFigures.has(o.id)) joinedOf.set(o.id, o.dateOfJoining);
    const [totals, exceptions] = await Promise.all([
      db
        .selectFrom('attendanceDayTotals')
        .select(['workDate', 'present', 'wfo', 'workedMinutes', 'presentOnLeave', 'onLeave'])
        .where('tenantId', '=', ctx.tenantId)
        .where('workDate', '>=', start)
        .where('workDate', '<=', end)
        .execute(),
      others.length > 0
        ? dayRows
            .where(
              'employeeId',
              'in',
              others.map((o) => o.id),
            )
            .execute()
        : Promise.resolve([]),
    ]);
    for (const t of totals) {
      add(
        {
          workDate: t.workDate,
          present: toNumber(t.present),
          wfo: toNumber(t.wfo),
          worked: toNumber(t.workedMinutes),
          presentOnLeave: toNumber(t.presentOnLeave),
          onLeave: toNumber(t.onLeave),
        },
        1,
      );
    }
    for (const e of exceptions) {
      const row = asRow(e);
      add(row, -1);
      const figure = counted(e.employeeId, row);
      if (figure) add(figure, 1);
    }
  } else {
    // The members' ids first: their days are then read through the key (tenant, employee, day), which a subquery
    // left PostgreSQL without statistics to ignore for the tenant's whole range.
    const [people, members] = await Promise.all([
      activePeople(ctx, employees).execute(),
      shown(ctx, employees).execute(),
    ]);
    const rows =
      members.length > 0
        ? await dayRows
            .where(
              'employeeId',
              'in',
              members.map((m) => m.employeeId),
            )
            .execute()
        : [];
    for (const p of people) joinedOf.set(p.id, p.dateOfJoining);
    for (const r of rows) add(counted(r.employeeId, asRow(r))!, 1);
  }

  for (const { workDate, worked } of await openToday(ctx, employees)) {
    const day = result.get(workDate);
    if (day) day.worked += worked;
  }
  return result;
}
