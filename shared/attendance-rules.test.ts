import { describe, expect, it } from 'vitest';
import { storedMinutes, workedMinutes } from './attendance-rules.js';

describe('storedMinutes', () => {
  const day = { checkIn: '2026-11-23T04:00:00.000Z', checkOut: '2026-11-23T12:00:00.000Z' };

  it('stores what workedMinutes counts for a closed attendance', () => {
    const breaks = [
      { start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T07:30:30.000Z' },
      { start: '2026-11-23T11:50:00.000Z', end: null }, // left running: counts up to the check-out
    ];
    expect(storedMinutes(day, breaks)).toEqual({ workedMinutes: 439, breakMinutes: 40 });
    const counted = workedMinutes(day, breaks, '2026-11-24T00:00:00.000Z');
    expect(storedMinutes(day, breaks)).toEqual({ workedMinutes: counted.worked, breakMinutes: counted.onBreak });
    expect(storedMinutes(day, [])).toEqual({ workedMinutes: 480, breakMinutes: 0 });
  });

  it('stores no worked time while open, and the finished breaks only', () => {
    const open = { checkIn: day.checkIn, checkOut: null };
    const breaks = [
      { start: '2026-11-23T06:00:00.000Z', end: '2026-11-23T06:25:59.000Z' },
      { start: '2026-11-23T08:00:00.000Z', end: null },
    ];
    expect(storedMinutes(open, breaks)).toEqual({ workedMinutes: null, breakMinutes: 25 });
  });
});
