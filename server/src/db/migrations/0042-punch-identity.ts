import { sql, type Kysely } from 'kysely';
import {
  deviceLocalTimeToInstant,
  instantToDeviceLocalTime,
  normaliseDeviceLocalTime,
} from '../../../../shared/device-time.js';
import { isValidTimeZone } from '../../../../shared/settings.js';
import type { Database } from '../schema.js';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * A punch's identity becomes what the device says (docs/devices.md, "Identity of a punch"): (tenant, serial, device
 * user id, the device's local time as read), no longer the instant derived from it, so correcting a device's zone
 * moves its punches instead of doubling them.
 *
 * Every stored punch gets its local time: the one the device sent (normalised to `YYYY-MM-DDTHH:mm:ss`), else the
 * one its instant shows in its device's zone (the tenant's zone when the device is gone). Punches an earlier zone
 * change had doubled share a local time: the one whose instant the device's current zone gives is kept (else the
 * first stored) and the others are deleted, since they are the same punch. Then the unique key moves from the
 * instant to the local time.
 */
export const punchIdentity: MigrationFactory = () => ({
  async up(raw: Kysely<unknown>) {
    const db = raw as unknown as Kysely<Database>;
    const zones = new Map<number, string>();
    for (const d of await db.selectFrom('devices').select(['id', 'timeZone']).execute()) zones.set(d.id, d.timeZone);
    const tenantZones = new Map<number, string>();
    for (const s of await db
      .selectFrom('tenantSettings')
      .select(['tenantId', 'value'])
      .where('key', '=', 'tenant_timezone')
      .execute()) {
      let value: unknown = s.value;
      try {
        value = JSON.parse(s.value);
      } catch {
        // stored as plain text
      }
      if (typeof value === 'string' && isValidTimeZone(value)) tenantZones.set(s.tenantId, value);
    }
    const zoneOf = (p: { deviceId: number | null; tenantId: number }) =>
      (p.deviceId !== null ? zones.get(p.deviceId) : undefined) ?? tenantZones.get(p.tenantId) ?? 'Asia/Karachi';

    // Backfilled in pages by id, each page in one statement per row (the table can hold millions of punches).
    let after = 0;
    for (;;) {
      const page = await db
        .selectFrom('devicePunches')
        .select(['id', 'tenantId', 'deviceId', 'punchAt', 'localTime'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(2000)
        .execute();
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      for (const p of page) {
        const local =
          (p.localTime !== null ? normaliseDeviceLocalTime(p.localTime) : null) ??
          instantToDeviceLocalTime(new Date(p.punchAt), zoneOf(p));
        if (local !== p.localTime) {
          await db.updateTable('devicePunches').set({ localTime: local }).where('id', '=', p.id).execute();
        }
      }
    }

    // The same punch stored twice (under two instants): keep one.
    const doubled = await db
      .selectFrom('devicePunches')
      .select(['tenantId', 'deviceSerial', 'deviceUserId', 'localTime'])
      .groupBy(['tenantId', 'deviceSerial', 'deviceUserId', 'localTime'])
      .having(sql<number>`count(*)`, '>', 1)
      .execute();
    for (const key of doubled) {
      const copies = await db
        .selectFrom('devicePunches')
        .select(['id', 'tenantId', 'deviceId', 'punchAt'])
        .where('tenantId', '=', key.tenantId)
        .where('deviceSerial', '=', key.deviceSerial)
        .where('deviceUserId', '=', key.deviceUserId)
        .where('localTime', '=', key.localTime!)
        .orderBy('id')
        .execute();
      const expected = deviceLocalTimeToInstant(key.localTime!, zoneOf(copies[0]!))?.toISOString();
      const keep = copies.find((c) => c.punchAt === expected) ?? copies[0]!;
      await db
        .deleteFrom('devicePunches')
        .where(
          'id',
          'in',
          copies.filter((c) => c.id !== keep.id).map((c) => c.id),
        )
        .execute();
    }

    await db.schema.dropIndex('device_punches_key').execute();
    await db.schema
      .createIndex('device_punches_key')
      .unique()
      .on('device_punches')
      .columns(['tenant_id', 'device_serial', 'device_user_id', 'local_time'])
      .execute();
    // Re-deriving a device's punches after a zone change reads them by device.
    await db.schema
      .createIndex('device_punches_device')
      .on('device_punches')
      .columns(['tenant_id', 'device_id'])
      .execute();
  },
});
