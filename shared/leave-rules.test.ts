import { describe, expect, it } from 'vitest';
import { namespaceTranslator } from './i18n/index.js';
import {
  checkLeaveRules,
  DEFAULT_LEAVE_RULES,
  describeLeaveRules,
  earliestLeaveStart,
  normalizeLeaveRules,
  type LeaveRules,
} from './leave.js';

const today = '2026-06-10'; // a Wednesday
const rules = (r: Partial<LeaveRules>): LeaveRules => ({ ...DEFAULT_LEAVE_RULES, ...r });
const codes = (r: Partial<LeaveRules>, startDate: string, days: number | null = 1) =>
  checkLeaveRules(rules(r), { startDate, today, days }).map((i) => `${i.field}:${i.code}`);

describe('checkLeaveRules', () => {
  it('the defaults refuse nothing: past, today, future, any length', () => {
    for (const d of ['2026-01-02', '2026-06-09', today, '2026-12-31']) expect(codes({}, d, 200)).toEqual([]);
  });

  it('notice of N calendar days: today + N is the first day allowed', () => {
    expect(codes({ minNoticeDays: 3, allowBackdated: false }, '2026-06-12')).toEqual([
      'startDate:LEAVE_NOTICE_TOO_SHORT',
    ]);
    expect(codes({ minNoticeDays: 3, allowBackdated: false }, today)).toEqual(['startDate:LEAVE_NOTICE_TOO_SHORT']);
    expect(codes({ minNoticeDays: 3, allowBackdated: false }, '2026-06-13')).toEqual([]);
    expect(codes({ minNoticeDays: 1, allowBackdated: false }, '2026-06-11')).toEqual([]);
  });

  it('notice rules out past days even when the stored flag says otherwise', () => {
    expect(codes({ minNoticeDays: 2, allowBackdated: true }, '2026-06-01')).toEqual([
      'startDate:LEAVE_NOTICE_TOO_SHORT',
    ]);
  });

  it('without backdating a request may start today but not before', () => {
    expect(codes({ allowBackdated: false }, '2026-06-09')).toEqual(['startDate:LEAVE_BACKDATED']);
    expect(codes({ allowBackdated: false }, today)).toEqual([]);
  });

  it('the maximum counts working days; unknown days are not judged', () => {
    expect(codes({ maxDaysPerRequest: 5 }, '2026-06-15', 5)).toEqual([]);
    expect(codes({ maxDaysPerRequest: 5 }, '2026-06-15', 6)).toEqual(['endDate:LEAVE_TOO_LONG']);
    expect(codes({ maxDaysPerRequest: 5 }, '2026-06-15', null)).toEqual([]);
  });

  it('reports every broken rule, start first', () => {
    expect(codes({ minNoticeDays: 5, allowBackdated: false, maxDaysPerRequest: 2 }, '2026-06-11', 3)).toEqual([
      'startDate:LEAVE_NOTICE_TOO_SHORT',
      'endDate:LEAVE_TOO_LONG',
    ]);
  });
});

describe('leave rule helpers', () => {
  it('normalizeLeaveRules drops past days when notice is set', () => {
    expect(normalizeLeaveRules(rules({ minNoticeDays: 1 })).allowBackdated).toBe(false);
    expect(normalizeLeaveRules(rules({})).allowBackdated).toBe(true);
  });

  it('earliestLeaveStart', () => {
    expect(earliestLeaveStart(rules({}), today)).toBeNull();
    expect(earliestLeaveStart(rules({ allowBackdated: false }), today)).toBe(today);
    expect(earliestLeaveStart(rules({ minNoticeDays: 30 }), today)).toBe('2026-07-10');
  });

  it('describeLeaveRules says the rules in one short line, in the translator’s language', () => {
    const en = namespaceTranslator('en', 'settings');
    expect(describeLeaveRules(rules({}), en)).toBe('');
    expect(describeLeaveRules(rules({ minNoticeDays: 3, maxDaysPerRequest: 10 }), en)).toBe(
      "At least 3 days' notice · up to 10 working days per request",
    );
    expect(describeLeaveRules(rules({ minNoticeDays: 1 }), en)).toBe("At least 1 day's notice");
    expect(describeLeaveRules(rules({ allowBackdated: false, maxDaysPerRequest: 1 }), en)).toBe(
      'From today on, not for past days · up to 1 working day per request',
    );
    expect(describeLeaveRules(rules({ maxDaysPerRequest: 2 }), en)).toBe('Up to 2 working days per request');
    const fr = namespaceTranslator('fr', 'settings');
    expect(describeLeaveRules(rules({ minNoticeDays: 3, maxDaysPerRequest: 10 }), fr)).toBe(
      'Au moins 3 jours de préavis · jusqu’à 10 jours ouvrés par demande',
    );
  });
});
