/**
 * Leaderboards (shared/endpoints/leaderboards.ts, docs/recognition.md "Leaderboards"). A route decides the
 * board (a category, attribute or team of the tenant; a team only for its members or HR) and the
 * tenant-local period; the repository sums each board in one query; shared/leaderboards.ts scores and
 * places. A board answers names, places and scores; the explanation names a giver and an average only for
 * the feedback the caller may read.
 */
import { leaderboardEndpoints } from '../../../../shared/endpoints/leaderboards.js';
import { daysIn, OVERVIEW_DEFAULT_DAYS, OVERVIEW_MAX_DAYS } from '../../../../shared/feedback-overview.js';
import { todayIn, validateDateRange } from '../../../../shared/date-range.js';
import type { Leaderboard, LeaderboardExplanation } from '../../../../shared/contracts/leaderboards.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import {
  findRings,
  isLeaderboardPreset,
  minimumCounted,
  PRIOR_WEIGHT,
  rankBoard,
  REPEAT_WINDOW_DAYS,
  repeatWeight,
  RING_MIN_FEEDBACK,
  RING_MIN_GAP,
  round2,
  boardMean,
  type LeaderboardKind,
  type ReceiverSums,
} from '../../../../shared/leaderboards.js';
import { averageOf } from '../../../../shared/feedback-overview.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';
import { mayReadFeedback } from '../../policy/feedback.js';
import { holds } from '../../policy/scope.js';
import { leaderboardRepository, type BoardScope } from './repository.js';

/** Whether the caller reads every feedback (HR): they may ask any period and see everyone's counts. */
const readsAll = (ctx: RequestContext) => holds('feedback', 'all', ctx.caller.permissions);

/**
 * The tenant's settings a board reads, and the period asked (default the last 90 days through today).
 * Anyone but HR asks one of the presets ending today (shared/leaderboards.ts `LEADERBOARD_PRESETS`).
 */
async function periodOf(ctx: RequestContext, query: { from?: string | undefined; to?: string | undefined }) {
  const settings = await ctx.settings();
  const timeZone = settings.tenant_timezone;
  const today = todayIn(timeZone, ctx.now());
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(OVERVIEW_DEFAULT_DAYS - 1));
  const problems = validateDateRange({ from, to }, today);
  const issues = Object.entries(problems).map(([field, message]) => ({ path: `querystring.${field}`, message }));
  if (issues.length === 0 && daysIn(from, to) > OVERVIEW_MAX_DAYS) {
    issues.push({ path: 'querystring.from', message: V.rangeTwoYears });
  }
  if (issues.length === 0 && !readsAll(ctx) && !isLeaderboardPreset({ from, to }, today)) {
    issues.push({
      path: query.to !== undefined && query.to !== today ? 'querystring.to' : 'querystring.from',
      message: V.leaderboardPreset,
    });
  }
  if (issues.length > 0) throw errors.validation(issues);
  const at = (day: string) => startOfLocalDay(day, timeZone).toISOString();
  return {
    from,
    to,
    span: { from: at(from), to: at(addDays(to, 1)) },
    options: { engine: ctx.deps.engine, hideDemo: settings.isDemoDataDisabled },
    positions: settings.leaderboardPositions,
    minimum: minimumCounted(settings.gamificationThreshold),
  };
}

/** The board asked for, checked: another tenant's (or no) category, attribute or team is 404. */
async function boardOf(ctx: RequestContext, kind: LeaderboardKind, id: number | undefined) {
  const repo = ctx.repo(leaderboardRepository);
  if (kind === 'company') return { scope: { kind } as BoardScope, board: { kind, id: null, name: null } };
  if (id === undefined) throw errors.validation([{ path: 'querystring.id', message: `Choose the ${kind}` }]);
  const row = await repo.named(kind, id);
  if (!row) {
    throw errors.notFound(
      kind === 'category'
        ? 'feedbackCategoryNotFound'
        : kind === 'attribute'
          ? 'feedbackAttributeNotFound'
          : 'teamNotFound',
    );
  }
  if (kind === 'team') {
    // A team's board is its members' (leads are members) or HR's: a colleague elsewhere sees the company's.
    const member = await ctx.repo(policyRepository).isMember(ctx.caller.employeeId, id);
    if (!member && !readsAll(ctx)) throw errors.forbidden('view-all-employees-feedback');
    if (member && !ctx.caller.permissions.has('view-feedback-overview') && !readsAll(ctx))
      throw errors.forbidden('view-feedback-overview');
  }
  return { scope: { kind, id } as BoardScope, board: { kind, id: row.id, name: row.name } };
}

/**
 * A board's answer from its receivers' sums: the places shown, and the caller's own place when they can be
 * on it; other people's counts only for HR (`readsAll`). Also the home leaderboard's (server/src/modules/home/).
 */
export function boardAnswer(
  rows: readonly ReceiverSums[],
  period: { from: string; to: string; positions: number; minimum: number },
  board: Leaderboard['board'],
  self: number | null,
  readsAll: boolean,
): Leaderboard {
  const { mean, ranked } = rankBoard(rows, period.minimum);
  const mine = rows.find((r) => r.employeeId === self);
  const placed = ranked.find((r) => r.employeeId === self);
  // How much someone else's place rests on is HR's to see: exact counts, compared over time, tell who
  // received feedback when. Everyone sees their own.
  const countsShown = (employeeId: number) => employeeId === self || readsAll;
  return {
    board,
    from: period.from,
    to: period.to,
    positions: period.positions,
    minimum: period.minimum,
    mean: mean === null ? null : round2(mean),
    rankedCount: ranked.length,
    entries: ranked.slice(0, period.positions).map((r) => ({
      rank: r.rank,
      employee: { id: r.employeeId, name: r.name },
      score: round2(r.score),
      counted: countsShown(r.employeeId) ? round2(r.counted) : null,
      feedbackCount: countsShown(r.employeeId) ? r.feedbackCount : null,
    })),
    me:
      self === null
        ? null
        : {
            rank: placed?.rank ?? null,
            score: placed ? round2(placed.score) : null,
            counted: round2(mine?.counted ?? 0),
            feedbackCount: mine?.feedbackCount ?? 0,
          },
  };
}

async function leaderboard(
  ctx: RequestContext,
  kind: LeaderboardKind,
  id: number | undefined,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Leaderboard> {
  const { scope, board } = await boardOf(ctx, kind, id);
  const period = await periodOf(ctx, query);
  const rows = await ctx.repo(leaderboardRepository).board(scope, period.span, period.options);
  const self = ctx.caller.employeeId;
  const canBeHere = kind !== 'team' || (await ctx.repo(policyRepository).isMember(self, id!));
  return boardAnswer(rows, period, board, canBeHere ? self : null, readsAll(ctx));
}

export const leaderboardRoutes = defineRoutes(leaderboardEndpoints, {
  getCompanyLeaderboard: (ctx, { query }) => leaderboard(ctx, 'company', undefined, query),
  getCategoryLeaderboard: (ctx, { params, query }) => leaderboard(ctx, 'category', params.id, query),
  getAttributeLeaderboard: (ctx, { params, query }) => leaderboard(ctx, 'attribute', params.id, query),
  getTeamLeaderboard: (ctx, { params, query }) => leaderboard(ctx, 'team', params.id, query),

  explainLeaderboardPlace: async (ctx, { query }): Promise<LeaderboardExplanation> => {
    const { scope, board } = await boardOf(ctx, query.board, query.id);
    const period = await periodOf(ctx, query);
    const repo = ctx.repo(leaderboardRepository);
    const self = ctx.caller.employeeId;
    const [rows, feedback] = await Promise.all([
      repo.board(scope, period.span, period.options),
      repo.receiverFeedback(scope, period.span, period.options, self),
    ]);
    const { ranked } = rankBoard(rows, period.minimum);
    const mean = boardMean(rows);
    const placed = ranked.find((r) => r.employeeId === self);
    const mine = rows.find((r) => r.employeeId === self);
    const ahead = placed && placed.rank > 1 ? ranked[placed.rank - 2] : undefined;
    return {
      board,
      from: period.from,
      to: period.to,
      rank: placed?.rank ?? null,
      rankedCount: ranked.length,
      score: placed ? round2(placed.score) : null,
      aheadScore: ahead ? round2(ahead.score) : null,
      mean: mean === null ? null : round2(mean),
      priorWeight: PRIOR_WEIGHT,
      minimum: period.minimum,
      windowDays: REPEAT_WINDOW_DAYS,
      weightedSum: round2(mine?.weightedSum ?? 0),
      weightedCount: round2(mine?.weightedCount ?? 0),
      counted: round2(mine?.counted ?? 0),
      feedbackCount: mine?.feedbackCount ?? 0,
      entries: feedback.map((f) => {
        // The caller is the receiver: the ordinary rule decides whether they may read it (a feedback hidden
        // by a flag is never counted, so never listed).
        const visible = mayReadFeedback(ctx.caller, {
          giverId: f.giverId,
          receiverId: self,
          flagStatus: f.flagStatus,
          sharesTeamWithReceiver: false,
        });
        return {
          createdAt: f.createdAt,
          repeat: f.k,
          weight: round2(repeatWeight(f.k)),
          ratedCount: f.n,
          visible,
          feedbackId: visible ? f.id : null,
          giver: visible ? { id: f.giverId, name: f.giverName } : null,
          average: visible ? averageOf(f.s, f.n) : null,
        };
      }),
    };
  },

  listReciprocalRings: async (ctx, { query }) => {
    const period = await periodOf(ctx, query);
    const repo = ctx.repo(leaderboardRepository);
    const pairs = await repo.pairs(period.span, period.options);
    let sum = 0;
    let count = 0;
    for (const p of pairs) {
      sum += p.sum;
      count += p.count;
    }
    const rings = findRings(pairs, count > 0 ? sum / count : null);
    const people = await repo.people(rings.flatMap((r) => [r.a, r.b]));
    const person = (id: number) => ({ id, name: people.get(id)?.name ?? '' });
    return {
      from: period.from,
      to: period.to,
      minFeedback: RING_MIN_FEEDBACK,
      minGap: RING_MIN_GAP,
      rings: rings.map((r) => ({ ...r, a: person(r.a), b: person(r.b) })),
    };
  },

  getLeaderboardChoices: async (ctx) => {
    const hideDemo = (await ctx.settings()).isDemoDataDisabled;
    return ctx.repo(leaderboardRepository).choices(ctx.caller.employeeId, readsAll(ctx), hideDemo);
  },
});
