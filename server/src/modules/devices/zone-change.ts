/**
 * A device's zone corrected (docs/devices.md, "Zone changes"): its punches keep their identity (the local time the
 * device recorded) and their instants are derived again in the new zone; the attendance of every day a punch left
 * or reached is computed again from the punches it now holds. Runs inside the device edit's transaction, so the
 * device, its punches and the attendance change together or not at all.
 */
import { deviceLocalTimeToInstant, instantToDeviceLocalTime } from '../../../../shared/device-time.js';
import { localDate } from '../../../../shared/time.js';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/engine.js';
import type { AttendanceAuditTable } from '../../db/schema.js';
import { refreshDays } from '../attendance/days.js';
import { insertAudits, standingAttendances } from '../attendance/repository.js';
import { chunks } from '../../db/chunks.js';
import { applyPunches, markSkipped, type ApplicablePunch } from './attendance-apply.js';

/** Moves a device's punches to the new zone and recomputes their days; returns how many punches moved. */
export async function movePunchesToZone(
  trx: Db,
  tenantId: number,
  deviceId: number,
  zones: { from: string; to: string; tenant: string },
  now: Date,
): Promise<number> {
  const punches = await trx
    .selectFrom('devicePunches')
    .select(['id', 'employeeId', 'workDate', 'punchAt', 'localTime'])
    .where('tenantId', '=', tenantId)
    .where('deviceId', '=', deviceId)
    .execute();
  const days = new Map<number, Set<string>>();
  const touch = (employeeId: number | null, workDate: string | null) => {
    if (employeeId === null || workDate === null) return;
    const set = days.get(employeeId) ?? new Set<string>();
    set.add(workDate);
    days.set(employeeId, set);
  };
  const changes: { id: number; punchAt: string; localTime: string; workDate: string }[] = [];
  for (const p of punches) {
    const local = p.localTime ?? instantToDeviceLocalTime(new Date(p.punchAt), zones.from);
    const instant = deviceLocalTimeToInstant(local, zones.to);
    if (instant === null || instant.toISOString() === p.punchAt) continue;
    const workDate = localDate(instant, zones.tenant);
    changes.push({ id: p.id, punchAt: instant.toISOString(), localTime: local, workDate });
    touch(p.employeeId, p.workDate);
    touch(p.employeeId, workDate);
  }
  // Set-based: one UPDATE per chunk of punches (CASE on the id), not one per punch; both engines run it alike.
  for (const part of chunks(changes, 500)) {
    const column = (value: (c: (typeof part)[number]) => string) =>
      sql<string>`case ${sql.ref('id')} ${sql.join(
        part.map((c) => sql`when ${c.id} then ${value(c)}`),
        sql` `,
      )} end`;
    await trx
      .updateTable('devicePunches')
      .set({
        punchAt: column((c) => c.punchAt),
        localTime: column((c) => c.localTime),
        workDate: column((c) => c.workDate),
      })
      .where('tenantId', '=', tenantId)
      .where(
        'id',
        'in',
        part.map((c) => c.id),
      )
      .execute();
  }
  const moved = changes.length;
  await recomputeDays(trx, tenantId, days, zones.tenant, now);
  return moved;
}

/**
 * Computes the device attendance of these employee-days again from their punches: the row the devices made (and
 * nobody changed) is replaced by what the punches now give, in the audit trail as a deletion and a creation by the
 * system; a day a person's entry holds stays theirs, and its punches say so again.
 */
async function recomputeDays(
  trx: Db,
  tenantId: number,
  days: Map<number, Set<string>>,
  timeZone: string,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const punches: ApplicablePunch[] = [];
  for (const [employeeId, dates] of days) {
    const sorted = [...dates].sort();
    const range = { from: sorted[0]!, to: sorted[sorted.length - 1]! };
    const rows = await standingAttendances(trx, tenantId, employeeId, range)
      .selectAll()
      .where('workDate', 'in', sorted)
      .where('source', '=', 'device')
      .where('updatedBy', 'is', null)
      .execute();
    const audits: Insertable<AttendanceAuditTable>[] = rows.map((row) => ({
      tenantId,
      employeeId,
      attendanceId: row.id,
      breakId: null,
      action: 'delete',
      actorId: null,
      at: nowIso,
      before: JSON.stringify(row),
      after: null,
    }));
    for (const part of chunks(rows.map((r) => r.id))) {
      await trx.deleteFrom('attendances').where('tenantId', '=', tenantId).where('id', 'in', part).execute();
    }
    await insertAudits(trx, audits);
    for (const part of chunks(sorted)) {
      const held = await trx
        .selectFrom('devicePunches')
        .select(['id', 'workDate', 'punchAt'])
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employeeId)
        .where('workDate', 'in', part)
        .where('status', 'in', ['applied', 'skipped'])
        .execute();
      for (const p of held) punches.push({ id: p.id, employeeId, workDate: p.workDate!, punchAt: p.punchAt });
    }
  }
  for (const part of chunks(punches.map((p) => p.id))) {
    await trx
      .updateTable('devicePunches')
      .set({ status: 'applied', note: null })
      .where('tenantId', '=', tenantId)
      .where('id', 'in', part)
      .execute();
  }
  const outcome = await applyPunches(trx, tenantId, timeZone, now, punches);
  await markSkipped(trx, tenantId, outcome.skipped);
  // The days whose device rows were deleted above and not written again by the punches.
  await refreshDays(
    trx,
    tenantId,
    [...days].flatMap(([employeeId, dates]) => [...dates].map((date) => ({ employeeId, date }))),
  );
}
