import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Corrections of device punches (security review #10, item 8; docs/workforce.md). A device punch is never
 * changed: a correction is a manual attendance of the same day linked to it (`corrects_id`) with its reason,
 * and the punch is marked `corrected_at` and stays as the device made it. Every reader of attendance reads
 * the rows not corrected, so the unique day index and the productivity sums' covering index hold only those.
 */
export const attendanceCorrections: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('attendances')
      .addColumn('corrects_id', 'integer', (c) => c.references('attendances.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('attendances').addColumn('correction_reason', 'text').execute();
    await db.schema.alterTable('attendances').addColumn('corrected_at', 'text').execute();

    await db.schema.dropIndex('attendances_employee_day').execute();
    await db.schema
      .createIndex('attendances_employee_day')
      .unique()
      .on('attendances')
      .columns(['tenant_id', 'employee_id', 'work_date'])
      .where(sql.ref('corrected_at'), 'is', null)
      .execute();
    await db.schema.dropIndex('attendances_minutes').execute();
    await db.schema
      .createIndex('attendances_minutes')
      .on('attendances')
      .columns(['tenant_id', 'employee_id', 'work_date', 'is_wfo', 'worked_minutes'])
      .where(sql.ref('corrected_at'), 'is', null)
      .execute();
    await db.schema.createIndex('attendances_corrects').on('attendances').column('corrects_id').execute();
  },
});
