import { describe, expect, it } from 'vitest';
import { checkContribution, checkGiveBadge, checkRecommendation, nextRequestStatuses } from './badges.js';

describe('badge rules', () => {
  it('needs a badge, a colleague who is not oneself, and a comment within the limit', () => {
    expect(checkGiveBadge({}, 1, 10).map((i) => i.field)).toEqual(['badgeId', 'employeeId', 'comment']);
    expect(checkGiveBadge({ badgeId: 2, employeeId: 1, comment: 'ok' }, 1, 10)).toEqual([
      { field: 'employeeId', message: 'Choose a colleague, not yourself' },
    ]);
    expect(checkGiveBadge({ badgeId: 2, employeeId: 3, comment: '   ' }, 1, 10)[0]?.field).toBe('comment');
    expect(checkGiveBadge({ badgeId: 2, employeeId: 3, comment: ` ${'x'.repeat(10)} ` }, 1, 10)).toEqual([]);
    expect(checkGiveBadge({ badgeId: 2, employeeId: 3, comment: 'x'.repeat(11) }, 1, 10)).toEqual([
      { field: 'comment', message: 'At most 10 characters' },
    ]);
  });

  it('asks a contribution type from the list, and never recommends oneself', () => {
    expect(checkContribution({ badgeId: 1, contributionType: 'mentoring', description: 'Did it' }, 500)).toEqual([]);
    expect(checkContribution({ badgeId: 1, contributionType: 'bribery', description: 'x' }, 500)).toEqual([
      { field: 'contributionType', message: 'Choose a contribution type from the list' },
    ]);
    expect(checkRecommendation({ badgeId: 1, employeeId: 4, reason: 'Why' }, 4, 500)[0]?.field).toBe('employeeId');
  });

  it('moves a request on until it is approved or rejected, which are final', () => {
    expect(nextRequestStatuses('pending')).toEqual(['under_review', 'approved', 'rejected']);
    expect(nextRequestStatuses('under_review')).toEqual(['approved', 'rejected']);
    expect(nextRequestStatuses('approved')).toEqual([]);
    expect(nextRequestStatuses('rejected')).toEqual([]);
  });
});
