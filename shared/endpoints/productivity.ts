/**
 * Productivity dashboards (the overview, the per-employee attendance, team statistics, the teams to pick)
 * and the CSV reports. Who sees which employees is the policy module's 'productivity' family: every team
 * with view-productivity-all-teams, else the caller's own teams. The reports cover the whole tenant, each
 * behind its own download permission.
 */
import {
  csvResponseSchema,
  productivityAttendanceQuerySchema,
  productivityAttendanceResponseSchema,
  productivityOverviewQuerySchema,
  productivityOverviewSchema,
  productivityTeamsSchema,
  reportQuerySchema,
  REPORTS,
  teamAttendanceStatsSchema,
  teamStatsQuerySchema,
  teamWfoStatsSchema,
  type ReportName,
} from '../contracts/productivity.js';
import { endpoint } from './define.js';

const TEAM_STATS_ACCESS = ['view-productivity-dashboard', 'view-team-attendance', 'view-all-attendance'] as const;

const STATS_DESCRIPTION =
  'With the teamId of a team the caller belongs to (or any team with view-all-attendance or ' +
  'view-productivity-all-teams): one row per active member, level "members". Otherwise one row per ' +
  'team (the given one, or every team of the company), level "teams". Pages of 50.';

/** One CSV report: GET /api/reports/<name>, behind the report's own permission. */
function report<const N extends ReportName>(name: N, description: string) {
  return endpoint({
    method: 'GET',
    path: `/api/reports/${name}`,
    access: REPORTS[name].permission,
    summary: `Download the ${REPORTS[name].title.toLowerCase()} as CSV`,
    description:
      `${description} Column headers, total rows, yes/no, leave statuses and kinds are in the caller’s ` +
      'language (their own choice, else Accept-Language, else the company’s default_language); numbers, ' +
      'dates and instants stay in exchange formats.',
    query: reportQuerySchema,
    produces: 'text/csv',
    response: csvResponseSchema,
  });
}

export const productivityEndpoints = {
  getProductivityOverview: endpoint({
    method: 'GET',
    path: '/api/productivity/overview',
    access: 'view-productivity-dashboard',
    summary: 'Productivity overview: hours worked against expected, WFO against required, attendance rate',
    description:
      'Totals over the range and a series for charts: per day up to 92 days, per week (Monday to Sunday) ' +
      'beyond. Without teamId: every active employee with view-productivity-all-teams, else the ' +
      'members of the caller’s teams. A teamId outside the caller’s teams needs view-productivity-all-teams.',
    query: productivityOverviewQuerySchema,
    response: productivityOverviewSchema,
  }),
  listProductivityAttendance: endpoint({
    method: 'GET',
    path: '/api/productivity/attendance',
    access: 'view-productivity-dashboard',
    summary: 'Productivity dashboard attendance: per employee, pages of 10, searchable',
    description:
      'Working, present, leave and absent days, hours worked against expected and WFO days against ' +
      'wfo_required_percentage for each active employee in scope (same scope as the overview). ' +
      'searchText matches name, e-mail or employee ID.',
    query: productivityAttendanceQuerySchema,
    response: productivityAttendanceResponseSchema,
  }),
  getTeamAttendanceStats: endpoint({
    method: 'GET',
    path: '/api/productivity/team-attendance-stats',
    access: TEAM_STATS_ACCESS,
    summary: 'Team attendance statistics: per member for one’s own team, per team otherwise',
    description: STATS_DESCRIPTION,
    query: teamStatsQuerySchema,
    response: teamAttendanceStatsSchema,
  }),
  getTeamWfoStats: endpoint({
    method: 'GET',
    path: '/api/productivity/team-wfo-stats',
    access: TEAM_STATS_ACCESS,
    summary: 'Team work-from-office statistics: per member for one’s own team, per team otherwise',
    description: STATS_DESCRIPTION,
    query: teamStatsQuerySchema,
    response: teamWfoStatsSchema,
  }),
  listProductivityTeams: endpoint({
    method: 'GET',
    path: '/api/productivity/teams',
    access: 'view-productivity-dashboard',
    summary: 'Teams the caller may pick on the productivity dashboard',
    description: 'Every team with view-productivity-all-teams, else the teams the caller belongs to.',
    response: productivityTeamsSchema,
  }),

  downloadCompanySummary: report(
    'company-summary',
    'One row per team and a total row: employees, working/present/leave/absent days, attendance %, hours ' +
      'worked against expected, WFO days and % against the required percentage. teamId limits it to one team.',
  ),
  downloadEmployeeSummary: report(
    'employee-summary',
    'One row per active employee (or of one team, or one employee) with the dashboard’s figures.',
  ),
  downloadLeaveReport: report(
    'leave-report',
    'Every leave request (any status) overlapping the range, with type, dates, working days, status and reason.',
  ),
};
