/**
 * Turns stored device punches into attendance: the first punch of an employee's shift is the check-in, the last one
 * the check-out (only when at least a minute later: shared/attendance-rules). Set-based, so a pull of tens of
 * thousands of punches costs a handful of queries per batch instead of several per punch.
 *
 * Whatever order punches arrive in, the days around the new ones are computed again from all of the employee's
 * applied punches kept on them (docs/devices.md "Ingest"): a 02:00 punch applied before the evening punch of its
 * shift joins that shift once the evening punch comes.
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
import { addDays, localDate, startOfLocalDay } from '../../../../shared/time.js';
import { chunks } from '../../db/chunks.js';
import type { Db } from '../../db/engine.js';
import type { AttendanceAuditTable, AttendanceTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import { insertAudits, standingAttendances, writeDeviceAttendance } from '../attendance/repository.js';
import { refreshDays } from '../attendance/days.js';
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

function skip(outcome: ApplyOutcome, note: string, ids: number[]): void {
  outcome.skipped.set(note, [...(outcome.skipped.get(note) ?? []), ...ids]);
}

/**
 * Each employee's days from the day before their first to the day after their last, grouped by that range (most
 * employees of a batch share one) and in chunks, so a read is bounded by the employee's own days and not by the
 * whole batch's window.
 */
function aroundEach(punches: ApplicablePunch[], datesOf: (p: ApplicablePunch) => string[]) {
  const spans = new Map<number, { first: string; last: string }>();
  for (const p of punches) {
    for (const date of datesOf(p)) {
      const span = spans.get(p.employeeId);
      if (!span) spans.set(p.employeeId, { first: date, last: date });
      else if (date < span.first) span.first = date;
      else if (date > span.last) span.last = date;
    }
  }
  const byRange = new Map<string, { from: string; to: string; employees: number[] }>();
  for (const [employeeId, { first, last }] of spans) {
    const key = `${first}|${last}`;
    const range = byRange.get(key);
    if (range) range.employees.push(employeeId);
    else byRange.set(key, { from: addDays(first, -1), to: addDays(last, 1), employees: [employeeId] });
  }
  return [...byRange.values()].flatMap(({ from, to, employees }) =>
    chunks(employees).map((part) => ({ from, to, employees: part })),
  );
}

async function existingAttendance(db: Db, tenantId: number, punches: ApplicablePunch[]) {
  const byKey = new Map<string, AttendanceRow>();
  // A corrected punch's day is its correction's (a manual row): punches leave it alone. The day before the first
  // punch's is read too: a punch after midnight may close its night shift.
  for (const { from, to, employees } of aroundEach(punches, (p) => [p.workDate])) {
    const rows = await standingAttendances(db, tenantId, employees, { from, to }).selectAll().execute();
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
 * The applied punches of these punches' employees kept on the days around theirs (for each employee, the day before
 * their first punch's to the day after their last's): a punch arriving late (an evening punch mapped after the
 * night's morning one, two devices uploading out of order) changes the shift of its neighbours, so their days are
 * computed again from all their punches. Bounded to those days: a change is not followed further. The index
 * `device_punches_employee_day` (migration 0052) answers it.
 */
async function appliedAround(
  trx: Db,
  tenantId: number,
  punches: ApplicablePunch[],
  timeZone: string,
): Promise<ApplicablePunch[]> {
  const out: ApplicablePunch[] = [];
  for (const { from, to, employees } of aroundEach(punches, (p) => [p.workDate, localDate(p.punchAt, timeZone)])) {
    const rows = await trx
      .selectFrom('devicePunches')
      .select(['id', 'employeeId', 'workDate', 'punchAt'])
      .where('tenantId', '=', tenantId)
      .where('employeeId', 'in', employees)
      .where('workDate', '>=', from)
      .where('workDate', '<=', to)
      .where('status', '=', 'applied')
      .execute();
    for (const r of rows) {
      if (r.employeeId !== null && r.workDate !== null) {
        out.push({ id: r.id, employeeId: r.employeeId, workDate: r.workDate, punchAt: r.punchAt });
      }
    }
  }
  return out;
}

/** Deletes device rows left without punches, in the audit trail as a deletion by the system. */
async function removeDeviceDays(trx: Db, tenantId: number, rows: AttendanceRow[], nowIso: string): Promise<void> {
  if (rows.length === 0) return;
  for (const part of chunks(rows.map((r) => r.id))) {
    await trx.deleteFrom('attendances').where('tenantId', '=', tenantId).where('id', 'in', part).execute();
  }
  const audits: Insertable<AttendanceAuditTable>[] = rows.map((row) => ({
    tenantId,
    employeeId: row.employeeId,
    attendanceId: row.id,
    breakId: null,
    action: 'delete',
    actorId: null,
    at: nowIso,
    before: JSON.stringify(row),
    after: null,
  }));
  await insertAudits(trx, audits);
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
  recomputed: (key: string) => boolean,
  keptBy: (p: ApplicablePunch) => string | undefined,
): Map<string, ApplicablePunch[]> {
  const spans = new Map<string, { first: number; last: number }>();
  const spanOf = (key: string) => {
    const known = spans.get(key);
    if (known) return known;
    const row = recomputed(key) ? undefined : existing.get(key);
    return row ? { first: Date.parse(row.checkIn), last: Date.parse(row.checkOut ?? row.checkIn) } : undefined;
  };
  // What each day of the batch's punches needs, asked once per day rather than once per punch.
  const days = new Map<string, { previous: string; start: number; previousShiftEnd: number }>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      const previous = addDays(date, -1);
      const start = startOfLocalDay(date, rule.timeZone).getTime();
      days.set(date, (day = { previous, start, previousShiftEnd: shiftEnd(previous, rule).getTime() }));
    }
    return day;
  };
  const groups = new Map<string, ApplicablePunch[]>();
  const ordered = [...punches].sort((a, b) => (a.punchAt < b.punchAt ? -1 : a.punchAt > b.punchAt ? 1 : a.id - b.id));
  for (const p of ordered) {
    const at = Date.parse(p.punchAt);
    const { previous, start, previousShiftEnd } = dayOf(p.workDate);
    const night = spanOf(`${p.employeeId}|${previous}`);
    const open = night !== undefined && night.last - night.first < MIN_ATTENDANCE_MINUTES * 60_000;
    const pastMidnight = night !== undefined && night.last >= start;
    const workDate = keptBy(p) ?? ((open || pastMidnight) && at <= previousShiftEnd ? previous : p.workDate);
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
  const fresh = new Set(ready.map((p) => p.id));
  const stored = (await appliedAround(trx, tenantId, ready, timeZone)).filter((p) => !fresh.has(p.id));
  // Where each punch is kept now (device_punches.work_date), and the days that already held applied punches.
  const keptOn = new Map([...ready, ...stored].map((p) => [p.id, p.workDate]));
  const backed = new Set(stored.map((p) => `${p.employeeId}|${p.workDate}`));
  // Every punch is attributed again from its own tenant-local day, in time order, whatever order it arrived in.
  const all = [...ready, ...stored].map((p) => ({ ...p, workDate: localDate(p.punchAt, timeZone) }));
  const existing = await existingAttendance(trx, tenantId, all);
  const untouched = (row: AttendanceRow | undefined) => row?.source === 'device' && row.updatedBy === null;
  // A device day that holds applied punches is computed again from them alone; any other row stands as it is.
  const recomputed = (key: string) => backed.has(key) && untouched(existing.get(key));
  // An applied punch kept on a day a person holds stays there: their entry already accounts for it.
  const keptBy = (p: ApplicablePunch) => {
    const day = fresh.has(p.id) ? undefined : keptOn.get(p.id);
    const row = day === undefined ? undefined : existing.get(`${p.employeeId}|${day}`);
    return row && !untouched(row) ? day : undefined;
  };
  const groups = attribute(all, existing, rule, recomputed, keptBy);
  await moveToShiftDay(trx, tenantId, keptOn, groups);
  const inserts: Insertable<AttendanceTable>[] = [];
  const updates: { before: AttendanceRow; checkIn: string; checkOut: string | null }[] = [];
  for (const [key, group] of groups) {
    const freshIds = group.filter((p) => fresh.has(p.id)).map((p) => p.id);
    const row = existing.get(key);
    if (row && !untouched(row)) {
      // A person's day: the new punches, and applied ones the shift rule now brings here, say why they do not count.
      skip(
        outcome,
        skipReason(row),
        group.filter((p) => fresh.has(p.id) || keptOn.get(p.id) !== p.workDate).map((p) => p.id),
      );
      continue;
    }
    const times = group.map((p) => Date.parse(p.punchAt));
    if (row && !recomputed(key))
      times.push(Date.parse(row.checkIn), ...(row.checkOut ? [Date.parse(row.checkOut)] : []));
    const first = Math.min(...times);
    const last = Math.max(...times);
    const checkIn = new Date(first).toISOString();
    const candidate = new Date(last).toISOString();
    // A single punch, or punches within a minute (a double tap), is a check-in without a check-out yet.
    const checkOut = checkAttendance({ checkIn, checkOut: candidate, now, rule }).length === 0 ? candidate : null;
    const issues = checkAttendance({ checkIn, checkOut, now, rule });
    if (issues.length > 0) {
      skip(outcome, issues[0]!.code, freshIds);
      continue;
    }
    outcome.applied += freshIds.length;
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
  // A device day whose punches all went to the night shift before it holds nothing any more.
  const emptied = [...backed].filter((key) => !groups.has(key) && untouched(existing.get(key)));
  await removeDeviceDays(
    trx,
    tenantId,
    emptied.map((key) => existing.get(key)!),
    nowIso,
  );
  await writeDeviceAttendance(trx, tenantId, inserts, updates, nowIso);
  // The daily aggregate of every day written (docs/workforce.md "Daily aggregate").
  await refreshDays(
    trx,
    tenantId,
    [...emptied.map((key) => existing.get(key)!), ...inserts, ...updates.map((u) => u.before)].map((r) => ({
      employeeId: r.employeeId,
      date: r.workDate,
    })),
  );
  return outcome;
}

/** A punch that counts on its night shift's day keeps that day (device_punches.work_date), as attendance does. */
async function moveToShiftDay(
  trx: Db,
  tenantId: number,
  before: Map<number, string>,
  groups: Map<string, ApplicablePunch[]>,
): Promise<void> {
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
