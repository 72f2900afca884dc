import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Per leave type rules (docs/leave-workflow.md, "Leave rules"). The defaults are the behaviour before
 * the rules existed: no notice, past days of this year allowed, no limit per request.
 */
export const leaveRules: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite adds a single column per ALTER TABLE.
    await db.schema
      .alterTable('leave_types')
      .addColumn('min_notice_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('leave_types')
      .addColumn('allow_backdated', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('leave_types')
      .addColumn('max_days_per_request', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
