/**
 * ADMS settings per tenant (enabled, the address devices are told to use), devices that knocked without being
 * known (listed for approval), and which tenant an ADMS request belongs to.
 *
 * A push device identifies itself only by its serial number; the path (/iclock/...) is fixed in its firmware, so the
 * tenant cannot be in the URL. Serial numbers are unique across the installation (migration 0011), so a known serial
 * names its tenant and nothing else. An unknown one is attributed to the ADMS-enabled tenant whose configured server
 * address has the Host the device called, or, when only one tenant has ADMS enabled (the usual self-hosted case), to
 * that one; otherwise it is refused without being recorded. Approving it there makes it that tenant's; any other
 * tenant's claim on the serial is then refused (409).
 *
 * Also the uploads held as unverified (from outside their device's network), listed for the admin.
 */
import { sql, type Insertable } from 'kysely';
import type {
  AdmsHeldUploadListParams,
  AdmsPendingDeviceListParams,
  AdmsSettings,
} from '../../../../shared/contracts/devices.js';
import type { Db } from '../../db/engine.js';
import { ownedRows } from '../../db/owned.js';
import type { AdmsHeldUploadTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { MAX_ADDRESS_LENGTH } from './adms-network.js';

export async function readAdmsSettings(db: Db, tenantId: number): Promise<AdmsSettings> {
  const row = await db.selectFrom('admsSettings').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
  const serverAddress = row?.serverAddress ?? null;
  return {
    enabled: row?.enabled === 1,
    serverAddress,
    endpoint: serverAddress ? `${serverAddress.replace(/\/$/, '')}/iclock/cdata` : null,
  };
}

export async function writeAdmsSettings(
  db: Db,
  tenantId: number,
  patch: { enabled: boolean; serverAddress: string | null },
  now: Date,
): Promise<void> {
  const values = {
    enabled: patch.enabled ? (1 as const) : (0 as const),
    serverAddress: patch.serverAddress ? patch.serverAddress.replace(/\/$/, '') : null,
    updatedAt: now.toISOString(),
  };
  await db
    .insertInto('admsSettings')
    .values({ tenantId, ...values })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
    .execute();
}

const hostOf = (address: string | null): string | null => {
  if (!address) return null;
  try {
    return new URL(address).host.toLowerCase();
  } catch {
    return null;
  }
};

export type AdmsDevice = {
  id: number;
  serialNo: string;
  timeZone: string;
  isActive: boolean;
  mode: string;
  admsNetwork: string | null;
};

export type AdmsTarget =
  { kind: 'device'; tenantId: number; device: AdmsDevice } | { kind: 'unknown'; tenantId: number } | { kind: 'nobody' };

/** The device with this serial number, in whichever tenant: serials are unique per installation (upper case). */
export function findDeviceAnywhere(db: Db, serialNo: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'tenantId', 'serialNo', 'timeZone', 'isActive', 'mode', 'admsNetwork'])
    .where(sql<string>`upper(serial_no)`, '=', serialNo.trim().toUpperCase())
    .executeTakeFirst();
}

/**
 * Which tenant (and device) an ADMS request belongs to. A known serial names its tenant and nothing else does: the
 * Host header cannot move a device to another tenant. The device's tenant must have ADMS enabled. An unknown serial
 * is attributed by Host (or to the only ADMS-enabled tenant) only to be listed for approval.
 */
export async function resolveAdmsTarget(db: Db, serialNo: string, host: string | undefined): Promise<AdmsTarget> {
  const enabled = await db
    .selectFrom('admsSettings')
    .select(['tenantId', 'serverAddress'])
    .where('enabled', '=', 1)
    .execute();
  const device = await findDeviceAnywhere(db, serialNo);
  if (device) {
    if (!enabled.some((s) => s.tenantId === device.tenantId)) return { kind: 'nobody' };
    return {
      kind: 'device',
      tenantId: device.tenantId,
      device: {
        id: device.id,
        serialNo: device.serialNo,
        timeZone: device.timeZone,
        isActive: device.isActive === 1,
        mode: device.mode,
        admsNetwork: device.admsNetwork,
      },
    };
  }
  if (enabled.length === 0) return { kind: 'nobody' };
  const wantedHost = host?.toLowerCase();
  const byHost = enabled.filter((s) => wantedHost && hostOf(s.serverAddress) === wantedHost);
  const owner = byHost.length === 1 ? byHost[0] : enabled.length === 1 ? enabled[0] : undefined;
  return owner ? { kind: 'unknown', tenantId: owner.tenantId } : { kind: 'nobody' };
}

export function isPending(db: Db, tenantId: number, serialNo: string) {
  return db
    .selectFrom('admsPendingDevices')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('serialNo', '=', serialNo)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export const countPending = (db: Db, tenantId: number): Promise<number> =>
  ownedRows({ db, tenantId }).count('admsPendingDevices');

export async function recordPending(
  db: Db,
  tenantId: number,
  seen: { serialNo: string; ipAddress: string | null; pushVersion: string | null },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  // Bounded whatever the caller checked: a forwarded address is whatever its header said.
  const values = {
    serialNo: seen.serialNo.slice(0, 64),
    ipAddress: seen.ipAddress?.slice(0, MAX_ADDRESS_LENGTH) ?? null,
    pushVersion: seen.pushVersion?.slice(0, 32) ?? null,
  };
  await db
    .insertInto('admsPendingDevices')
    .values({ tenantId, ...values, attempts: 1, firstSeenAt: at, lastSeenAt: at })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'serialNo']).doUpdateSet((eb) => ({
        attempts: eb('admsPendingDevices.attempts', '+', 1),
        lastSeenAt: at,
        ipAddress: values.ipAddress,
        ...(values.pushVersion ? { pushVersion: values.pushVersion } : {}),
      })),
    )
    .execute();
}

export function listPending(db: Db, tenantId: number, query: AdmsPendingDeviceListParams) {
  const base = db
    .selectFrom('admsPendingDevices')
    .select([
      'admsPendingDevices.id',
      'admsPendingDevices.serialNo',
      'admsPendingDevices.ipAddress',
      'admsPendingDevices.pushVersion',
      'admsPendingDevices.attempts',
      'admsPendingDevices.firstSeenAt',
      'admsPendingDevices.lastSeenAt',
    ])
    .where('admsPendingDevices.tenantId', '=', tenantId);
  return paginate(base, query, {
    orderBy: {
      lastSeenAt: { ref: 'admsPendingDevices.lastSeenAt' },
      firstSeenAt: { ref: 'admsPendingDevices.firstSeenAt' },
      serialNo: { ref: 'admsPendingDevices.serialNo', text: true },
      ipAddress: { ref: 'admsPendingDevices.ipAddress', text: true },
      attempts: { ref: 'admsPendingDevices.attempts' },
      id: { ref: 'admsPendingDevices.id' },
    },
    search: ['admsPendingDevices.serialNo', 'admsPendingDevices.ipAddress'],
    tieBreaker: 'admsPendingDevices.id',
  });
}

export const countHeld = (db: Db, tenantId: number): Promise<number> =>
  ownedRows({ db, tenantId }).count('admsHeldUploads');

export async function holdUpload(
  db: Db,
  tenantId: number,
  upload: Omit<Insertable<AdmsHeldUploadTable>, 'id' | 'tenantId' | 'receivedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insertInto('admsHeldUploads')
    .values({
      tenantId,
      ...upload,
      clientAddress: upload.clientAddress.slice(0, MAX_ADDRESS_LENGTH),
      receivedAt: now.toISOString(),
    })
    .execute();
}

export function listHeld(db: Db, tenantId: number, query: AdmsHeldUploadListParams) {
  const base = db
    .selectFrom('admsHeldUploads')
    .innerJoin('devices', (j) =>
      j.onRef('devices.id', '=', 'admsHeldUploads.deviceId').onRef('devices.tenantId', '=', 'admsHeldUploads.tenantId'),
    )
    .select([
      'admsHeldUploads.id',
      'admsHeldUploads.deviceId',
      'devices.name as deviceName',
      'admsHeldUploads.serialNo',
      'admsHeldUploads.clientAddress',
      'admsHeldUploads.punchCount',
      'admsHeldUploads.firstPunch',
      'admsHeldUploads.lastPunch',
      'admsHeldUploads.receivedAt',
    ])
    .where('admsHeldUploads.tenantId', '=', tenantId);
  return paginate(base, query, {
    orderBy: {
      receivedAt: { ref: 'admsHeldUploads.receivedAt' },
      serialNo: { ref: 'admsHeldUploads.serialNo', text: true },
      clientAddress: { ref: 'admsHeldUploads.clientAddress', text: true },
      punchCount: { ref: 'admsHeldUploads.punchCount' },
      id: { ref: 'admsHeldUploads.id' },
    },
    search: ['admsHeldUploads.serialNo', 'admsHeldUploads.clientAddress', 'devices.name'],
    tieBreaker: 'admsHeldUploads.id',
  });
}

/** One tenant's ADMS settings and waiting devices, bound by the request context (`ctx.repo(admsRepository)`). */
export function admsRepository({ db, tenantId, now }: TenantScope) {
  return {
    settings: () => readAdmsSettings(db, tenantId),
    writeSettings: (patch: { enabled: boolean; serverAddress: string | null }) =>
      writeAdmsSettings(db, tenantId, patch, now()),
    listPending: (query: AdmsPendingDeviceListParams) => listPending(db, tenantId, query),
    listHeld: (query: AdmsHeldUploadListParams) => listHeld(db, tenantId, query),
    /** Drops a held upload; 404 when the tenant has none with this id. */
    async rejectHeld(id: number): Promise<void> {
      if (!(await ownedRows({ db, tenantId }).remove('admsHeldUploads', id)))
        throw errors.notFound('heldUploadNotFound');
    },
  };
}
