// Device clocks hold local wall-clock time of the zone the device is set to, with no zone or offset on the wire.
// node-zklib turns that wall-clock into `new Date(y, m, d, h, mi, s)`, i.e. reads it in the HOST's zone, which is
// wrong whenever the agent machine and the device disagree. These helpers take the wall-clock back out of such a
// Date and interpret it in the device's configured IANA zone.
import { TZDate } from '@date-fns/tz';
import { instantToDeviceLocalTime, parseDeviceLocalTime, wallClockInstant } from '../../shared/device-time.js';

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The components node-zklib put into a host-local Date (exact, except inside a host DST gap: see README). */
export function wallClockFromHostDate(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/**
 * The UTC instant of a wall-clock time in `timeZone`, by the server's own rule (shared/device-time.ts): in a
 * repeated (DST fall-back) hour the earlier one; in a skipped hour, the offset before the change.
 */
export function wallClockToInstant(wall: WallClock, timeZone: string): Date {
  return wallClockInstant(wall, timeZone);
}

/** What a device set to `timeZone` shows at an instant. */
export function instantToWallClock(instant: Date, timeZone: string): WallClock {
  return parseDeviceLocalTime(instantToDeviceLocalTime(instant, timeZone))!;
}

/** A device time as node-zklib decoded it, converted to the instant it denotes in the device's zone. */
export function deviceDateToInstant(hostLocal: Date, timeZone: string): Date {
  return wallClockToInstant(wallClockFromHostDate(hostLocal), timeZone);
}

/** `YYYY-MM-DDTHH:mm:ss`, the device's own reading, kept beside the instant for audits and idempotency keys. */
export function formatWallClock(wall: WallClock): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(wall.year, 4)}-${p(wall.month)}-${p(wall.day)}T${p(wall.hour)}:${p(wall.minute)}:${p(wall.second)}`;
}

/**
 * The protocol's packed time (terminal.md, node-zklib's timeParser.js): month 1-12; only the years 2000-2099
 * can be written. The agent only decodes; the ZKTeco simulator (tools/zk-sim) encodes with this same rule.
 */
export function encodeDeviceTime(t: WallClock): number {
  return (
    (((t.year % 100) * 12 * 31 + (t.month - 1) * 31 + (t.day - 1)) * 86400 +
      (t.hour * 60 + t.minute) * 60 +
      t.second) >>>
    0
  );
}

/** Decode the protocol's packed time (terminal.md; node-zklib's parseTimeToDate, without the host-zone Date). */
export function decodeDeviceTime(value: number): WallClock {
  let t = value;
  const second = t % 60;
  t = (t - second) / 60;
  const minute = t % 60;
  t = (t - minute) / 60;
  const hour = t % 24;
  t = (t - hour) / 24;
  const day = (t % 31) + 1;
  t = (t - (day - 1)) / 31;
  const month = (t % 12) + 1;
  t = (t - (month - 1)) / 12;
  return { year: t + 2000, month, day, hour, minute, second };
}

/** Throws early on a zone the runtime's ICU does not know, instead of producing Invalid Dates later. */
export function assertTimeZone(timeZone: string): void {
  if (Number.isNaN(new TZDate(2000, 0, 1, timeZone).getTime())) throw new RangeError(`unknown time zone ${timeZone}`);
}
