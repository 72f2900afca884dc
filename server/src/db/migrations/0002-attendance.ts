import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/** Attendance (one per employee and tenant-local day), breaks inside it, and the audit trail of changes. */
export const attendance: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('attendances')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('work_date', 'text', (c) => c.notNull())
      .addColumn('check_in', 'text', (c) => c.notNull())
      .addColumn('check_out', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('is_wfo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_ip', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('attendances_employee_day')
      .unique()
      .on('attendances')
      .columns(['tenant_id', 'employee_id', 'work_date'])
      .execute();
    await db.schema
      .createIndex('attendances_tenant_day')
      .on('attendances')
      .columns(['tenant_id', 'work_date'])
      .execute();

    await db.schema
      .createTable('attendance_breaks')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('attendance_id', 'integer', (c) => c.notNull().references('attendances.id').onDelete('cascade'))
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('end_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('attendance_breaks_attendance')
      .on('attendance_breaks')
      .columns(['attendance_id'])
      .execute();

    // Kept when the attendance is deleted: the trail is what HR reads afterwards.
    await db.schema
      .createTable('attendance_audit')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('attendance_id', 'integer', (c) => c.notNull())
      .addColumn('break_id', 'integer')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema
      .createIndex('attendance_audit_attendance')
      .on('attendance_audit')
      .columns(['tenant_id', 'attendance_id'])
      .execute();
  },
});
