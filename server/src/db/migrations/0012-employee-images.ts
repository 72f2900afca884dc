import { sql, type Kysely } from 'kysely';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImageType } from '../../../../shared/images.js';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Employee pictures are stored and served by Teambeat (security review item 19, docs/security.md).
 * `employee_images` holds the bytes, one row per employee; `employees.image` now holds the version of the
 * stored picture (its upload time), or null. Existing values: an image data URL of PNG, JPEG or WebP within
 * 2 MiB whose bytes match moves into the table; anything else (an external http(s) URL, GIF, SVG) is
 * dropped to null, since serving it would send viewers' browsers to a third party.
 */
export const employeeImages: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('employee_images')
      .addColumn('employee_id', 'integer', (c) => c.primaryKey().references('employees.id').onDelete('cascade'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', engine === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    const rows = await sql<{ id: number; tenant_id: number; image: string; updated_at: string }>`
      select id, tenant_id, image, updated_at from employees where image is not null`.execute(db);
    for (const row of rows.rows) {
      const match = /^data:(image\/[a-z+]+);base64,([A-Za-z0-9+/=]+)$/.exec(row.image);
      const bytes = match ? Buffer.from(match[2]!, 'base64') : null;
      const type = bytes ? sniffImageType(bytes) : null;
      const keep = bytes && type && type === match![1] && bytes.length <= MAX_IMAGE_BYTES && IMAGE_TYPES.includes(type);
      if (keep) {
        await sql`insert into employee_images (employee_id, tenant_id, content_type, data, updated_at)
          values (${row.id}, ${row.tenant_id}, ${type}, ${bytes}, ${row.updated_at})`.execute(db);
      }
      await sql`update employees set image = ${keep ? row.updated_at : null} where id = ${row.id}`.execute(db);
    }
  },
});
