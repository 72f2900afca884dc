import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Badges and recognition (issue #13, docs/recognition.md "Badges"):
 *
 *   - `badge_categories` and `badges` (Badge Control): names unique per tenant whatever the case; a badge
 *     has an image (`badge_images`, an upload checked and re-encoded by the storage module), a category, a
 *     description, the company flag, and the champion flag, held by at most one badge of a tenant (a
 *     partial unique index, so two saves at once cannot make two champions);
 *   - `given_badges`: every badge someone holds, who gave it, the comment, when, and how (given directly,
 *     or by an approved contribution or recommendation, whose request it names: unique, so a request gives
 *     at most one badge even when two approvals race). The feed and notifications read these rows;
 *   - `badge_requests`: contributions (an employee asks a badge for something they did) and
 *     recommendations (someone recommends a colleague), pending, under review, approved or rejected, with
 *     who decided and when.
 *
 * Demo rows carry `is_demo`, hidden when the company switches demo data off.
 */
export const badges: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

    await db.schema
      .createTable('badge_categories')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index badge_categories_tenant_lower_name on badge_categories (tenant_id, lower(name))`.execute(
      db,
    );

    await db.schema
      .createTable('badge_images')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('uploaded_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('thumbnail_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('badges')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('badge_categories.id').onDelete('cascade'))
      .addColumn('image_id', 'integer', (c) => c.references('badge_images.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('is_company', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_champion', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index badges_tenant_lower_name on badges (tenant_id, lower(name))`.execute(db);
    await sql`create unique index badges_one_champion on badges (tenant_id) where is_champion = 1`.execute(db);
    await db.schema.createIndex('badges_category').on('badges').column('category_id').execute();

    await db.schema
      .createTable('badge_requests')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('badge_id', 'integer', (c) => c.notNull().references('badges.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('requested_by', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('contribution_type', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('decided_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('decided_at', 'text')
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('badge_requests_tenant_created')
      .on('badge_requests')
      .columns(['tenant_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('badge_requests_requester')
      .on('badge_requests')
      .columns(['tenant_id', 'requested_by', 'created_at'])
      .execute();

    await db.schema
      .createTable('given_badges')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('badge_id', 'integer', (c) => c.notNull().references('badges.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('given_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('request_id', 'integer', (c) => c.references('badge_requests.id').onDelete('set null'))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('given_badges_request').unique().on('given_badges').column('request_id').execute();
    await db.schema
      .createIndex('given_badges_employee')
      .on('given_badges')
      .columns(['tenant_id', 'employee_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('given_badges_tenant_created')
      .on('given_badges')
      .columns(['tenant_id', 'created_at'])
      .execute();
  },
});
