import { describe, expect, it } from 'vitest';
import { allowedByStatus, checkRequestDraft, deciderPermission, requestExpiry } from './feedback-requests.js';

const ME = 1;
const TODAY = '2030-06-12';

describe('checkRequestDraft', () => {
  const ok = { attributeIds: [10], employeeIds: [2] };
  const fields = (draft: Parameters<typeof checkRequestDraft>[0]) =>
    checkRequestDraft(draft, ME, TODAY).map((i) => `${i.field}: ${i.message}`);

  it('accepts a team or 1 to 5 colleagues, on 1 to 5 attributes, due today or later', () => {
    expect(fields(ok)).toEqual([]);
    expect(fields({ attributeIds: [10, 11, 12, 13, 14], teamId: 3, dueDate: TODAY })).toEqual([]);
    expect(fields({ ...ok, employeeIds: [2, 3, 4, 5, 6] })).toEqual([]);
  });

  it('names the field of each broken rule', () => {
    expect(fields({ attributeIds: [] })).toEqual([
      'employeeIds: Choose a team or up to 5 employees',
      'attributeIds: Choose at least one attribute',
    ]);
    expect(fields({ ...ok, teamId: 3 })).toEqual(['teamId: Ask either a team or employees, not both']);
    expect(fields({ ...ok, employeeIds: [2, 3, 4, 5, 6, 7] })).toEqual(['employeeIds: Choose at most 5 employees']);
    expect(fields({ ...ok, employeeIds: [2, 2] })).toEqual(['employeeIds: Each one only once']);
    expect(fields({ ...ok, employeeIds: [ME] })).toEqual(['employeeIds: You cannot ask yourself']);
    expect(fields({ ...ok, subjectId: 2 })).toEqual(['employeeIds: The person the feedback is about cannot be asked']);
    expect(fields({ ...ok, attributeIds: [1, 2, 3, 4, 5, 6] })).toEqual(['attributeIds: Choose at most 5 attributes']);
    expect(fields({ ...ok, attributeIds: [1, 1] })).toEqual(['attributeIds: Each one only once']);
    expect(fields({ ...ok, dueDate: '2030-06-11' })).toEqual(['dueDate: The due date cannot be in the past']);
  });
});

describe('flag decisions', () => {
  it('lets reviewers decide pending flags, HR escalated ones, and nobody decided ones', () => {
    expect(deciderPermission('pending')).toBe('flag-feedback');
    expect(deciderPermission('escalated')).toBe('view-all-employees-feedback');
    for (const status of ['none', 'approved', 'rejected'] as const) expect(deciderPermission(status)).toBeNull();
    expect(allowedByStatus('pending')).toEqual(['approved', 'rejected', 'escalated']);
    expect(allowedByStatus('escalated')).toEqual(['approved', 'rejected']);
    expect(allowedByStatus('rejected')).toEqual([]);
  });
});

it('expires a request the given number of days after it was made', () => {
  expect(requestExpiry(new Date('2030-06-12T09:00:00Z'), 30)).toBe('2030-07-12T09:00:00.000Z');
});
