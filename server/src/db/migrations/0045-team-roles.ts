import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Teams built in the app (docs/workforce.md, "Teams"): a team can be deactivated (kept with its members, but
 * out of pickers and team-scoped reach until reactivated), and each member has a role in the team: a plain
 * member, a lead or a product owner.
 */
export const teamRoles: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('teams')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('team_members')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
      .execute();
  },
});
