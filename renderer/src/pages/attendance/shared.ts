/**
 * Helpers of the attendance pages: times shown in the tenant's zone (a working day is the tenant's local
 * day), durations as "7h 45m", and who may change which day (the server decides; this only disables).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Attendance } from '../../../../shared/contracts/attendance';
import type { MeResponse } from '../../../../shared/contracts/tenant';
import { addDays } from '../../../../shared/time';

/** "HH:mm" of an instant in the zone. */
export function timeIn(instant: string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'HH:mm');
}

/** The instant of a local date and "HH:mm" in the zone, as ISO; null for an incomplete time. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const local = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 0, timeZone);
  return new Date(local.getTime()).toISOString();
}

/** A running timer: seconds included. */
export function clockDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The catalogue key of where an attendance came from (namespace `attendance`). */
export const SOURCE_KEYS = {
  web: 'source.web',
  desktop: 'source.desktop',
  device: 'source.device',
  manual: 'source.manual',
} as const satisfies Record<Attendance['source'], string>;

/**
 * Whether the signed-in user may set the work-from-office flag of `employeeId`'s days by hand: with team or
 * company reach over them, never over oneself with a team permission (shared/attendance-rules#checkWfoChange;
 * the server decides).
 */
export function canCertifyWfo(me: MeResponse, permissions: ReadonlySet<string>, employeeId: number): boolean {
  if (permissions.has('edit-all-attendance')) return true;
  return employeeId !== me.employee.id && permissions.has('edit-team-attendance');
}

/** Why a change is refused, for the catalogue (`attendance:editRight.*`); `limit` with the edit limit in days. */
export type EditRight =
  | { allowed: true }
  | { allowed: false; reason: 'otherEmployee' | 'own' }
  | { allowed: false; reason: 'limit'; limit: number };

/**
 * Whether the signed-in user may add or change the attendance of `employeeId` on `date`: anyone's with
 * edit-all-attendance, a team member's with edit-team-attendance (the picker only offers team members),
 * their own with edit-attendance while the day is within attendence_edit_allow_limit days.
 */
export function editRight(
  me: MeResponse,
  permissions: ReadonlySet<string>,
  employeeId: number,
  date: string,
  today: string,
): EditRight {
  if (permissions.has('edit-all-attendance')) return { allowed: true };
  if (employeeId !== me.employee.id) {
    return permissions.has('edit-team-attendance') ? { allowed: true } : { allowed: false, reason: 'otherEmployee' };
  }
  if (!permissions.has('edit-attendance')) return { allowed: false, reason: 'own' };
  const limit = me.tenant.settings.attendence_edit_allow_limit;
  if (date < addDays(today, -limit)) {
    return { allowed: false, reason: 'limit', limit };
  }
  return { allowed: true };
}

/** Milliseconds worked so far: check-in to check-out (or now), less finished and running breaks. */
export function workedMs(attendance: Pick<Attendance, 'checkIn' | 'checkOut' | 'breaks'>, now: number): number {
  const end = attendance.checkOut ? Date.parse(attendance.checkOut) : now;
  const total = Math.max(0, end - Date.parse(attendance.checkIn));
  const breaks = attendance.breaks.reduce(
    (sum, b) => sum + Math.max(0, Math.min(b.end ? Date.parse(b.end) : end, end) - Date.parse(b.start)),
    0,
  );
  return Math.max(0, total - breaks);
}
