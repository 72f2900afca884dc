/**
 * Devices of a tenant: rows as the API shows them, the list, and state updates. Every query is tenant-scoped;
 * route handlers reach them through `ctx.repo(devicesRepository)`, bound to the caller's (or agent key's) tenant.
 */
import type { Selectable } from 'kysely';
import { CLOCK_DRIFT_LIMIT_S, type Device, type DeviceListParams } from '../../../../shared/contracts/devices.js';
import type { Db } from '../../db/engine.js';
import type { DeviceTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';

export type DeviceRow = Selectable<DeviceTable>;

const columns = [
  'devices.id',
  'devices.name',
  'devices.serialNo',
  'devices.mode',
  'devices.ipAddress',
  'devices.port',
  'devices.timeZone',
  'devices.lastActivity',
  'devices.userCount',
  'devices.transactionCount',
  'devices.isActive',
  'devices.state',
  'devices.stateDetail',
  'devices.admsNetwork',
  'devices.clockOffsetS',
  'devices.clockCheckedAt',
  'devices.setTimeRequestedAt',
  'devices.updatedAt',
] as const;

export function toDevice(row: Omit<DeviceRow, 'tenantId' | 'createdAt' | 'admsStamp'>): Device {
  return {
    id: row.id,
    name: row.name,
    serialNo: row.serialNo,
    mode: row.mode,
    ipAddress: row.ipAddress,
    port: row.port,
    timeZone: row.timeZone,
    lastActivity: row.lastActivity,
    userCount: row.userCount,
    transactionCount: row.transactionCount,
    isActive: row.isActive === 1,
    state: row.state,
    stateDetail: row.stateDetail,
    admsNetwork: row.admsNetwork,
    clockOffsetS: row.clockOffsetS,
    clockCheckedAt: row.clockCheckedAt,
    setTimeRequestedAt: row.setTimeRequestedAt,
    updatedAt: row.updatedAt,
  };
}

export async function listDevices(db: Db, tenantId: number, query: DeviceListParams) {
  const base = db.selectFrom('devices').select(columns).where('devices.tenantId', '=', tenantId);
  const page = await paginate(base, query, {
    orderBy: {
      name: { ref: 'devices.name', text: true },
      serialNo: { ref: 'devices.serialNo', text: true },
      ipAddress: { ref: 'devices.ipAddress', text: true },
      lastActivity: { ref: 'devices.lastActivity' },
      userCount: { ref: 'devices.userCount' },
      transactionCount: { ref: 'devices.transactionCount' },
      isActive: { ref: 'devices.isActive' },
      state: { ref: 'devices.state' },
      id: { ref: 'devices.id' },
    },
    search: ['devices.name', 'devices.serialNo', 'devices.ipAddress'],
    tieBreaker: 'devices.id',
  });
  return { items: page.items.map(toDevice), total: page.total };
}

export function findDevice(db: Db, tenantId: number, id: number) {
  return db.selectFrom('devices').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findDeviceBySerial(db: Db, tenantId: number, serialNo: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('serialNo', '=', serialNo)
    .executeTakeFirst();
}

/** What the agent polls: active pull devices with an address. */
export async function agentDevices(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'name', 'serialNo', 'ipAddress', 'port', 'timeZone', 'setTimeRequestedAt'])
    .where('tenantId', '=', tenantId)
    .where('isActive', '=', 1)
    .where('mode', '=', 'pull')
    .where('ipAddress', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap(({ setTimeRequestedAt, ...r }) =>
    r.ipAddress === null ? [] : [{ ...r, ipAddress: r.ipAddress, setTime: setTimeRequestedAt !== null }],
  );
}

export type DeviceStatePatch = {
  state: DeviceRow['state'];
  stateDetail?: string | null;
  lastActivity?: string | null;
  userCount?: number;
  transactionCount?: number;
  /** The device clock minus the server's, in seconds: recorded with the time it was compared. */
  clockOffsetS?: number;
};

export async function updateDeviceState(
  db: Db,
  tenantId: number,
  deviceId: number,
  patch: DeviceStatePatch,
  now: Date,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({
      state: patch.state,
      ...(patch.stateDetail !== undefined ? { stateDetail: patch.stateDetail } : {}),
      ...(patch.lastActivity !== undefined && patch.lastActivity !== null
        ? { lastActivity: new Date(patch.lastActivity).toISOString() }
        : {}),
      ...(patch.userCount !== undefined ? { userCount: patch.userCount } : {}),
      ...(patch.transactionCount !== undefined ? { transactionCount: patch.transactionCount } : {}),
      ...(patch.clockOffsetS !== undefined
        ? { clockOffsetS: patch.clockOffsetS, clockCheckedAt: now.toISOString() }
        : {}),
      // A clock back within the limit answers a pending "Set device time".
      ...(patch.clockOffsetS !== undefined && Math.abs(patch.clockOffsetS) <= CLOCK_DRIFT_LIMIT_S
        ? { setTimeRequestedAt: null }
        : {}),
      updatedAt: now.toISOString(),
    })
    .where('tenantId', '=', tenantId)
    .where('id', '=', deviceId)
    .execute();
}

/** The devices of one tenant, bound by the request context: no method takes a tenant id. */
export function devicesRepository({ db, tenantId, now }: TenantScope) {
  return {
    list: (query: DeviceListParams) => listDevices(db, tenantId, query),
    /** A device row; 404 when the tenant has none with this id. */
    async get(id: number): Promise<DeviceRow> {
      const row = await findDevice(db, tenantId, id);
      if (!row) throw errors.notFound('deviceNotFound');
      return row;
    },
    findBySerial: (serialNo: string) => findDeviceBySerial(db, tenantId, serialNo),
    agentDevices: () => agentDevices(db, tenantId),
    updateState: (deviceId: number, patch: DeviceStatePatch) => updateDeviceState(db, tenantId, deviceId, patch, now()),
  };
}
