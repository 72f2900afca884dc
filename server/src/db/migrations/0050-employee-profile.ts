import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * The employee form's profile fields (issue 11, docs/workforce.md "Employee profile"): job title, manager,
 * location, employment type (hourly, nfte, fte) and phone, each optional. The manager is another employee;
 * removing that employee leaves the field empty. Same tenant, active, not oneself and no cycle are rules of the
 * service (server/src/modules/employees/service.ts), checked inside the write's transaction.
 */
export const employeeProfile: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('employees').addColumn('job_title', 'text').execute();
    await db.schema
      .alterTable('employees')
      .addColumn('manager_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('employees').addColumn('location', 'text').execute();
    await db.schema.alterTable('employees').addColumn('employment_type', 'text').execute();
    await db.schema.alterTable('employees').addColumn('phone', 'text').execute();
    await db.schema.createIndex('employees_manager_id').on('employees').column('manager_id').execute();
  },
});
