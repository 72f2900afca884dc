import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Requests and flags, beyond 0017 (docs/feedback.md "Requests" and "Flags"):
 *
 *   - the reason a person asked gives when declining a request (`feedback_request_recipients.decline_reason`);
 *   - every decision on a flagged feedback, one row each (`feedback_flag_decisions`: which, who, when), so
 *     an escalation and HR's later decision are both kept; the flag rows carry the latest.
 */
export const feedbackRequestsFlags: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('feedback_request_recipients').addColumn('decline_reason', 'text').execute();
    await db.schema
      .createTable('feedback_flag_decisions')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('decided_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_flag_decisions_feedback')
      .on('feedback_flag_decisions')
      .columns(['tenant_id', 'feedback_id'])
      .execute();
  },
});
