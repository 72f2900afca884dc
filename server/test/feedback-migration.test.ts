/**
 * Migration 0017 (feedback) over an installation from before it: view-team-member-dropdown, which granted
 * nothing then and reads teammates' feedback now, is taken from roles that lead no team (the seeded
 * Employee role held it) and kept by roles that do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './harness.js';
import { createTenant } from './factories.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

describe('migration 0017-feedback', () => {
  it('takes view-team-member-dropdown from roles that lead no team', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0016-employee-language');
    const { tenant, roleIds } = await createTenant(db, { name: 'Old', emailDomain: 'old.example' }, new Date(), {
      feedbackCatalogue: false,
    });
    // Before 0017 the seeded Employee role held it (the seed then); give it back as it was.
    await db
      .insertInto('roleGrants')
      .values({
        tenantId: tenant.id,
        roleId: roleIds.get('Employee')!,
        kind: 'permission',
        name: 'view-team-member-dropdown',
      })
      .execute();
    await migrateToLatest(db, engine);
    const holders = await db
      .selectFrom('roleGrants')
      .innerJoin('roles', 'roles.id', 'roleGrants.roleId')
      .select('roles.name')
      .where('roleGrants.tenantId', '=', tenant.id)
      .where('roleGrants.name', '=', 'view-team-member-dropdown')
      .orderBy('roles.name')
      .execute();
    expect(holders.map((h) => h.name)).toEqual(['Administrator', 'HR', 'Product Owner', 'Team Lead']);
  });
});
