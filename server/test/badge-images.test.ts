/**
 * The life of badge images (docs/recognition.md "Badges", migration 0032) over real HTTP and real storage on
 * both engines: a replaced image leaves with its files, the daily `badge-images` job deletes confirmed images
 * no badge has used for a day and never one in use, and one image dresses one badge, in the API and in the
 * database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeEndpoints as ep } from '../../shared/endpoints/badges.js';
import { badgePng, uploadBadgeImage } from './badge-uploads.js';
import { expectError } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const DAY = 86_400_000;
let clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let dataDir: string;
let org: Organisation<'hr', never>;
let values: number; // a badge category
let names = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-badge-images-'));
  server = await startServer({ DATA_DIR: dataDir }, () => clock);
  org = await organisation(server, { people: { hr: ['HR'] } });
  values = (await org.f.badgeCategory({ name: 'Values' })).id;
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hr = () => ({ as: org.people.hr });
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

/** A confirmed upload's id. */
async function uploaded(color = '#3366aa'): Promise<number> {
  const image = await uploadBadgeImage(server, org.people.hr, await badgePng(color));
  expect(image.confirm.ok, JSON.stringify(image.confirm.body)).toBe(true);
  return image.id;
}

const createBadge = (imageId: number) =>
  server.client.call(ep.createBadge, { body: { name: `Badge ${++names}`, categoryId: values, imageId } }, hr());

/** The image's row, or undefined once deleted. */
const imageRow = (id: number) =>
  server.db.selectFrom('badgeImages').select(['storageKey', 'thumbnailKey']).where('id', '=', id).executeTakeFirst();

/** Whether the image's file and thumbnail are in storage (both, or neither, is expected). */
const stored = async (keys: { storageKey: string; thumbnailKey: string | null }) => [
  await server.deps.storage.driver.exists(keys.storageKey),
  await server.deps.storage.driver.exists(keys.thumbnailKey!),
];

const sweep = async () => {
  const run = await server.deps.jobs.runNow('badge-images', org.tenantId);
  if (!run.ran) throw new Error('the badge-images job did not run');
  expect(run.runs[0]!.outcome).toBe('succeeded');
  return run.runs[0]!.counts['deleted'];
};

describe('badge images', () => {
  it('deletes the replaced image, its row and its files, and keeps the new one', async () => {
    const first = await uploaded();
    const badge = await server.client.ok(
      ep.createBadge,
      { body: { name: 'Mentor', categoryId: values, imageId: first } },
      hr(),
    );
    const old = (await imageRow(first))!;
    expect(await stored(old)).toEqual([true, true]);
    const second = await uploaded('#aa3366');
    const changed = await server.client.ok(
      ep.updateBadge,
      { params: { id: badge.id }, body: { imageId: second } },
      hr(),
    );
    expect(await imageRow(first)).toBeUndefined();
    expect(await stored(old)).toEqual([false, false]);
    expect(await stored((await imageRow(second))!)).toEqual([true, true]);
    expect((await fetch(`${server.url}${changed.image!.url}`)).status).toBe(200);
  });

  it('sweeps confirmed images no badge used for a day; never one in use, a recent one or another company’s', async () => {
    const unused = await uploaded();
    const used = await uploaded('#aa3366');
    expect((await createBadge(used)).ok).toBe(true);
    const foreign = await (
      await organisation(server, { name: 'Other', domain: 'other.example', people: {} })
    ).f.badgeImage({ createdAt: clock.toISOString() });
    const unusedKeys = (await imageRow(unused))!;
    const usedKeys = (await imageRow(used))!;
    later(DAY + 60_000);
    const recent = await uploaded('#33aa66');

    expect(await sweep()).toBe(1);
    expect(await imageRow(unused)).toBeUndefined();
    expect(await stored(unusedKeys)).toEqual([false, false]);
    expect(await stored(usedKeys)).toEqual([true, true]);
    expect(await imageRow(recent)).toBeDefined();
    expect(await imageRow(foreign.id)).toBeDefined();
    expect(await sweep()).toBe(0);
  });

  it('never deletes an image that a badge is being given while the sweep runs', async () => {
    for (let round = 0; round < 8; round++) {
      const image = await uploaded();
      const keys = (await imageRow(image))!;
      later(DAY + 60_000);
      const [, created] = await Promise.all([sweep(), createBadge(image)]);
      if (created.ok) {
        expect(created.body.image).not.toBeNull();
        expect(await stored(keys), `round ${round}`).toEqual([true, true]);
      } else {
        expect(expectError(created, 400, 'BADGE_FAILED').details).toEqual({
          fields: [{ path: 'body.imageId', message: 'Upload an image for the badge' }],
        });
        expect(await stored(keys), `round ${round}`).toEqual([false, false]);
      }
    }
  });

  it('lets one image dress one badge: the API refuses a second, and so does the database', async () => {
    const image = await uploaded();
    const first = await createBadge(image);
    expect(first.ok).toBe(true);
    const other = await org.f.badge({ categoryId: values });
    const taken = expectError(
      await server.client.call(ep.updateBadge, { params: { id: other.id }, body: { imageId: image } }, hr()),
      400,
      'BADGE_FAILED',
    );
    expect(taken.details).toEqual({ fields: [{ path: 'body.imageId', message: 'Upload an image for the badge' }] });
    await expect(
      server.db.updateTable('badges').set({ imageId: image }).where('id', '=', other.id).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    // Two badges saved at once with one new image: one gets it, the other is told to upload its own.
    const fresh = await uploaded('#aa3366');
    const replies = await Promise.all([createBadge(fresh), createBadge(fresh)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
    const holders = await server.db.selectFrom('badges').select('id').where('imageId', '=', fresh).execute();
    expect(holders).toHaveLength(1);
  });
});
