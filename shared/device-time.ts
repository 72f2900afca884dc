/**
 * A device's local time and the instant it denotes (docs/devices.md, "Identity of a punch"). Terminals keep the
 * wall-clock time of the zone they are set to, with no offset: a punch is identified by what the device says
 * (serial, device user id, this local time) and its instant is derived from it and the device's zone, here, on
 * every path (the agent's uploads, ADMS, a zone change). One rule for the two ambiguous cases:
 *
 * - a repeated hour (DST fall-back) is read as its EARLIER occurrence (the first 01:30 of the night);
 * - a time in the skipped hour (DST spring-forward gap), which a device whose clock has not changed yet can still
 *   show, is read with the offset in force before the change: 02:30 in New York's gap is 07:30Z (03:30 summer time).
 */
import { TZDate } from '@date-fns/tz';
import { zoneOffsetMs } from './zone-offset.js';

/** `YYYY-MM-DDTHH:mm:ss` (a space instead of the T is read too, as ADMS sends it). */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;

export type DeviceWallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/**
 * Reads a device's local time strictly: an impossible date (2026-02-30, 24:00:00) is null, never rolled over to
 * another day. Years 2000-2099 only: the terminals' packed time cannot hold others.
 */
export function parseDeviceLocalTime(value: string): DeviceWallClock | null {
  const m = LOCAL_TIME.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 2099 || hour > 23 || minute > 59 || second > 59) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, second };
}

/** The stored form of a device's local time: `YYYY-MM-DDTHH:mm:ss`. */
export function formatDeviceLocalTime(wall: DeviceWallClock): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(wall.year, 4)}-${p(wall.month)}-${p(wall.day)}T${p(wall.hour)}:${p(wall.minute)}:${p(wall.second)}`;
}

/** The instant of a wall-clock time in `timeZone`: earlier occurrence in a repeated hour, offset before a gap. */
export function wallClockInstant(wall: DeviceWallClock, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const before = zoneOffsetMs(timeZone, asUtc - DAY_MS);
  const after = zoneOffsetMs(timeZone, asUtc + DAY_MS);
  const valid = [...new Set([before, zoneOffsetMs(timeZone, asUtc), after])]
    .map((offset) => asUtc - offset)
    .filter((at) => Number.isFinite(at) && at + zoneOffsetMs(timeZone, at) === asUtc)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? asUtc - before);
}

/** The instant of a device's local time in its zone; null when the text is not a possible local time. */
export function deviceLocalTimeToInstant(value: string, timeZone: string): Date | null {
  const wall = parseDeviceLocalTime(value);
  return wall ? wallClockInstant(wall, timeZone) : null;
}

/** What a device set to `timeZone` shows at an instant, in the stored form. */
export function instantToDeviceLocalTime(instant: Date, timeZone: string): string {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return formatDeviceLocalTime({
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
    second: zoned.getSeconds(),
  });
}

/** A device's local time normalised to the stored form (T separator), or null when it is not a possible one. */
export function normaliseDeviceLocalTime(value: string): string | null {
  const wall = parseDeviceLocalTime(value);
  return wall ? formatDeviceLocalTime(wall) : null;
}

/**
 * The terminals' packed time (ZK protocol, `SET OPTION DateTime=`, CMD_SET_TIME): seconds in a calendar of 31-day
 * months and 12-month years from 2000. The device agent's decoder (electron/device-agent/zk-time.ts) reads it back.
 */
export function packDeviceTime(wall: DeviceWallClock): number {
  return (
    (((wall.year % 100) * 12 * 31 + (wall.month - 1) * 31 + (wall.day - 1)) * 86400 +
      (wall.hour * 60 + wall.minute) * 60 +
      wall.second) >>>
    0
  );
}
