/**
 * A zone's offset from UTC at an instant, cached (issue #18). Its own module, importing only the zone database, so
 * that the device agent and the simulator, which need it, do not load date-fns whole (shared/time.ts does).
 */
import { TZDate } from '@date-fns/tz';

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant in milliseconds (east positive), asked of the zone database. */
function askedOffsetMs(timeZone: string, at: number): number {
  return -new TZDate(at, timeZone).getTimezoneOffset() * 60_000;
}

/** Per zone, per UTC day number: the zone's offset when it is the same all that day, else null (a transition). */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAYS_KEPT = 100_000;
let daysKept = 0;

/**
 * The zone's offset from UTC at an instant, in milliseconds (east positive). Asking the zone database costs about
 * 12 µs and the punch path asked it several times per punch (issue #18), so a UTC day without a transition is asked
 * twice, once, and then read from memory; inside a day with a transition every instant is asked exactly. Zones
 * change their offset at most once a day, so equal offsets at a day's first and last millisecond mean none.
 */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const day = Math.floor(at / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const first = askedOffsetMs(timeZone, day * DAY_MS);
    offset = first === askedOffsetMs(timeZone, (day + 1) * DAY_MS - 1) ? first : null;
    if (++daysKept > DAYS_KEPT) {
      dayOffsets.clear();
      daysKept = 1;
      dayOffsets.set(timeZone, (days = new Map()));
    }
    days.set(day, offset);
  }
  return offset ?? askedOffsetMs(timeZone, at);
}
