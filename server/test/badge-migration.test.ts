/**
 * Migration 0032 (badge demo rows, one image per badge) over an installation from before it: the
 * categories, badges and images the demo seed wrote become demo rows (older than their tenant, in a tenant
 * with demo employees; images by the badge they dress), and nothing the company made does; badges that
 * shared an image leave it to the oldest before the unique index is made. Migration 0036 grants the team
 * level of deciding badge requests to the roles that lead teams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './harness.js';
import { createTenant, factories } from './factories.js';

const DAY = 86_400_000;
const seededAt = new Date('2026-05-01T08:00:00Z');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

const ago = (days: number) => new Date(seededAt.getTime() - days * DAY).toISOString();
const after = (days: number) => new Date(seededAt.getTime() + days * DAY).toISOString();

describe('migration 0032-badge-demo', () => {
  it('marks the rows the demo seed wrote, and only those; leaves a shared image to the oldest badge', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0031-leaderboard-videos');
    // The demo company as the seed left it: demo employees, categories and badges dated before the tenant.
    const { tenant: demoTenant } = await createTenant(db, { name: 'Demo' }, seededAt);
    const demo = factories(db, demoTenant.id, { now: () => seededAt });
    await demo.employee({ isDemo: 1 });
    const demoCategory = await demo.badgeCategory({ createdAt: ago(40), updatedAt: ago(40) });
    const demoBadge = await demo.badge({ categoryId: demoCategory.id, createdAt: ago(30), updatedAt: ago(30) });
    // What the company added later, a badge of its own in the demo's category, and an image no badge uses.
    const ownCategory = await demo.badgeCategory({ createdAt: after(3), updatedAt: after(3) });
    const ownBadge = await demo.badge({ categoryId: demoCategory.id, createdAt: after(4), updatedAt: after(4) });
    const spare = await demo.badgeImage({ createdAt: after(5) });
    // A company without demo employees whose rows predate it (a clock set back): not the demo's.
    const { tenant: realTenant } = await createTenant(db, { name: 'Real' }, seededAt);
    const real = factories(db, realTenant.id, { now: () => seededAt });
    const oldCategory = await real.badgeCategory({ createdAt: ago(2), updatedAt: ago(2) });
    const oldBadge = await real.badge({ categoryId: oldCategory.id, createdAt: ago(1), updatedAt: ago(1) });
    // Two saves at once once gave two badges one image.
    const sharing = await real.badge({ categoryId: oldCategory.id, imageId: oldBadge.imageId, createdAt: after(1) });

    await migrateToLatest(db, engine);
    const flags = async (table: 'badgeCategories' | 'badges' | 'badgeImages') =>
      Object.fromEntries(
        (await db.selectFrom(table).select(['id', 'isDemo']).execute()).map((r) => [r.id, r.isDemo] as const),
      );
    expect(await flags('badgeCategories')).toEqual({
      [demoCategory.id]: 1,
      [ownCategory.id]: 0,
      [oldCategory.id]: 0,
    });
    expect(await flags('badges')).toEqual({ [demoBadge.id]: 1, [ownBadge.id]: 0, [oldBadge.id]: 0, [sharing.id]: 0 });
    expect(await flags('badgeImages')).toEqual({
      [demoBadge.imageId!]: 1,
      [ownBadge.imageId!]: 0,
      [spare.id]: 0,
      [oldBadge.imageId!]: 0,
    });
    const links = await db
      .selectFrom('badges')
      .select(['id', 'imageId'])
      .where('id', 'in', [oldBadge.id, sharing.id])
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      { id: oldBadge.id, imageId: oldBadge.imageId },
      { id: sharing.id, imageId: null },
    ]);
  });
});

describe('migration 0036-team-badge-approvers', () => {
  it('lets the roles that lead teams decide their members’ badge requests, once, and no other role', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const { db, engine } = fresh.handle;
      await migrateTo(db, engine, '0035-home-triggers-changed');
      const { tenant, roleIds } = await createTenant(db, { name: 'Before' }, seededAt);
      // The roles as they stood before the permission existed (today's seed already grants it).
      await db.deleteFrom('roleGrants').where('name', '=', 'approve-team-badge-requests').execute();
      const custom = await db
        .insertInto('roles')
        .values({ tenantId: tenant.id, name: 'Shift lead', description: '', createdAt: 'x', updatedAt: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('roleGrants')
        .values({ tenantId: tenant.id, roleId: custom.id, kind: 'permission', name: 'view-team-member-leave-requests' })
        .execute();
      await migrateToLatest(db, engine);
      const holders = await db
        .selectFrom('roleGrants')
        .select('roleId')
        .where('tenantId', '=', tenant.id)
        .where('name', '=', 'approve-team-badge-requests')
        .execute();
      const ids = holders.map((h) => h.roleId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(roleIds.get('Team Lead'));
      expect(ids).toContain(roleIds.get('Product Owner'));
      expect(ids).toContain(custom.id);
      expect(ids).not.toContain(roleIds.get('Employee'));
    } finally {
      await fresh.drop();
    }
  });
});
