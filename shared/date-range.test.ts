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

  it('starts this month, this quarter and the year to date on their first day', () => {
    expect(presetRange('month', '2026-05-10')).toEqual({ from: '2026-05-01', to: '2026-05-10' });
    expect(presetRange('quarter', '2026-05-10')).toEqual({ from: '2026-04-01', to: '2026-05-10' });
    expect(presetRange('ytd', '2026-05-10')).toEqual({ from: '2026-01-01', to: '2026-05-10' });
    // The first day itself is a one-day range.
    expect(presetRange('month', '2026-07-01')).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(presetRange('quarter', '2026-10-01')).toEqual({ from: '2026-10-01', to: '2026-10-01' });
    expect(presetRange('quarter', '2026-09-30')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });

  it('crosses year boundaries: New Year’s Day and the last day of the year', () => {
    for (const preset of ['month', 'quarter', 'ytd'] as const)
      expect(presetRange(preset, '2027-01-01'), preset).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetRange('ytd', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('30d', '2027-01-05')).toEqual({ from: '2026-12-07', to: '2027-01-05' });
    expect(presetRange('90d', '2027-01-05')).toEqual({ from: '2026-10-08', to: '2027-01-05' });
    expect(presetRange('1y', '2027-01-01')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
  });

  it('gives the same days whatever the machine’s time zone, across daylight saving', () => {
    const saved = process.env['TZ'];
    try {
      // Santiago springs forward at midnight (6 September 2026 has no 00:00); Kiritimati is UTC+14.
      for (const zone of ['America/Santiago', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London']) {
        process.env['TZ'] = zone;
        expect(presetRange('month', '2026-09-06'), zone).toEqual({ from: '2026-09-01', to: '2026-09-06' });
        expect(presetRange('30d', '2026-09-07'), zone).toEqual({ from: '2026-08-09', to: '2026-09-07' });
        expect(presetRange('quarter', '2026-11-01'), zone).toEqual({ from: '2026-10-01', to: '2026-11-01' });
        expect(presetRange('90d', '2026-03-30'), zone).toEqual({ from: '2025-12-31', to: '2026-03-30' });
      }
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
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
