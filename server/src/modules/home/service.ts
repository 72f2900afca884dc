/**
 * The Home widgets (docs/recognition.md "Home"), each built from the window's sums (./snapshot.ts) or, for
 * one's own streak, frequency and team percentage, from one's own rows and the responsibility matrix
 * (server/src/modules/feedback-matrix/). Who sees which figure is decided here: places and names for
 * everyone, someone else's received count for HR only, a rare hashtag for those who used it only.
 */
import type {
  EmployeeRanking,
  GivingFrequency,
  GivingStreak,
  HashtagList,
  TeamPercentageTrend,
  TeamRanking,
  TopAttributes,
} from '../../../../shared/contracts/home.js';
import type { Leaderboard } from '../../../../shared/contracts/leaderboards.js';
import { todayIn } from '../../../../shared/date-range.js';
import { expectedOf, shiftPeriod } from '../../../../shared/feedback-matrix.js';
import {
  achievedPercent,
  FREQUENCY_WEEKS,
  HASHTAG_LIST_SIZE,
  HASHTAG_MIN_GIVERS,
  hashtagSearchText,
  HOME_PAGE_SIZE,
  rankBy,
  streakOf,
  TREND_PERIODS,
  weeklyTarget,
  weekStartOf,
  type RankingType,
} from '../../../../shared/home.js';
import { boardMean, dampedScore, minimumCounted, round2 } from '../../../../shared/leaderboards.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { pageSlice } from '../../http/list.js';
import { holds } from '../../policy/scope.js';
import { feedbackMatrixRepository } from '../feedback-matrix/repository.js';
import { teamRows } from '../feedback-matrix/service.js';
import { boardAnswer } from '../leaderboards/routes.js';
import { homeRepository } from './repository.js';
import { homeSums, snapshotVersion, type HomeSums } from './snapshot.js';

const page = (n: number) => ({ page: n, pageSize: HOME_PAGE_SIZE });

/**
 * What a ranking derives from one array of sums, kept while that array is the same one (./snapshot.ts
 * answers the same array until something new is given): ordering 2,000 people by name on every request
 * cost more than the rest of the request.
 */
const derived = new WeakMap<object, Map<string, unknown>>();
function memo<T>(source: object, key: string, make: () => T): T {
  let byKey = derived.get(source);
  if (!byKey) derived.set(source, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key) as T;
}

export async function homeLeaderboard(ctx: RequestContext): Promise<Leaderboard> {
  const sums = await homeSums(ctx, ['received']);
  const { window } = sums;
  return boardAnswer(
    sums.received,
    {
      from: window.from,
      to: window.to,
      positions: window.settings.leaderboardPositions,
      minimum: minimumCounted(window.settings.gamificationThreshold),
    },
    { kind: 'company', id: null, name: null },
    ctx.caller.employeeId,
    holds('feedback', 'all', ctx.caller.permissions),
  );
}

/**
 * Feedback the caller gave per ISO week back from this one (0), from the newest: the weeks the frequency
 * shows and, further back, until the streak breaks (a week after the first that has none).
 */
async function givenByWeek(ctx: RequestContext, weeksNeeded: number) {
  const settings = await ctx.settings();
  const zone = settings.tenant_timezone;
  const today = todayIn(zone, ctx.now());
  const monday = weekStartOf(today);
  const times = await ctx.repo(homeRepository).givenTimes(ctx.caller.employeeId, settings.isDemoDataDisabled);
  const weekOf = (w: number) => addDays(monday, -7 * w);
  // Each boundary is one conversion of a local Monday to an instant: compare the stored ISO strings to it.
  const boundary = (w: number) => startOfLocalDay(weekOf(w), zone).toISOString();
  const counts = new Map<number, number>();
  let w = 0;
  let start = boundary(0);
  let streakOver = false;
  walk: for (const at of times) {
    while (at < start) {
      if (w >= 1 && !counts.has(w)) streakOver = true;
      w += 1;
      if (streakOver && w >= weeksNeeded) break walk;
      start = boundary(w);
    }
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return { today, monday, counts, weekOf };
}

export async function givingStreak(ctx: RequestContext): Promise<GivingStreak> {
  const { today, monday, counts, weekOf } = await givenByWeek(ctx, 0);
  const { weeks, thisWeek } = streakOf(
    [...counts.keys()].map((w) => weekOf(w)),
    today,
  );
  return { weeks, thisWeek, weekStart: monday };
}

/** What the matrix expects of the caller in one period: the index in each of their teams (shared/feedback-matrix.ts). */
async function expectedPerPeriod(ctx: RequestContext): Promise<number> {
  const settings = await ctx.settings();
  const self = ctx.caller.employeeId;
  const members = await ctx
    .repo(feedbackMatrixRepository)
    .members({ kind: 'mine', employeeId: self }, settings.isDemoDataDisabled);
  const sizes = new Map<number, number>();
  for (const m of members) sizes.set(m.teamId, (sizes.get(m.teamId) ?? 0) + 1);
  const mine = new Set(members.filter((m) => m.employeeId === self).map((m) => m.teamId));
  return [...mine].reduce((sum, teamId) => sum + expectedOf(settings.responsibilityMatrixIndex, sizes.get(teamId)!), 0);
}

export async function givingFrequency(ctx: RequestContext): Promise<GivingFrequency> {
  const [{ counts, weekOf }, perPeriod, settings] = await Promise.all([
    givenByWeek(ctx, FREQUENCY_WEEKS),
    expectedPerPeriod(ctx),
    ctx.settings(),
  ]);
  const weeks = Array.from({ length: FREQUENCY_WEEKS }, (_, i) => {
    const w = FREQUENCY_WEEKS - 1 - i;
    return { weekStart: weekOf(w), given: counts.get(w) ?? 0 };
  });
  const period = settings.responsibilityMatrixPeriod;
  return {
    weeks,
    average: round2(weeks.reduce((sum, week) => sum + week.given, 0) / FREQUENCY_WEEKS),
    target: perPeriod > 0 ? weeklyTarget(perPeriod, period) : null,
    period,
    perPeriod,
  };
}

/** The tags the caller may see (used by three people or more, or by them), most used first. */
function visibleTags(ctx: RequestContext, sums: HomeSums, prefix = ''): HashtagList {
  const self = ctx.caller.employeeId;
  const items = sums.hashtags
    .filter((h) => h.tag.startsWith(prefix))
    .filter((h) => h.givers >= HASHTAG_MIN_GIVERS || h.giverIds.includes(self))
    .sort((a, b) => b.uses - a.uses || a.tag.localeCompare(b.tag))
    .slice(0, HASHTAG_LIST_SIZE)
    .map((h) => ({ tag: h.tag, uses: h.uses, own: h.givers < HASHTAG_MIN_GIVERS }));
  return { from: sums.window.from, to: sums.window.to, items };
}

export async function topHashtags(ctx: RequestContext): Promise<HashtagList> {
  return visibleTags(ctx, await homeSums(ctx, ['hashtags']));
}

export async function searchHashtags(ctx: RequestContext, text: string): Promise<HashtagList> {
  const prefix = hashtagSearchText(text);
  const sums = await homeSums(ctx, ['hashtags']);
  if (prefix === '') return { from: sums.window.from, to: sums.window.to, items: [] };
  return visibleTags(ctx, sums, prefix);
}

export async function topAttributes(ctx: RequestContext, pageNumber: number): Promise<TopAttributes> {
  const sums = await homeSums(ctx, ['attributes']);
  const names = await ctx.repo(homeRepository).activeAttributes(sums.attributes.map((a) => a.id));
  const rows = sums.attributes.flatMap((a) => {
    const known = names.get(a.id);
    return known && a.count > 0
      ? [{ id: a.id, name: known.name, categoryName: known.categoryName, count: a.count, average: a.sum / a.count }]
      : [];
  });
  const ranked = rankBy(
    rows,
    (r) => r.count,
    (r) => r.average,
  );
  const { items, total } = pageSlice(ranked, page(pageNumber));
  return {
    from: sums.window.from,
    to: sums.window.to,
    total,
    items: items.map((r) => ({
      rank: r.rank,
      attribute: { id: r.id, name: r.name },
      categoryName: r.categoryName,
      count: r.count,
      average: round2(r.average),
    })),
  };
}

export async function employeeRanking(
  ctx: RequestContext,
  type: RankingType,
  pageNumber: number,
): Promise<EmployeeRanking> {
  const sums = await homeSums(ctx, [type]);
  const source = type === 'given' ? sums.given : sums.received;
  const ranked = memo(source, 'ranking', () =>
    rankBy(
      source
        .filter((r) => r.feedbackCount > 0)
        .map((r) => ({ id: r.employeeId, name: r.name, counted: r.counted, count: r.feedbackCount })),
      (r) => r.counted,
      (r) => r.count,
    ),
  );
  const self = ctx.caller.employeeId;
  // Given feedback is activity; what someone else received, compared day by day, tells when they got some.
  const countsShown = type === 'given' || holds('feedback', 'all', ctx.caller.permissions);
  const mine = ranked.find((r) => r.id === self);
  const { items, total } = pageSlice(ranked, page(pageNumber));
  return {
    from: sums.window.from,
    to: sums.window.to,
    type,
    total,
    items: items.map((r) => ({
      rank: r.rank,
      employee: { id: r.id, name: r.name },
      count: countsShown || r.id === self ? r.count : null,
      isMe: r.id === self,
    })),
    me: { rank: mine?.rank ?? null, count: mine?.count ?? 0 },
  };
}

export async function teamRanking(ctx: RequestContext, pageNumber: number): Promise<TeamRanking> {
  const sums = await homeSums(ctx, ['received']);
  const minimum = minimumCounted(sums.window.settings.gamificationThreshold);
  const self = ctx.caller.employeeId;
  const ranked = memo(sums.received, `teams:${minimum}`, () => rankTeams(sums, minimum));
  const { items, total } = pageSlice(ranked, page(pageNumber));
  return {
    from: sums.window.from,
    to: sums.window.to,
    total,
    items: items.map((r) => ({
      rank: r.rank,
      team: { id: r.id, name: r.name },
      score: round2(r.score),
      memberCount: r.memberIds.length,
      isMine: r.memberIds.includes(self),
    })),
  };
}

/** Teams by the damped average of what their members received; those below the minimum left out. */
function rankTeams(sums: HomeSums, minimum: number) {
  const byEmployee = new Map(sums.received.map((r) => [r.employeeId, r]));
  const mean = boardMean(sums.received);
  const rows =
    mean === null
      ? []
      : sums.teams.flatMap((team) => {
          let s = 0;
          let n = 0;
          let counted = 0;
          for (const id of team.memberIds) {
            const r = byEmployee.get(id);
            if (!r) continue;
            s += r.weightedSum;
            n += r.weightedCount;
            counted += r.counted;
          }
          if (counted + 1e-9 < minimum) return [];
          return [
            { id: team.id, name: team.name, score: dampedScore(s, n, mean), weight: n, memberIds: team.memberIds },
          ];
        });
  return rankBy(
    rows,
    (r) => r.score,
    (r) => r.weight,
  );
}

/** Past periods of the team percentage, by snapshot, caller and matrix settings (see teamPercentage). */
const pastPeriods = new Map<string, Promise<Awaited<ReturnType<typeof teamRows>>[]>>();
const PAST_KEPT = 5_000;

/**
 * Each of the caller's teams over the last TREND_PERIODS matrix periods, counted as the matrix counts.
 * The periods before the current one end before the snapshot's instant, so whatever would change them
 * (a feedback of theirs written, flagged or deleted, a member coming or going) drops the snapshot: they are
 * kept under its identity and only the current period is counted on each request.
 */
export async function teamPercentage(ctx: RequestContext): Promise<TeamPercentageTrend> {
  const settings = await ctx.settings();
  const kind = settings.responsibilityMatrixPeriod;
  const dates = [todayIn(settings.tenant_timezone, ctx.now())];
  while (dates.length < TREND_PERIODS) dates.unshift(shiftPeriod(dates[0]!, kind, -1));
  const scope = { kind: 'mine', employeeId: ctx.caller.employeeId } as const;
  const version = await snapshotVersion(ctx);
  const key = `${version}:${ctx.caller.employeeId}:${kind}:${settings.responsibilityMatrixIndex}:${dates[0]}`;
  let past = pastPeriods.get(key);
  if (!past) {
    if (pastPeriods.size >= PAST_KEPT) pastPeriods.clear();
    past = Promise.all(dates.slice(0, -1).map((date) => teamRows(ctx, scope, { date }, 'all')));
    pastPeriods.set(key, past);
    past.catch(() => pastPeriods.delete(key));
  }
  const periods = [...(await past), await teamRows(ctx, scope, { date: dates[dates.length - 1]! }, 'all')];
  const teams = new Map<number, TeamPercentageTrend['teams'][number]>();
  for (const { period, teams: rows } of periods) {
    for (const team of rows) {
      if (!team.members.some((m) => m.isMe)) continue;
      let entry = teams.get(team.id);
      if (!entry) teams.set(team.id, (entry = { team: { id: team.id, name: team.name }, periods: [] }));
      entry.periods.push({ start: period.start, end: period.end, percent: achievedPercent(team.members) });
    }
  }
  return { period: kind, teams: [...teams.values()] };
}
