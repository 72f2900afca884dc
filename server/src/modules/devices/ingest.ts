/**
 * Punch ingest, shared by the device agent's uploads, ADMS pushes and BioTime pulls. Idempotent: a punch is identified by what the
 * device says, (tenant, device serial, device user id, the device's local time as read), and a second delivery
 * changes nothing. Its instant is derived here from that local time and the device's zone in force
 * (shared/device-time.ts), so the same punch read again after a zone change is the same punch (docs/devices.md,
 * "Identity of a punch"). Each batch is one transaction: the punches, their statuses, the attendance they produce
 * and its audit trail (actor null = the system) are written together or not at all, so a failed upload can simply
 * be sent again.
 */
import {
  deviceLocalTimeToInstant,
  instantToDeviceLocalTime,
  normaliseDeviceLocalTime,
} from '../../../../shared/device-time.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import type { Insertable } from 'kysely';
import type { Db, Engine } from '../../db/engine.js';
import { prepareRows } from '../../db/prepared.js';
import type { DevicePunchTable } from '../../db/schema.js';
import { readSettings } from '../tenants/repository.js';
import { chunks } from '../../db/chunks.js';
import { applyPunches, markSkipped, SKIP, type ApplicablePunch } from './attendance-apply.js';

/**
 * A punch as a path delivers it: the device's local time (`YYYY-MM-DD HH:mm:ss` or with a T), or, from an agent
 * that does not send it, only the instant, turned back into the local time the device showed in its zone.
 */
export type IncomingPunch = { deviceSerial: string; deviceUserId: string; localTime: string | null; instant?: Date };
export type IngestResult = {
  received: number;
  stored: number;
  duplicates: number;
  applied: number;
  unmapped: number;
  skipped: number;
  rejected: { index: number; reason: string }[];
};

/** The punch's identity as a map key. */
const identity = (serial: string, userId: string, localTime: string) => `${serial}\u0000${userId}\u0000${localTime}`;

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
  via: 'agent' | 'adms' | 'biotime',
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
  const now = deps.now();
  // Everything the rows are built from (the devices and their zones, the mappings, the tenant's zone) is read inside
  // the lock and the transaction: a zone edit (zone-change.ts) or a mapping saved between a read outside and the
  // write would otherwise leave punches derived from what was just replaced. On PostgreSQL the device rows are read
  // FOR SHARE, so an edit of another API process that has not committed yet is waited for, and an edit that comes
  // later waits for this batch and then moves its punches with the others.
  await withTenantLock(tenantId, () =>
    deps.db.transaction().execute(async (trx) => {
      const settings = await readSettings(trx, tenantId);
      const devices = await devicesBySerial(trx, deps.engine, tenantId, [
        ...new Set(punches.map((p) => p.deviceSerial)),
      ]);
      const employees = await resolveEmployees(
        trx,
        tenantId,
        punches.map((p) => p.deviceUserId),
      );
      const rows = punchRows(
        punches,
        devices,
        employees,
        { tenantId, via, now, timeZone: settings.tenant_timezone },
        result,
      );
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
  // Punches held for being ahead of the clock whose time has come (docs/devices.md, "Clock drift").
  await applyDuePunches(deps, tenantId);
  return result;
}

type DeviceZone = { id: number; timeZone: string };

/** The tenant's devices of these serials with their zones, read FOR SHARE on PostgreSQL (see ingestPunches). */
async function devicesBySerial(
  trx: Db,
  engine: Engine,
  tenantId: number,
  serials: string[],
): Promise<Map<string, DeviceZone>> {
  const devices = new Map<string, DeviceZone>();
  for (const part of chunks(serials)) {
    const query = trx
      .selectFrom('devices')
      .select(['id', 'serialNo', 'timeZone'])
      .where('tenantId', '=', tenantId)
      .where('serialNo', 'in', part)
      .orderBy('id');
    // SQLite has no row locks: its one writer at a time and the in-process lock order the edit and the batch.
    const rows = await (engine === 'postgres' ? query.forShare() : query).execute();
    for (const r of rows) devices.set(r.serialNo, { id: r.id, timeZone: r.timeZone });
  }
  return devices;
}

/**
 * The rows to store, one per punch identity: the instant derived from the local time in the device's zone, the
 * employee the device user id maps to. Unknown devices and impossible times are counted as rejected, repeats within
 * the batch as duplicates.
 */
function punchRows(
  punches: IncomingPunch[],
  devices: Map<string, DeviceZone>,
  employees: Map<string, number>,
  batch: { tenantId: number; via: 'agent' | 'adms' | 'biotime'; now: Date; timeZone: string },
  result: IngestResult,
): Map<string, Insertable<DevicePunchTable>> {
  const receivedAt = batch.now.toISOString();
  const rows = new Map<string, Insertable<DevicePunchTable>>();
  punches.forEach((p, index) => {
    const device = devices.get(p.deviceSerial);
    if (device === undefined) {
      result.rejected.push({ index, reason: 'UNKNOWN_DEVICE' });
      return;
    }
    const localTime =
      p.localTime !== null
        ? normaliseDeviceLocalTime(p.localTime)
        : p.instant !== undefined
          ? instantToDeviceLocalTime(p.instant, device.timeZone)
          : null;
    const instant = localTime === null ? null : deviceLocalTimeToInstant(localTime, device.timeZone);
    if (localTime === null || instant === null) {
      // Not a possible time on a device (2026-02-30): nothing to derive an instant from.
      result.rejected.push({ index, reason: 'BAD_LOCAL_TIME' });
      return;
    }
    const key = identity(p.deviceSerial, p.deviceUserId, localTime);
    if (rows.has(key)) {
      result.duplicates++;
      return;
    }
    const employeeId = employees.get(p.deviceUserId) ?? null;
    rows.set(key, {
      tenantId: batch.tenantId,
      deviceId: device.id,
      deviceSerial: p.deviceSerial,
      deviceUserId: p.deviceUserId,
      punchAt: instant.toISOString(),
      localTime,
      employeeId,
      workDate: localDate(instant, batch.timeZone),
      status: employeeId === null ? 'unmapped' : 'applied',
      note: null,
      via: batch.via,
      receivedAt,
    });
  });
  return rows;
}

/**
 * Inserts the punches not stored yet and returns those (ON CONFLICT DO NOTHING on the punch's identity), in
 * prepared multi-row statements.
 */
const insertPunches = prepareRows((db, rows: Insertable<DevicePunchTable>[]) =>
  db
    .insertInto('devicePunches')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenantId', 'deviceSerial', 'deviceUserId', 'localTime']).doNothing())
    .returning(['id', 'employeeId', 'workDate', 'punchAt']),
);

/**
 * Applies the punches held for being later than the server's clock (a device clock running ahead) whose time has
 * come: they are applied like any punch then, or kept with the reason the rules give. Runs after every ingest, on
 * "apply waiting punches" and from the `device-punches` job (docs/devices.md, "Clock drift").
 */
export async function applyDuePunches(deps: Deps, tenantId: number): Promise<{ applied: number; skipped: number }> {
  const now = deps.now();
  const due = await deps.db
    .selectFrom('devicePunches')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'skipped')
    .where('note', '=', SKIP.IN_FUTURE)
    .where('punchAt', '<=', now.toISOString())
    .limit(1)
    .execute();
  if (due.length === 0) return { applied: 0, skipped: 0 };
  return withTenantLock(tenantId, () =>
    deps.db.transaction().execute(async (trx) => {
      const settings = await readSettings(trx, tenantId);
      const rows = await trx
        .selectFrom('devicePunches')
        .select(['id', 'employeeId', 'workDate', 'punchAt'])
        .where('tenantId', '=', tenantId)
        .where('status', '=', 'skipped')
        .where('note', '=', SKIP.IN_FUTURE)
        .where('punchAt', '<=', now.toISOString())
        .execute();
      const ready: ApplicablePunch[] = [];
      for (const r of rows) {
        if (r.employeeId !== null && r.workDate !== null) {
          ready.push({ id: r.id, employeeId: r.employeeId, workDate: r.workDate, punchAt: r.punchAt });
        }
      }
      for (const part of chunks(ready.map((p) => p.id))) {
        await trx
          .updateTable('devicePunches')
          .set({ status: 'applied', note: null })
          .where('tenantId', '=', tenantId)
          .where('id', 'in', part)
          .execute();
      }
      const outcome = await applyPunches(trx, tenantId, settings.tenant_timezone, now, ready);
      return { applied: outcome.applied, skipped: await markSkipped(trx, tenantId, outcome.skipped) };
    }),
  );
}
