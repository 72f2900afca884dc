import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Names of feedback categories, feedback attributes and functions are unique in a tenant whatever their
 * case (docs/feedback.md): "quality" may not sit beside "Quality". 0017 made them unique as written; an
 * index on lower(name) makes the database refuse the other spelling too, also under concurrent saves.
 * Both engines index the expression.
 */
export const catalogueNames: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['feedback_categories', 'feedback_attributes', 'functions']) {
      await sql`create unique index ${sql.id(`${table}_tenant_lower_name`)} on ${sql.table(table)} (tenant_id, lower(name))`.execute(
        db,
      );
    }
  },
});
