import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Biometric devices, the punches they deliver (pulled by the device agent or pushed over ADMS), the mapping of
 * device user ids to employees, the device agent's keys, ADMS settings, ADMS devices waiting for approval and the
 * commands queued for ADMS devices.
 */
export const devices: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('devices')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('serial_no', 'text', (c) => c.notNull())
      // 'pull': the device agent reads it over the LAN; 'push': it sends its punches over ADMS.
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('pull'))
      .addColumn('ip_address', 'text')
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(4370))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('last_activity', 'text')
      .addColumn('user_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('transaction_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('unknown'))
      .addColumn('state_detail', 'text')
      // The last ATTLOG stamp an ADMS device sent, given back in the handshake so it resumes from there.
      .addColumn('adms_stamp', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('devices_serial').unique().on('devices').columns(['tenant_id', 'serial_no']).execute();

    await db.schema
      .createTable('device_punches')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('device_serial', 'text', (c) => c.notNull())
      .addColumn('device_user_id', 'text', (c) => c.notNull())
      .addColumn('punch_at', 'text', (c) => c.notNull())
      .addColumn('local_time', 'text')
      .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('work_date', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    // The idempotency key of a punch: the same punch delivered twice is stored once.
    await db.schema
      .createIndex('device_punches_key')
      .unique()
      .on('device_punches')
      .columns(['tenant_id', 'device_serial', 'device_user_id', 'punch_at'])
      .execute();
    await db.schema
      .createIndex('device_punches_status')
      .on('device_punches')
      .columns(['tenant_id', 'status', 'device_user_id'])
      .execute();

    await db.schema
      .createTable('device_user_mappings')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('device_user_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_user_mappings_user')
      .unique()
      .on('device_user_mappings')
      .columns(['tenant_id', 'device_user_id'])
      .execute();

    await db.schema
      .createTable('device_agent_keys')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();

    await db.schema
      .createTable('adms_settings')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('server_address', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('adms_pending_devices')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('serial_no', 'text', (c) => c.notNull())
      .addColumn('ip_address', 'text')
      .addColumn('push_version', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('first_seen_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('adms_pending_devices_serial')
      .unique()
      .on('adms_pending_devices')
      .columns(['tenant_id', 'serial_no'])
      .execute();

    await db.schema
      .createTable('device_commands')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('command', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('return_code', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('done_at', 'text')
      .execute();
    await db.schema
      .createIndex('device_commands_device')
      .on('device_commands')
      .columns(['tenant_id', 'device_id', 'status'])
      .execute();
  },
});
