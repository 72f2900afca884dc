import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * The news feed (issue #13, docs/recognition.md "News feed"):
 *
 *   - `feedback_groups.share_on_feed`: the giver's choice to share a feedback on the feed, off by default
 *     (every feedback given before this migration stays private);
 *   - `feed_posts`: one per shared feedback group, given badge or announcement. A post names its group or
 *     given badge in a unique column with a cascading key, so a feedback or badge has at most one post and
 *     deleting it deletes the post. A report moves `review_status` to pending (hidden but from its author and
 *     the reviewers) until a reviewer keeps or removes it;
 *   - `feed_likes`: one per person and post (the primary key), of a fixed type;
 *   - `feed_comments` and `feed_reports` (one report per person and post).
 *
 * Badges already given get their post (they were public on the badges page); the roles that give company
 * badges or change the company's settings may post announcements (post-announcement).
 */
export const newsFeed: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

    await db.schema
      .alterTable('feedback_groups')
      .addColumn('share_on_feed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('feed_posts')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('author_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('group_id', 'integer', (c) => c.references('feedback_groups.id').onDelete('cascade'))
      .addColumn('given_badge_id', 'integer', (c) => c.references('given_badges.id').onDelete('cascade'))
      .addColumn('text', 'text')
      .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('reviewed_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The feed's order (newest first, ties by id) read straight from the index.
    await db.schema
      .createIndex('feed_posts_tenant_created')
      .on('feed_posts')
      .columns(['tenant_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('feed_posts_group').unique().on('feed_posts').column('group_id').execute();
    await db.schema.createIndex('feed_posts_given_badge').unique().on('feed_posts').column('given_badge_id').execute();
    await db.schema.createIndex('feed_posts_author').on('feed_posts').columns(['tenant_id', 'author_id']).execute();
    await sql`create index feed_posts_pending on feed_posts (tenant_id, created_at) where review_status = 'pending'`.execute(
      db,
    );

    await db.schema
      .createTable('feed_likes')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_likes_pk', ['post_id', 'employee_id'])
      .execute();
    await db.schema
      .createIndex('feed_likes_post_created')
      .on('feed_likes')
      .columns(['post_id', 'created_at', 'employee_id'])
      .execute();

    await db.schema
      .createTable('feed_comments')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feed_comments_post_created')
      .on('feed_comments')
      .columns(['post_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('feed_reports')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('post_id', 'integer', (c) => c.notNull().references('feed_posts.id').onDelete('cascade'))
      .addColumn('reported_by', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feed_reports_one_per_person')
      .unique()
      .on('feed_reports')
      .columns(['post_id', 'reported_by'])
      .execute();

    await sql`insert into feed_posts (tenant_id, kind, author_id, given_badge_id, is_demo, created_at)
      select tenant_id, 'badge', given_by, id, is_demo, created_at from given_badges order by id`.execute(db);

    // A role that already holds the permission (given by hand, or a database seeded by newer code) keeps
    // its one grant.
    await sql`insert into role_grants (tenant_id, role_id, kind, name)
      select distinct g.tenant_id, g.role_id, 'permission', 'post-announcement' from role_grants g
      where g.kind = 'permission' and g.name in ('assign-badge', 'edit-tenant-settings')
        and not exists (select 1 from role_grants h where h.role_id = g.role_id and h.kind = 'permission'
          and h.name = 'post-announcement')`.execute(db);
  },
});
