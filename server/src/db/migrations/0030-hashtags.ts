import { sql, type Kysely } from 'kysely';
import { parseHashtags } from '../../../../shared/home.js';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Home widgets (issue #13, docs/recognition.md "Home").
 *
 * - `feedback_hashtags`: the `#tags` of each act of giving's comment (shared/home.ts `parseHashtags`), one
 *   row per group and tag, with the group's giver, demo mark and time copied for counting by period. The
 *   feedback module writes them when a group is given or its comment edited; a deleted group takes its
 *   rows with it (cascade). Existing comments are read here once (the backfill).
 * - `home_snapshots`: the company-wide sums of the Home widgets over the window's days up to the instant
 *   they were computed (`covers_to`), one row per tenant and demo switch, so a request adds only what was
 *   given since. Triggers drop a tenant's snapshot whenever something it counted changes: a feedback (or
 *   its hashtags) from before `covers_to` written, changed or deleted, a rating replaced, a person's
 *   status or name, a team or its members. Triggers, not application code, so that no write path (the
 *   flag review, an edit, SCIM, the seed, a fix in SQL) can leave a stale snapshot behind.
 * - `feedback_giver` also holds the flag status and demo mark, so one's streak and frequency are counted
 *   from the index alone.
 */
type Event = 'insert' | 'update' | 'delete';
/**
 * Per table: what drops the snapshot (an update only of the columns named), and whether only a row from
 * before `covers_to` does (`at`: feedback given now is added per request, it must not drop it). A new
 * feedback's ratings change nothing already counted; an edit deletes the old ones first.
 */
const WATCHED: Record<string, { events: Event[]; columns?: string; at: boolean }> = {
  feedback: {
    events: ['insert', 'update', 'delete'],
    columns: 'flag_status, rating_sum, rating_count, receiver_id, giver_id, is_demo, created_at',
    at: true,
  },
  feedback_hashtags: { events: ['insert', 'update', 'delete'], at: true },
  feedback_ratings: { events: ['update', 'delete'], at: false },
  employees: { events: ['update'], columns: 'status, name, is_demo', at: false },
  team_members: { events: ['insert', 'update', 'delete'], at: false },
  teams: { events: ['update', 'delete'], columns: 'name, is_demo', at: false },
};
const BATCH = 500;

export const hashtags: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feedback_hashtags')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (c) => c.notNull().references('feedback_groups.id').onDelete('cascade'))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('giver_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('feedback_hashtags_pk', ['group_id', 'tag'])
      .execute();
    await db.schema
      .createIndex('feedback_hashtags_tenant_created')
      .on('feedback_hashtags')
      .columns(['tenant_id', 'created_at', 'tag', 'giver_id', 'is_demo', 'group_id'])
      .execute();

    await db.schema
      .createTable('home_snapshots')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('hide_demo', 'integer', (c) => c.notNull())
      .addColumn('window_from', 'text', (c) => c.notNull())
      .addColumn('covers_from', 'text', (c) => c.notNull())
      .addColumn('covers_to', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      // A random id per computation: two computed at the same instant (a frozen clock) still differ.
      .addColumn('computation', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('home_snapshots_pk', ['tenant_id', 'hide_demo'])
      .execute();

    await db.schema.dropIndex('feedback_giver').execute();
    await db.schema
      .createIndex('feedback_giver')
      .on('feedback')
      .columns(['tenant_id', 'giver_id', 'created_at', 'flag_status', 'is_demo'])
      .execute();

    await triggers(db, engine);
    await backfill(db);
  },
});

async function triggers(db: Kysely<unknown>, engine: 'sqlite' | 'postgres') {
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function home_snapshots_stale_at() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then
             delete from home_snapshots where tenant_id = old.tenant_id and covers_to > old.created_at;
           end if;
           if tg_op <> 'DELETE' then
             delete from home_snapshots where tenant_id = new.tenant_id and covers_to > new.created_at;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function home_snapshots_stale() returns trigger language plpgsql as $$
         begin
           delete from home_snapshots
             where tenant_id = case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
           return null;
         end $$`,
      )
      .execute(db);
    for (const [table, { events, columns, at }] of Object.entries(WATCHED)) {
      const on = events.map((e) => (e === 'update' && columns ? `update of ${columns}` : e)).join(' or ');
      await sql
        .raw(
          `create trigger ${table}_home_snapshots after ${on} on ${table}
           for each row execute function ${at ? 'home_snapshots_stale_at' : 'home_snapshots_stale'}()`,
        )
        .execute(db);
    }
    return;
  }
  for (const [table, { events, columns, at }] of Object.entries(WATCHED)) {
    for (const event of events) {
      const rows = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
      const body = rows
        .map((row) =>
          at
            ? `delete from home_snapshots where tenant_id = ${row}.tenant_id and covers_to > ${row}.created_at;`
            : `delete from home_snapshots where tenant_id = ${row}.tenant_id;`,
        )
        .join(' ');
      const on = event === 'update' && columns ? `update of ${columns}` : event;
      await sql
        .raw(`create trigger ${table}_home_snapshots_${event} after ${on} on ${table} for each row begin ${body} end`)
        .execute(db);
    }
  }
}

async function backfill(db: Kysely<unknown>) {
  // One-word aliases: the result keys come back the same whether or not the camel-case plugin is on.
  type Group = { id: number; tenant: number; giver: number; demo: number; at: string; comment: string };
  let after = 0;
  for (;;) {
    const { rows } = await sql<Group>`
      select id, tenant_id as tenant, giver_id as giver, is_demo as demo, created_at as at, comment
      from feedback_groups
      where id > ${after} and comment like ${'%#%'} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const values = rows.flatMap((g) =>
      parseHashtags(g.comment).map((tag) => ({
        tenant_id: g.tenant,
        group_id: g.id,
        tag,
        giver_id: g.giver,
        is_demo: g.demo,
        created_at: g.at,
      })),
    );
    if (values.length > 0)
      await db
        .insertInto('feedback_hashtags' as never)
        .values(values as never)
        .execute();
  }
}
