import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, displayDate, eachDate, localDate, startOfLocalDay } from './time.js';

describe('tenant-local days', () => {
  it('puts instants on the local calendar day of the zone', () => {
    expect(localDate('2026-03-10T18:59:00Z', 'Asia/Karachi')).toBe('2026-03-10'); // 23:59 PKT
    expect(localDate('2026-03-10T19:00:00Z', 'Asia/Karachi')).toBe('2026-03-11'); // 00:00 PKT
  });

  it('handles daylight saving: Berlin springs forward on 2026-03-29 and falls back on 2026-10-25', () => {
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(localDate('2026-03-29T21:59:00Z', 'Europe/Berlin')).toBe('2026-03-29'); // 23:59 CEST
    expect(localDate('2026-03-29T22:00:00Z', 'Europe/Berlin')).toBe('2026-03-30');
  });

  it('walks calendar dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(displayDate('2026-11-23')).toBe('23-Nov-2026');
  });
});
