/** The productivity overview, the dashboard's attendance page and the team statistics. */
import { sql } from 'kysely';
import { toNumber } from '../../db/engine.js';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import {
  DAILY_SERIES_MAX_DAYS,
  type OverviewPoint,
  type ProductivityEmployeeRow,
  type ProductivityOrderKey,
  type ProductivityOverview,
  validateProductivityRange,
} from '../../../../shared/contracts/productivity.js';
import { addDays, dayOfWeek, eachDate, localDate } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { errors, type FieldIssue } from '../../http/errors.js';
import { pageSlice, paginate, searchCondition } from '../../http/list.js';
import {
  addFigures,
  context,
  employeeFigures,
  figures,
  leaveCount,
  leaveDays,
  countedSumsPerEmployee,
  NO_FIGURES,
  percent,
  round1,
  sumsOf,
  sumsPerEmployee,
  shown,
  workingDaysFrom,
  type Context,
  type EmployeeSet,
  type Figures,
  type Sums,
} from './figures.js';
import { activePeople, aggregateDaily, directDaily } from './daily.js';
import { employeesByIds, membersOf, type TeamRef } from './repository.js';

const hours = (minutes: number) => round1(minutes / 60);

/**
 * The figures' context for a range, after the range rule (shared with the renderer): real days, not
 * after the tenant's today, From not after To, at most two years.
 */
export async function rangeContext(
  ctx: RequestContext,
  range: { startDate: string; endDate: string },
): Promise<Context> {
  const settings = await ctx.settings();
  const today = localDate(ctx.now(), settings.tenant_timezone);
  const problems = validateProductivityRange({ from: range.startDate, to: range.endDate }, today);
  const issues: FieldIssue[] = [];
  if (problems.from) issues.push({ path: 'querystring.startDate', message: problems.from });
  if (problems.to) issues.push({ path: 'querystring.endDate', message: problems.to });
  if (issues.length > 0) throw errors.validation(issues);
  return context(ctx.deps, ctx.tenantId, settings, range.startDate, range.endDate);
}

type Day = {
  date: string;
  working: boolean;
  due: number;
  attended: number;
  present: number;
  wfo: number;
  worked: number;
};

/** Monday of a date's week (weeks run Monday to Sunday). */
function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/**
 * The overview of a set of employees over the context's range. Its per-day sums come from the daily aggregate
 * (./daily.ts `aggregateDaily`; `wholeCompany` when the set is every active employee of the tenant), or with
 * `direct` from the attendance rows themselves, the oracle the aggregate is tested against.
 */
export async function overview(
  ctx: Context,
  employees: EmployeeSet,
  team: TeamRef | null,
  options: { wholeCompany?: boolean; direct?: boolean } = {},
): Promise<ProductivityOverview> {
  const { calendar, settings } = ctx;
  // How many of the figures' people had joined by each day: their count per joining day (unknown counts as always).
  const [joinings, perDay] = await Promise.all([
    activePeople(ctx, employees)
      .clearSelect()
      .select(['dateOfJoining', sql<number | string>`count(*)`.as('people')])
      .groupBy('dateOfJoining')
      .execute(),
    options.direct ? directDaily(ctx, employees) : aggregateDaily(ctx, employees, options.wholeCompany ?? false),
  ]);
  const joinDates = joinings
    .map((j) => ({ date: j.dateOfJoining ?? '', people: toNumber(j.people) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const headcount = joinDates.reduce((n, j) => n + j.people, 0);
  const working = new Set(calendar.working);

  let joinedSoFar = 0;
  let next = 0;
  let leaveTotal = 0;
  const days: Day[] = eachDate(calendar.start, calendar.end).map((date) => {
    while (next < joinDates.length && joinDates[next]!.date <= date) joinedSoFar += joinDates[next++]!.people;
    const isWorking = working.has(date);
    const s = perDay.get(date);
    leaveTotal += s?.onLeave ?? 0;
    const due = isWorking ? Math.max(0, joinedSoFar - (s?.onLeave ?? 0)) : 0;
    return {
      date,
      working: isWorking,
      due,
      attended: Math.min(s?.workingPresent ?? 0, due),
      present: s?.present ?? 0,
      wfo: s?.wfo ?? 0,
      worked: s?.worked ?? 0,
    };
  });

  const granularity = days.length > DAILY_SERIES_MAX_DAYS ? 'week' : 'day';
  const buckets = new Map<string, Day[]>();
  for (const day of days) {
    const key = granularity === 'day' ? day.date : weekStart(day.date);
    buckets.set(key, [...(buckets.get(key) ?? []), day]);
  }
  const perHour = settings.working_hours_per_day * 60;
  const series: OverviewPoint[] = [...buckets.values()].map((group) => {
    const sum = (k: 'due' | 'attended' | 'present' | 'wfo' | 'worked') => group.reduce((s, d) => s + d[k], 0);
    const workingDays = group.filter((d) => d.working).length;
    return {
      start: group[0]!.date,
      end: group[group.length - 1]!.date,
      workingDays,
      workedHours: hours(sum('worked')),
      expectedHours: hours(sum('due') * perHour),
      presentDays: sum('present'),
      wfoDays: sum('wfo'),
      wfoPercentage: sum('present') > 0 ? percent(sum('wfo'), sum('present')) : null,
      attendanceRate: workingDays > 0 && sum('due') > 0 ? percent(sum('attended'), sum('due')) : null,
    };
  });

  const total = (k: 'due' | 'attended' | 'present' | 'wfo' | 'worked') => days.reduce((s, d) => s + d[k], 0);
  const expectedMinutes = Math.round(total('due') * perHour);
  return {
    startDate: calendar.start,
    endDate: calendar.end,
    team,
    employees: headcount,
    workingHoursPerDay: settings.working_hours_per_day,
    requiredWfoPercentage: settings.wfo_required_percentage,
    totals: {
      workingDays: calendar.working.length,
      presentDays: total('present'),
      leaveDays: leaveTotal,
      absentDays: total('due') - total('attended'),
      workedMinutes: total('worked'),
      expectedMinutes,
      wfoDays: total('wfo'),
      wfoPercentage: percent(total('wfo'), total('present')),
      attendancePercentage: percent(total('attended'), total('due')),
      hoursPercentage: percent(total('worked'), expectedMinutes),
    },
    granularity,
    series,
  };
}

type Person = {
  id: number;
  name: string;
  email: string;
  employeeIdentificationNo: string | null;
  dateOfJoining: string | null;
};

function employeeRow(ctx: Context, p: Person, sums: Sums, leave: Set<string> | undefined): ProductivityEmployeeRow {
  const f = figures(
    {
      workingDays: workingDaysFrom(ctx.calendar, p.dateOfJoining),
      leaveDays: leaveCount(leave, p.dateOfJoining),
      sums,
    },
    ctx.settings,
  );
  return {
    employee: { id: p.id, name: p.name, email: p.email, employeeIdentificationNo: p.employeeIdentificationNo },
    ...f,
    requiredWfoPercentage: ctx.settings.wfo_required_percentage,
    meetsWfo: f.wfoPercentage >= ctx.settings.wfo_required_percentage,
  };
}

const SEARCHED = ['e.name', 'e.email', 'e.employeeIdentificationNo'];

/**
 * The dashboard's attendance, one page. By name (the default) the database pages the employees and only
 * the page's attendance is summed; by a figure, everyone in scope is summed in one grouped query and
 * sorted here (a few thousand rows at most).
 */
export async function attendancePage(
  ctx: Context,
  employees: EmployeeSet,
  query: ListQuery<ProductivityOrderKey>,
): Promise<ListResponse<ProductivityEmployeeRow>> {
  const people = ctx.deps.db
    .selectFrom('employees as e')
    .select(['e.id', 'e.name', 'e.email', 'e.employeeIdentificationNo', 'e.dateOfJoining'])
    .where('e.tenantId', '=', ctx.tenantId)
    .where('e.status', '=', 'active')
    .where('e.id', 'in', shown(ctx, employees));

  if (query.orderKey === 'name') {
    const page = await paginate(
      people,
      { ...query, orderKey: 'name' as const },
      { orderBy: { name: { ref: 'e.name', text: true } }, search: SEARCHED, tieBreaker: 'e.id' },
    );
    const ids = employeesByIds(
      ctx.deps.db,
      ctx.tenantId,
      page.items.map((p) => p.id),
    );
    const [raw, leave] =
      page.items.length > 0
        ? await Promise.all([sumsPerEmployee(ctx, ids), leaveDays(ctx, ids)])
        : [new Map<number, Sums>(), new Map<number, Set<string>>()];
    const sums = await countedSumsPerEmployee(ctx, page.items, raw, leave);
    return {
      total: page.total,
      items: page.items.map((p) => employeeRow(ctx, p, sumsOf(sums, p.id), leave.get(p.id))),
    };
  }

  const search = query.searchText?.trim();
  const [found, sums] = await Promise.all([
    (search ? people.where(searchCondition(SEARCHED, search)) : people).execute(),
    sumsPerEmployee(ctx, employees),
  ]);
  const key = query.orderKey;
  const dir = query.orderDir === 'desc' ? -1 : 1;
  const value = (p: Person) => {
    const x = sumsOf(sums, p.id);
    return key === 'presentDays' ? x.present : key === 'wfoDays' ? x.wfo : x.worked;
  };
  const sorted = found.sort((a, b) => (value(a) - value(b) || a.id - b.id) * dir);
  const { items: slice, total } = pageSlice(sorted, query);
  const leave =
    slice.length > 0
      ? await leaveDays(
          ctx,
          employeesByIds(
            ctx.deps.db,
            ctx.tenantId,
            slice.map((p) => p.id),
          ),
        )
      : new Map<number, Set<string>>();
  const counted = await countedSumsPerEmployee(ctx, slice, sums, leave);
  return {
    total,
    items: slice.map((p) => employeeRow(ctx, p, sumsOf(counted, p.id), leave.get(p.id))),
  };
}

// ---- Team statistics: small sets (a team's members, the tenant's teams), sorted and paged here ----

type Sortable = { name: string; id: number; figures: Figures };

export function sortAndPage<T extends Sortable>(rows: T[], query: ListQuery<string>): ListResponse<T> {
  const search = query.searchText?.trim().toLowerCase();
  const found = search ? rows.filter((r) => r.name.toLowerCase().includes(search)) : rows;
  const dir = query.orderDir === 'desc' ? -1 : 1;
  const key = query.orderKey;
  const sorted = [...found].sort((a, b) => {
    const diff =
      key === 'name'
        ? a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })
        : (a.figures[key as keyof Figures] ?? 0) - (b.figures[key as keyof Figures] ?? 0);
    return (diff || a.id - b.id) * dir;
  });
  return pageSlice(sorted, query);
}

export async function memberRows(ctx: Context, teamId: number) {
  const rows = await employeeFigures(ctx, membersOf(ctx.deps.db, ctx.tenantId, [teamId]));
  return rows.map((r) => ({ ...r, id: r.employee.id, name: r.employee.name }));
}

/** Every team (or one) with its active members' figures summed; workingDays stays the calendar's count. */
export async function teamRows(ctx: Context, teamId: number | undefined) {
  let teamsQuery = ctx.deps.db.selectFrom('teams').select(['id', 'name']).where('tenantId', '=', ctx.tenantId);
  if (ctx.settings.isDemoDataDisabled) teamsQuery = teamsQuery.where('isDemo', '=', 0);
  if (teamId !== undefined) teamsQuery = teamsQuery.where('id', '=', teamId);
  const teams = await teamsQuery.execute();
  const teamIds = teams.map((t) => t.id);
  const memberships = await ctx.deps.db
    .selectFrom('teamMembers')
    .select(['teamId', 'employeeId'])
    .where('tenantId', '=', ctx.tenantId)
    .where('teamId', 'in', teamIds.length > 0 ? teamIds : [0])
    .execute();
  const people = new Map(
    (await employeeFigures(ctx, membersOf(ctx.deps.db, ctx.tenantId, teamIds))).map((r) => [r.employee.id, r.figures]),
  );
  return teams.map((team) => {
    let sum = NO_FIGURES;
    let memberCount = 0;
    for (const m of memberships) {
      const f = m.teamId === team.id ? people.get(m.employeeId) : undefined;
      if (!f) continue;
      sum = addFigures(sum, f, ctx.settings);
      memberCount += 1;
    }
    return {
      id: team.id,
      name: team.name,
      team: { id: team.id, name: team.name },
      memberCount,
      figures: { ...sum, workingDays: ctx.calendar.working.length },
    };
  });
}

export function attendanceStat(f: Figures) {
  return {
    workingDays: f.workingDays,
    presentDays: f.presentDays,
    leaveDays: f.leaveDays,
    absentDays: f.absentDays,
    attendancePercentage: f.attendancePercentage,
    averageWorkedMinutes: f.presentDays > 0 ? Math.round(f.workedMinutes / f.presentDays) : 0,
  };
}

export function wfoStat(f: Figures, required: number) {
  return {
    presentDays: f.presentDays,
    wfoDays: f.wfoDays,
    wfoPercentage: f.wfoPercentage,
    requiredPercentage: required,
    meetsRequirement: f.wfoPercentage >= required,
  };
}
