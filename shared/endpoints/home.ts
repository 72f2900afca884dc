/**
 * Home widgets (issue #13, docs/recognition.md "Home"): the home leaderboard, one's streak and frequency,
 * hashtags, top attributes, the employee and team rankings, and one's team's share of its target. Each over
 * the last 90 tenant-local days through today (the spec's "last three months"), no other period.
 */
import { leaderboardSchema } from '../contracts/leaderboards.js';
import {
  employeeRankingSchema,
  frequencySchema,
  hashtagListSchema,
  hashtagSearchQuerySchema,
  homePageQuerySchema,
  rankingQuerySchema,
  streakSchema,
  teamPercentageSchema,
  teamRankingSchema,
  topAttributesSchema,
} from '../contracts/home.js';
import { endpoint } from './define.js';

const COUNTED =
  'Counts the tenant’s feedback of the last 90 days except those hidden by a flag and hidden demo rows; ' +
  'people and teams as they are today, inactive people left out.';
const HASHTAGS =
  'Hashtags are the #words of feedback comments, once per act of giving; a group with a feedback hidden by ' +
  'a flag counts none. A tag shows once three different people used it, or to those who used it.';

export const homeEndpoints = {
  getHomeLeaderboard: endpoint({
    method: 'GET',
    path: '/api/home/leaderboard',
    access: 'view-feedback-overview',
    summary: 'The home leaderboard: the company board of the last 90 days, with the caller’s place',
    description: `${COUNTED} Scored and placed as the company leaderboard (docs/recognition.md “Leaderboards”).`,
    response: leaderboardSchema,
  }),
  getGivingStreak: endpoint({
    method: 'GET',
    path: '/api/home/streak',
    access: 'give-feedback',
    summary: 'The caller’s giving streak: consecutive ISO weeks with feedback given',
    description:
      'Tenant-local ISO weeks (Monday to Sunday) with at least one feedback given that no flag hides, ending ' +
      'this week, or last week while this week has none yet. One’s own only.',
    response: streakSchema,
  }),
  getGivingFrequency: endpoint({
    method: 'GET',
    path: '/api/home/frequency',
    access: 'give-feedback',
    summary: 'Feedback the caller gave per week over the last 12 weeks, against the matrix’s expectation',
    description:
      'One per recipient, as the responsibility matrix counts; the target is the matrix index of each of ' +
      'one’s teams of two or more, turned into a weekly figure. One’s own only.',
    response: frequencySchema,
  }),
  listTopHashtags: endpoint({
    method: 'GET',
    path: '/api/home/hashtags',
    access: 'view-feedback-overview',
    summary: 'The 10 hashtags used most in the last 90 days',
    description: `${COUNTED} ${HASHTAGS}`,
    response: hashtagListSchema,
  }),
  searchHashtags: endpoint({
    method: 'GET',
    path: '/api/home/hashtags/search',
    access: 'view-feedback-overview',
    summary: 'Hashtags starting with the text typed, most used first (at most 10)',
    description: `${HASHTAGS} The text may start with #; case does not matter.`,
    query: hashtagSearchQuerySchema,
    response: hashtagListSchema,
  }),
  listTopAttributes: endpoint({
    method: 'GET',
    path: '/api/home/top-attributes',
    access: 'view-feedback-overview',
    summary: 'The company’s most rated attributes of the last 90 days, pages of 20',
    description: `${COUNTED} Active attributes of active categories, by how many feedback rated them, then their average.`,
    query: homePageQuerySchema,
    response: topAttributesSchema,
  }),
  getEmployeeRanking: endpoint({
    method: 'GET',
    path: '/api/home/employee-ranking',
    access: 'view-feedback-overview',
    summary: 'People ranked by feedback given (the default) or received in the last 90 days, pages of 20',
    description:
      `${COUNTED} Ranked by counted feedback: the k-th from one giver to one receiver within 7 days weighs ` +
      '1/k. Given counts are shown to everyone; a received count only on the caller’s own row, or to HR ' +
      '(view-all-employees-feedback).',
    query: rankingQuerySchema,
    response: employeeRankingSchema,
  }),
  getTeamRanking: endpoint({
    method: 'GET',
    path: '/api/home/team-ranking',
    access: 'view-feedback-overview',
    summary: 'Teams ranked by the damped average of what their members received in the last 90 days, pages of 20',
    description: `${COUNTED} A team ranks once its members’ counted feedback reaches the tenant’s leaderboard minimum.`,
    query: homePageQuerySchema,
    response: teamRankingSchema,
  }),
  getTeamPercentageTrend: endpoint({
    method: 'GET',
    path: '/api/home/team-percentage',
    access: 'give-feedback',
    summary: 'The caller’s teams’ share of their responsibility-matrix target over the last 6 periods',
    description:
      'Per period of the matrix (week, month or quarter): each member’s feedback to teammates counted up to ' +
      'the index, over the index times the members. Every feedback no flag hides counts, whoever asks; ' +
      'a percentage, never a count.',
    response: teamPercentageSchema,
  }),
};
