import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * The BioTime integration (docs/devices.md, "BioTime"):
 * - `biotime_connections`: one per tenant, the server's address, the user name, the password sealed with the
 *   server's secret box (bound to the tenant), the schedule, how far back each pull reads again, the first day read,
 *   and the watermark (the latest punch time read, in the terminals' local time);
 * - `biotime_pulls`: each pull with its progress, counts, unmapped employee codes and outcome; at most one
 *   unfinished per tenant (a partial unique index), so a schedule and a person cannot pull at once.
 * Devices the pull adds have mode `biotime`; punches it stores have via `biotime` (text columns, no change).
 */
export const biotime: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');
    await db.schema
      .createTable('biotime_connections')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => tenant(c).unique())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('interval_minutes', 'integer', (c) => c.notNull().defaultTo(15))
      .addColumn('lookback_days', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('watermark', 'text')
      .addColumn('updated_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('biotime_pulls')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stored', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unmapped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ignored', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('terminals_added', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unmapped_codes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('biotime_pulls_tenant').on('biotime_pulls').columns(['tenant_id', 'id']).execute();
    await sql`create unique index biotime_pulls_running on biotime_pulls (tenant_id) where finished_at is null`.execute(
      db,
    );
  },
});
