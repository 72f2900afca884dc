/**
 * The demo company's leaderboard videos (server/src/seed/demo-videos.ts): three videos made by ffmpeg at seed
 * time, approved, on the leaderboard and the feed with likes and comments, playable through their signed
 * links; seeded once; hidden with the rest of the demo data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedEndpoints as feedEp } from '../../shared/endpoints/feed.js';
import { leaderboardVideoEndpoints as ep } from '../../shared/endpoints/leaderboard-videos.js';
import { DEMO_ADMIN_EMAIL } from '../src/seed/demo-data.js';
import { DEMO_VIDEOS, seedDemoVideos } from '../src/seed/demo-videos.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let dataDir: string;
let org: Organisation<'admin' | 'a' | 'b' | 'c', never>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-demo-videos-'));
  server = await startServer({ DATA_DIR: dataDir }, () => clock);
  const demo = (roles: string[]) => ({ roles, isDemo: 1 as const });
  org = await organisation(server, {
    domain: 'northwind.example',
    people: { admin: demo(['Administrator']), a: demo(['Employee']), b: demo(['Employee']), c: demo(['Employee']) },
  });
  expect(org.people.admin.email).toBe(DEMO_ADMIN_EMAIL);
  expect(await seedDemoVideos(server.db, server.deps.storage, clock)).toBe(DEMO_VIDEOS.length);
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo leaderboard videos', () => {
  it('shows three approved, playable videos with likes and comments, on the feed too', async () => {
    const list = await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: org.people.a });
    expect(list.total).toBe(DEMO_VIDEOS.length);
    expect(list.items.map((v) => v.title)).toEqual([...DEMO_VIDEOS].reverse().map((v) => v.title));
    for (const video of list.items) {
      expect(video).toMatchObject({ videoStatus: 'approved', isActive: true, width: 320, height: 180 });
      expect(video.durationSeconds).toBeGreaterThan(2.5);
      expect(video.likeCount).toBeGreaterThan(0);
      expect(video.commentCount).toBeGreaterThan(0);
      expect(video.preview).not.toBeNull();
    }
    const res = await fetch(`${server.url}${list.items[0]!.videoUrl}`, { headers: { range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    // The WebM (EBML) magic number.
    expect(Buffer.from(await res.arrayBuffer()).toString('hex')).toBe('1a45dfa3');
    const feed = await server.client.ok(feedEp.listFeedPosts, { query: {} }, { as: org.people.a });
    expect(feed.items.filter((p) => p.kind === 'leaderboard-video')).toHaveLength(DEMO_VIDEOS.length);
  });

  it('seeds once, and hides the videos with the demo data', async () => {
    expect(await seedDemoVideos(server.db, server.deps.storage, clock)).toBe(0);
    await org.f.setting('isDemoDataDisabled', true);
    const list = await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: org.people.a });
    expect(list.total).toBe(0);
  });
});
