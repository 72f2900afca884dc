import { describe, expect, it } from 'vitest';
import {
  boardMean,
  dampedScore,
  findRings,
  minimumCounted,
  rankBoard,
  repeatWeight,
  round2,
  type ReceiverSums,
} from './leaderboards.js';

const row = (employeeId: number, name: string, sum: number, count: number, counted = count): ReceiverSums => ({
  employeeId,
  name,
  weightedSum: sum,
  weightedCount: count,
  counted,
  feedbackCount: Math.ceil(counted),
});

describe('leaderboard scores', () => {
  it('weighs the k-th repeat 1/k', () => {
    expect([1, 2, 3, 4].map(repeatWeight)).toEqual([1, 0.5, 1 / 3, 0.25]);
    expect(repeatWeight(0)).toBe(1);
  });

  it('sets the minimum by the gamification threshold', () => {
    expect(minimumCounted('high')).toBe(5);
    expect(minimumCounted('low')).toBe(2);
  });

  it('shrinks few ratings towards the mean (the worked example of docs/recognition.md)', () => {
    // Mean 4, prior weight 5: one 5 gives 4.17; ten ratings averaging 4.5 give 4.33.
    expect(round2(dampedScore(5, 1, 4))).toBe(4.17);
    expect(round2(dampedScore(45, 10, 4))).toBe(4.33);
    // Three 5s from one giver in a week weigh 1 + 1/2 + 1/3 = 1.83: 4.27, and not enough to rank at 2.
    const w = 1 + 1 / 2 + 1 / 3;
    expect(round2(dampedScore(5 * w, w, 4))).toBe(4.27);
  });

  it('ranks those with the minimum by score, then evidence, then name, in distinct places', () => {
    const rows = [
      row(1, 'Zoe', 45, 10),
      row(2, 'Ann', 5, 1),
      row(3, 'Bob', 9, 2),
      row(4, 'Cem', 9, 2),
      row(5, 'Dan', 12, 3, 1.99),
    ];
    expect(boardMean(rows)).toBeCloseTo(80 / 18);
    const { ranked } = rankBoard(rows, 2);
    expect(ranked.map((r) => [r.rank, r.name])).toEqual([
      [1, 'Zoe'],
      [2, 'Bob'],
      [3, 'Cem'],
    ]);
    expect(rankBoard([], 1)).toEqual({ mean: null, ranked: [] });
  });
});

describe('reciprocal rings', () => {
  const pair = (giverId: number, receiverId: number, feedbackCount: number, average: number) => ({
    giverId,
    receiverId,
    feedbackCount,
    sum: average * feedbackCount,
    count: feedbackCount,
  });

  it('finds pairs who rate each other far above what others give them', () => {
    const rings = findRings(
      [pair(1, 2, 3, 5), pair(2, 1, 3, 5), pair(3, 1, 2, 3.5), pair(3, 2, 1, 4), pair(4, 5, 3, 5), pair(5, 4, 3, 5)],
      4,
    );
    // 1 and 2: others give 1 3.5 and 2 4 (gap 1); 4 and 5: nobody else, the mean 4 (gap 1) - same gap, by id.
    expect(rings.map((r) => [r.a, r.b, r.gap, r.aFromOthers, r.bFromOthers])).toEqual([
      [1, 2, 1, 3.5, 4],
      [4, 5, 1, null, null],
    ]);
  });

  it('ignores pairs with too few feedback one way or too small a gap', () => {
    expect(findRings([pair(1, 2, 3, 5), pair(2, 1, 2, 5)], 3)).toEqual([]);
    expect(findRings([pair(1, 2, 3, 4.5), pair(2, 1, 3, 4.5), pair(3, 1, 3, 4), pair(3, 2, 3, 4)], 4)).toEqual([]);
  });
});
