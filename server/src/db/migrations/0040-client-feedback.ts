import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Project and sprint feedback (issue #15, docs/projects.md "Project and sprint feedback"):
 *
 *   - `client_feedback_links`: a product owner's request to one client to rate a sprint or one of its PBIs.
 *     Only the SHA-256 of the link's token is kept (base64url, unique); the link works until `expires_at`,
 *     once (`used_at`), unless withdrawn (`revoked_at`);
 *   - `project_feedback`: a rating of a sprint, or of a PBI of it, by a product owner in the app (`user`) or by
 *     a client through a link (`client`, with its link): overall, quality and value for money from 1 to 5 and
 *     a comment. One per giver and sprint or PBI (a product owner's is changed in place), which the database
 *     holds with a unique index, so a client's two links cannot both count.
 */
export const clientFeedback: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');
    const project = (c: ColumnDefinitionBuilder) => c.notNull().references('projects.id').onDelete('cascade');
    const sprint = (c: ColumnDefinitionBuilder) => c.notNull().references('project_sprints.id').onDelete('cascade');
    const pbi = (c: ColumnDefinitionBuilder) => c.references('project_pbis.id').onDelete('cascade');
    const employee = (c: ColumnDefinitionBuilder) => c.notNull().references('employees.id').onDelete('cascade');

    await db.schema
      .createTable('client_feedback_links')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('sprint_id', 'integer', sprint)
      .addColumn('pbi_id', 'integer', pbi)
      .addColumn('client_id', 'integer', employee)
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('used_at', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('client_feedback_links_token')
      .unique()
      .on('client_feedback_links')
      .column('token_hash')
      .execute();
    await db.schema
      .createIndex('client_feedback_links_project')
      .on('client_feedback_links')
      .columns(['project_id', 'id'])
      .execute();

    await db.schema
      .createTable('project_feedback')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('sprint_id', 'integer', sprint)
      .addColumn('pbi_id', 'integer', pbi)
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('giver_id', 'integer', employee)
      .addColumn('link_id', 'integer', (c) => c.references('client_feedback_links.id').onDelete('set null'))
      .addColumn('overall', 'integer', (c) => c.notNull())
      .addColumn('quality', 'integer', (c) => c.notNull())
      .addColumn('value_for_money', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One rating per giver and target: the sprint itself (no PBI) or one PBI of it.
    await sql`create unique index project_feedback_giver on project_feedback
      (sprint_id, coalesce(pbi_id, 0), giver_id)`.execute(db);
    await db.schema
      .createIndex('project_feedback_project')
      .on('project_feedback')
      .columns(['project_id', 'sprint_id'])
      .execute();
    await db.schema.createIndex('project_feedback_pbi').on('project_feedback').column('pbi_id').execute();
  },
});
