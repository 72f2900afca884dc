import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * The job runner's records (server/src/jobs): one row per run of a job for a tenant, and one lock row per
 * job for SQLite, where several processes on one database file cannot share PostgreSQL's advisory locks.
 */
export const jobs: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_runs')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('job', 'text', (c) => c.notNull())
      /** 'schedule' or 'manual'. */
      .addColumn('trigger', 'text', (c) => c.notNull())
      /** 'running', 'succeeded' or 'failed'. */
      .addColumn('outcome', 'text', (c) => c.notNull())
      /** What the run changed, as a JSON object of counts. */
      .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('error', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('job_runs_by_tenant').on('job_runs').columns(['tenant_id', 'started_at']).execute();
    await db.schema
      .createTable('job_locks')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
});
