import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_MESSAGES,
  defaultDateRange,
  isValidDateRange,
  parseIsoDay,
  presetRange,
  todayIn,
  validateDateRange,
} from './date-range.js';

describe('date range presets', () => {
  it('defaults to the last 90 days through today', () => {
    expect(defaultDateRange('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('counts 30 days including today, across a month end', () => {
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('goes back one year on the same day, and 29 February to 28 February', () => {
    expect(presetRange('1y', '2026-06-15')).toEqual({ from: '2025-06-15', to: '2026-06-15' });
    expect(presetRange('1y', '2028-02-29')).toEqual({ from: '2027-02-28', to: '2028-02-29' });
  });

  it('refuses a today that is not a day', () => {
    expect(() => presetRange('30d', '2026-02-30')).toThrow(RangeError);
  });
});

describe('date range validation', () => {
  const today = '2026-05-10';

  it('accepts a range ending today, and a single day', () => {
    expect(validateDateRange({ from: '2026-01-01', to: today }, today)).toEqual({});
    expect(isValidDateRange({ from: today, to: today }, today)).toBe(true);
  });

  it('refuses From or To after today', () => {
    expect(validateDateRange({ from: '2026-05-11', to: '2026-05-12' }, today)).toEqual({
      from: DATE_RANGE_MESSAGES.future,
      to: DATE_RANGE_MESSAGES.future,
    });
  });

  it('refuses From after To', () => {
    expect(validateDateRange({ from: '2026-05-03', to: '2026-05-02' }, today)).toEqual({
      from: DATE_RANGE_MESSAGES.order,
    });
  });

  it('reports empty and impossible dates', () => {
    expect(validateDateRange({ from: '', to: '2026-13-01' }, today)).toEqual({
      from: DATE_RANGE_MESSAGES.required,
      to: DATE_RANGE_MESSAGES.invalid,
    });
  });
});

describe('calendar days', () => {
  it('parses only real days', () => {
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDay('2023-02-29')).toBeNull();
    expect(parseIsoDay('10-05-2026')).toBeNull();
  });

  it('takes today in the tenant time zone', () => {
    const instant = new Date('2026-05-10T20:30:00Z');
    expect(todayIn('Asia/Karachi', instant)).toBe('2026-05-11');
    expect(todayIn('America/New_York', instant)).toBe('2026-05-10');
  });
});
