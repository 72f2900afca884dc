import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  DEFAULT_LATEST_CHECKOUT,
  MIN_ATTENDANCE_MINUTES,
  checkAttendance,
  shiftEnd,
  storedMinutes,
  type ShiftRule,
} from '../../../../shared/attendance-rules.js';
import { isValidTimeZone } from '../../../../shared/settings.js';
import { addDays, localDate, startOfLocalDay } from '../../../../shared/time.js';
import type { AttendanceAuditTable, AttendanceTable, Database } from '../schema.js';
import type { MigrationFactory } from '../migration-kit.js';

type Row = Selectable<AttendanceTable>;

/**
 * Migration 0042 deleted the copies of punches an earlier zone change had doubled, but not the attendance built
 * from them, and left no trace of which they were. So the device attendance nobody changed is computed again from
 * the applied punches, per employee who has any, with the rule ingest uses (docs/devices.md "Ingest"): punches in
 * time order, a punch after midnight up to the latest check-out of a shift closing the day before when it is open
 * or runs past midnight, the first punch of a day the check-in and the last the check-out.
 *
 * Bounded: only employees with device punches, only device rows no person changed (`source` device, `updatedBy`
 * null), only the days from the first to the last of that employee's punches. Such a row is updated when its
 * punches give other times, and deleted when its day keeps no punch of the employee at all (a deleted copy's day,
 * or a day whose punches went to the night shift before it). No row is created, and a day a person holds keeps its
 * punches. Changes are in the audit trail with actor null (the system). One employee's punches are in memory at a
 * time.
 * Self-contained (shared rules only), so later changes to the server's code do not change what it did.
 */
export const deviceAttendanceRecompute: MigrationFactory = () => ({
  async up(raw: Kysely<unknown>) {
    const db = raw as unknown as Kysely<Database>;
    const now = new Date();
    const nowIso = now.toISOString();
    const settings = new Map<string, string>();
    for (const s of await db
      .selectFrom('tenantSettings')
      .select(['tenantId', 'key', 'value'])
      .where('key', 'in', ['tenant_timezone', 'shift_latest_checkout'])
      .execute()) {
      let value: unknown = s.value;
      try {
        value = JSON.parse(s.value);
      } catch {
        // stored as plain text
      }
      if (typeof value === 'string') settings.set(`${s.tenantId}|${s.key}`, value);
    }
    const ruleOf = (tenantId: number): ShiftRule => {
      const zone = settings.get(`${tenantId}|tenant_timezone`);
      const latest = settings.get(`${tenantId}|shift_latest_checkout`);
      return {
        timeZone: zone !== undefined && isValidTimeZone(zone) ? zone : 'Asia/Karachi',
        latestCheckOut: latest !== undefined && /^\d\d:\d\d$/.test(latest) ? latest : DEFAULT_LATEST_CHECKOUT,
      };
    };

    const people = await db
      .selectFrom('devicePunches')
      .select(['tenantId', 'employeeId'])
      .where('employeeId', 'is not', null)
      .distinct()
      .execute();
    for (const { tenantId, employeeId } of people) {
      await recomputeEmployee(db, tenantId, employeeId!, ruleOf(tenantId), now, nowIso);
    }
  },
});

async function recomputeEmployee(
  db: Kysely<Database>,
  tenantId: number,
  employeeId: number,
  rule: ShiftRule,
  now: Date,
  nowIso: string,
): Promise<void> {
  const all = await db
    .selectFrom('devicePunches')
    .select(['id', 'punchAt', 'workDate', 'status'])
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('workDate', 'is not', null)
    .orderBy('punchAt')
    .orderBy('id')
    .execute();
  const applied = all.filter((p) => p.status === 'applied');
  if (applied.length === 0) return;
  // The days that keep a punch of the employee once this is done: the others' days, and the applied ones' below.
  const kept = new Set(all.filter((p) => p.status !== 'applied').map((p) => p.workDate!));
  const days = [...all.map((p) => p.workDate!), ...applied.map((p) => localDate(p.punchAt, rule.timeZone))].sort();
  const [first, last] = [days[0]!, days[days.length - 1]!];
  const rows = new Map<string, Row>();
  for (const row of await db
    .selectFrom('attendances')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('employeeId', '=', employeeId)
    .where('correctedAt', 'is', null)
    .where('workDate', '>=', addDays(first, -1))
    .where('workDate', '<=', last)
    .orderBy('workDate')
    .execute()) {
    rows.set(row.workDate, row);
  }
  const untouched = (row: Row | undefined) => row?.source === 'device' && row.updatedBy === null;

  // The day each applied punch counts on, in time order; a person's day keeps the punches kept on it.
  const spans = new Map<string, { first: number; last: number }>();
  const spanOf = (day: string) => {
    const known = spans.get(day);
    if (known) return known;
    const row = rows.get(day);
    return row && !untouched(row)
      ? { first: Date.parse(row.checkIn), last: Date.parse(row.checkOut ?? row.checkIn) }
      : undefined;
  };
  const groups = new Map<string, { id: number; at: number; from: string }[]>();
  for (const p of applied) {
    const at = Date.parse(p.punchAt);
    let day = p.workDate!;
    if (untouched(rows.get(day)) || !rows.has(day)) {
      const own = localDate(p.punchAt, rule.timeZone);
      const previous = addDays(own, -1);
      const night = spanOf(previous);
      const open = night !== undefined && night.last - night.first < MIN_ATTENDANCE_MINUTES * 60_000;
      const pastMidnight = night !== undefined && night.last >= startOfLocalDay(own, rule.timeZone).getTime();
      day = (open || pastMidnight) && at <= shiftEnd(previous, rule).getTime() ? previous : own;
    }
    const span = spanOf(day);
    spans.set(day, span ? { first: Math.min(span.first, at), last: Math.max(span.last, at) } : { first: at, last: at });
    groups.set(day, [...(groups.get(day) ?? []), { id: p.id, at, from: p.workDate! }]);
  }

  const audits: Insertable<AttendanceAuditTable>[] = [];
  for (const [day, group] of groups) {
    const row = rows.get(day);
    const stays = () => group.forEach((p) => kept.add(p.from));
    if (!untouched(row)) {
      stays();
      continue;
    }
    const times = group.map((p) => p.at);
    const checkIn = new Date(Math.min(...times)).toISOString();
    const candidate = new Date(Math.max(...times)).toISOString();
    const checkOut = checkAttendance({ checkIn, checkOut: candidate, now, rule }).length === 0 ? candidate : null;
    if (checkAttendance({ checkIn, checkOut, now, rule }).length > 0) {
      stays();
      continue;
    }
    kept.add(day);
    for (const p of group) {
      if (p.from !== day) {
        await db.updateTable('devicePunches').set({ workDate: day }).where('id', '=', p.id).execute();
      }
    }
    if (row!.checkIn === checkIn && row!.checkOut === checkOut) continue;
    const after = await db
      .updateTable('attendances')
      .set({ checkIn, checkOut, ...storedMinutes({ checkIn, checkOut }, []), updatedAt: nowIso })
      .where('id', '=', row!.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    audits.push(audit(row!, 'update', JSON.stringify(after), nowIso));
  }
  for (const [day, row] of rows) {
    if (day < first || !untouched(row) || kept.has(day)) continue;
    await db.deleteFrom('attendances').where('id', '=', row.id).execute();
    audits.push(audit(row, 'delete', null, nowIso));
  }
  for (let i = 0; i < audits.length; i += 300) {
    await db
      .insertInto('attendanceAudit')
      .values(audits.slice(i, i + 300))
      .execute();
  }
}

function audit(
  row: Row,
  action: 'update' | 'delete',
  after: string | null,
  at: string,
): Insertable<AttendanceAuditTable> {
  return {
    tenantId: row.tenantId,
    employeeId: row.employeeId,
    attendanceId: row.id,
    breakId: null,
    action,
    actorId: null,
    at,
    before: JSON.stringify(row),
    after,
  };
}
