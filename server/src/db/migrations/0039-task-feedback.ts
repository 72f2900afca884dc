import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Task feedback (issue #15, docs/projects.md "Task feedback"):
 *
 *   - `task_feedback`: one giver's feedback on one task (unique per giver and task, so two gifts sent at once
 *     leave one), to the employee the task's assignee was mapped to when it was given (`receiver_id`, kept
 *     when the tracker later reassigns the task), with the comment, the rated average kept as integers like
 *     personal feedback's (`rating` rounded, `rating_sum`, `rating_count`) and the receiver's seen mark;
 *   - `task_feedback_ratings`: its ratings, on a category or on one of its attributes, 0 = not rated;
 *   - `task_feedback_requests`: the assignee asking a colleague on the project for feedback on the task, one
 *     row per person asked and task (asking again reopens a declined one), pending until that person gives
 *     feedback on the task (answered) or declines.
 */
export const taskFeedback: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');
    const employee = (c: ColumnDefinitionBuilder) => c.notNull().references('employees.id').onDelete('cascade');
    const task = (c: ColumnDefinitionBuilder) => c.notNull().references('project_tasks.id').onDelete('cascade');

    await db.schema
      .createTable('task_feedback')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('task_id', 'integer', task)
      .addColumn('giver_id', 'integer', employee)
      .addColumn('receiver_id', 'integer', employee)
      .addColumn('comment', 'text')
      .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('seen_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('task_feedback_task_giver')
      .unique()
      .on('task_feedback')
      .columns(['task_id', 'giver_id'])
      .execute();
    await db.schema
      .createIndex('task_feedback_receiver')
      .on('task_feedback')
      .columns(['tenant_id', 'receiver_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('task_feedback_giver')
      .on('task_feedback')
      .columns(['tenant_id', 'giver_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('task_feedback_ratings')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('task_feedback_id', 'integer', (c) => c.notNull().references('task_feedback.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('feedback_categories.id').onDelete('cascade'))
      .addColumn('attribute_id', 'integer', (c) => c.references('feedback_attributes.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('task_feedback_ratings_feedback')
      .on('task_feedback_ratings')
      .columns(['task_feedback_id', 'tenant_id'])
      .execute();

    await db.schema
      .createTable('task_feedback_requests')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('task_id', 'integer', task)
      .addColumn('requester_id', 'integer', employee)
      .addColumn('asked_id', 'integer', employee)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .execute();
    await db.schema
      .createIndex('task_feedback_requests_task_asked')
      .unique()
      .on('task_feedback_requests')
      .columns(['task_id', 'asked_id'])
      .execute();
    await db.schema
      .createIndex('task_feedback_requests_asked')
      .on('task_feedback_requests')
      .columns(['tenant_id', 'asked_id', 'status'])
      .execute();
  },
});
