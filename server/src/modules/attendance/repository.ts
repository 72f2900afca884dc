/** Attendance rows with their breaks, the views built from them, and the audit trail. */
import type { Attendance } from '../../../../shared/contracts/attendance.js';
import { storedMinutes, workedMinutes } from '../../../../shared/attendance-rules.js';
import type { Db } from '../../db/engine.js';
import type { AttendanceTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

export type AttendanceRow = Selectable<AttendanceTable>;
export type BreakRow = { id: number; attendanceId: number; startAt: string; endAt: string | null };

export async function breaksOf(db: Db, attendanceIds: number[]): Promise<Map<number, BreakRow[]>> {
  const map = new Map<number, BreakRow[]>();
  if (attendanceIds.length === 0) return map;
  const rows = await db
    .selectFrom('attendanceBreaks')
    .select(['id', 'attendanceId', 'startAt', 'endAt'])
    .where('attendanceId', 'in', attendanceIds)
    .orderBy('startAt')
    .execute();
  for (const r of rows) map.set(r.attendanceId, [...(map.get(r.attendanceId) ?? []), r]);
  return map;
}

/**
 * Writes an attendance's stored worked and break minutes from its current times and breaks (in the caller's
 * transaction, after the change that moved them).
 */
export async function storeMinutes(db: Db, attendanceId: number): Promise<void> {
  const row = await db
    .selectFrom('attendances')
    .select(['checkIn', 'checkOut'])
    .where('id', '=', attendanceId)
    .executeTakeFirst();
  if (!row) return;
  const spans = ((await breaksOf(db, [attendanceId])).get(attendanceId) ?? []).map((b) => ({
    start: b.startAt,
    end: b.endAt,
  }));
  const minutes = storedMinutes(row, spans);
  await db
    .updateTable('attendances')
    .set({ workedMinutes: minutes.workedMinutes, breakMinutes: minutes.breakMinutes })
    .where('id', '=', attendanceId)
    .execute();
}

async function names(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('employees').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Attendance rows as the API shows them, worked time computed up to `now` while still checked in. */
export async function toViews(db: Db, rows: AttendanceRow[], now: Date): Promise<Attendance[]> {
  const breaks = await breaksOf(
    db,
    rows.map((r) => r.id),
  );
  const editors = await names(
    db,
    rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
  );
  return rows.map((r) => {
    const own = breaks.get(r.id) ?? [];
    const spans = own.map((b) => ({ id: b.id, start: b.startAt, end: b.endAt }));
    // A closed attendance shows what it stores (the figures sum the same); an open one counts up to now.
    const time =
      r.checkOut !== null && r.workedMinutes !== null && r.breakMinutes !== null
        ? { worked: r.workedMinutes, onBreak: r.breakMinutes }
        : workedMinutes({ checkIn: r.checkIn, checkOut: r.checkOut }, spans, now);
    return {
      id: r.id,
      employeeId: r.employeeId,
      date: r.workDate,
      checkIn: r.checkIn,
      checkOut: r.checkOut,
      source: r.source,
      isWfo: r.isWfo === 1,
      breaks: spans,
      workedMinutes: time.worked,
      breakMinutes: time.onBreak,
      updatedAt: r.updatedAt,
      updatedBy: r.updatedBy === null ? null : { id: r.updatedBy, name: editors.get(r.updatedBy) ?? '' },
    };
  });
}

export function findOnDay(db: Db, tenantId: number, employeeId: number, date: string) {
  return db
    .selectFrom('attendances')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('workDate', '=', date)
    .executeTakeFirst();
}

export function findById(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('attendances')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function inRange(db: Db, tenantId: number, employeeId: number, start: string, end: string) {
  return db
    .selectFrom('attendances')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('workDate', '>=', start)
    .where('workDate', '<=', end)
    .orderBy('workDate')
    .execute();
}

export async function audit(
  db: Db,
  entry: {
    tenantId: number;
    employeeId: number;
    attendanceId: number;
    breakId?: number | null;
    action: 'create' | 'update' | 'delete';
    actorId: number | null;
    at: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db
    .insertInto('attendanceAudit')
    .values({
      tenantId: entry.tenantId,
      employeeId: entry.employeeId,
      attendanceId: entry.attendanceId,
      breakId: entry.breakId ?? null,
      action: entry.action,
      actorId: entry.actorId,
      at: entry.at,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
