/**
 * Turns stored device punches into attendance: the first punch of an employee's tenant-local day is the check-in,
 * the last one the check-out (only when at least a minute later: shared/attendance-rules). Set-based, so a pull of
 * tens of thousands of punches costs a handful of queries per batch instead of several per punch.
 *
 * Night shifts belong to the day they started (docs/workforce.md "Night shifts"): a punch after midnight, up to the
 * latest check-out of a shift (setting `shift_latest_checkout`), goes to the day before when that day is still open
 * or already runs past midnight, and closes it, instead of opening a day of its own.
 *
 * A device only ever changes attendance it created and nobody has touched since: a manual entry, a web or desktop
 * check-in, or a device row a person edited (updatedBy set) is left alone, and the punches say why in their note.
 */
import {
  MIN_ATTENDANCE_MINUTES,
  checkAttendance,
  shiftEnd,
  storedMinutes,
  type ShiftRule,
} from '../../../../shared/attendance-rules.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { Db } from '../../db/engine.js';
import type { AttendanceTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import { standingAttendances, writeDeviceAttendance } from '../attendance/repository.js';
import { readSettings } from '../tenants/repository.js';

export type ApplicablePunch = { id: number; employeeId: number; workDate: string; punchAt: string };
export type ApplyOutcome = { applied: number; skipped: Map<string, number[]> };

/** Why a punch was kept but not applied (device_punches.note). */
export const SKIP = {
  MANUAL_CORRECTION: 'MANUAL_CORRECTION',
  SELF_SERVICE: 'SELF_SERVICE_ATTENDANCE',
  IN_FUTURE: 'ATTENDANCE_IN_FUTURE',
} as const;

type AttendanceRow = Selectable<AttendanceTable>;
const CHUNK = 400;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function skip(outcome: ApplyOutcome, note: string, ids: number[]): void {
  outcome.skipped.set(note, [...(outcome.skipped.get(note) ?? []), ...ids]);
}

async function existingAttendance(db: Db, tenantId: number, punches: ApplicablePunch[]) {
  const byKey = new Map<string, AttendanceRow>();
  const employees = [...new Set(punches.map((p) => p.employeeId))];
  const dates = punches.map((p) => p.workDate).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return byKey;
  for (const part of chunks(employees)) {
    // A corrected punch's day is its correction's (a manual row): punches leave it alone. The day before the first
    // punch's is read too: a punch after midnight may close its night shift.
    const rows = await standingAttendances(db, tenantId, part, { from: addDays(first, -1), to: last })
      .selectAll()
      .execute();
    for (const row of rows) byKey.set(`${row.employeeId}|${row.workDate}`, row);
  }
  return byKey;
}

/**
 * Why a person's attendance is left alone: manual entries and rows someone else changed are corrections; a web or
 * desktop check-in its owner made (and at most checked out of) is self-service.
 */
function skipReason(row: AttendanceRow): string {
  if (row.source === 'manual' || row.source === 'device') return SKIP.MANUAL_CORRECTION;
  return row.updatedBy !== null && row.updatedBy !== row.createdBy ? SKIP.MANUAL_CORRECTION : SKIP.SELF_SERVICE;
}

/**
 * The day each punch counts on, in time order: its own tenant-local day (`workDate`), or the day before when the
 * punch is no later than that day's shift end and that day is still open (no check-out: a single punch, or punches
 * within a minute) or already runs past midnight (an earlier punch of this night closed it). Keyed by
 * employee|day, the punches carrying the day they count on.
 */
function attribute(
  punches: ApplicablePunch[],
  existing: Map<string, AttendanceRow>,
  rule: ShiftRule,
): Map<string, ApplicablePunch[]> {
  const spans = new Map<string, { first: number; last: number }>();
  const spanOf = (key: string) => {
    const known = spans.get(key);
    if (known) return known;
    const row = existing.get(key);
    return row ? { first: Date.parse(row.checkIn), last: Date.parse(row.checkOut ?? row.checkIn) } : undefined;
  };
  const groups = new Map<string, ApplicablePunch[]>();
  const ordered = [...punches].sort((a, b) => (a.punchAt < b.punchAt ? -1 : a.punchAt > b.punchAt ? 1 : a.id - b.id));
  for (const p of ordered) {
    const at = Date.parse(p.punchAt);
    const previous = addDays(p.workDate, -1);
    const night = spanOf(`${p.employeeId}|${previous}`);
    const open = night !== undefined && night.last - night.first < MIN_ATTENDANCE_MINUTES * 60_000;
    const pastMidnight = night !== undefined && night.last >= startOfLocalDay(p.workDate, rule.timeZone).getTime();
    const workDate = (open || pastMidnight) && at <= shiftEnd(previous, rule).getTime() ? previous : p.workDate;
    const key = `${p.employeeId}|${workDate}`;
    const span = spanOf(key);
    spans.set(key, span ? { first: Math.min(span.first, at), last: Math.max(span.last, at) } : { first: at, last: at });
    const group = groups.get(key);
    const punch = workDate === p.workDate ? p : { ...p, workDate };
    if (group) group.push(punch);
    else groups.set(key, [punch]);
  }
  return groups;
}

/** Must run inside the caller's transaction: the punches' statuses and the attendance change together. */
export async function applyPunches(
  trx: Db,
  tenantId: number,
  timeZone: string,
  now: Date,
  punches: ApplicablePunch[],
): Promise<ApplyOutcome> {
  const outcome: ApplyOutcome = { applied: 0, skipped: new Map() };
  const nowIso = now.toISOString();
  const ready: ApplicablePunch[] = [];
  for (const p of punches) {
    // A device clock running ahead must not create attendance in the future (attendance rules).
    if (p.punchAt > nowIso) skip(outcome, SKIP.IN_FUTURE, [p.id]);
    else ready.push(p);
  }
  if (ready.length === 0) return outcome;

  const rule: ShiftRule = { timeZone, latestCheckOut: (await readSettings(trx, tenantId)).shift_latest_checkout };
  const existing = await existingAttendance(trx, tenantId, ready);
  const groups = attribute(ready, existing, rule);
  await moveToShiftDay(trx, tenantId, ready, groups);
  const inserts: Insertable<AttendanceTable>[] = [];
  const updates: { before: AttendanceRow; checkIn: string; checkOut: string | null }[] = [];
  for (const [key, group] of groups) {
    const ids = group.map((p) => p.id);
    const row = existing.get(key);
    if (row && (row.source !== 'device' || row.updatedBy !== null)) {
      skip(outcome, skipReason(row), ids);
      continue;
    }
    const times = group.map((p) => Date.parse(p.punchAt));
    if (row) times.push(Date.parse(row.checkIn), ...(row.checkOut ? [Date.parse(row.checkOut)] : []));
    const first = Math.min(...times);
    const last = Math.max(...times);
    const checkIn = new Date(first).toISOString();
    const candidate = new Date(last).toISOString();
    // A single punch, or punches within a minute (a double tap), is a check-in without a check-out yet.
    const checkOut = checkAttendance({ checkIn, checkOut: candidate, now, rule }).length === 0 ? candidate : null;
    const issues = checkAttendance({ checkIn, checkOut, now, rule });
    if (issues.length > 0) {
      skip(outcome, issues[0]!.code, ids);
      continue;
    }
    outcome.applied += ids.length;
    const [employeeId, workDate] = [group[0]!.employeeId, group[0]!.workDate];
    if (!row) {
      inserts.push({
        tenantId,
        employeeId,
        workDate,
        checkIn,
        checkOut,
        source: 'device',
        isWfo: 1,
        clientIp: null,
        ...storedMinutes({ checkIn, checkOut }, []),
        createdBy: null,
        createdAt: nowIso,
        updatedBy: null,
        updatedAt: nowIso,
      });
    } else if (row.checkIn !== checkIn || row.checkOut !== checkOut) {
      updates.push({ before: row, checkIn, checkOut });
    }
  }

  await writeDeviceAttendance(trx, tenantId, inserts, updates, nowIso);
  return outcome;
}

/** A punch that counts on its night shift's day keeps that day (device_punches.work_date), as attendance does. */
async function moveToShiftDay(
  trx: Db,
  tenantId: number,
  punches: ApplicablePunch[],
  groups: Map<string, ApplicablePunch[]>,
): Promise<void> {
  const before = new Map(punches.map((p) => [p.id, p.workDate]));
  const moved = new Map<string, number[]>();
  for (const group of groups.values())
    for (const p of group)
      if (before.get(p.id) !== p.workDate) moved.set(p.workDate, [...(moved.get(p.workDate) ?? []), p.id]);
  for (const [workDate, ids] of moved)
    for (const part of chunks(ids))
      await trx
        .updateTable('devicePunches')
        .set({ workDate })
        .where('tenantId', '=', tenantId)
        .where('id', 'in', part)
        .execute();
}

/** Records why skipped punches were not applied. */
export async function markSkipped(trx: Db, tenantId: number, skipped: Map<string, number[]>): Promise<number> {
  let count = 0;
  for (const [note, ids] of skipped) {
    count += ids.length;
    for (const part of chunks(ids)) {
      await trx
        .updateTable('devicePunches')
        .set({ status: 'skipped', note })
        .where('tenantId', '=', tenantId)
        .where('id', 'in', part)
        .execute();
    }
  }
  return count;
}
