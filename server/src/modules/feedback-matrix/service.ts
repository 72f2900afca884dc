/**
 * The responsibility matrix (docs/feedback.md "Responsibility matrix") built from the repository's grouped
 * counts: the caller's part with suggestions, a lead's view of their teams, and the company's rows for
 * the CSV report. Expected, given and remaining follow shared/feedback-matrix.ts.
 */
import type { MatrixQuery, MyMatrix, TeamMatrix } from '../../../../shared/contracts/feedback-matrix.js';
import { expectedOf, periodOf, remainingOf, type SuggestionType } from '../../../../shared/feedback-matrix.js';
import { addDays, localDate, startOfLocalDay } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { feedbackMatrixRepository, type MatrixReadOptions, type MemberRow, type TeamScope } from './repository.js';

type Period = MyMatrix['period'];

/**
 * Whose view the counts take: the caller's (what they may read), or every feedback no flag hides (Home's
 * team percentage, a share of the target and never a count).
 */
export type MatrixView = 'caller' | 'all';

/** The period containing the query's date (today in the tenant's zone), and what to read it with. */
async function periodContext(ctx: RequestContext, query: MatrixQuery, view: MatrixView = 'caller') {
  const settings = await ctx.settings();
  const zone = settings.tenant_timezone;
  const kind = settings.responsibilityMatrixPeriod;
  const { start, end } = periodOf(query.date ?? localDate(ctx.now(), zone), kind);
  const period: Period = { kind, start, end, index: settings.responsibilityMatrixIndex };
  const options: MatrixReadOptions = {
    asker: view === 'caller' ? ctx.caller : null,
    hideDemo: settings.isDemoDataDisabled,
    range: {
      from: startOfLocalDay(start, zone).toISOString(),
      to: startOfLocalDay(addDays(end, 1), zone).toISOString(),
    },
  };
  return { period, options };
}

type TeamRows = { id: number; name: string; members: MemberRow[] };

/** Member rows grouped by team, keeping the repository's order (team name, then member name). */
function byTeam(rows: MemberRow[]): TeamRows[] {
  const teams = new Map<number, TeamRows>();
  for (const row of rows) {
    let team = teams.get(row.teamId);
    if (!team) teams.set(row.teamId, (team = { id: row.teamId, name: row.teamName, members: [] }));
    team.members.push(row);
  }
  return [...teams.values()];
}

/** Every member of the teams in scope with expected, given and remaining, and the teams' totals. */
export async function teamRows(ctx: RequestContext, scope: TeamScope, query: MatrixQuery, view: MatrixView = 'caller') {
  const { period, options } = await periodContext(ctx, query, view);
  const repo = ctx.repo(feedbackMatrixRepository);
  const [members, given] = await Promise.all([repo.members(scope, options.hideDemo), repo.givenByTeam(scope, options)]);
  const teams = byTeam(members).map((team) => {
    const expected = expectedOf(period.index, team.members.length);
    const rows = team.members.map((m) => {
      const count = given.get(`${team.id}:${m.employeeId}`) ?? 0;
      return {
        id: m.employeeId,
        name: m.name,
        email: m.email,
        expected,
        given: count,
        remaining: remainingOf(expected, count),
        isMe: m.employeeId === ctx.caller.employeeId,
      };
    });
    return {
      id: team.id,
      name: team.name,
      totalCount: expected * rows.length,
      givenCount: rows.reduce((sum, r) => sum + r.given, 0),
      remainingCount: rows.reduce((sum, r) => sum + r.remaining, 0),
      members: rows,
    };
  });
  return { period, teams };
}

export async function teamMatrix(ctx: RequestContext, query: MatrixQuery): Promise<TeamMatrix> {
  return teamRows(ctx, { kind: 'mine', employeeId: ctx.caller.employeeId }, query);
}

export async function companyMatrix(ctx: RequestContext, query: MatrixQuery) {
  return teamRows(ctx, { kind: 'all' }, query);
}

/** The least of a list by count, then name, then id: whom to suggest. */
function least<T extends { name: string; id: number }>(items: T[], count: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => count(a) - count(b) || a.name.localeCompare(b.name) || a.id - b.id)[0];
}

export async function myMatrix(ctx: RequestContext, query: MatrixQuery): Promise<MyMatrix> {
  const me = ctx.caller.employeeId;
  const { period, options } = await periodContext(ctx, query);
  const repo = ctx.repo(feedbackMatrixRepository);
  const [members, pairs] = await Promise.all([
    repo.members({ kind: 'mine', employeeId: me }, options.hideDemo),
    repo.pairsOf(me, options),
  ]);
  const teams = byTeam(members)
    // An inactive caller is in no row; a team counts for them only when they are one of its members.
    .filter((team) => team.members.some((m) => m.employeeId === me))
    .map((team) => {
      const teammates = team.members
        .filter((m) => m.employeeId !== me)
        .map((m) => ({
          id: m.employeeId,
          name: m.name,
          givenTo: pairs.givenTo.get(m.employeeId) ?? 0,
          receivedFrom: pairs.receivedFrom.get(m.employeeId) ?? 0,
        }));
      const expected = expectedOf(period.index, team.members.length);
      const given = teammates.reduce((sum, t) => sum + t.givenTo, 0);
      return {
        id: team.id,
        name: team.name,
        memberCount: team.members.length,
        expected,
        given,
        remaining: remainingOf(expected, given),
        teammates,
      };
    });
  const suggestions: MyMatrix['suggestions'] = [];
  const suggested = new Set<string>();
  const suggest = (
    type: SuggestionType,
    team: (typeof teams)[number],
    pick: (typeof teams)[number]['teammates'][number] | undefined,
    count: number,
  ) => {
    if (!pick || suggested.has(`${type}:${pick.id}`)) return;
    suggested.add(`${type}:${pick.id}`);
    suggestions.push({
      type,
      employee: { id: pick.id, name: pick.name },
      team: { id: team.id, name: team.name },
      count,
    });
  };
  for (const team of teams) {
    if (team.remaining > 0) {
      const pick = least(team.teammates, (t) => t.givenTo);
      suggest('GIVE_FEEDBACK', team, pick, pick?.givenTo ?? 0);
    }
  }
  for (const team of teams) {
    const pick = least(team.teammates, (t) => t.receivedFrom);
    suggest('ASK_FOR_FEEDBACK', team, pick, pick?.receivedFrom ?? 0);
  }
  return { period, teams, suggestions };
}
