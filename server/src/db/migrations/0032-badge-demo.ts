import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Badge demo rows and one image per badge (docs/recognition.md "Badges"):
 *
 *   - `is_demo` on `badge_categories`, `badges` and `badge_images`, like every other demo table, so the demo's
 *     categories, badges and images are hidden with the rest when the company switches demo data off.
 *   - `badges.image_id` unique: one image row dresses one badge, so deleting a replaced or unused image can
 *     never take another badge's picture with it.
 *
 * Marking the rows the demo seed wrote before this migration. The seed (server/src/seed/demo-badges.ts)
 * backdates its categories (40 to 37 days) and badges (30 to 19 days) before the instant it creates the demo
 * tenant with, and it runs only into an empty database, in the tenant whose employees it marks `is_demo`.
 * Every other writer (Badge Control, `tenant:create`) stamps a row with the clock at writing, after its
 * tenant existed. So a category or badge is demo when it is older than its tenant and its tenant has demo
 * employees: both facts only the seed produces. Names are not used: the company may have renamed a demo
 * badge, and a new badge may take a freed demo name. An image is demo when a demo badge uses it: the seed
 * draws images only for its own badges, and an image follows the badge it dresses. Images no badge uses
 * stay 0 (the daily `badge-images` job deletes them).
 *
 * Before the unique index, badges sharing an image (two saves at once could both pass the service's check)
 * keep it on the oldest badge (lowest id), and the later ones lose the link: they show without an image until
 * someone uploads one. Copying the row instead would give two rows one stored object, the very sharing that
 * let a replacement delete another badge's file; and a migration cannot copy stored objects.
 */
export const badgeDemo: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['badge_categories', 'badges', 'badge_images'])
      await db.schema
        .alterTable(table)
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

    for (const table of ['badge_categories', 'badges'])
      await sql`update ${sql.table(table)} set is_demo = 1
        where created_at < (select t.created_at from tenants t where t.id = ${sql.ref(`${table}.tenant_id`)})
          and exists (select 1 from employees e where e.tenant_id = ${sql.ref(`${table}.tenant_id`)} and e.is_demo = 1)`.execute(
        db,
      );
    await sql`update badge_images set is_demo = 1
      where exists (select 1 from badges b where b.image_id = badge_images.id and b.is_demo = 1)`.execute(db);

    await sql`update badges set image_id = null
      where image_id is not null
        and exists (select 1 from badges o where o.image_id = badges.image_id and o.id < badges.id)`.execute(db);
    await db.schema.createIndex('badges_image').unique().on('badges').column('image_id').execute();
  },
});
