import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Projects and what they bring from their team's tracker (issue #15, docs/projects.md):
 *
 *   - `projects`: name (unique in the company whatever the case), address and key in the tracker (unique
 *     together, whatever the case), type (fixed scope, monthly, non-billable), active switch; once connected,
 *     the tracker's tool, the account and its token (sealed with the server's secret box, bound to the
 *     tenant and project), and the tracker's own name for the project;
 *   - `project_members`: who works on it, as product owner or member, with their allocation in percent;
 *   - `project_sprints`: sprints from the tracker (`tracker_ref`) or added by hand, with the data points a
 *     product owner keeps (QA and UAT kickbacks and carry-overs in percent, the quality test result);
 *   - `project_pbis` and `project_tasks`: the backlog items and tasks of the sprints, one row per tracker
 *     item and project (a sync updates them in place), a task with its metrics from the tracker's history
 *     and, once someone ignores it for feedback, why;
 *   - `tracker_people`: the people the tracker assigns work to, per project, matched to an employee by
 *     e-mail or mapped by hand;
 *   - `project_syncs`: each sync with its progress and outcome; at most one unfinished per project;
 *   - the roles that add projects (Product Owner) may now connect them, sync all their sprints and download
 *     the allocation report, as new companies' Product Owner role does from the seed.
 */
export const projects: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');
    const project = (c: ColumnDefinitionBuilder) => c.notNull().references('projects.id').onDelete('cascade');
    const employeeOrNull = (c: ColumnDefinitionBuilder) => c.references('employees.id').onDelete('set null');
    const hours = engine === 'sqlite' ? 'real' : 'double precision';

    await db.schema
      .createTable('projects')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('project_key', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tool', 'text')
      .addColumn('tracker_user', 'text')
      .addColumn('tracker_token', 'text')
      .addColumn('tracker_name', 'text')
      .addColumn('connected_at', 'text')
      .addColumn('created_by', 'integer', employeeOrNull)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index projects_tenant_lower_name on projects (tenant_id, lower(name))`.execute(db);
    await sql`create unique index projects_tenant_url_key on projects (tenant_id, lower(url), lower(project_key))`.execute(
      db,
    );

    await db.schema
      .createTable('project_members')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('allocation', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'employee_id'])
      .execute();
    await db.schema.createIndex('project_members_employee').on('project_members').column('employee_id').execute();

    await db.schema
      .createTable('project_sprints')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('tracker_ref', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('goal', 'text')
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('qa_kickback', 'integer')
      .addColumn('uat_kickback', 'integer')
      .addColumn('carry_overs', 'integer')
      .addColumn('quality_result', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('synced_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('project_sprints_ref')
      .unique()
      .on('project_sprints')
      .columns(['project_id', 'tracker_ref'])
      .execute();

    await db.schema
      .createTable('tracker_people')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('identity', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('employee_id', 'integer', employeeOrNull)
      .addColumn('mapped_by_hand', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('tracker_people_identity')
      .unique()
      .on('tracker_people')
      .columns(['project_id', 'identity'])
      .execute();

    await db.schema
      .createTable('project_pbis')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('sprint_id', 'integer', (c) => c.references('project_sprints.id').onDelete('set null'))
      .addColumn('tracker_ref', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tracker_state_name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .addColumn('synced_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('project_pbis_ref')
      .unique()
      .on('project_pbis')
      .columns(['project_id', 'tracker_ref'])
      .execute();
    await db.schema.createIndex('project_pbis_sprint').on('project_pbis').column('sprint_id').execute();

    await db.schema
      .createTable('project_tasks')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('sprint_id', 'integer', (c) => c.references('project_sprints.id').onDelete('set null'))
      .addColumn('pbi_id', 'integer', (c) => c.references('project_pbis.id').onDelete('set null'))
      .addColumn('tracker_ref', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tracker_state_name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.references('tracker_people.id').onDelete('set null'))
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('dev_cycle_hours', hours)
      .addColumn('qa_kickbacks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qa_cycle_hours', hours)
      .addColumn('ignored_reason', 'text')
      .addColumn('ignored_at', 'text')
      .addColumn('ignored_by', 'integer', employeeOrNull)
      .addColumn('synced_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('project_tasks_ref')
      .unique()
      .on('project_tasks')
      .columns(['project_id', 'tracker_ref'])
      .execute();
    await db.schema.createIndex('project_tasks_sprint').on('project_tasks').column('sprint_id').execute();
    await db.schema.createIndex('project_tasks_assignee').on('project_tasks').column('assignee_id').execute();

    await db.schema
      .createTable('project_syncs')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('project_id', 'integer', project)
      .addColumn('sprint_id', 'integer', (c) => c.references('project_sprints.id').onDelete('set null'))
      .addColumn('requested_by', 'integer', employeeOrNull)
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('retry_at', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('project_syncs_project').on('project_syncs').columns(['project_id', 'id']).execute();
    // One unfinished sync per project: a second start while one runs is refused by the database.
    await sql`create unique index project_syncs_running on project_syncs (project_id) where finished_at is null`.execute(
      db,
    );

    for (const name of ['add-project-connection', 'sync-all-sprints', 'download-project-allocation-report'])
      await sql`insert into role_grants (tenant_id, role_id, kind, name)
        select distinct g.tenant_id, g.role_id, 'permission', ${name} from role_grants g
        where g.kind = 'permission' and g.name = 'add-project'
          and not exists (select 1 from role_grants h where h.role_id = g.role_id and h.kind = 'permission'
            and h.name = ${name})`.execute(db);
  },
});
