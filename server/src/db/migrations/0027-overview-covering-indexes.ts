import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Covering indexes for the feedback Overview (docs/feedback.md "Overview", measured by
 * `npm run bench:feedback`): a team's overview reads about 1,200 feedback and 2,400 ratings per request,
 * and each row fetched from its table instead of the index cost as much as the rest of the query.
 *
 * - `feedback_receiver` also holds `rating_sum` and `rating_count`, so the period figures (overall rating,
 *   previous period, counts per week) are answered from the index alone.
 * - `feedback_ratings_feedback` also holds `rating`, `category_id` and `attribute_id`, so the category and
 *   attribute averages (grouped by those ids) never read a rating row. Still led by `feedback_id`, for the
 *   lists' `feedback_id in (…)` and the cascade from `feedback`.
 */
export const overviewCoveringIndexes: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('feedback_receiver').execute();
    await db.schema
      .createIndex('feedback_receiver')
      .on('feedback')
      .columns([
        'tenant_id',
        'receiver_id',
        'created_at',
        'id',
        'flag_status',
        'giver_id',
        'is_demo',
        'rating_sum',
        'rating_count',
      ])
      .execute();
    await db.schema.dropIndex('feedback_ratings_feedback').execute();
    await db.schema
      .createIndex('feedback_ratings_feedback')
      .on('feedback_ratings')
      .columns(['feedback_id', 'tenant_id', 'rating', 'category_id', 'attribute_id'])
      .execute();
  },
});
