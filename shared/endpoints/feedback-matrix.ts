/**
 * The responsibility matrix (issue #12, docs/feedback.md "Responsibility matrix"): the caller's own part
 * in each of their teams with suggestions, a lead's view of every member of their teams, and the
 * company-wide CSV report. Counts come from feedback the caller may read (server/src/policy/feedback.ts).
 */
import { matrixCsvSchema, matrixQuerySchema, myMatrixSchema, teamMatrixSchema } from '../contracts/feedback-matrix.js';
import { endpoint } from './define.js';

const PERIOD =
  'The period (week Monday to Sunday, month or quarter: tenant setting responsibilityMatrixPeriod) ' +
  'containing date, in the tenant’s zone. Each active member of a team of two or more is expected to give ' +
  'responsibilityMatrixIndex feedback in it to the other members; given counts feedback to them not ' +
  'hidden by a flag, among the feedback the caller may read.';

export const feedbackMatrixEndpoints = {
  getMyResponsibilityMatrix: endpoint({
    method: 'GET',
    path: '/api/feedback-matrix/mine',
    access: 'give-feedback',
    summary: 'The caller’s responsibilities: per team (by name) expected, given and remaining, and suggestions',
    description:
      `${PERIOD} Suggestions: GIVE_FEEDBACK to the teammate the caller gave least to (while some remain), ` +
      'ASK_FOR_FEEDBACK from the teammate they heard least from; each person once per type.',
    query: matrixQuerySchema,
    response: myMatrixSchema,
  }),
  getTeamResponsibilityMatrix: endpoint({
    method: 'GET',
    path: '/api/feedback-matrix/teams',
    access: 'view-responsibility-matrix',
    summary: 'The responsibility matrix of the caller’s teams: every member’s expected, given and remaining',
    description: `${PERIOD} Teams by name, members by name; totals per team.`,
    query: matrixQuerySchema,
    response: teamMatrixSchema,
  }),
  downloadResponsibilityMatrixReport: endpoint({
    method: 'GET',
    path: '/api/reports/responsibility-matrix',
    access: 'download-responsibility-matrix-report',
    summary: 'Download the company-wide responsibility matrix as CSV',
    description: `${PERIOD} One row per member of every team (teams by name), headers in the caller’s language.`,
    query: matrixQuerySchema,
    produces: 'text/csv',
    response: matrixCsvSchema,
  }),
};
