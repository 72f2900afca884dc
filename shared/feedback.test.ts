import { describe, expect, it } from 'vitest';
import {
  averageRating,
  deviatesFromRecent,
  givingIssues,
  ratingBand,
  ratingPercentage,
  storedRating,
} from './feedback.js';

describe('feedback rules', () => {
  const rules = { selfId: 1, characterLimit: 10 };
  const ok = { receiverIds: [2, 3], ratings: [{ attributeId: 5, rating: 4 }], comment: 'Thanks' };

  it('accepts a give form that names someone, rates something and keeps the comment short', () => {
    expect(givingIssues(ok, rules)).toEqual([]);
  });

  it('names the field of each broken rule', () => {
    expect(givingIssues({ ...ok, receiverIds: [] }, rules)).toEqual([
      { field: 'receiverIds', code: 'FEEDBACK_NO_RECIPIENT' },
    ]);
    expect(givingIssues({ ...ok, receiverIds: [2, 1] }, rules)).toEqual([
      { field: 'receiverIds', code: 'FEEDBACK_TO_SELF' },
    ]);
    const many = Array.from({ length: 21 }, (_, i) => i + 2);
    expect(givingIssues({ ...ok, receiverIds: many }, rules)[0]?.code).toBe('FEEDBACK_TOO_MANY_RECIPIENTS');
    expect(givingIssues({ ...ok, ratings: [] }, rules)).toEqual([
      { field: 'ratings', code: 'FEEDBACK_NOTHING_CHOSEN' },
    ]);
    const twice = [
      { attributeId: 5, rating: 4 },
      { attributeId: 5, rating: 3 },
    ];
    expect(givingIssues({ ...ok, ratings: twice }, rules)).toEqual([
      { field: 'ratings', code: 'FEEDBACK_RATED_TWICE' },
    ]);
    // an attribute and a category of the same id are different things
    const both = [
      { attributeId: 5, rating: 4 },
      { categoryId: 5, rating: 3 },
    ];
    expect(givingIssues({ ...ok, ratings: both }, rules)).toEqual([]);
    expect(givingIssues({ ...ok, comment: 'x'.repeat(11) }, rules)).toEqual([
      { field: 'comment', code: 'FEEDBACK_COMMENT_TOO_LONG' },
    ]);
  });

  it('needs a rating or a comment, and counts characters, not UTF-16 units', () => {
    const unrated = [{ categoryId: 1, rating: 0 }];
    expect(givingIssues({ ...ok, ratings: unrated, comment: ' ' }, rules)[0]?.code).toBe('FEEDBACK_NOTHING_RATED');
    expect(givingIssues({ ...ok, ratings: unrated, comment: 'Well done' }, rules)).toEqual([]);
    expect(givingIssues({ ...ok, comment: '🎉'.repeat(10) }, rules)).toEqual([]);
  });

  it('averages only rated values and bands them as the spec does', () => {
    expect(averageRating([0, 0])).toBeNull();
    expect(averageRating([4, 0, 3])).toEqual({ average: 3.5, rounded: 4 });
    expect(ratingPercentage(4)).toBe(80);
    expect([4.6, 4.5, 3.5, 3.4, 2.5, 1.5, 1.4].map(ratingBand)).toEqual([
      'outstanding',
      'strong',
      'strong',
      'steady',
      'steady',
      'weak',
      'poor',
    ]);
  });

  it('stores the rounded average, sum and count of the rated values, 0 when nothing is rated', () => {
    expect(storedRating([{ rating: 4 }, { rating: 0 }, { rating: 3 }])).toEqual({
      rating: 4,
      ratingSum: 7,
      ratingCount: 2,
    });
    expect(storedRating([{ rating: 2 }, { rating: 2 }, { rating: 1 }])).toEqual({
      rating: 2,
      ratingSum: 5,
      ratingCount: 3,
    });
    expect(storedRating([{ rating: 0 }])).toEqual({ rating: 0, ratingSum: 0, ratingCount: 0 });
    expect(storedRating([])).toEqual({ rating: 0, ratingSum: 0, ratingCount: 0 });
  });

  it('asks for a comment only when a rating strays from the recent average by more than allowed', () => {
    expect(deviatesFromRecent([5], 3, 1)).toBe(true);
    expect(deviatesFromRecent([4], 3, 1)).toBe(false);
    expect(deviatesFromRecent([0, 1], 3, 1)).toBe(true);
    expect(deviatesFromRecent([0], 3, 1)).toBe(false);
    expect(deviatesFromRecent([5], null, 1)).toBe(false);
    expect(deviatesFromRecent([5], 1, 0)).toBe(false);
  });
});
