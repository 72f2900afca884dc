import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  displayDate,
  eachDate,
  localDate,
  localTime,
  localInstantMs,
  startOfLocalDay,
} from './time.js';
import { zoneOffsetMs } from './zone-offset.js';

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
    // Calendar arithmetic, the same as date-fns's across leap days, year ends and daylight-saving changes.
    for (const [date, days, expected] of [
      ['2024-02-28', 1, '2024-02-29'],
      ['2024-03-01', -1, '2024-02-29'],
      ['2026-12-31', 1, '2027-01-01'],
      ['2027-01-01', -1, '2026-12-31'],
      ['2026-03-29', 1, '2026-03-30'],
      ['2026-10-25', 1, '2026-10-26'],
      ['2026-01-31', 400, '2027-03-07'],
      ['2026-05-10', 0, '2026-05-10'],
    ] as const) {
      expect(addDays(date, days)).toBe(expected);
    }
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('not a date', 1)).toThrow(RangeError);
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(displayDate('2026-11-23')).toBe('23-Nov-2026');
  });
});

describe('the cached zone offsets', () => {
  // Zones with every kind of change: an hour (New York, London), half an hour (Lord Howe), at midnight (Santiago,
  // Beirut, Havana), a skipped day (Apia, 2011-12-30), DST suspended for Ramadan (Casablanca), none (Karachi,
  // Kolkata), an offset of 5:45 (Kathmandu) and quarter hours with DST (Chatham).
  const ZONES = [
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'America/Santiago',
    'Asia/Beirut',
    'America/Havana',
    'Pacific/Apia',
    'Africa/Casablanca',
    'Asia/Karachi',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Pacific/Chatham',
  ];
  const HOUR = 3_600_000;
  const asked = (at: number, zone: string) => -new TZDate(at, zone).getTimezoneOffset() * 60_000;
  const expectSame = (at: number, zone: string) => {
    const zoned = new TZDate(at, zone);
    expect(
      [zoneOffsetMs(zone, at), localDate(new Date(at), zone), localTime(new Date(at), zone)],
      `${zone} ${at}`,
    ).toEqual([asked(at, zone), format(zoned, 'yyyy-MM-dd'), format(zoned, 'HH:mm')]);
  };

  it('equal the zone database at every transition of 2005-2035, a millisecond either side, and between', () => {
    let transitions = 0;
    for (const zone of ZONES) {
      const end = Date.UTC(2035, 0, 1);
      let at = Date.UTC(2005, 0, 1);
      let offset = asked(at, zone);
      for (; at < end; at += 12 * HOUR) {
        const next = asked(at + 12 * HOUR, zone);
        if (next === offset) continue;
        // A change within these twelve hours: find its millisecond and check around it.
        let [low, high] = [at, at + 12 * HOUR];
        while (high - low > 1) {
          const mid = Math.floor((low + high) / 2);
          if (asked(mid, zone) === offset) low = mid;
          else high = mid;
        }
        for (const t of [high - 60_000, high - 1, high, high + 1, high + 60_000, high + HOUR]) expectSame(t, zone);
        transitions++;
        offset = next;
      }
      // And the hours of a few ordinary days.
      for (let t = Date.UTC(2026, 5, 12); t < Date.UTC(2026, 5, 14); t += HOUR) expectSame(t, zone);
    }
    expect(transitions).toBeGreaterThan(300);
  }, 120_000);

  it('puts Apia’s skipped day nowhere and refuses an invalid instant', () => {
    expect(localDate('2011-12-30T09:59:59Z', 'Pacific/Apia')).toBe('2011-12-29'); // 23:59:59, UTC-10
    expect(localDate('2011-12-30T10:00:00Z', 'Pacific/Apia')).toBe('2011-12-31'); // 00:00, UTC+14
    expect(() => localDate('not a date', 'Asia/Karachi')).toThrow(RangeError);
  });
});

describe('remembered local instants', () => {
  it('answer what the zone database answers, gaps and repeated hours included, however often asked', () => {
    const cases: [string, number, number, string][] = [
      ['2026-03-08', 2, 30, 'America/New_York'], // in the spring-forward gap
      ['2026-11-01', 1, 30, 'America/New_York'], // the repeated hour
      ['2026-09-06', 0, 0, 'America/Santiago'], // midnight does not exist that day
      ['2026-06-12', 18, 0, 'Asia/Karachi'],
    ];
    for (const [date, hour, minute, zone] of cases) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const asked = new TZDate(y, m - 1, d, hour, minute, 0, zone).getTime();
      expect(localInstantMs(date, hour, minute, zone)).toBe(asked);
      expect(localInstantMs(date, hour, minute, zone)).toBe(asked);
    }
    // The zone is part of what is remembered: the same date and time elsewhere is another instant.
    expect(localInstantMs('2026-06-12', 0, 0, 'Asia/Karachi')).toBe(Date.UTC(2026, 5, 11, 19));
    expect(localInstantMs('2026-06-12', 0, 0, 'UTC')).toBe(Date.UTC(2026, 5, 12));
    // Dates are mutable: every caller gets its own, so one changing it cannot change the remembered answer.
    const first = startOfLocalDay('2026-06-12', 'Asia/Karachi');
    first.setTime(0);
    expect(startOfLocalDay('2026-06-12', 'Asia/Karachi').getTime()).toBe(Date.UTC(2026, 5, 11, 19));
  });
});
