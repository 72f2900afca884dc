import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/** Leave types, public holidays, leave requests and the history of every action on them. */
export const leave: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leave_types')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('yearly_quota', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_types_tenant_name')
      .unique()
      .on('leave_types')
      .columns(['tenant_id', 'name'])
      .execute();

    await db.schema
      .createTable('holidays')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('holidays_tenant_date')
      .unique()
      .on('holidays')
      .columns(['tenant_id', 'date'])
      .execute();

    await db.schema
      .createTable('leave_requests')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('restore_status', 'integer')
      .addColumn('po_approver_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('is_auto', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_requests_employee')
      .on('leave_requests')
      .columns(['tenant_id', 'employee_id', 'start_date'])
      .execute();
    await db.schema
      .createIndex('leave_requests_status')
      .on('leave_requests')
      .columns(['tenant_id', 'status'])
      .execute();

    await db.schema
      .createTable('leave_request_events')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('request_id', 'integer', (c) => c.notNull().references('leave_requests.id').onDelete('cascade'))
      .addColumn('action', 'integer')
      .addColumn('actor_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('from_status', 'integer')
      .addColumn('to_status', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_request_events_request')
      .on('leave_request_events')
      .columns(['request_id'])
      .execute();
  },
});
