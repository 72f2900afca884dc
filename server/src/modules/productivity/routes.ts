/**
 * Productivity dashboards (shared/endpoints/productivity.ts): the overview (totals and chart series), the
 * dashboard's per-employee attendance, team attendance and team WFO statistics, the teams a caller may
 * pick, and the CSV reports (./reports.ts). Scope rules in ./scope.ts (on the policy module), formulas in
 * ./figures.ts and docs/workforce.md.
 */
import { productivityEndpoints } from '../../../../shared/endpoints/productivity.js';
import type { ListQuery } from '../../../../shared/contracts/common.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import type { Context, Figures } from './figures.js';
import { reportHandlers } from './reports.js';
import { dashboardScope, pickableTeams, seesAllTeams, statsLevel } from './scope.js';
import {
  attendancePage,
  attendanceStat,
  memberRows,
  overview,
  rangeContext,
  sortAndPage,
  teamRows,
  wfoStat,
} from './service.js';

/**
 * A page of team statistics at the level the caller sees (./scope.ts `statsLevel`): one team's members, or
 * every team with its member count; `stat` turns each row's figures into the answer's.
 */
async function teamStats<S>(
  ctx: RequestContext,
  query: ListQuery<string> & { startDate: string; endDate: string; teamId?: number | undefined },
  stat: (f: Figures, figures: Context) => S,
) {
  const figures = await rangeContext(ctx, query);
  const level = await statsLevel(ctx, query.teamId);
  if (level.level === 'members') {
    const page = sortAndPage(await memberRows(figures, level.team.id), query);
    return {
      level: 'members' as const,
      team: level.team,
      total: page.total,
      items: page.items.map((r) => ({ employee: r.employee, ...stat(r.figures, figures) })),
    };
  }
  const page = sortAndPage(await teamRows(figures, level.teamId), query);
  return {
    level: 'teams' as const,
    total: page.total,
    items: page.items.map((r) => ({ team: r.team, memberCount: r.memberCount, ...stat(r.figures, figures) })),
  };
}

export const productivityRoutes = defineRoutes(productivityEndpoints, {
  getProductivityOverview: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const scope = await dashboardScope(ctx, query.teamId);
    return overview(figures, scope.employees, scope.team, { wholeCompany: scope.wholeCompany });
  },

  listProductivityAttendance: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const scope = await dashboardScope(ctx, query.teamId);
    const { search, ...rest } = query;
    return attendancePage(figures, scope.employees, { ...rest, searchText: rest.searchText ?? search });
  },

  getTeamAttendanceStats: (ctx, { query }) => teamStats(ctx, query, attendanceStat),

  getTeamWfoStats: (ctx, { query }) =>
    teamStats(ctx, query, (f, figures) => wfoStat(f, figures.settings.wfo_required_percentage)),

  listProductivityTeams: async (ctx) => ({ allTeams: seesAllTeams(ctx), items: await pickableTeams(ctx) }),

  ...reportHandlers,
});
