import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Applying punches reads each employee's applied punches kept on the days around the new ones
 * (docs/devices.md "Ingest"). Without an index on the employee and the day that read went through
 * `device_punches_status` (tenant, status, device user), i.e. over every applied punch of the tenant, and grew
 * with what was stored. The index covers the read (status and instant included), so SQLite answers it from the
 * index alone.
 */
export const punchEmployeeDay: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('device_punches_employee_day')
      .on('device_punches')
      .columns(['tenant_id', 'employee_id', 'work_date', 'status', 'punch_at'])
      .execute();
  },
});
