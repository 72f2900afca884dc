import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Personal feedback (issue #12, docs/feedback.md): the catalogue it rates (categories and their
 * attributes), functions (Function Setup), and feedback itself.
 *
 * One act of giving is a group (`feedback_groups`: giver, comment, attachments, the request it answers);
 * each recipient gets one `feedback` row of that group, which carries what is per recipient: the ratings
 * (rows of `feedback_ratings`, each on a category or on one of its attributes, 0 = not rated), the rated
 * average kept as integers for lists and filters (`rating` rounded, `rating_sum` / `rating_count`), the
 * seen mark, the flag status, the reactions.
 *
 * Requests: `feedback_requests` (who asks, about whom, message, due date, expiry) with the attributes
 * asked about and one `feedback_request_recipients` row per person asked, which moves from pending to
 * answered (naming the group that answered), declined or expired.
 *
 * Flags: `feedback_flags`, one per person flagging a feedback; the reviewer's decision is on the row, the
 * feedback's `flag_status` says what lists must do.
 */
export const feedback: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    // view-team-member-dropdown granted nothing before feedback existed; it now reads the feedback received
    // by one's teammates (docs/feedback.md "Who sees a feedback"), so roles that lead no team lose it: the
    // seeded Employee role held it, and plain colleagues must never read each other's feedback.
    await sql`
      delete from role_grants
      where kind = 'permission' and name = 'view-team-member-dropdown'
        and not exists (
          select 1 from role_grants lead
          where lead.role_id = role_grants.role_id and lead.kind = 'permission' and lead.name = 'view-team-attendance'
        )
    `.execute(db);

    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

    await db.schema
      .createTable('feedback_categories')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('description', 'text')
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_categories_tenant_name')
      .unique()
      .on('feedback_categories')
      .columns(['tenant_id', 'name'])
      .execute();

    await db.schema
      .createTable('feedback_attributes')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('category_id', 'integer', (c) => c.notNull().references('feedback_categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('description', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_attributes_tenant_name')
      .unique()
      .on('feedback_attributes')
      .columns(['tenant_id', 'name'])
      .execute();
    await db.schema
      .createIndex('feedback_attributes_category')
      .on('feedback_attributes')
      .column('category_id')
      .execute();

    await db.schema
      .createTable('functions')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('functions_tenant_name')
      .unique()
      .on('functions')
      .columns(['tenant_id', 'name'])
      .execute();
    await db.schema
      .createTable('function_members')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('function_id', 'integer', (c) => c.notNull().references('functions.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('function_members_pk', ['function_id', 'employee_id'])
      .execute();
    await db.schema.createIndex('function_members_employee').on('function_members').column('employee_id').execute();

    await db.schema
      .createTable('feedback_requests')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('requester_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
      .addColumn('message', 'text')
      .addColumn('due_date', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_requests_requester')
      .on('feedback_requests')
      .columns(['tenant_id', 'requester_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('feedback_request_attributes')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('feedback_requests.id').onDelete('cascade'))
      .addColumn('attribute_id', 'integer', (c) => c.notNull().references('feedback_attributes.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('feedback_request_attributes_pk', ['request_id', 'attribute_id'])
      .execute();

    await db.schema
      .createTable('feedback_groups')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('giver_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('comment', 'text')
      .addColumn('request_id', 'integer', (c) => c.references('feedback_requests.id').onDelete('set null'))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_groups_giver')
      .on('feedback_groups')
      .columns(['tenant_id', 'giver_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('feedback_request_recipients')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('feedback_requests.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('group_id', 'integer', (c) => c.references('feedback_groups.id').onDelete('set null'))
      .addColumn('responded_at', 'text')
      .addPrimaryKeyConstraint('feedback_request_recipients_pk', ['request_id', 'employee_id'])
      .execute();
    await db.schema
      .createIndex('feedback_request_recipients_employee')
      .on('feedback_request_recipients')
      .columns(['tenant_id', 'employee_id', 'status'])
      .execute();

    await db.schema
      .createTable('feedback')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('group_id', 'integer', (c) => c.notNull().references('feedback_groups.id').onDelete('cascade'))
      .addColumn('giver_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('receiver_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('seen_at', 'text')
      .addColumn('flag_status', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_receiver')
      .on('feedback')
      .columns(['tenant_id', 'receiver_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('feedback_giver')
      .on('feedback')
      .columns(['tenant_id', 'giver_id', 'created_at'])
      .execute();
    await db.schema.createIndex('feedback_group').on('feedback').column('group_id').execute();
    await db.schema.createIndex('feedback_flag').on('feedback').columns(['tenant_id', 'flag_status']).execute();

    await db.schema
      .createTable('feedback_ratings')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('feedback_categories.id').onDelete('cascade'))
      .addColumn('attribute_id', 'integer', (c) => c.references('feedback_attributes.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_ratings_feedback').on('feedback_ratings').column('feedback_id').execute();
    await db.schema
      .createIndex('feedback_ratings_category')
      .on('feedback_ratings')
      .columns(['tenant_id', 'category_id'])
      .execute();
    await db.schema
      .createIndex('feedback_ratings_attribute')
      .on('feedback_ratings')
      .columns(['tenant_id', 'attribute_id'])
      .execute();

    await db.schema
      .createTable('feedback_reactions')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('emoji', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feedback_reactions_pk', ['feedback_id', 'employee_id', 'emoji'])
      .execute();

    await db.schema
      .createTable('feedback_attachments')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('group_id', 'integer', (c) => c.references('feedback_groups.id').onDelete('cascade'))
      .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('thumbnail_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_attachments_group').on('feedback_attachments').column('group_id').execute();

    await db.schema
      .createTable('feedback_flags')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
      .addColumn('flagged_by', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('decided_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('decided_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('feedback_flags_once')
      .unique()
      .on('feedback_flags')
      .columns(['feedback_id', 'flagged_by'])
      .execute();
    await db.schema
      .createIndex('feedback_flags_status')
      .on('feedback_flags')
      .columns(['tenant_id', 'status'])
      .execute();
  },
});
