/**
 * ADMS settings per tenant (enabled, the address devices are told to use), devices that knocked without being
 * known (listed for approval), and which tenant an ADMS request belongs to.
 *
 * A push device identifies itself only by its serial number; the path (/iclock/...) is fixed in its firmware, so the
 * tenant cannot be in the URL. A known serial names its tenant. An unknown one is attributed to the ADMS-enabled
 * tenant whose configured server address has the Host the device called, or, when only one tenant has ADMS enabled
 * (the usual self-hosted case), to that one; otherwise it is refused without being recorded, because listing it to
 * the wrong tenant would let that tenant claim someone else's device.
 */
import type { AdmsSettings } from '../../../../shared/contracts/devices.js';
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';

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

export type AdmsTarget =
  | { kind: 'device'; tenantId: number; device: { id: number; timeZone: string; isActive: boolean; mode: string } }
  | { kind: 'unknown'; tenantId: number }
  | { kind: 'nobody' };

/** Which tenant (and device) an ADMS request with this serial number and Host header belongs to. */
export async function resolveAdmsTarget(db: Db, serialNo: string, host: string | undefined): Promise<AdmsTarget> {
  const enabled = await db
    .selectFrom('admsSettings')
    .select(['tenantId', 'serverAddress'])
    .where('enabled', '=', 1)
    .execute();
  if (enabled.length === 0) return { kind: 'nobody' };
  const wantedHost = host?.toLowerCase();
  const byHost = enabled.filter((s) => wantedHost && hostOf(s.serverAddress) === wantedHost);
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'tenantId', 'timeZone', 'isActive', 'mode'])
    .where('serialNo', '=', serialNo)
    .where(
      'tenantId',
      'in',
      enabled.map((s) => s.tenantId),
    )
    .execute();
  const pick = devices.length === 1 ? devices[0] : devices.find((d) => byHost.some((s) => s.tenantId === d.tenantId));
  if (pick) {
    return {
      kind: 'device',
      tenantId: pick.tenantId,
      device: { id: pick.id, timeZone: pick.timeZone, isActive: pick.isActive === 1, mode: pick.mode },
    };
  }
  if (devices.length > 1) return { kind: 'nobody' };
  const owner = byHost.length === 1 ? byHost[0] : enabled.length === 1 ? enabled[0] : undefined;
  return owner ? { kind: 'unknown', tenantId: owner.tenantId } : { kind: 'nobody' };
}

export async function recordPending(
  db: Db,
  tenantId: number,
  seen: { serialNo: string; ipAddress: string | null; pushVersion: string | null },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('admsPendingDevices')
    .values({ tenantId, ...seen, attempts: 1, firstSeenAt: at, lastSeenAt: at })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'serialNo']).doUpdateSet((eb) => ({
        attempts: eb('admsPendingDevices.attempts', '+', 1),
        lastSeenAt: at,
        ipAddress: seen.ipAddress,
        ...(seen.pushVersion ? { pushVersion: seen.pushVersion } : {}),
      })),
    )
    .execute();
}

export async function listPending(db: Db, tenantId: number) {
  const items = await db
    .selectFrom('admsPendingDevices')
    .select(['id', 'serialNo', 'ipAddress', 'pushVersion', 'attempts', 'firstSeenAt', 'lastSeenAt'])
    .where('tenantId', '=', tenantId)
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { items, total: items.length };
}

/** One tenant's ADMS settings and waiting devices, bound by the request context (`ctx.repo(admsRepository)`). */
export function admsRepository({ db, tenantId, now }: TenantScope) {
  return {
    settings: () => readAdmsSettings(db, tenantId),
    writeSettings: (patch: { enabled: boolean; serverAddress: string | null }) =>
      writeAdmsSettings(db, tenantId, patch, now()),
    listPending: () => listPending(db, tenantId),
  };
}
