import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * The responsibility matrix (docs/feedback.md) counts a tenant's feedback of one period, grouped by team
 * and giver; the company-wide report reads every giver at once, so it needs the period's rows without
 * walking the tenant's whole history through the per-giver index.
 */
export const feedbackMatrix: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('feedback_tenant_created')
      .on('feedback')
      .columns(['tenant_id', 'created_at'])
      .execute();
  },
});
