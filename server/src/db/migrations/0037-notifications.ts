import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { backfillActionItems } from '../../modules/notifications/backfill.js';
import type { Db } from '../engine.js';
import { idColumn, type MigrationFactory } from '../migration-kit.js';
import { addTeamColumns } from './0045-team-roles.js';

/**
 * Notifications and action items (issue #14, docs/notifications.md):
 *
 *   - `notifications`: one per recipient and event, written in the event's own transaction. `read_at` marks
 *     it read; `closed_at` takes it out of every list (an action item done, wherever it was done, or anything
 *     ignored). `subject` names what an action item is about (`leave:12`, `feedback-request:5:<employee>`),
 *     so whatever finishes that work closes its items. `delivery` is its e-mail and push: pending until one
 *     API process claims it (a conditional update), so several processes send it once;
 *   - `notification_preferences`: a person's channel switches, absent until they change them (the company's
 *     defaults apply);
 *   - `push_subscriptions`: a browser's Web Push subscription per person and device;
 *   - `notification_digests`: the company's digests sent, one row per local day and time;
 *   - `outbox_emails.attempts` and `next_attempt_at`: an e-mail the mail server refused is tried again;
 *   - the live streams' signal: on PostgreSQL a trigger NOTIFYs `teambeat_notifications` with the tenant and
 *     recipient (delivered on commit, to every API process that LISTENs); on SQLite the trigger records the
 *     recipient's latest change in `notification_signals` (one row per recipient, its `seq` rising), which
 *     each process reads every few tenths of a second. Only a new row, a read or a close signals;
 *   - the work already waiting (pending leave and feedback requests) becomes action items, as delivered.
 */
/** The work that already waits becomes action items (backfill.ts), before the live signals exist. */
async function backfillEveryTenant(db: Kysely<unknown>) {
  // The backfill runs today's rules, which read the team columns of 0045 (who shares an active team).
  await addTeamColumns(db);
  const typed = db as unknown as Db;
  const tenants = await typed.selectFrom('tenants').select('id').execute();
  const now = new Date();
  for (const t of tenants) await backfillActionItems(typed, t.id, now);
}

export const notifications: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');
    const employee = (c: ColumnDefinitionBuilder) => c.notNull().references('employees.id').onDelete('cascade');

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('recipient_id', 'integer', employee)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('suggestion_type', 'text')
      .addColumn('subject', 'text')
      .addColumn('actor_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('delivery_at', 'text')
      .execute();
    // A person's lists, newest first, straight from the index.
    await db.schema
      .createIndex('notifications_recipient')
      .on('notifications')
      .columns(['tenant_id', 'recipient_id', 'id'])
      .execute();
    // The counts read only what is open: small partial indexes however long a person's history grows.
    await sql`create index notifications_unread_enable on notifications (tenant_id, recipient_id)
      where kind = 'enable' and read_at is null and closed_at is null`.execute(db);
    await sql`create index notifications_open_action on notifications (tenant_id, recipient_id, created_at)
      where kind = 'action' and closed_at is null`.execute(db);
    // What closes an action item, and what a once-only notification looks up, find it by its subject.
    await sql`create index notifications_subject on notifications (tenant_id, subject)
      where subject is not null`.execute(db);
    await sql`create index notifications_undelivered on notifications (tenant_id, recipient_id, id)
      where delivery <> 'done'`.execute(db);

    await db.schema
      .createTable('notification_preferences')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('employee_id', 'integer', (c) => employee(c).primaryKey())
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('employee_id', 'integer', employee)
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_device')
      .unique()
      .on('push_subscriptions')
      .columns(['tenant_id', 'employee_id', 'device_id'])
      .execute();
    await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').execute();

    // One row per digest sent (a company's day and time): taking the row is what sends it, once.
    await db.schema
      .createTable('notification_digests')
      .addColumn('tenant_id', 'integer', tenant)
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_digests_pk', ['tenant_id', 'slot'])
      .execute();

    // An e-mail the mail server refused is tried again (mailer.ts): how often so far, and when next.
    await db.schema
      .alterTable('outbox_emails')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('outbox_emails').addColumn('next_attempt_at', 'text').execute();
    await sql`create index outbox_emails_retry on outbox_emails (next_attempt_at) where next_attempt_at is not null`.execute(
      db,
    );

    await backfillEveryTenant(db);

    if (engine === 'postgres') {
      await sql`create function notifications_signal() returns trigger language plpgsql as $$
        begin
          perform pg_notify('teambeat_notifications', new.tenant_id || ':' || new.recipient_id);
          return null;
        end $$`.execute(db);
      await sql`create trigger notifications_signal_insert after insert on notifications
        for each row execute function notifications_signal()`.execute(db);
      await sql`create trigger notifications_signal_update after update of read_at, closed_at on notifications
        for each row when (old.read_at is distinct from new.read_at or old.closed_at is distinct from new.closed_at)
        execute function notifications_signal()`.execute(db);
      return;
    }
    await db.schema
      .createTable('notification_signals')
      .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('recipient_id', 'integer', (c) => c.notNull())
      .addUniqueConstraint('notification_signals_recipient', ['tenant_id', 'recipient_id'])
      .execute();
    const signal = `insert or replace into notification_signals (tenant_id, recipient_id)
      values (new.tenant_id, new.recipient_id);`;
    await sql
      .raw(`create trigger notifications_signal_insert after insert on notifications begin ${signal} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger notifications_signal_update after update of read_at, closed_at on notifications
         for each row when old.read_at is not new.read_at or old.closed_at is not new.closed_at
         begin ${signal} end`,
      )
      .execute(db);
  },
});
