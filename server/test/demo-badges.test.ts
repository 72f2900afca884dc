/**
 * The demo company's badges (server/src/seed/demo-badges.ts): categories and badges with images drawn at
 * seed time and served through signed links, badges given over a year, requests in every state with the
 * approved ones held, all readable through the API like any badge; and all of it hidden, Badge Control and the
 * pickers included, while the company has switched demo data off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_REQUEST_STATUSES } from '../../shared/badges.js';
import { badgeEndpoints as ep } from '../../shared/endpoints/badges.js';
import { BADGE_CATEGORIES } from '../src/seed/demo-data.js';
import { DEMO_BADGES, initials, seedDemoBadgeImages, seedDemoBadges } from '../src/seed/demo-badges.js';
import { expectError } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let dataDir: string;
let org: Organisation<'admin' | 'a' | 'b' | 'c' | 'lead' | 'hr', 'One'>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-demo-badges-'));
  server = await startServer({ DATA_DIR: dataDir }, () => clock);
  const demo = (roles: string[]) => ({ roles, isDemo: 1 as const });
  org = await organisation(server, {
    people: {
      admin: ['Administrator'],
      a: demo(['Employee']),
      b: demo(['Employee']),
      c: demo(['Employee']),
      lead: demo(['Team Lead']),
      hr: demo(['HR']),
    },
    teams: { One: ['a', 'b', 'c', 'lead', 'hr'] },
  });
  await seedDemoBadges(server.db, org.tenantId, clock);
  await seedDemoBadgeImages(server.db, server.deps.storage, clock);
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo badges', () => {
  it('draws every badge an image with its initials, served through a signed link', async () => {
    expect(initials('Champion of the Quarter')).toBe('CQ');
    const list = await server.client.ok(ep.listBadges, { query: { pageSize: 100 } }, { as: org.people.admin });
    expect(list.total).toBe(DEMO_BADGES.length);
    expect(list.items.filter((b) => b.isChampion).map((b) => b.name)).toEqual(['Champion of the Quarter']);
    expect(list.items.filter((b) => !b.isActive).map((b) => b.name)).toEqual(['Night Owl']);
    for (const badge of list.items) expect(badge.image, badge.name).not.toBeNull();
    const res = await fetch(`${server.url}${list.items[0]!.image!.url}`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(256);
  });

  it('gives badges over a year, by HR only, and has requests in every state, the approved ones held', async () => {
    const stats = await server.client.ok(ep.getBadgeRequestStats, {}, { as: org.people.admin });
    for (const status of BADGE_REQUEST_STATUSES) expect(stats[status], status).toBeGreaterThan(0);
    const approved = await server.db
      .selectFrom('badgeRequests as r')
      .leftJoin('givenBadges as g', 'g.requestId', 'r.id')
      .select(['r.id', 'g.id as givenId', 'g.source', 'r.type'])
      .where('r.tenantId', '=', org.tenantId)
      .where('r.status', '=', 'approved')
      .execute();
    for (const r of approved) expect(r.source).toBe(r.type);
    const given = await server.db
      .selectFrom('givenBadges')
      .select(['employeeId', 'givenBy', 'isDemo'])
      .where('tenantId', '=', org.tenantId)
      .execute();
    expect(given.length).toBeGreaterThan(100);
    expect(given.every((g) => g.isDemo === 1 && g.employeeId !== g.givenBy)).toBe(true);
    // Only those who may give badges gave them (HR here; approvals are HR's decisions too).
    expect(new Set(given.map((g) => g.givenBy).filter((id) => id !== null))).toEqual(new Set([org.people.hr.id]));
  });
});

// Last: it adds the company's own category and badge, which the counts above do not expect.
describe('demo badges once demo data is switched off', () => {
  it('leaves the demo categories, badges and images out of Badge Control, the pickers and every write', async () => {
    const admin = { as: org.people.admin };
    const real = await org.f.badgeCategory({ name: 'Our values' });
    const ours = await org.f.badge({ categoryId: real.id, name: 'Our star' });
    const demo = await server.db
      .selectFrom('badges')
      .select(['id', 'categoryId', 'imageId'])
      .where('tenantId', '=', org.tenantId)
      .where('name', '=', 'Champion of the Quarter')
      .executeTakeFirstOrThrow();
    const shown = async () => ({
      categories: (await server.client.ok(ep.listBadgeCategories, { query: { pageSize: 100 } }, admin)).items.map(
        (c) => c.name,
      ),
      badges: (await server.client.ok(ep.listBadges, { query: { pageSize: 100 } }, admin)).items.map((b) => b.id),
      options: (await server.client.ok(ep.getBadgeOptions, {}, admin)).badges.map((b) => b.id),
      champion: (await server.client.ok(ep.getBadgeChampions, {}, admin)).badge?.id ?? null,
    });

    await org.f.setting('isDemoDataDisabled', true);
    expect(await shown()).toEqual({
      categories: ['Our values'],
      badges: [ours.id],
      options: [ours.id],
      champion: null,
    });
    // A demo id in a write answers as absent: Badge Control's 404, the forms' unknown badge or category.
    expectError(await server.client.call(ep.updateBadge, { params: { id: demo.id }, body: { name: 'X' } }, admin), 404);
    expectError(
      await server.client.call(ep.setBadgeStatus, { params: { id: demo.id }, body: { isActive: false } }, admin),
      404,
    );
    expectError(
      await server.client.call(ep.updateBadgeCategory, { params: { id: demo.categoryId }, body: { name: 'X' } }, admin),
      404,
    );
    expectError(
      await server.client.call(
        ep.setBadgeCategoryStatus,
        { params: { id: demo.categoryId }, body: { isActive: false } },
        admin,
      ),
      404,
    );
    const given = expectError(
      await server.client.call(
        ep.giveBadge,
        { body: { badgeId: demo.id, employeeId: org.people.a.id, comment: 'Hi' } },
        admin,
      ),
      400,
      'BADGE_FAILED',
    );
    // `a` is a demo person too: unknown while demo data is off, as the badge is (docs/demo-data.md).
    expect(given.details).toEqual({
      fields: [
        { path: 'body.badgeId', message: 'Choose an active badge of your company' },
        { path: 'body.employeeId', message: 'Choose an active colleague of your company' },
      ],
    });
    const asked = expectError(
      await server.client.call(
        ep.createContribution,
        { body: { badgeId: demo.id, contributionType: 'mentoring', description: 'x' } },
        admin,
      ),
      400,
    );
    expect(asked.details).toMatchObject({ fields: [{ path: 'body.badgeId' }] });
    // A demo image, even one no badge uses, dresses no new badge; nor does a new badge go into a demo category.
    await server.db.updateTable('badges').set({ imageId: null }).where('id', '=', demo.id).execute();
    const image = expectError(
      await server.client.call(
        ep.createBadge,
        { body: { name: 'New', categoryId: real.id, imageId: demo.imageId! } },
        admin,
      ),
      400,
    );
    expect(image.details).toEqual({ fields: [{ path: 'body.imageId', message: 'Upload an image for the badge' }] });
    const category = expectError(
      await server.client.call(
        ep.createBadge,
        { body: { name: 'New', categoryId: demo.categoryId, imageId: (await org.f.badgeImage()).id } },
        admin,
      ),
      400,
    );
    expect(category.details).toEqual({
      fields: [{ path: 'body.categoryId', message: 'Choose an active badge category of your company' }],
    });
    await server.db.updateTable('badges').set({ imageId: demo.imageId }).where('id', '=', demo.id).execute();

    // Switched back on, they all return.
    await org.f.setting('isDemoDataDisabled', false);
    const back = await shown();
    expect(back.categories).toEqual(expect.arrayContaining([...BADGE_CATEGORIES, 'Our values']));
    expect(back.badges).toHaveLength(DEMO_BADGES.length + 1);
    expect(back.options).toContain(demo.id);
    expect(back.champion).toBe(demo.id);
  });

  it('marks what the seed wrote as demo rows', async () => {
    for (const table of ['badgeCategories', 'badges', 'badgeImages'] as const) {
      const rows = await server.db
        .selectFrom(table)
        .select(['isDemo', 'name'])
        .where('tenantId', '=', org.tenantId)
        .where('name', 'not in', ['Our values', 'Our star', 'badge.png'])
        .execute();
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.filter((r) => r.isDemo !== 1).map((r) => r.name),
        table,
      ).toEqual([]);
    }
  });

  it('counts a category’s badges without the demo’s while demo data is off', async () => {
    const admin = { as: org.people.admin };
    const mixed = await org.f.badgeCategory({ name: 'Mixed' });
    await org.f.badge({ categoryId: mixed.id, name: 'Real one' });
    await org.f.badge({ categoryId: mixed.id, name: 'Demo one', isDemo: 1 });
    const count = async () =>
      (await server.client.ok(ep.listBadgeCategories, { query: { pageSize: 100 } }, admin)).items.find(
        (c) => c.id === mixed.id,
      )?.badgeCount;
    expect(await count()).toBe(2);
    await org.f.setting('isDemoDataDisabled', true);
    try {
      expect(await count()).toBe(1);
    } finally {
      await org.f.setting('isDemoDataDisabled', false);
    }
  });
});
