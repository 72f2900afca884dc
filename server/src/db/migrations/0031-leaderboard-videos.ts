import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Leaderboard videos (issue #13, docs/recognition.md "Leaderboard videos"):
 *
 *   - `leaderboard_videos`: one per uploaded video, its file (and JPEG preview) in storage by key, what the
 *     server read of it (duration in milliseconds, frame size, bytes, type), the optional feedback category or
 *     attribute whose leaderboard shows it, and its review (`status` pending, approved or rejected) and
 *     active switch. Readers list approved, active ones newest first: the index holds exactly that order;
 *   - `leaderboard_video_hashtags`: its hashtags, one row per video and tag, indexed by tag for the
 *     drilled list;
 *   - `feed_posts.leaderboard_video_id`: the news-feed post an approval makes (unique, cascading); the
 *     feed shows it only while its video is approved and active.
 */
export const leaderboardVideos: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

    await db.schema
      .createTable('leaderboard_videos')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('uploaded_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text')
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('preview_key', 'text')
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.references('feedback_categories.id').onDelete('set null'))
      .addColumn('attribute_id', 'integer', (c) => c.references('feedback_attributes.id').onDelete('set null'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('reviewed_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The readers' list (approved, active, newest first) and the administrators' table (newest first).
    await db.schema
      .createIndex('leaderboard_videos_shown')
      .on('leaderboard_videos')
      .columns(['tenant_id', 'status', 'is_active', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('leaderboard_videos_tenant_created')
      .on('leaderboard_videos')
      .columns(['tenant_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('leaderboard_videos_category')
      .on('leaderboard_videos')
      .columns(['tenant_id', 'category_id'])
      .execute();
    await db.schema
      .createIndex('leaderboard_videos_attribute')
      .on('leaderboard_videos')
      .columns(['tenant_id', 'attribute_id'])
      .execute();

    await db.schema
      .createTable('leaderboard_video_hashtags')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('video_id', 'integer', (c) => c.notNull().references('leaderboard_videos.id').onDelete('cascade'))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('leaderboard_video_hashtags_pk', ['video_id', 'tag'])
      .execute();
    await db.schema
      .createIndex('leaderboard_video_hashtags_tag')
      .on('leaderboard_video_hashtags')
      .columns(['tenant_id', 'tag', 'video_id'])
      .execute();

    await db.schema
      .alterTable('feed_posts')
      .addColumn('leaderboard_video_id', 'integer', (c) => c.references('leaderboard_videos.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('feed_posts_leaderboard_video')
      .unique()
      .on('feed_posts')
      .column('leaderboard_video_id')
      .execute();
  },
});
