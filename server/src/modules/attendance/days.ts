/**
 * The daily attendance aggregate (migration 0051; docs/workforce.md "Daily aggregate"): `attendance_days`, one row
 * per employee and day with the day's standing attendance (present, WFO, worked and break minutes) and whether a
 * taken leave request covers it, and `attendance_day_totals`, the tenant's sums per day. The productivity overviews
 * read them instead of every attendance row.
 *
 * Every write of attendance, breaks or leave calls `refreshDays` in its own transaction with the (employee, day)
 * pairs it touched: those days are computed again from the source rows, so the aggregate commits or rolls back with
 * the write. Calendar facts (weekends, holidays, joining day, who is active, demo data switched off) are not stored:
 * the readers apply them, so changing them needs no maintenance. `rebuildDays` computes a range again from scratch
 * (the attendance-days job, the demo seed, bulk loads).
 */
import { sql } from 'kysely';
import { TAKEN_STATUSES } from '../../../../shared/leave.js';
import { chunks } from '../../db/chunks.js';
import { toNumber, type Db } from '../../db/engine.js';
import type { Deps } from '../../deps.js';
import { addDays, localDate } from '../../../../shared/time.js';
import { readSettings } from '../tenants/repository.js';

/** One employee's day. */
export type DayKey = { employeeId: number; date: string };

type Values = { present: number; wfo: number; workedMinutes: number; breakMinutes: number; onLeave: 0 | 1 };
const NONE: Values = { present: 0, wfo: 0, workedMinutes: 0, breakMinutes: 0, onLeave: 0 };
/** How a day's totals move: the sums of attendance_day_totals. */
type Delta = Omit<Values, 'onLeave'> & { presentOnLeave: number; onLeave: number };
const NO_DELTA: Delta = { present: 0, wfo: 0, workedMinutes: 0, breakMinutes: 0, presentOnLeave: 0, onLeave: 0 };
const CHUNK = 200;

const keyOf = (employeeId: number, date: string) => `${employeeId}|${date}`;
const isNone = (v: Values) =>
  v.present === 0 && v.wfo === 0 && v.workedMinutes === 0 && v.breakMinutes === 0 && v.onLeave === 0;
const same = (a: Values, b: Values) =>
  a.present === b.present &&
  a.wfo === b.wfo &&
  a.workedMinutes === b.workedMinutes &&
  a.breakMinutes === b.breakMinutes &&
  a.onLeave === b.onLeave;

/** Each day of a range (both ends), for the days a leave request covers. */
export function daysOf(employeeId: number, range: { start: string; end: string }): DayKey[] {
  const keys: DayKey[] = [];
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) keys.push({ employeeId, date: d });
  return keys;
}

/**
 * The standing attendances' sums per employee and day, as attendance_days holds them (its columns in its order):
 * what a refresh computes for a few days and a rebuild inserts for a range.
 */
function standingSums(db: Db, tenantId: number) {
  return db
    .selectFrom('attendances')
    .select([
      'tenantId',
      'employeeId',
      'workDate',
      sql<number | string>`count(*)`.as('present'),
      sql<number | string>`sum(is_wfo)`.as('wfo'),
      sql<number | string>`sum(coalesce(worked_minutes, 0))`.as('workedMinutes'),
      sql<number | string>`sum(coalesce(break_minutes, 0))`.as('breakMinutes'),
    ])
    .where('tenantId', '=', tenantId)
    .where('correctedAt', 'is', null)
    .groupBy(['tenantId', 'employeeId', 'workDate']);
}

/**
 * What the source rows say of these days: the standing attendances' counts and minutes, and taken leave. Reads the
 * employees × dates of the keys (a superset) and answers only the keys.
 */
async function computed(db: Db, tenantId: number, keys: DayKey[]): Promise<Map<string, Values>> {
  const employees = [...new Set(keys.map((k) => k.employeeId))];
  const dates = [...new Set(keys.map((k) => k.date))].sort();
  const wanted = new Set(keys.map((k) => keyOf(k.employeeId, k.date)));
  const result = new Map<string, Values>();
  const [attendance, leave] = await Promise.all([
    standingSums(db, tenantId).where('employeeId', 'in', employees).where('workDate', 'in', dates).execute(),
    db
      .selectFrom('leaveRequests')
      .select(['employeeId', 'startDate', 'endDate'])
      .where('tenantId', '=', tenantId)
      .where('employeeId', 'in', employees)
      .where('status', 'in', [...TAKEN_STATUSES])
      .where('startDate', '<=', dates[dates.length - 1]!)
      .where('endDate', '>=', dates[0]!)
      .execute(),
  ]);
  for (const r of attendance) {
    const key = keyOf(r.employeeId, r.workDate);
    if (!wanted.has(key)) continue;
    result.set(key, {
      present: toNumber(r.present),
      wfo: toNumber(r.wfo),
      workedMinutes: toNumber(r.workedMinutes),
      breakMinutes: toNumber(r.breakMinutes),
      onLeave: 0,
    });
  }
  for (const k of keys) {
    const covered = leave.some((r) => r.employeeId === k.employeeId && r.startDate <= k.date && r.endDate >= k.date);
    if (!covered) continue;
    const key = keyOf(k.employeeId, k.date);
    result.set(key, { ...(result.get(key) ?? NONE), onLeave: 1 });
  }
  return result;
}

/**
 * Computes these employees' days again from their attendance and leave, and the tenant's day totals by the
 * difference; in the caller's transaction, after its write. The days' aggregate rows are locked first (an upsert
 * that changes nothing), so two writers of the same day take turns and the second computes from the first's
 * committed rows (PostgreSQL's read committed gives each statement a fresh snapshot; SQLite has one writer anyway).
 * The totals move by increments, which concurrent writers of other employees' same day add up safely.
 */
export async function refreshDays(db: Db, tenantId: number, keys: readonly DayKey[]): Promise<void> {
  const unique = new Map<string, DayKey>();
  for (const k of keys) unique.set(keyOf(k.employeeId, k.date), k);
  // One order for every writer (employee, then day), so two writers never wait for each other in a circle.
  const sorted = [...unique.values()].sort((a, b) => a.employeeId - b.employeeId || (a.date < b.date ? -1 : 1));
  const deltas = new Map<string, Delta>();
  for (const part of chunks(sorted, CHUNK)) {
    await db
      .insertInto('attendanceDays')
      .values(part.map((k) => ({ tenantId, employeeId: k.employeeId, workDate: k.date })))
      .onConflict((oc) =>
        oc.columns(['tenantId', 'employeeId', 'workDate']).doUpdateSet({ present: sql`attendance_days.present` }),
      )
      .execute();
    const before = new Map<string, Values>();
    const rows = await db
      .selectFrom('attendanceDays')
      .select(['employeeId', 'workDate', 'present', 'wfo', 'workedMinutes', 'breakMinutes', 'onLeave'])
      .where('tenantId', '=', tenantId)
      .where('employeeId', 'in', [...new Set(part.map((k) => k.employeeId))])
      .where('workDate', 'in', [...new Set(part.map((k) => k.date))])
      .execute();
    for (const r of rows) before.set(keyOf(r.employeeId, r.workDate), r);
    const after = await computed(db, tenantId, part);

    const changed: DayKey[] = [];
    const inserts: (Values & DayKey)[] = [];
    const empty: DayKey[] = [];
    for (const k of part) {
      const key = keyOf(k.employeeId, k.date);
      const was = before.get(key) ?? NONE;
      const now = after.get(key) ?? NONE;
      if (isNone(now)) empty.push(k);
      else if (!same(was, now)) {
        changed.push(k);
        inserts.push({ ...k, ...now });
      }
      if (same(was, now)) continue;
      const delta = deltas.get(k.date) ?? { ...NO_DELTA };
      delta.present += now.present - was.present;
      delta.wfo += now.wfo - was.wfo;
      delta.workedMinutes += now.workedMinutes - was.workedMinutes;
      delta.breakMinutes += now.breakMinutes - was.breakMinutes;
      delta.presentOnLeave += (now.onLeave ? now.present : 0) - (was.onLeave ? was.present : 0);
      delta.onLeave += now.onLeave - was.onLeave;
      deltas.set(k.date, delta);
    }
    const removed = [...empty, ...changed];
    if (removed.length > 0) {
      await db
        .deleteFrom('attendanceDays')
        .where('tenantId', '=', tenantId)
        .where((eb) =>
          eb.or(removed.map((k) => eb.and([eb('employeeId', '=', k.employeeId), eb('workDate', '=', k.date)]))),
        )
        .execute();
    }
    if (inserts.length > 0) {
      await db
        .insertInto('attendanceDays')
        .values(
          inserts.map((v) => ({
            tenantId,
            employeeId: v.employeeId,
            workDate: v.date,
            present: v.present,
            wfo: v.wfo,
            workedMinutes: v.workedMinutes,
            breakMinutes: v.breakMinutes,
            onLeave: v.onLeave,
          })),
        )
        .execute();
    }
  }
  const totals = [...deltas]
    .map(([date, d]) => ({ date, ...d }))
    .filter((d) => Object.values(d).some((v) => typeof v === 'number' && v !== 0))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const part of chunks(totals, CHUNK)) {
    await db
      .insertInto('attendanceDayTotals')
      .values(
        part.map((d) => ({
          tenantId,
          workDate: d.date,
          present: d.present,
          wfo: d.wfo,
          workedMinutes: d.workedMinutes,
          breakMinutes: d.breakMinutes,
          presentOnLeave: d.presentOnLeave,
          onLeave: d.onLeave,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenantId', 'workDate']).doUpdateSet({
          present: sql`attendance_day_totals.present + excluded.present`,
          wfo: sql`attendance_day_totals.wfo + excluded.wfo`,
          workedMinutes: sql`attendance_day_totals.worked_minutes + excluded.worked_minutes`,
          breakMinutes: sql`attendance_day_totals.break_minutes + excluded.break_minutes`,
          presentOnLeave: sql`attendance_day_totals.present_on_leave + excluded.present_on_leave`,
          onLeave: sql`attendance_day_totals.on_leave + excluded.on_leave`,
        }),
      )
      .execute();
  }
}

/** The days of a leave request's employee over its dates (and its dates before an edit), computed again. */
export async function refreshRequestDays(
  db: Db,
  tenantId: number,
  requestId: number,
  before?: { startDate: string; endDate: string },
): Promise<void> {
  const row = await db
    .selectFrom('leaveRequests')
    .select(['employeeId', 'startDate', 'endDate'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!row) return;
  const keys = daysOf(row.employeeId, { start: row.startDate, end: row.endDate });
  if (before) keys.push(...daysOf(row.employeeId, { start: before.startDate, end: before.endDate }));
  await refreshDays(db, tenantId, keys);
}

/**
 * Computes a tenant's aggregate of a range of days again from scratch (both tables; the whole history without a
 * range). Run it in a transaction: the attendance-days job, the demo seed and bulk loads do.
 */
export async function rebuildDays(
  db: Db,
  tenantId: number,
  range: { from: string; to: string } = { from: '0000-01-01', to: '9999-12-31' },
): Promise<{ days: number }> {
  const { from, to } = range;
  await db
    .deleteFrom('attendanceDays')
    .where('tenantId', '=', tenantId)
    .where('workDate', '>=', from)
    .where('workDate', '<=', to)
    .execute();
  await db
    .insertInto('attendanceDays')
    .columns(['tenantId', 'employeeId', 'workDate', 'present', 'wfo', 'workedMinutes', 'breakMinutes', 'onLeave'])
    .expression(
      standingSums(db, tenantId)
        .select(sql<0>`0`.as('onLeave'))
        .where('workDate', '>=', from)
        .where('workDate', '<=', to),
    )
    .execute();
  const requests = await db
    .selectFrom('leaveRequests')
    .select(['employeeId', 'startDate', 'endDate'])
    .where('tenantId', '=', tenantId)
    .where('status', 'in', [...TAKEN_STATUSES])
    .where('startDate', '<=', to)
    .where('endDate', '>=', from)
    .execute();
  const leave = new Map<string, DayKey>();
  for (const r of requests) {
    const start = r.startDate > from ? r.startDate : from;
    const end = r.endDate < to ? r.endDate : to;
    for (const k of daysOf(r.employeeId, { start, end })) leave.set(keyOf(k.employeeId, k.date), k);
  }
  for (const part of chunks([...leave.values()], CHUNK)) {
    await db
      .insertInto('attendanceDays')
      .values(part.map((k) => ({ tenantId, employeeId: k.employeeId, workDate: k.date, onLeave: 1 as const })))
      .onConflict((oc) => oc.columns(['tenantId', 'employeeId', 'workDate']).doUpdateSet({ onLeave: 1 }))
      .execute();
  }
  await db
    .deleteFrom('attendanceDayTotals')
    .where('tenantId', '=', tenantId)
    .where('workDate', '>=', from)
    .where('workDate', '<=', to)
    .execute();
  const inserted = await db
    .insertInto('attendanceDayTotals')
    .columns(['tenantId', 'workDate', 'present', 'wfo', 'workedMinutes', 'breakMinutes', 'presentOnLeave', 'onLeave'])
    .expression(
      db
        .selectFrom('attendanceDays')
        .select([
          'tenantId',
          'workDate',
          sql<number>`sum(present)`.as('present'),
          sql<number>`sum(wfo)`.as('wfo'),
          sql<number>`sum(worked_minutes)`.as('workedMinutes'),
          sql<number>`sum(break_minutes)`.as('breakMinutes'),
          sql<number>`sum(case when on_leave = 1 then present else 0 end)`.as('presentOnLeave'),
          sql<number>`sum(on_leave)`.as('onLeave'),
        ])
        .where('tenantId', '=', tenantId)
        .where('workDate', '>=', from)
        .where('workDate', '<=', to)
        .groupBy(['tenantId', 'workDate']),
    )
    .executeTakeFirst();
  return { days: Number(inserted.numInsertedOrUpdatedRows ?? 0) };
}

/** How many days back the attendance-days job computes again (two months, and the running day). */
export const RECENT_DAYS = 62;

/** The attendance-days job: the tenant's last RECENT_DAYS days up to today (in its zone) computed again. */
export async function rebuildRecentDays(deps: Deps, tenantId: number): Promise<{ days: number }> {
  const today = localDate(deps.now(), (await readSettings(deps.db, tenantId)).tenant_timezone);
  return deps.db
    .transaction()
    .execute((trx) => rebuildDays(trx, tenantId, { from: addDays(today, -RECENT_DAYS), to: today }));
}
