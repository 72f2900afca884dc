import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Indexes for reading feedback at scale (docs/feedback.md "Reading at scale", measured by
 * `npm run bench:feedback` on 2,000 employees × 2 years, about 500,000 feedback and 1,000,000 ratings):
 *
 * - `feedback_ratings_feedback` gains `tenant_id` after `feedback_id`. Every list reads the ratings of
 *   its page with `tenant_id = ? and feedback_id in (…)`; SQLite keeps no statistics, so with an index on
 *   `feedback_id` alone it preferred the `(tenant_id, …)` indexes of the category and attribute filters
 *   and read all the tenant's ratings (0.6 s a page). Still led by `feedback_id` for the cascade from
 *   `feedback`.
 * - `feedback_group` gains `tenant_id` after `group_id` for the same reason: the recipients of the
 *   groups the asker gave on a page (`tenant_id = ? and group_id in (…)`) were read through the
 *   `(tenant_id, flag_status)` index, all the tenant's feedback (2.3 s for a lead who gave some of the
 *   page's feedback).
 * - `feedback_receiver` also holds what the visibility rule and the demo switch read (flag status,
 *   giver, demo mark) and the id a page is ordered by and answers, so counting and paging a person's or
 *   a team's received feedback never reads the table (a lead's My team: about 4,700 rows counted and
 *   sorted from the index alone). `id` follows `created_at` so that each receiver's entries come in the
 *   lists' order (newest, then highest id): SQLite then reads only the first page of each teammate for
 *   My team instead of sorting all of them; PostgreSQL needs `id` named for an index-only scan.
 */
export const feedbackReadIndexes: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('feedback_ratings_feedback').execute();
    await db.schema
      .createIndex('feedback_ratings_feedback')
      .on('feedback_ratings')
      .columns(['feedback_id', 'tenant_id'])
      .execute();
    await db.schema.dropIndex('feedback_group').execute();
    await db.schema.createIndex('feedback_group').on('feedback').columns(['group_id', 'tenant_id']).execute();
    await db.schema.dropIndex('feedback_receiver').execute();
    await db.schema
      .createIndex('feedback_receiver')
      .on('feedback')
      .columns(['tenant_id', 'receiver_id', 'created_at', 'id', 'flag_status', 'giver_id', 'is_demo'])
      .execute();
  },
});
