import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * `tenants.settings_version`: a counter the database itself bumps, in the same transaction, whenever a
 * tenant's settings or the fields of its row the answers show change: a setting written or removed, the
 * name, e-mail domain or logo changed to another value (the no-op updates that take the row's lock,
 * db/tenant-lock.ts, leave it alone). The principal read of every request returns it beside
 * `access_version` (server/src/http/access.ts), and each API process keeps the tenant's parsed settings and
 * those fields under it (`tenantCache`, modules/tenants/repository.ts), so they are read again only when it
 * moved (issue #18) and a change made by any process applies on the next request. Triggers, as for
 * `access_version` (migration 0026): no write path can forget them. A field added to `TenantRow` needs
 * its column here too, in a new migration.
 */
const EVENTS = ['insert', 'update', 'delete'] as const;
/** The tenant's columns `TenantRow` shows. */
const SHOWN = ['name', 'email_domain', 'logo', 'logo_key'] as const;

export const settingsVersion: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tenants')
      .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (engine === 'postgres') {
      await sql
        .raw(
          `create function bump_settings_version() returns trigger language plpgsql as $$
           begin
             update tenants set settings_version = settings_version + 1
               where id = case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
             if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
               update tenants set settings_version = settings_version + 1 where id = old.tenant_id;
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger tenant_settings_settings_version after insert or update or delete on tenant_settings
           for each row execute function bump_settings_version()`,
        )
        .execute(db);
      // The row's own change: bumped in the row being written, before it is stored.
      await sql
        .raw(
          `create function bump_tenant_settings_version() returns trigger language plpgsql as $$
           begin
             new.settings_version := old.settings_version + 1;
             return new;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger tenants_settings_version before update of ${SHOWN.join(', ')} on tenants for each row
           when (${SHOWN.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
           execute function bump_tenant_settings_version()`,
        )
        .execute(db);
      return;
    }
    for (const event of EVENTS) {
      const row = event === 'delete' ? 'old' : 'new';
      const extra =
        event === 'update'
          ? 'update tenants set settings_version = settings_version + 1 where id = old.tenant_id and old.tenant_id <> new.tenant_id;'
          : '';
      await sql
        .raw(
          `create trigger tenant_settings_settings_version_${event} after ${event} on tenant_settings for each row begin
             update tenants set settings_version = settings_version + 1 where id = ${row}.tenant_id; ${extra}
           end`,
        )
        .execute(db);
    }
    // Its own update changes no column it watches: it does not fire again.
    await sql
      .raw(
        `create trigger tenants_settings_version after update of ${SHOWN.join(', ')} on tenants for each row
         when ${SHOWN.map((c) => `old.${c} is not new.${c}`).join(' or ')} begin
           update tenants set settings_version = settings_version + 1 where id = new.id;
         end`,
      )
      .execute(db);
  },
});
