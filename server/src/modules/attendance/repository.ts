/**
 * Attendance rows with their breaks, the views built from them, and the audit trail. The functions taking
 * a `db` serve the services (which run them inside their transactions); the routes use the tenant-bound
 * `attendanceRepository` through `ctx.repo`.
 */
import { shownPeople } from '../../db/demo.js';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  isMissingCheckOut,
  shiftRuleOf,
  storedMinutes,
  workedMinutes,
  type ShiftRule,
} from '../../../../shared/attendance-rules.js';
import type {
  Attendance,
  AttendanceEmployee,
  Correction,
  auditEntrySchema,
} from '../../../../shared/contracts/attendance.js';
import type { Db } from '../../db/engine.js';
import { chunks } from '../../db/chunks.js';
import { ownedRows } from '../../db/owned.js';
import { prepareRows } from '../../db/prepared.js';
import type { AttendanceAuditTable, AttendanceTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';
import { readSettings } from '../tenants/repository.js';
import type { Visibility } from '../../policy/scope.js';

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

export type DeviceUpdate = { before: AttendanceRow; checkIn: string; checkOut: string | null };

/**
 * Writes what device punches decided (devices/attendance-apply): new device attendances, and new times for
 * untouched device rows, with one audit entry each by no actor, in the caller's transaction and in batches.
 * Device rows never have breaks, so their stored minutes come from the times alone.
 */
export async function writeDeviceAttendance(
  trx: Db,
  tenantId: number,
  inserts: Insertable<AttendanceTable>[],
  updates: DeviceUpdate[],
  nowIso: string,
): Promise<void> {
  const audits: Insertable<AttendanceAuditTable>[] = [];
  for (const after of await insertAttendanceRows(trx, inserts)) {
    audits.push({
      tenantId,
      employeeId: after.employeeId,
      attendanceId: after.id,
      breakId: null,
      action: 'create',
      actorId: null,
      at: nowIso,
      before: null,
      after: JSON.stringify(after),
    });
  }
  // Many rows in one statement, joined to their new values by id. Only rows nobody touched are updated here, and a
  // break is a touch (updatedBy): there are none.
  for (const part of chunks(updates, 200)) {
    const values = sql.join(
      part.map((u) => {
        const { workedMinutes, breakMinutes } = storedMinutes(u, []);
        return sql`(cast(${u.before.id} as integer), ${u.checkIn}, ${u.checkOut},
          cast(${workedMinutes} as integer), cast(${breakMinutes} as integer))`;
      }),
    );
    // A VALUES list names its columns column1, column2... on both engines. The rows are read back rather than
    // returned: SQLite's RETURNING takes no `attendances.*` and PostgreSQL's `*` would add the list's columns.
    await sql`update attendances set check_in = v.column2, check_out = v.column3, worked_minutes = v.column4,
      break_minutes = v.column5, updated_at = ${nowIso}
      from (values ${values}) as v
      where attendances.tenant_id = ${tenantId} and attendances.id = v.column1`.execute(trx);
    const rows = await trx
      .selectFrom('attendances')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where(
        'id',
        'in',
        part.map((u) => u.before.id),
      )
      .execute();
    const after = new Map(rows.map((row) => [row.id, row]));
    for (const u of part) {
      const row = after.get(u.before.id);
      if (!row) throw new Error(`attendance ${u.before.id} was not updated`);
      audits.push({
        tenantId,
        employeeId: u.before.employeeId,
        attendanceId: u.before.id,
        breakId: null,
        action: 'update',
        actorId: null,
        at: nowIso,
        before: JSON.stringify(u.before),
        after: JSON.stringify(row),
      });
    }
  }
  await insertAudits(trx, audits);
}

// Prepared multi-row inserts (db/prepared.ts): the device path writes hundreds of rows per batch.
const insertAttendanceRows = prepareRows((db, rows: Insertable<AttendanceTable>[]) =>
  db.insertInto('attendances').values(rows).returningAll(),
);

/** Audit entries, any number, in order (the device path writes one per attendance it changes). */
export const insertAudits = prepareRows((db, rows: Insertable<AttendanceAuditTable>[]) =>
  db.insertInto('attendanceAudit').values(rows),
);

async function names(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('employees').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The device punches corrections stand in for, by id. */
async function originalsOf(db: Db, ids: number[]): Promise<Map<number, AttendanceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('attendances').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

function correctionOf(
  row: AttendanceRow,
  originals: Map<number, AttendanceRow>,
  person: (id: number | null) => { id: number; name: string } | null,
): Correction | null {
  const original = row.correctsId === null ? undefined : originals.get(row.correctsId);
  if (!original) return null;
  return {
    reason: row.correctionReason ?? '',
    by: person(row.createdBy),
    at: row.createdAt,
    original: {
      id: original.id,
      checkIn: original.checkIn,
      checkOut: original.checkOut,
      source: original.source,
      isWfo: original.isWfo === 1,
      workedMinutes: original.workedMinutes,
    },
  };
}

/**
 * Attendance rows as the API shows them, worked time computed up to `now` while the shift still runs; an open
 * one past its shift's latest check-out is flagged `missingCheckOut` and counts no worked time (as every total).
 */
export async function toViews(db: Db, rows: AttendanceRow[], now: Date, rule: ShiftRule): Promise<Attendance[]> {
  const breaks = await breaksOf(
    db,
    rows.map((r) => r.id),
  );
  const corrections = rows.filter((r) => r.correctsId !== null);
  const originals = await originalsOf(
    db,
    corrections.map((r) => r.correctsId!),
  );
  const editors = await names(db, [
    ...rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
    ...corrections.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])),
  ]);
  const person = (id: number | null) => (id === null ? null : { id, name: editors.get(id) ?? '' });
  return rows.map((r) => {
    const own = breaks.get(r.id) ?? [];
    const spans = own.map((b) => ({ id: b.id, start: b.startAt, end: b.endAt }));
    // A closed attendance shows what it stores (the figures sum the same); an open one counts up to now while
    // its shift runs, and nothing once its check-out is missing (its finished breaks stay shown).
    const missingCheckOut = isMissingCheckOut({ date: r.workDate, checkOut: r.checkOut }, now, rule);
    const time =
      r.checkOut !== null && r.workedMinutes !== null && r.breakMinutes !== null
        ? { worked: r.workedMinutes, onBreak: r.breakMinutes }
        : missingCheckOut
          ? { worked: 0, onBreak: r.breakMinutes ?? 0 }
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
      missingCheckOut,
      updatedAt: r.updatedAt,
      updatedBy: person(r.updatedBy),
      correction: correctionOf(r, originals, person),
    };
  });
}

/**
 * The attendances standing for the employees' days from..to: a corrected device punch is replaced by its
 * correction, so every reader of attendance skips `correctedAt` rows (migration 0013).
 */
export function standingAttendances(
  db: Db,
  tenantId: number,
  employees: number | readonly number[],
  days: { from: string; to: string },
) {
  const query = db
    .selectFrom('attendances')
    .where('tenantId', '=', tenantId)
    .where('workDate', '>=', days.from)
    .where('workDate', '<=', days.to)
    .where('correctedAt', 'is', null);
  return typeof employees === 'number'
    ? query.where('employeeId', '=', employees)
    : query.where('employeeId', 'in', [...employees]);
}

/** The attendance standing for an employee's day. */
export function findOnDay(db: Db, tenantId: number, employeeId: number, date: string) {
  return standingAttendances(db, tenantId, employeeId, { from: date, to: date }).selectAll().executeTakeFirst();
}

export const findById = (db: Db, tenantId: number, id: number) => ownedRows({ db, tenantId }).find('attendances', id);

export function inRange(db: Db, tenantId: number, employeeId: number, start: string, end: string) {
  return standingAttendances(db, tenantId, employeeId, { from: start, to: end })
    .selectAll()
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

type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What the attendance routes read, bound to the caller's tenant. */
export function attendanceRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  return {
    findById: (id: number) => findById(db, tenantId, id),

    /** An attendance (known to exist) as the API shows it. */
    async view(id: number): Promise<Attendance> {
      const row = (await findById(db, tenantId, id))!;
      return (await toViews(db, [row], now(), shiftRuleOf(await readSettings(db, tenantId))))[0]!;
    },

    /** A break; 404 when the tenant has none with this id. */
    findBreak: (id: number): Promise<BreakRow> => ownedRows(scope).get('attendanceBreaks', id, 'breakNotFound'),

    /** The employees a visibility names, by name (the month view's picker). */
    async employees(visibility: Visibility, hideDemo: boolean): Promise<AttendanceEmployee[]> {
      let query = db
        .selectFrom('employees')
        .select(['id', 'name', 'status'])
        .where('tenantId', '=', tenantId)
        .where(shownPeople(scope, 'employees.id', hideDemo))
        .orderBy('name')
        .orderBy('id');
      if (visibility.kind !== 'all') {
        query = query.where('id', 'in', policyRepository(scope).visibleEmployeeIds(visibility));
      }
      const rows = await query.execute();
      return rows.map((r) => ({ id: r.id, name: r.name, isActive: r.status === 'active' }));
    },

    /** Whose attendance an audit trail is about (the attendance may be deleted); 404 when it has none. */
    async auditOwner(attendanceId: number): Promise<number> {
      const row = await db
        .selectFrom('attendanceAudit')
        .select('employeeId')
        .where('tenantId', '=', tenantId)
        .where('attendanceId', '=', attendanceId)
        .limit(1)
        .executeTakeFirst();
      if (!row) throw errors.notFound('attendanceNotFound');
      return row.employeeId;
    },

    /** The audit trail of an attendance and its breaks, oldest first; 404 when it has none. */
    async auditTrail(attendanceId: number): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('attendanceAudit')
        .leftJoin('employees', 'employees.id', 'attendanceAudit.actorId')
        .select([
          'attendanceAudit.id',
          'attendanceAudit.action',
          'attendanceAudit.breakId',
          'attendanceAudit.at',
          'attendanceAudit.before',
          'attendanceAudit.after',
          'employees.id as actorId',
          'employees.name as actorName',
        ])
        .where('attendanceAudit.tenantId', '=', tenantId)
        .where('attendanceAudit.attendanceId', '=', attendanceId)
        .orderBy('attendanceAudit.id')
        .execute();
      if (rows.length === 0) throw errors.notFound('attendanceNotFound');
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        subject: r.breakId === null ? ('attendance' as const) : ('break' as const),
        breakId: r.breakId,
        at: r.at,
        actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
        before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
        after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
      }));
    },
  };
}
