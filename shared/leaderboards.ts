/**
 * Leaderboards' rules (issue #13, docs/recognition.md "Leaderboards"): how received feedback becomes a
 * score, who ranks, how ties are broken, how repeated feedback between one pair is damped and which pairs
 * look like a reciprocal ring. Isomorphic and pure: the server sums in SQL what these formulas need, these
 * turn the sums into scores and ranks, the renderer shows them and the words around them.
 */
import { presetRange, type DateRange } from './date-range.js';
import { roundTo } from './feedback-overview.js';

export const LEADERBOARD_KINDS = ['company', 'category', 'attribute', 'team'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

/** The default top positions when the tenant has none (the spec's "Leaderboard top positions 10"). */
export const DEFAULT_LEADERBOARD_POSITIONS = 10;

/**
 * Repeated feedback from one giver to one receiver: the k-th within this many days (counting back from
 * each feedback, 7 × 24 hours) weighs 1/k.
 */
export const REPEAT_WINDOW_DAYS = 7;

/** The prior's weight, in rated values: a score is shrunk towards the board's mean as if it had this many more. */
export const PRIOR_WEIGHT = 5;

/** Counted feedback (the sum of the weights) needed to rank, by the tenant's gamificationThreshold. */
export const MINIMUM_COUNTED = { high: 5, low: 2 } as const;
export type GamificationThreshold = keyof typeof MINIMUM_COUNTED;

/** A pair looks like a ring when each gave the other at least this many feedback in the period… */
export const RING_MIN_FEEDBACK = 3;
/** …and each rated the other at least this much above what the other receives from everyone else. */
export const RING_MIN_GAP = 0.75;

/**
 * The periods everyone may rank over: the last 30 days, the last 90 days or the last year, each ending
 * today. Any other period is HR's (`view-all-employees-feedback`, who read every feedback anyway): two
 * boards asked a day apart, compared, would tell what one person received that day.
 */
export const LEADERBOARD_PRESETS = ['30d', '90d', '1y'] as const;

/** Whether a period is one of the presets ending today (tenant-local days). */
export function isLeaderboardPreset(range: DateRange, today: string): boolean {
  return LEADERBOARD_PRESETS.some((preset) => {
    const p = presetRange(preset, today);
    return p.from === range.from && p.to === range.to;
  });
}

/** The weight of the k-th feedback (k from 1) from the same giver to the same receiver within the window. */
export function repeatWeight(k: number): number {
  return 1 / Math.max(1, k);
}

export function minimumCounted(threshold: GamificationThreshold): number {
  return MINIMUM_COUNTED[threshold];
}

/** One receiver's weighted sums on a board: Σw·rated values, Σw·number of rated values, Σw, feedback. */
export type ReceiverSums = {
  employeeId: number;
  name: string;
  weightedSum: number;
  weightedCount: number;
  counted: number;
  feedbackCount: number;
};

/** The board's mean: every weighted rated value of the board over every weighted count; null when none. */
export function boardMean(rows: readonly Pick<ReceiverSums, 'weightedSum' | 'weightedCount'>[]): number | null {
  let sum = 0;
  let count = 0;
  for (const r of rows) {
    sum += r.weightedSum;
    count += r.weightedCount;
  }
  return count > 0 ? sum / count : null;
}

/** The damped score: (C × mean + Σw·values) / (C + Σw·count), shrinking few ratings towards the mean. */
export function dampedScore(weightedSum: number, weightedCount: number, mean: number): number {
  return (PRIOR_WEIGHT * mean + weightedSum) / (PRIOR_WEIGHT + weightedCount);
}

export type Ranked = ReceiverSums & { rank: number; score: number };

/**
 * Everyone who ranks on a board, best first: those with at least `minimum` counted feedback, by damped
 * score (unrounded), then more weighted ratings (more evidence), then name and id. Ranks are positions
 * 1, 2, 3… with no shared places, so "You're 3rd" always names one person's place.
 */
export function rankBoard(rows: readonly ReceiverSums[], minimum: number): { mean: number | null; ranked: Ranked[] } {
  const mean = boardMean(rows);
  if (mean === null) return { mean, ranked: [] };
  const ranked = rows
    // The sums are floating point (weights of 1/k): compare the minimum with a little tolerance.
    .filter((r) => r.counted + 1e-9 >= minimum)
    .map((r) => ({ ...r, score: dampedScore(r.weightedSum, r.weightedCount, mean) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.weightedCount - a.weightedCount ||
        a.name.localeCompare(b.name) ||
        a.employeeId - b.employeeId,
    )
    .map((r, i) => ({ ...r, rank: i + 1 }));
  return { mean, ranked };
}

/** Figures are shown to two decimals. */
export const round2 = (value: number) => roundTo(value, 2);

/** What one giver gave one receiver in the period: how many feedback, and the sum and count of rated values. */
export type PairSums = { giverId: number; receiverId: number; feedbackCount: number; sum: number; count: number };

export type Ring = {
  /** The lower employee id of the pair first. */
  a: number;
  b: number;
  aToB: { feedbackCount: number; average: number };
  bToA: { feedbackCount: number; average: number };
  /** What each receives from everyone else in the period (null when nobody else rated them). */
  aFromOthers: number | null;
  bFromOthers: number | null;
  /** The smaller of the two excesses over the baseline (others' average, else the company's mean). */
  gap: number;
};

/**
 * Reciprocal rings: pairs who each gave the other at least RING_MIN_FEEDBACK feedback in the period and
 * rated the other at least RING_MIN_GAP above the average the other receives from everyone else (the
 * company's mean for someone nobody else rated). Largest smaller gap first.
 */
export function findRings(pairs: readonly PairSums[], mean: number | null): Ring[] {
  const byPair = new Map<string, PairSums>();
  const received = new Map<number, { sum: number; count: number }>();
  for (const p of pairs) {
    byPair.set(`${p.giverId}:${p.receiverId}`, p);
    const r = received.get(p.receiverId) ?? { sum: 0, count: 0 };
    r.sum += p.sum;
    r.count += p.count;
    received.set(p.receiverId, r);
  }
  const fromOthers = (receiver: number, partner: PairSums) => {
    const all = received.get(receiver)!;
    const count = all.count - partner.count;
    return count > 0 ? (all.sum - partner.sum) / count : null;
  };
  const rings: Ring[] = [];
  for (const ab of pairs) {
    if (ab.giverId >= ab.receiverId) continue;
    const ba = byPair.get(`${ab.receiverId}:${ab.giverId}`);
    if (!ba || ab.feedbackCount < RING_MIN_FEEDBACK || ba.feedbackCount < RING_MIN_FEEDBACK) continue;
    if (ab.count === 0 || ba.count === 0) continue;
    const aToB = ab.sum / ab.count;
    const bToA = ba.sum / ba.count;
    const bFromOthers = fromOthers(ab.receiverId, ab);
    const aFromOthers = fromOthers(ab.giverId, ba);
    const baseline = (others: number | null) => others ?? mean ?? 0;
    const gap = Math.min(aToB - baseline(bFromOthers), bToA - baseline(aFromOthers));
    if (gap + 1e-9 < RING_MIN_GAP) continue;
    rings.push({
      a: ab.giverId,
      b: ab.receiverId,
      aToB: { feedbackCount: ab.feedbackCount, average: round2(aToB) },
      bToA: { feedbackCount: ba.feedbackCount, average: round2(bToA) },
      aFromOthers: aFromOthers === null ? null : round2(aFromOthers),
      bFromOthers: bFromOthers === null ? null : round2(bFromOthers),
      gap: round2(gap),
    });
  }
  return rings.sort((x, y) => y.gap - x.gap || x.a - y.a || x.b - y.b);
}
