import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Leave requests get a version (docs/leave-workflow.md, "Editing a pending request"): every change of a
 * request bumps it and is conditional on the version it read, so an edit racing an approval, or two
 * approvers acting at once, change the request once and the other gets 409. The status alone could not
 * tell: an edit of a request pending at the first stage leaves it at the same status.
 */
export const leaveVersion: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('leave_requests')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
