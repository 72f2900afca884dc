/**
 * The feedback Overview (issue #12, docs/feedback.md "Overview"): figures, trends, categories and
 * attributes of one employee's received feedback (default the caller; another needs the `feedback`
 * family's reach), of one team's or one function's active members, or of the caller's teams, in a
 * tenant-local range (default the last 90 days). Every figure is an aggregate over the rows the visibility
 * rule lets the caller read.
 */
import {
  attributeOverviewSchema,
  categoryOverviewSchema,
  overviewPeopleQuerySchema,
  overviewPeopleSchema,
  overviewQuerySchema,
  overviewSchema,
  trendQuerySchema,
  trendSchema,
} from '../contracts/feedback-overview.js';
import { idParamsSchema } from '../contracts/common.js';
import { endpoint } from './define.js';

/** One's own overview, or a teammate's (leads), or anyone's (HR). */
const OVERVIEW_ACCESS = ['view-feedback-overview', 'view-team-member-dropdown', 'view-all-employees-feedback'] as const;

const SUBJECT =
  'For at most one of: employeeId (default the caller: view-feedback-overview; another: a lead of theirs or ' +
  'HR); teamId, the team’s active members (a team of the caller’s with view-team-member-dropdown, any with ' +
  'view-all-employees-feedback; another is 403); functionId, the function’s active members ' +
  '(view-all-employees-feedback and view-functions, a function in the caller’s Function Setup scope); or ' +
  'team=true, the members of the caller’s teams. Two of them are a 400 naming the second; another ' +
  'tenant’s employee, team or function is 404. Only feedback the caller may read counts; hidden demo rows ' +
  'never do.';

export const feedbackOverviewEndpoints = {
  getFeedbackOverview: endpoint({
    method: 'GET',
    path: '/api/feedback/overview',
    access: OVERVIEW_ACCESS,
    summary: 'Overall rating, its trend, counts per week, category and attribute averages in a date range',
    description:
      `${SUBJECT} The range is tenant-local days (default the last 90, at most 731); the trend compares ` +
      'with the equal period just before it.',
    query: overviewQuerySchema,
    response: overviewSchema,
  }),
  getFeedbackTrend: endpoint({
    method: 'GET',
    path: '/api/feedback/overview/trend',
    access: OVERVIEW_ACCESS,
    summary: 'The average rating per month over the last six months, optionally of one category or attribute',
    description: SUBJECT,
    query: trendQuerySchema,
    response: trendSchema,
  }),
  getCategoryOverview: endpoint({
    method: 'GET',
    path: '/api/feedback/overview/categories/:id',
    access: OVERVIEW_ACCESS,
    summary: 'One category’s average and its attributes’ averages in a date range',
    description: SUBJECT,
    params: idParamsSchema,
    query: overviewQuerySchema,
    response: categoryOverviewSchema,
  }),
  getAttributeOverview: endpoint({
    method: 'GET',
    path: '/api/feedback/overview/attributes/:id',
    access: OVERVIEW_ACCESS,
    summary: 'One attribute’s average in a date range, its six-month trend and the newest feedback on it',
    description: SUBJECT,
    params: idParamsSchema,
    query: overviewQuerySchema,
    response: attributeOverviewSchema,
  }),
  listOverviewPeople: endpoint({
    method: 'GET',
    path: '/api/feedback/overview/people',
    access: ['view-team-member-dropdown', 'view-employee-dropdown', 'view-all-employees-feedback'],
    summary: 'Whose overview the caller may open: Team Members, Employees, Teams and Functions, each by its permission',
    description:
      'Team Members (view-team-member-dropdown): active members of the caller’s teams. Employees ' +
      '(view-employee-dropdown with view-all-employees-feedback): every active employee. Teams: the ' +
      'caller’s teams (view-team-member-dropdown), every team (view-all-employees-feedback). Functions ' +
      '(view-all-employees-feedback with view-functions): active functions, every one with ' +
      'view-all-functions, else those the caller belongs to. A group the caller may not pick from is null; ' +
      'the first 50 of each by name, matching searchText.',
    query: overviewPeopleQuerySchema,
    response: overviewPeopleSchema,
  }),
};
