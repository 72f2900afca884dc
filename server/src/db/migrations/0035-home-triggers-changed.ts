import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Migration 0030's triggers drop Home's snapshot on an update of a watched column even when its value stayed
 * the same: both engines fire `after update of <columns>` for every column named in the SET, changed or not,
 * so every profile save (name and status sent again), every team save, recomputed the company's sums. The
 * update triggers now carry a WHEN that compares the watched columns' old and new values (null-safe).
 * PostgreSQL had one trigger per table for all its events; a WHEN that reads OLD cannot cover an insert, so
 * the update gets its own trigger there. What drops the snapshot is otherwise unchanged (see 0030).
 */
const WATCHED_UPDATES: Record<string, { columns: string[]; others: string[]; at: boolean }> = {
  feedback: {
    columns: ['flag_status', 'rating_sum', 'rating_count', 'receiver_id', 'giver_id', 'is_demo', 'created_at'],
    others: ['insert', 'delete'],
    at: true,
  },
  employees: { columns: ['status', 'name', 'is_demo'], others: [], at: false },
  teams: { columns: ['name', 'is_demo'], others: ['delete'], at: false },
};

export const homeTriggersChanged: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    for (const [table, { columns, others, at }] of Object.entries(WATCHED_UPDATES)) {
      if (engine === 'postgres') {
        const changed = columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
        const fn = at ? 'home_snapshots_stale_at' : 'home_snapshots_stale';
        await sql.raw(`drop trigger ${table}_home_snapshots on ${table}`).execute(db);
        if (others.length > 0)
          await sql
            .raw(
              `create trigger ${table}_home_snapshots after ${others.join(' or ')} on ${table}
               for each row execute function ${fn}()`,
            )
            .execute(db);
        await sql
          .raw(
            `create trigger ${table}_home_snapshots_update after update of ${columns.join(', ')} on ${table}
             for each row when (${changed}) execute function ${fn}()`,
          )
          .execute(db);
        continue;
      }
      const changed = columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
      const body = (['old', 'new'] as const)
        .map((row) =>
          at
            ? `delete from home_snapshots where tenant_id = ${row}.tenant_id and covers_to > ${row}.created_at;`
            : `delete from home_snapshots where tenant_id = ${row}.tenant_id;`,
        )
        .join(' ');
      await sql.raw(`drop trigger ${table}_home_snapshots_update`).execute(db);
      await sql
        .raw(
          `create trigger ${table}_home_snapshots_update after update of ${columns.join(', ')} on ${table}
           for each row when ${changed} begin ${body} end`,
        )
        .execute(db);
    }
  },
});
