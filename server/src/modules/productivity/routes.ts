/**
 * Productivity dashboards: the overview (totals and chart series), the dashboard's per-employee
 * attendance, team attendance and team WFO statistics, and the teams a caller may pick. Scope rules in
 * ./scope.ts, formulas in ./figures.ts and docs/workforce.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productivityAttendanceQuerySchema,
  productivityAttendanceResponseSchema,
  productivityOverviewQuerySchema,
  productivityOverviewSchema,
  productivityTeamsSchema,
  teamAttendanceStatsSchema,
  teamStatsQuerySchema,
  teamWfoStatsSchema,
  validateProductivityRange,
} from '../../../../shared/contracts/productivity.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { caller, type AuthContext } from '../../http/access.js';
import { errors, type FieldIssue } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { context, type Context } from './figures.js';
import { dashboardScope, pickableTeams, seesAllTeams, statsLevel } from './scope.js';
import { attendancePage, attendanceStat, memberRows, overview, sortAndPage, teamRows, wfoStat } from './service.js';

/**
 * The figures' context for a range, after the range rule (shared with the renderer): real days, not
 * after the tenant's today, From not after To, at most two years.
 */
export async function rangeContext(
  deps: Deps,
  who: AuthContext,
  range: { startDate: string; endDate: string },
): Promise<Context> {
  const settings = await readSettings(deps.db, who.tenantId);
  const today = localDate(deps.now(), settings.tenant_timezone);
  const problems = validateProductivityRange({ from: range.startDate, to: range.endDate }, today);
  const issues: FieldIssue[] = [];
  if (problems.from) issues.push({ path: 'querystring.startDate', message: problems.from });
  if (problems.to) issues.push({ path: 'querystring.endDate', message: problems.to });
  if (issues.length > 0) throw errors.validation(issues);
  return context(deps, who.tenantId, settings, range.startDate, range.endDate);
}

const TEAM_STATS_ACCESS = ['view-productivity-dashboard', 'view-team-attendance', 'view-all-attendance'] as const;

export function productivityRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/productivity/overview',
      {
        config: { access: 'view-productivity-dashboard' },
        schema: {
          summary: 'Productivity overview: hours worked against expected, WFO against required, attendance rate',
          description:
            'Totals over the range and a series for charts: per day up to 92 days, per week (Monday to Sunday) ' +
            'beyond. Without teamId: every active employee with view-productivity-all-teams, else the ' +
            'members of the caller’s teams. A teamId outside the caller’s teams needs view-productivity-all-teams.',
          querystring: productivityOverviewQuerySchema,
          response: responses({ 200: productivityOverviewSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const ctx = await rangeContext(deps, who, request.query);
        const scope = await dashboardScope(deps, who, request.query.teamId);
        return overview(ctx, scope.employees, scope.team);
      },
    );

    app.get(
      '/api/productivity/attendance',
      {
        config: { access: 'view-productivity-dashboard' },
        schema: {
          summary: 'Productivity dashboard attendance: per employee, pages of 10, searchable',
          description:
            'Working, present, leave and absent days, hours worked against expected and WFO days against ' +
            'wfo_required_percentage for each active employee in scope (same scope as the overview). ' +
            'searchText matches name, e-mail or employee ID.',
          querystring: productivityAttendanceQuerySchema,
          response: responses({ 200: productivityAttendanceResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const ctx = await rangeContext(deps, who, request.query);
        const scope = await dashboardScope(deps, who, request.query.teamId);
        const { search, ...query } = request.query;
        return attendancePage(ctx, scope.employees, { ...query, searchText: query.searchText ?? search });
      },
    );

    const statsDescription =
      'With the teamId of a team the caller belongs to (or any team with view-all-attendance or ' +
      'view-productivity-all-teams): one row per active member, level "members". Otherwise one row per ' +
      'team (the given one, or every team of the company), level "teams". Pages of 50.';

    app.get(
      '/api/productivity/team-attendance-stats',
      {
        config: { access: TEAM_STATS_ACCESS },
        schema: {
          summary: 'Team attendance statistics: per member for one’s own team, per team otherwise',
          description: statsDescription,
          querystring: teamStatsQuerySchema,
          response: responses({ 200: teamAttendanceStatsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const ctx = await rangeContext(deps, who, request.query);
        const level = await statsLevel(deps, who, request.query.teamId);
        if (level.level === 'members') {
          const page = sortAndPage(await memberRows(ctx, level.team.id), request.query);
          return {
            level: 'members' as const,
            team: level.team,
            total: page.total,
            items: page.items.map((r) => ({ employee: r.employee, ...attendanceStat(r.figures) })),
          };
        }
        const page = sortAndPage(await teamRows(ctx, level.teamId), request.query);
        return {
          level: 'teams' as const,
          total: page.total,
          items: page.items.map((r) => ({ team: r.team, memberCount: r.memberCount, ...attendanceStat(r.figures) })),
        };
      },
    );

    app.get(
      '/api/productivity/team-wfo-stats',
      {
        config: { access: TEAM_STATS_ACCESS },
        schema: {
          summary: 'Team work-from-office statistics: per member for one’s own team, per team otherwise',
          description: statsDescription,
          querystring: teamStatsQuerySchema,
          response: responses({ 200: teamWfoStatsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const ctx = await rangeContext(deps, who, request.query);
        const required = ctx.settings.wfo_required_percentage;
        const level = await statsLevel(deps, who, request.query.teamId);
        if (level.level === 'members') {
          const page = sortAndPage(await memberRows(ctx, level.team.id), request.query);
          return {
            level: 'members' as const,
            team: level.team,
            total: page.total,
            items: page.items.map((r) => ({ employee: r.employee, ...wfoStat(r.figures, required) })),
          };
        }
        const page = sortAndPage(await teamRows(ctx, level.teamId), request.query);
        return {
          level: 'teams' as const,
          total: page.total,
          items: page.items.map((r) => ({
            team: r.team,
            memberCount: r.memberCount,
            ...wfoStat(r.figures, required),
          })),
        };
      },
    );

    app.get(
      '/api/productivity/teams',
      {
        config: { access: 'view-productivity-dashboard' },
        schema: {
          summary: 'Teams the caller may pick on the productivity dashboard',
          description: 'Every team with view-productivity-all-teams, else the teams the caller belongs to.',
          response: responses({ 200: productivityTeamsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        return { allTeams: seesAllTeams(who), items: await pickableTeams(deps, who) };
      },
    );
  };
}
