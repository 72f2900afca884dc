import { describe, expect, it } from 'vitest';
import { expectedOf, periodOf, progressOf, remainingOf, shiftPeriod } from './feedback-matrix.js';

describe('responsibility matrix periods', () => {
  it('weeks run Monday to Sunday', () => {
    expect(periodOf('2026-11-24', 'week')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('2026-11-29', 'week')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('2026-11-23', 'week')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('2027-01-01', 'week')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });
  it('months end on their last day, leap years included', () => {
    expect(periodOf('2028-02-10', 'month')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodOf('2026-02-28', 'month')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodOf('2026-12-31', 'month')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
  it('quarters are calendar quarters', () => {
    expect(periodOf('2026-01-01', 'quarter')).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(periodOf('2026-06-30', 'quarter')).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(periodOf('2026-11-24', 'quarter')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
  });
  it('shifts to the neighbouring period', () => {
    expect(shiftPeriod('2026-03-15', 'month', -1)).toBe('2026-02-28');
    expect(shiftPeriod('2026-03-15', 'month', 1)).toBe('2026-04-01');
    expect(shiftPeriod('2026-11-24', 'week', -1)).toBe('2026-11-22');
    expect(shiftPeriod('2026-11-24', 'quarter', 1)).toBe('2027-01-01');
  });
});

describe('responsibility matrix counts', () => {
  it('expects nothing in a team of one', () => {
    expect(expectedOf(5, 1)).toBe(0);
    expect(expectedOf(5, 2)).toBe(5);
  });
  it('never goes below zero remaining, and caps progress at 100', () => {
    expect(remainingOf(5, 7)).toBe(0);
    expect(remainingOf(5, 2)).toBe(3);
    expect(progressOf(5, 2)).toBe(40);
    expect(progressOf(5, 9)).toBe(100);
    expect(progressOf(0, 0)).toBe(100);
  });
});
