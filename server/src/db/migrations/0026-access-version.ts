import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * `tenants.access_version`: a counter the database itself bumps, in the same transaction, whenever what a
 * tenant's people may do changes: a role created, renamed or deleted, a grant added or removed, a role
 * given or taken. The API keeps each caller's permissions per process and re-reads them only when this
 * number moved (`principalLoader` in server/src/http/access.ts), so "a role change applies at once" holds across any
 * number of API processes without reading 150 grant rows on every request (issue #18). Triggers, not
 * application code, so that no write path (the role screens, SCIM, the seed, a migration, a manual fix
 * in SQL) can forget it. Status, sessions and language are read on every request, not cached.
 */
const TABLES = ['roles', 'role_grants', 'employee_roles'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const accessVersion: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tenants')
      .addColumn('access_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (engine === 'postgres') {
      await sql
        .raw(
          `create function bump_access_version() returns trigger language plpgsql as $$
           begin
             update tenants set access_version = access_version + 1
               where id = case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
             if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
               update tenants set access_version = access_version + 1 where id = old.tenant_id;
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      for (const table of TABLES) {
        await sql
          .raw(
            `create trigger ${table}_access_version after insert or update or delete on ${table}
             for each row execute function bump_access_version()`,
          )
          .execute(db);
      }
      return;
    }
    for (const table of TABLES) {
      for (const event of EVENTS) {
        const row = event === 'delete' ? 'old' : 'new';
        const extra =
          event === 'update'
            ? 'update tenants set access_version = access_version + 1 where id = old.tenant_id and old.tenant_id <> new.tenant_id;'
            : '';
        await sql
          .raw(
            `create trigger ${table}_access_version_${event} after ${event} on ${table} for each row begin
               update tenants set access_version = access_version + 1 where id = ${row}.tenant_id; ${extra}
             end`,
          )
          .execute(db);
      }
    }
  },
});
