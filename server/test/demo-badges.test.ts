/**
 * The demo company's badges (server/src/seed/demo-badges.ts): categories and badges with images drawn at
 * seed time and served through signed links, badges given over a year, requests in every state with the
 * approved ones held, all readable through the API like any badge.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_REQUEST_STATUSES } from '../../shared/badges.js';
import { badgeEndpoints as ep } from '../../shared/endpoints/badges.js';
import { DEMO_BADGES, initials, seedDemoBadgeImages, seedDemoBadges } from '../src/seed/demo-badges.js';
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
