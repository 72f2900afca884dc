import { describe, expect, it } from 'vitest';
import { contentIssues } from './feedback.js';
import { overviewPeriods, taskRequestIssues, taskStatus } from './task-feedback.js';

describe('contentIssues (task feedback’s form)', () => {
  const rules = { characterLimit: 5 };
  it('wants something chosen, each once, and something rated or said', () => {
    expect(contentIssues({ ratings: [] }, rules)).toEqual([{ field: 'ratings', code: 'FEEDBACK_NOTHING_CHOSEN' }]);
    expect(
      contentIssues(
        {
          ratings: [
            { attributeId: 1, rating: 3 },
            { attributeId: 1, rating: 4 },
          ],
        },
        rules,
      ),
    ).toEqual([{ field: 'ratings', code: 'FEEDBACK_RATED_TWICE' }]);
    expect(contentIssues({ ratings: [{ categoryId: 1, rating: 0 }] }, rules)).toEqual([
      { field: 'ratings', code: 'FEEDBACK_NOTHING_RATED' },
    ]);
    // A category and an attribute with the same id are different entries; a comment stands for a rating.
    expect(
      contentIssues(
        {
          ratings: [
            { categoryId: 1, rating: 0 },
            { attributeId: 1, rating: 0 },
          ],
          comment: 'Good',
        },
        rules,
      ),
    ).toEqual([]);
  });

  it('counts the comment in characters, trimmed, against the company’s limit', () => {
    expect(contentIssues({ ratings: [{ categoryId: 1, rating: 4 }], comment: '  👍👍👍👍👍  ' }, rules)).toEqual([]);
    expect(contentIssues({ ratings: [{ categoryId: 1, rating: 4 }], comment: 'abcdef' }, rules)).toEqual([
      { field: 'comment', code: 'FEEDBACK_COMMENT_TOO_LONG' },
    ]);
  });
});

describe('taskRequestIssues', () => {
  it('asks one to five colleagues, each once, never oneself', () => {
    expect(taskRequestIssues([], { selfId: 1 })[0]?.code).toBe('TASK_REQUEST_NOBODY');
    expect(taskRequestIssues([2, 2], { selfId: 1 })[0]?.code).toBe('TASK_REQUEST_TWICE');
    expect(taskRequestIssues([2, 3, 4, 5, 6, 7], { selfId: 1 })[0]?.code).toBe('TASK_REQUEST_TOO_MANY');
    expect(taskRequestIssues([2, 1], { selfId: 1 })[0]?.code).toBe('TASK_REQUEST_SELF');
    expect(taskRequestIssues([2, 3, 4, 5, 6], { selfId: 1 })).toEqual([]);
  });
});

describe('taskStatus', () => {
  it('shows ignored first, then requested, else the tracker’s status', () => {
    expect(taskStatus({ status: 'done', ignored: true, requested: true })).toBe('ignored');
    expect(taskStatus({ status: 'done', ignored: false, requested: true })).toBe('requested');
    expect(taskStatus({ status: 'testing', ignored: false, requested: false })).toBe('testing');
  });
});

describe('overviewPeriods', () => {
  it('is the 90 days up to now and the 90 before', () => {
    expect(overviewPeriods(new Date('2026-04-01T00:00:00Z'))).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
      previousFrom: '2025-10-03T00:00:00.000Z',
    });
  });
});
