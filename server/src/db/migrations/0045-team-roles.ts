import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Teams built in the app (docs/workforce.md, "Teams"): a team can be deactivated (kept with its members, but
 * out of pickers and team-scoped reach until reactivated), and each member has a role in the team: a plain
 * member, a lead or a product owner.
 *
 * Migration 0037 backfills action items with today's rules, which read these columns (who shares an active
 * team), so on an install older than 0037 it adds them first through `addTeamColumns`; each is added here
 * only when missing.
 */
export async function addTeamColumns(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const columnsOf = (name: string) => new Set(tables.find((t) => t.name === name)?.columns.map((c) => c.name));
  if (!columnsOf('teams').has('is_active'))
    await db.schema
      .alterTable('teams')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  if (!columnsOf('team_members').has('role'))
    await db.schema
      .alterTable('team_members')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
      .execute();
}

export const teamRoles: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await addTeamColumns(db);
  },
});
