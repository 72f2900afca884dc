import { describe, expect, it } from 'vitest';
import {
  checkAttendance,
  isMissingCheckOut,
  runningDays,
  shiftEnd,
  storedMinutes,
  workedMinutes,
} from './attendance-rules.js';

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

describe('night shifts and missing check-outs', () => {
  const karachi = { timeZone: 'Asia/Karachi', latestCheckOut: '06:00' };

  it('ends a shift the next morning at the latest check-out, in local time across daylight saving', () => {
    expect(shiftEnd('2026-11-18', karachi).toISOString()).toBe('2026-11-19T01:00:00.000Z');
    // Berlin springs forward in the night of 28 to 29 March 2026: 06:00 CEST is 04:00Z.
    const berlin = { timeZone: 'Europe/Berlin', latestCheckOut: '06:00' };
    expect(shiftEnd('2026-03-28', berlin).toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(shiftEnd('2026-03-27', berlin).toISOString()).toBe('2026-03-28T05:00:00.000Z');
    expect(shiftEnd('2026-11-18', { ...karachi, latestCheckOut: '00:00' }).toISOString()).toBe(
      '2026-11-18T19:00:00.000Z',
    );
  });

  it('accepts a check-out on the next morning up to the latest check-out, not later', () => {
    const checkIn = '2026-11-18T15:00:00.000Z'; // 20:00
    const now = '2026-11-20T00:00:00.000Z';
    expect(checkAttendance({ checkIn, checkOut: '2026-11-18T21:00:00.000Z', now, rule: karachi })).toEqual([]);
    expect(checkAttendance({ checkIn, checkOut: '2026-11-19T01:00:00.000Z', now, rule: karachi })).toEqual([]);
    expect(checkAttendance({ checkIn, checkOut: '2026-11-19T01:00:01.000Z', now, rule: karachi })).toEqual([
      { field: 'checkOut', code: 'ATTENDANCE_NOT_SAME_DAY' },
    ]);
    expect(
      checkAttendance({
        checkIn,
        checkOut: '2026-11-18T19:30:00.000Z',
        now,
        rule: { ...karachi, latestCheckOut: '00:00' },
      }),
    ).toEqual([{ field: 'checkOut', code: 'ATTENDANCE_NOT_SAME_DAY' }]);
  });

  it('calls an open day missing its check-out once its shift is over, and keeps last night running until then', () => {
    const open = { date: '2026-11-18', checkOut: null };
    expect(isMissingCheckOut(open, '2026-11-19T01:00:00.000Z', karachi)).toBe(false);
    expect(isMissingCheckOut(open, '2026-11-19T01:00:01.000Z', karachi)).toBe(true);
    expect(isMissingCheckOut({ ...open, checkOut: '2026-11-18T21:00:00.000Z' }, '2026-11-25T00:00:00Z', karachi)).toBe(
      false,
    );
    expect(runningDays('2026-11-18T20:00:00.000Z', karachi)).toEqual(['2026-11-18', '2026-11-19']);
    expect(runningDays('2026-11-19T05:00:00.000Z', karachi)).toEqual(['2026-11-19']);
  });
});
