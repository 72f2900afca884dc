import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * ADMS security (docs/security.md, "ADMS push devices"):
 *
 * - A serial number belongs to at most one tenant of an installation: a unique index on the normalised serial
 *   (upper case; the contract allows no spaces). Where two tenants already had the same serial, the first
 *   registered (lowest id) keeps it; the later ones are deactivated and renamed `<serial>#<id>` (a character no
 *   serial may contain, so it cannot collide again), with a state detail saying why, for their admins to see.
 * - A push device is bound to the network it may call from (`adms_network`: addresses or CIDR ranges, comma
 *   separated). Existing push devices are bound to the address recorded for them, when it is an IP address.
 * - Uploads from outside that network are held (`adms_held_uploads`) until an admin accepts or rejects them.
 */
export const admsSecurity: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const { rows: devices } = await sql<{
      id: number;
      serial: string;
      mode: string;
      address: string | null;
      // One-word aliases: the connection's camel-case plugin renames snake_case result keys.
    }>`select id, serial_no as serial, mode, ip_address as address from devices order by id`.execute(db);
    const owners = new Set<string>();
    for (const d of devices) {
      const key = d.serial.trim().toUpperCase();
      if (!owners.has(key)) {
        owners.add(key);
        continue;
      }
      const detail = 'This serial number was registered to another company on this server first.';
      await sql`update devices set serial_no = ${`${d.serial}#${d.id}`}, is_active = 0, state = 'error',
        state_detail = ${detail} where id = ${d.id}`.execute(db);
    }
    await db.schema
      .createIndex('devices_serial_installation')
      .unique()
      .on('devices')
      .expression(sql`upper(serial_no)`)
      .execute();

    await db.schema.alterTable('devices').addColumn('adms_network', 'text').execute();
    for (const d of devices) {
      if (d.mode === 'push' && d.address && isIP(d.address) !== 0) {
        await sql`update devices set adms_network = ${d.address} where id = ${d.id}`.execute(db);
      }
    }

    await db.schema
      .createTable('adms_held_uploads')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('serial_no', 'text', (c) => c.notNull())
      .addColumn('client_address', 'text', (c) => c.notNull())
      // The readable ATTLOG lines as received, applied with the device's zone if accepted.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('punch_count', 'integer', (c) => c.notNull())
      .addColumn('first_punch', 'text')
      .addColumn('last_punch', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('adms_held_uploads_tenant')
      .on('adms_held_uploads')
      .columns(['tenant_id', 'received_at'])
      .execute();
  },
});
