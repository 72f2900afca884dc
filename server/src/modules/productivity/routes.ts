/**
 * Productivity dashboards (shared/endpoints/productivity.ts): the overview (totals and chart series), the
 * dashboard's per-employee attendance, team attendance and team WFO statistics, the teams a caller may
 * pick, and the CSV reports (./reports.ts). Scope rules in ./scope.ts (on the policy module), formulas in
 * ./figures.ts and docs/workforce.md.
 */
import { productivityEndpoints } from '../../../../shared/endpoints/productivity.js';
import { defineRoutes } from '../../http/endpoints.js';
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

export const productivityRoutes = defineRoutes(productivityEndpoints, {
  getProductivityOverview: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const scope = await dashboardScope(ctx, query.teamId);
    return overview(figures, scope.employees, scope.team);
  },

  listProductivityAttendance: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const scope = await dashboardScope(ctx, query.teamId);
    const { search, ...rest } = query;
    return attendancePage(figures, scope.employees, { ...rest, searchText: rest.searchText ?? search });
  },

  getTeamAttendanceStats: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const level = await statsLevel(ctx, query.teamId);
    if (level.level === 'members') {
      const page = sortAndPage(await memberRows(figures, level.team.id), query);
      return {
        level: 'members' as const,
        team: level.team,
        total: page.total,
        items: page.items.map((r) => ({ employee: r.employee, ...attendanceStat(r.figures) })),
      };
    }
    const page = sortAndPage(await teamRows(figures, level.teamId), query);
    return {
      level: 'teams' as const,
      total: page.total,
      items: page.items.map((r) => ({ team: r.team, memberCount: r.memberCount, ...attendanceStat(r.figures) })),
    };
  },

  getTeamWfoStats: async (ctx, { query }) => {
    const figures = await rangeContext(ctx, query);
    const required = figures.settings.wfo_required_percentage;
    const level = await statsLevel(ctx, query.teamId);
    if (level.level === 'members') {
      const page = sortAndPage(await memberRows(figures, level.team.id), query);
      return {
        level: 'members' as const,
        team: level.team,
        total: page.total,
        items: page.items.map((r) => ({ employee: r.employee, ...wfoStat(r.figures, required) })),
      };
    }
    const page = sortAndPage(await teamRows(figures, level.teamId), query);
    return {
      level: 'teams' as const,
      total: page.total,
      items: page.items.map((r) => ({ team: r.team, memberCount: r.memberCount, ...wfoStat(r.figures, required) })),
    };
  },

  listProductivityTeams: async (ctx) => ({ allTeams: seesAllTeams(ctx), items: await pickableTeams(ctx) }),

  ...reportHandlers,
});
