import { describe, expect, it } from 'vitest';
import {
  averageOf,
  daysIn,
  monthStarts,
  previousPeriod,
  ratingTrend,
  roundTo,
  subjectConflict,
  weeksOf,
  weekStart,
} from './feedback-overview.js';

describe('the overview’s rules', () => {
  it('reads a trend and its percentage change against the previous period', () => {
    expect(ratingTrend(3.8, 3.2)).toEqual({ trend: 'up', percentageChange: 18.8 });
    expect(ratingTrend(3, 3.2)).toEqual({ trend: 'down', percentageChange: -6.3 });
    expect(ratingTrend(4, 4)).toEqual({ trend: 'no_change', percentageChange: 0 });
    expect(ratingTrend(4, null)).toEqual({ trend: 'no_change', percentageChange: null });
    expect(ratingTrend(null, 4)).toEqual({ trend: 'no_change', percentageChange: null });
  });

  it('rounds halves away from zero on the decimal value', () => {
    expect(roundTo(18.749999999999996, 1)).toBe(18.8);
    expect(roundTo(-6.25, 1)).toBe(-6.3);
    expect(roundTo(10 / 3, 2)).toBe(3.33);
    expect(roundTo(-0.001, 1)).toBe(0);
    expect(averageOf(11, 3)).toBe(3.67);
    expect(averageOf(0, 0)).toBeNull();
  });

  it('compares with the equal period just before', () => {
    expect(daysIn('2025-12-19', '2026-03-18')).toBe(90);
    expect(previousPeriod({ from: '2025-12-19', to: '2026-03-18' })).toEqual({ from: '2025-09-20', to: '2025-12-18' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('counts in weeks from Monday and in the six months to the current one', () => {
    expect(weekStart('2026-03-18')).toBe('2026-03-16');
    expect(weekStart('2026-03-16')).toBe('2026-03-16');
    expect(weekStart('2026-03-22')).toBe('2026-03-16');
    expect(weeksOf({ from: '2026-03-01', to: '2026-03-16' })).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(monthStarts('2026-03-18')).toEqual([
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });
});

describe('whose overview', () => {
  it('takes at most one subject and names the second one given', () => {
    expect(subjectConflict({})).toBeNull();
    expect(subjectConflict({ employeeId: 3 })).toBeNull();
    expect(subjectConflict({ teamId: 3, team: false })).toBeNull();
    expect(subjectConflict({ employeeId: 3, team: true })?.field).toBe('team');
    expect(subjectConflict({ employeeId: 3, teamId: 4 })?.field).toBe('teamId');
    expect(subjectConflict({ teamId: 4, functionId: 5 })?.field).toBe('functionId');
    expect(subjectConflict({ functionId: 5, team: true })).toEqual({
      field: 'team',
      message: 'Choose one of an employee, a team, a function or your teams, not several',
    });
  });
});
