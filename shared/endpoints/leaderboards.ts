/**
 * Leaderboards (issue #13, docs/recognition.md "Leaderboards"): the company, a category, an attribute and a
 * team ranked by received feedback in a tenant-local period, with the anti-gaming weights; the caller's
 * own place explained; reciprocal rings for HR; and the choices the boards offer.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  explainQuerySchema,
  explanationSchema,
  leaderboardChoicesSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  ringsSchema,
} from '../contracts/leaderboards.js';
import { endpoint } from './define.js';

const RULE =
  'Counts every received feedback of the tenant in the period (tenant-local days, default the last 90, at ' +
  'most 731; a custom period is HR’s, everyone else asks the last 30 days, 90 days or year) except those hidden by a flag and hidden demo rows; the k-th from the same giver to the same ' +
  'receiver within 7 days weighs 1/k; the score is shrunk towards the board’s mean (prior weight 5 rated ' +
  'values) and only people with the tenant’s minimum of counted feedback rank (gamificationThreshold high 5, ' +
  'low 2). Shows names, places and scores, never a feedback’s contents; counts only on the caller’s own ' +
  'row (HR: everyone’s); `me` is the caller’s own place.';

/**
 * Every board: those who see the overview, and HR, who read every feedback anyway. A team board is further
 * limited to the team's members (leads included), or HR for any team.
 */
const BOARD_ACCESS = ['view-feedback-overview', 'view-all-employees-feedback'] as const;

export const leaderboardEndpoints = {
  getCompanyLeaderboard: endpoint({
    method: 'GET',
    path: '/api/leaderboards/company',
    access: BOARD_ACCESS,
    summary: 'The company leaderboard: everyone ranked by received feedback in a period',
    description: RULE,
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  getCategoryLeaderboard: endpoint({
    method: 'GET',
    path: '/api/leaderboards/categories/:id',
    access: BOARD_ACCESS,
    summary: 'A category’s leaderboard: ranked by the ratings on the category and its attributes',
    description: RULE,
    params: idParamsSchema,
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  getAttributeLeaderboard: endpoint({
    method: 'GET',
    path: '/api/leaderboards/attributes/:id',
    access: BOARD_ACCESS,
    summary: 'An attribute’s leaderboard: ranked by the ratings on the attribute',
    description: RULE,
    params: idParamsSchema,
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  getTeamLeaderboard: endpoint({
    method: 'GET',
    path: '/api/leaderboards/teams/:id',
    access: BOARD_ACCESS,
    summary: 'A team’s leaderboard: its members ranked by received feedback',
    description: `${RULE} Open to the team’s members with view-feedback-overview, and to HR (view-all-employees-feedback) for any team; 403 otherwise.`,
    params: idParamsSchema,
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  explainLeaderboardPlace: endpoint({
    method: 'GET',
    path: '/api/leaderboards/explain',
    access: BOARD_ACCESS,
    summary: 'Why the caller is where they are on a board: the sums, the formula’s figures and each counted feedback',
    description:
      'The caller’s own received feedback on the board, each with its repeat weight; who gave it and its ' +
      'average only where the caller may read that feedback (docs/feedback.md “Who sees a feedback”).',
    query: explainQuerySchema,
    response: explanationSchema,
  }),
  listReciprocalRings: endpoint({
    method: 'GET',
    path: '/api/leaderboards/rings',
    access: 'view-all-employees-feedback',
    summary: 'Pairs who rate each other far above what they get from others (anti-gaming review)',
    description:
      'Pairs who each gave the other at least 3 feedback in the period and rated the other at least 0.75 ' +
      'above the average the other receives from everyone else.',
    query: leaderboardQuerySchema,
    response: ringsSchema,
  }),
  getLeaderboardChoices: endpoint({
    method: 'GET',
    path: '/api/leaderboards/choices',
    access: BOARD_ACCESS,
    summary: 'The active categories and attributes, and the teams whose board the caller may open',
    response: leaderboardChoicesSchema,
  }),
};
