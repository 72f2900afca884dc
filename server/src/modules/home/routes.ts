/** Home widgets (shared/endpoints/home.ts, docs/recognition.md "Home"); the figures come from ./service.ts. */
import { homeEndpoints } from '../../../../shared/endpoints/home.js';
import { defineRoutes } from '../../http/endpoints.js';
import {
  employeeRanking,
  givingFrequency,
  givingStreak,
  homeLeaderboard,
  searchHashtags,
  teamPercentage,
  teamRanking,
  topAttributes,
  topHashtags,
} from './service.js';

export const homeRoutes = defineRoutes(homeEndpoints, {
  getHomeLeaderboard: (ctx) => homeLeaderboard(ctx),
  getGivingStreak: (ctx) => givingStreak(ctx),
  getGivingFrequency: (ctx) => givingFrequency(ctx),
  listTopHashtags: (ctx) => topHashtags(ctx),
  searchHashtags: (ctx, { query }) => searchHashtags(ctx, query.q),
  listTopAttributes: (ctx, { query }) => topAttributes(ctx, query.page),
  getEmployeeRanking: (ctx, { query }) => employeeRanking(ctx, query.type, query.page),
  getTeamRanking: (ctx, { query }) => teamRanking(ctx, query.page),
  getTeamPercentageTrend: (ctx) => teamPercentage(ctx),
});
