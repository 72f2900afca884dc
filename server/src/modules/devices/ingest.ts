/**
 * Punch ingest, shared by the device agent's uploads and ADMS pushes. Idempotent: a punch is identified by (tenant,
 * device serial, device user id, instant) and a second delivery changes nothing. Each batch is one transaction:
 * the punches, their statuses, the attendance they produce and its audit trail (actor null = the system) are
 * written together or not at all, so a failed upload can simply be sent again.
 */
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/engine.js';
import type { DevicePunchTable } from '../../db/schema.js';
import { readSettings } from '../tenants/repository.js';
import { applyPunches, chunks, markSkipped, type ApplicablePunch } from './attendance-apply.js';

export type IncomingPunch = { deviceSerial: string; deviceUserId: string; instant: Date; localTime: string | null };
export type IngestResult = {
  received: number;
  stored: number;
  duplicates: number;
  applied: number;
  unmapped: number;
  skipped: number;
  rejected: { index: number; reason: string }[];
};

const tails = new Map<number, Promise<unknown>>();

/**
 * One ingest at a time per tenant in this process: two batches touching the same employee-day would otherwise race
 * on the one-attendance-per-day index and one of them would fail (and be retried). Across processes the unique
 * index still guarantees correctness; the loser's transaction rolls back and its sender retries.
 */
export function withTenantLock<T>(tenantId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(tenantId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => undefined);
  tails.set(tenantId, tail);
  void tail.then(() => {
    if (tails.get(tenantId) === tail) tails.delete(tenantId);
  });
  return result;
}

/**
 * Device user id -> employee: an explicit mapping wins; otherwise the employee whose employeeIdentificationNo equals
 * the device user id, when exactly one does (two employees with the same number would be a guess).
 */
export async function resolveEmployees(
  db: Db,
  tenantId: number,
  deviceUserIds: string[],
): Promise<Map<string, number>> {
  const resolved = new Map<string, number>();
  const unique = [...new Set(deviceUserIds)];
  for (const part of chunks(unique)) {
    const mapped = await db
      .selectFrom('deviceUserMappings')
      .select(['deviceUserId', 'employeeId'])
      .where('tenantId', '=', tenantId)
      .where('deviceUserId', 'in', part)
      .execute();
    for (const m of mapped) resolved.set(m.deviceUserId, m.employeeId);
    const rest = part.filter((id) => !resolved.has(id));
    if (rest.length === 0) continue;
    const employees = await db
      .selectFrom('employees')
      .select(['id', 'employeeIdentificationNo'])
      .where('tenantId', '=', tenantId)
      .where('employeeIdentificationNo', 'in', rest)
      .execute();
    const seen = new Map<string, number | null>();
    for (const e of employees) {
      const no = e.employeeIdentificationNo ?? '';
      seen.set(no, seen.has(no) ? null : e.id);
    }
    for (const [no, id] of seen) if (id !== null) resolved.set(no, id);
  }
  return resolved;
}

export async function ingestPunches(
  deps: Deps,
  tenantId: number,
  punches: IncomingPunch[],
  via: 'agent' | 'adms',
): Promise<IngestResult> {
  const result: IngestResult = {
    received: punches.length,
    stored: 0,
    duplicates: 0,
    applied: 0,
    unmapped: 0,
    skipped: 0,
    rejected: [],
  };
  if (punches.length === 0) return result;
  const settings = await readSettings(deps.db, tenantId);
  const serials = [...new Set(punches.map((p) => p.deviceSerial))];
  const devices = new Map<string, number>();
  for (const part of chunks(serials)) {
    const rows = await deps.db
      .selectFrom('devices')
      .select(['id', 'serialNo'])
      .where('tenantId', '=', tenantId)
      .where('serialNo', 'in', part)
      .execute();
    for (const r of rows) devices.set(r.serialNo, r.id);
  }
  const employees = await resolveEmployees(
    deps.db,
    tenantId,
    punches.map((p) => p.deviceUserId),
  );
  const now = deps.now();
  const receivedAt = now.toISOString();
  const rows = new Map<string, Insertable<DevicePunchTable>>();
  punches.forEach((p, index) => {
    const deviceId = devices.get(p.deviceSerial);
    if (deviceId === undefined) {
      result.rejected.push({ index, reason: 'UNKNOWN_DEVICE' });
      return;
    }
    const punchAt = p.instant.toISOString();
    const key = `${p.deviceSerial}\u0000${p.deviceUserId}\u0000${punchAt}`;
    if (rows.has(key)) {
      result.duplicates++;
      return;
    }
    const employeeId = employees.get(p.deviceUserId) ?? null;
    rows.set(key, {
      tenantId,
      deviceId,
      deviceSerial: p.deviceSerial,
      deviceUserId: p.deviceUserId,
      punchAt,
      localTime: p.localTime,
      employeeId,
      workDate: localDate(p.instant, settings.tenant_timezone),
      status: employeeId === null ? 'unmapped' : 'applied',
      note: null,
      via,
      receivedAt,
    });
  });

  await withTenantLock(tenantId, () =>
    deps.db.transaction().execute(async (trx) => {
      const stored = await insertPunches(trx, [...rows.values()]);
      result.stored = stored.length;
      result.duplicates += rows.size - stored.length;
      const mapped: ApplicablePunch[] = [];
      for (const s of stored) {
        if (s.employeeId === null || s.workDate === null) result.unmapped++;
        else mapped.push({ id: s.id, employeeId: s.employeeId, workDate: s.workDate, punchAt: s.punchAt });
      }
      const outcome = await applyPunches(trx, tenantId, settings.tenant_timezone, now, mapped);
      result.applied = outcome.applied;
      result.skipped = await markSkipped(trx, tenantId, outcome.skipped);
    }),
  );
  return result;
}

/** Inserts the punches not stored yet and returns those (ON CONFLICT DO NOTHING on the idempotency key). */
async function insertPunches(trx: Db, rows: Insertable<DevicePunchTable>[]) {
  const stored: { id: number; employeeId: number | null; workDate: string | null; punchAt: string }[] = [];
  for (const part of chunks(rows)) {
    const inserted = await trx
      .insertInto('devicePunches')
      .values(part)
      .onConflict((oc) => oc.columns(['tenantId', 'deviceSerial', 'deviceUserId', 'punchAt']).doNothing())
      .returning(['id', 'employeeId', 'workDate', 'punchAt'])
      .execute();
    stored.push(...inserted);
  }
  return stored;
}
