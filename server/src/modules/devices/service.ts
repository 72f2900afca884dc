/**
 * Device administration: add, edit, activate, approve an ADMS device, accept or reject a held ADMS upload, queue an
 * ADMS command. A serial number belongs to one tenant of the installation (docs/security.md, ADMS).
 */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { sql } from 'kysely';
import type {
  ApplyResult,
  CreateDeviceBody,
  UpdateDeviceBody,
  UpdatedDevice,
} from '../../../../shared/contracts/devices.js';
import { DEFAULT_DEVICE_PORT } from '../../../../shared/contracts/devices.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ownedRows } from '../../db/owned.js';
import { errors } from '../../http/errors.js';
import { readSettings } from '../tenants/repository.js';
import { parseAttlog } from './adms.js';
import { bindingFor } from './adms-network.js';
import { findDeviceAnywhere } from './adms-settings.js';
import { chunks } from '../../db/chunks.js';
import { ingestPunches, withTenantLock } from './ingest.js';
import { findDevice, toDevice, type DeviceRow } from './repository.js';
import { movePunchesToZone } from './zone-change.js';

type Who = { tenantId: number; employeeId: number };

const serialTaken = () =>
  errors.coded(409, 'DEVICE_SAVE_FAILED', {
    fields: [{ path: 'body.serialNo', message: V.serialTaken }],
  });

const serialElsewhere = () =>
  errors.coded(409, 'DEVICE_SAVE_FAILED', {
    fields: [{ path: 'body.serialNo', message: V.serialElsewhere }],
  });

/**
 * Refuses a serial number another device has, in this tenant or another one (compared in upper case, as the unique
 * index does). The index decides races; this names the right reason. Telling another company has it reveals only
 * that: its name and the device stay hidden.
 */
async function assertSerialFree(deps: Deps, tenantId: number, serialNo: string, exceptId?: number): Promise<void> {
  const owner = await findDeviceAnywhere(deps.db, serialNo);
  if (!owner || owner.id === exceptId) return;
  throw owner.tenantId === tenantId ? serialTaken() : serialElsewhere();
}

/** A pull device is useless without an address: the agent would have nothing to connect to. */
function requireAddress(mode: DeviceRow['mode'], ipAddress: string | null): void {
  if (mode === 'pull' && !ipAddress) {
    throw errors.validation([{ path: 'body.ipAddress', message: 'A pulled device needs an IP address' }]);
  }
}

export async function createDevice(deps: Deps, who: Who, body: CreateDeviceBody) {
  const settings = await readSettings(deps.db, who.tenantId);
  const mode = body.mode ?? 'pull';
  const ipAddress = body.ipAddress ?? null;
  requireAddress(mode, ipAddress);
  await assertSerialFree(deps, who.tenantId, body.serialNo);
  // A push device is bound to its address when it has one (approval passes the address it called from).
  const admsNetwork =
    body.admsNetwork !== undefined ? body.admsNetwork : mode === 'push' ? bindingFor(ipAddress) : null;
  const now = deps.now().toISOString();
  try {
    const row = await deps.db
      .insertInto('devices')
      .values({
        tenantId: who.tenantId,
        name: body.name,
        serialNo: body.serialNo,
        mode,
        ipAddress,
        port: body.port ?? DEFAULT_DEVICE_PORT,
        timeZone: body.timeZone ?? settings.tenant_timezone,
        lastActivity: null,
        userCount: 0,
        transactionCount: 0,
        isActive: 1,
        state: 'unknown',
        stateDetail: null,
        admsStamp: null,
        admsNetwork,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // An approved or hand-added serial is no longer waiting for approval, here or in another tenant (where it could
    // never be approved now).
    await deps.db
      .deleteFrom('admsPendingDevices')
      .where(sql<string>`upper(serial_no)`, '=', body.serialNo.trim().toUpperCase())
      .execute();
    return toDevice(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      await assertSerialFree(deps, who.tenantId, body.serialNo);
      throw serialTaken();
    }
    throw error;
  }
}

/**
 * Saves a device. A changed zone moves its punches to the instants their local times denote in the new zone and
 * recomputes the attendance of the days concerned, in the same transaction (zone-change.ts); the answer says how
 * many punches moved.
 */
export async function updateDevice(deps: Deps, who: Who, id: number, body: UpdateDeviceBody): Promise<UpdatedDevice> {
  const before = await findDevice(deps.db, who.tenantId, id);
  if (!before) throw errors.notFound('deviceNotFound');
  const mode = body.mode ?? before.mode;
  const ipAddress = body.ipAddress !== undefined ? body.ipAddress : before.ipAddress;
  requireAddress(mode, ipAddress);
  if (body.serialNo !== undefined) await assertSerialFree(deps, who.tenantId, body.serialNo, id);
  const zoneChanged = body.timeZone !== undefined && body.timeZone !== before.timeZone;
  const save = (db: Db) =>
    db
      .updateTable('devices')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.serialNo !== undefined ? { serialNo: body.serialNo } : {}),
        ...(body.port !== undefined ? { port: body.port } : {}),
        ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
        ...(body.admsNetwork !== undefined ? { admsNetwork: body.admsNetwork } : {}),
        mode,
        ipAddress,
        updatedAt: deps.now().toISOString(),
      })
      .where('tenantId', '=', who.tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  try {
    if (!zoneChanged) return { ...toDevice(await save(deps.db)), punchesMoved: 0 };
    // With the ingest's lock: a batch of this device's punches must not be derived in the old zone meanwhile.
    // The zone the punches leave is the one in force when the lock is held (another edit may have saved meanwhile).
    return await withTenantLock(who.tenantId, () =>
      deps.db.transaction().execute(async (trx) => {
        const from = (await findDevice(trx, who.tenantId, id))?.timeZone ?? before.timeZone;
        const tenantZone = (await readSettings(trx, who.tenantId)).tenant_timezone;
        const row = await save(trx);
        const punchesMoved = await movePunchesToZone(
          trx,
          who.tenantId,
          id,
          { from, to: row.timeZone, tenant: tenantZone },
          deps.now(),
        );
        return { ...toDevice(row), punchesMoved };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (body.serialNo !== undefined) await assertSerialFree(deps, who.tenantId, body.serialNo, id);
      throw serialTaken();
    }
    throw error;
  }
}

export async function setDeviceStatus(deps: Deps, who: Who, id: number, isActive: boolean) {
  const row = await deps.db
    .updateTable('devices')
    .set({ isActive: isActive ? 1 : 0, updatedAt: deps.now().toISOString() })
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw errors.notFound('deviceNotFound');
  return toDevice(row);
}

export async function approvePending(
  deps: Deps,
  who: Who,
  pendingId: number,
  body: { name: string; timeZone?: string | undefined },
) {
  const pending = await ownedRows({ db: deps.db, tenantId: who.tenantId }).get(
    'admsPendingDevices',
    pendingId,
    'pendingDeviceNotFound',
  );
  return createDevice(deps, who, {
    name: body.name,
    serialNo: pending.serialNo,
    mode: 'push',
    ipAddress: bindingFor(pending.ipAddress),
    // Bound to the address it called from; the admin can widen it to a range (or set one) in the device dialog.
    admsNetwork: bindingFor(pending.ipAddress),
    ...(body.timeZone ? { timeZone: body.timeZone } : {}),
  });
}

/**
 * Accepts an upload held as unverified: the held row is claimed first (deleted), so of an accept and a reject
 * racing for it only one wins and the other answers 404; its punches are then ingested like any ADMS upload (a
 * punch already stored is a duplicate and changes nothing). If ingesting fails, the row is put back, so the
 * upload is never lost.
 */
export async function acceptHeldUpload(deps: Deps, tenantId: number, id: number): Promise<ApplyResult> {
  const held = await deps.db
    .deleteFrom('admsHeldUploads')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!held) throw errors.notFound('heldUploadNotFound');
  try {
    const device = await findDevice(deps.db, tenantId, held.deviceId);
    if (!device) throw errors.notFound('deviceNotFound');
    const { punches } = parseAttlog(held.body, device.serialNo, device.timeZone);
    const result: ApplyResult = { applied: 0, skipped: 0, unmapped: 0 };
    for (const part of chunks(punches, 5000)) {
      const outcome = await ingestPunches(deps, tenantId, part, 'adms');
      result.applied += outcome.applied;
      result.skipped += outcome.skipped;
      result.unmapped += outcome.unmapped;
    }
    return result;
  } catch (error) {
    await deps.db.insertInto('admsHeldUploads').values(held).execute();
    throw error;
  }
}

export async function dismissPending(deps: Deps, tenantId: number, pendingId: number): Promise<void> {
  const removed = await ownedRows({ db: deps.db, tenantId }).remove('admsPendingDevices', pendingId);
  if (!removed) throw errors.notFound('pendingDeviceNotFound');
}

const commandColumns = ['id', 'command', 'status', 'returnCode', 'createdAt'] as const;

export async function queueCommand(deps: Deps, who: Who, deviceId: number, command: string) {
  const device = await findDevice(deps.db, who.tenantId, deviceId);
  if (!device) throw errors.notFound('deviceNotFound');
  if (device.mode !== 'push') throw errors.rule('DEVICE_NOT_PUSH');
  return deps.db
    .insertInto('deviceCommands')
    .values({
      tenantId: who.tenantId,
      deviceId,
      command,
      status: 'pending',
      returnCode: null,
      createdBy: who.employeeId,
      createdAt: deps.now().toISOString(),
      sentAt: null,
      doneAt: null,
    })
    .returning(commandColumns)
    .executeTakeFirstOrThrow();
}

/**
 * "Set device time": a push device gets the ADMS command `SET TIME` on its next poll; a pulled device is flagged
 * for the agent, which sets its clock on its next round and reports the drift that clears the flag.
 */
export async function setDeviceTime(deps: Deps, who: Who, deviceId: number) {
  const device = await findDevice(deps.db, who.tenantId, deviceId);
  if (!device) throw errors.notFound('deviceNotFound');
  // BioTime keeps its terminals' clocks (docs/devices.md "BioTime"); Teambeat cannot reach them.
  if (device.mode === 'biotime') throw errors.rule('DEVICE_TIME_VIA_BIOTIME');
  if (device.mode === 'push') {
    await queueCommand(deps, who, deviceId, 'SET TIME');
    return toDevice(device);
  }
  const row = await deps.db
    .updateTable('devices')
    .set({ setTimeRequestedAt: deps.now().toISOString() })
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', deviceId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDevice(row);
}

export async function listCommands(deps: Deps, tenantId: number, deviceId: number) {
  const device = await findDevice(deps.db, tenantId, deviceId);
  if (!device) throw errors.notFound('deviceNotFound');
  const items = await deps.db
    .selectFrom('deviceCommands')
    .select(commandColumns)
    .where('tenantId', '=', tenantId)
    .where('deviceId', '=', deviceId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { items, total: items.length };
}
