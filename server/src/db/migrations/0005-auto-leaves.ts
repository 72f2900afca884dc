import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/** The auto-leave configuration per tenant, and one mark per employee and day it has handled. */
export const autoLeaves: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auto_leave_configs')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('integration_id', 'text')
      .addColumn('first_leave_type_id', 'integer', (c) => c.references('leave_types.id'))
      .addColumn('second_leave_type_id', 'integer', (c) => c.references('leave_types.id'))
      .addColumn('enabled_since', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The primary key is what makes the job safe to run twice, or in two processes at once.
    await db.schema
      .createTable('auto_leave_marks')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('request_id', 'integer', (c) => c.references('leave_requests.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('auto_leave_marks_pk', ['employee_id', 'date'])
      .execute();
  },
});
