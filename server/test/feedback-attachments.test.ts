/**
 * Files of feedback over real HTTP with the local storage driver (docs/feedback.md "Attachments"): begin,
 * PUT to the signed link, confirm (content checked, images re-encoded with a thumbnail), attach when
 * giving; readers get signed links; only the uploader attaches or removes an upload; at most 5 images;
 * a refused upload leaves no row; deleting the feedback deletes its files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem } from '../../shared/contracts/feedback.js';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let dataDir: string;
let org: Organisation<'ann' | 'bob' | 'eve', 'Core'>;
let attribute: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-feedback-files-'));
  server = await startServer({ DATA_DIR: dataDir });
  org = await organisation(server, {
    people: { ann: ['Employee'], bob: ['Employee'], eve: ['Employee'] },
    teams: { Core: ['ann', 'bob'] },
  });
  const category = await org.f.category({ name: 'Files test' });
  attribute = (await org.f.attribute({ categoryId: category.id, name: 'Files attribute' })).id;
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const abs = (url: string) => (url.startsWith('http') ? url : `${server.url}${url}`);
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

/** Begins, uploads and confirms a file as `api`; answers the confirm reply. */
async function upload(api: Api, file: { kind: 'image' | 'file'; name: string; contentType: string; body: Buffer }) {
  const begun = await api.post('/api/feedback/attachments', {
    kind: file.kind,
    name: file.name,
    size: file.body.length,
    contentType: file.contentType,
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(201);
  const put = await fetch(abs(begun.body.upload.url), {
    method: 'PUT',
    body: new Uint8Array(file.body),
    headers: begun.body.upload.headers,
  });
  expect(put.status).toBe(204);
  return { id: begun.body.id as number, confirm: await api.post(`/api/feedback/attachments/${begun.body.id}/confirm`) };
}

const give = (api: Api, receiverId: number, attachmentIds: number[]) =>
  api.post('/api/feedback', {
    receiverIds: [receiverId],
    ratings: [{ attributeId: attribute, rating: 4 }],
    comment: 'With files',
    attachmentIds,
  });

describe('feedback attachments', () => {
  it('attaches a checked image and a file; the receiver reads them through signed links', async () => {
    const image = await upload(org.people.ann.api, {
      kind: 'image',
      name: 'board.png',
      contentType: 'image/png',
      body: await png(),
    });
    expect(image.confirm.status).toBe(200);
    expect(image.confirm.body).toMatchObject({ kind: 'image', name: 'board.png' });
    const pdf = await upload(org.people.ann.api, {
      kind: 'file',
      name: 'notes.pdf',
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    expect(pdf.confirm.status).toBe(200);
    const res = await give(org.people.ann.api, org.people.bob.id, [image.id, pdf.id]);
    expect(res.status).toBe(201);
    const seen = await org.people.bob.api.get<FeedbackItem>(`/api/feedback/${res.body.feedbackIds[0]}`);
    const [img, file] = seen.body.attachments;
    expect(img).toMatchObject({ kind: 'image', name: 'board.png' });
    expect(img!.thumbnailUrl).not.toBeNull();
    expect(file).toMatchObject({ kind: 'file', name: 'notes.pdf', thumbnailUrl: null });
    const down = await fetch(abs(img!.url!));
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toMatch(/^image\//);
    expect((await fetch(abs(img!.thumbnailUrl!))).status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain('/pending/');

    // Deleting the feedback deletes its files.
    expect((await org.people.ann.api.delete(`/api/feedback/groups/${res.body.groupId}`)).status).toBe(204);
    expect((await fetch(abs(img!.url!))).status).toBe(404);
    expect((await fetch(abs(file!.url!))).status).toBe(404);
  });

  it('refuses a file whose content is not its type, leaving no row behind', async () => {
    const fake = await upload(org.people.ann.api, {
      kind: 'image',
      name: 'fake.png',
      contentType: 'image/png',
      body: Buffer.from('this is not a picture at all'),
    });
    expect(fake.confirm.status).toBe(400);
    const row = await server.db
      .selectFrom('feedbackAttachments')
      .select('id')
      .where('id', '=', fake.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('lets only the uploader confirm, attach or remove an upload', async () => {
    const mine = await upload(org.people.ann.api, {
      kind: 'image',
      name: 'mine.png',
      contentType: 'image/png',
      body: await png(),
    });
    expect((await org.people.eve.api.post(`/api/feedback/attachments/${mine.id}/confirm`)).status).toBe(403);
    expect((await org.people.eve.api.delete(`/api/feedback/attachments/${mine.id}`)).status).toBe(403);
    const stolen = await give(org.people.eve.api, org.people.bob.id, [mine.id]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('FEEDBACK_ATTACHMENT_UNKNOWN');
    expect((await org.people.ann.api.delete(`/api/feedback/attachments/${mine.id}`)).status).toBe(204);
    expect((await give(org.people.ann.api, org.people.bob.id, [mine.id])).body.error.code).toBe(
      'FEEDBACK_ATTACHMENT_UNKNOWN',
    );
  });

  it('holds at most 5 images to one feedback, and a refused gift leaves the uploads free', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(
        (
          await upload(org.people.ann.api, {
            kind: 'image',
            name: `p${i}.png`,
            contentType: 'image/png',
            body: await png(),
          })
        ).id,
      );
    }
    const res = await give(org.people.ann.api, org.people.bob.id, ids);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'FEEDBACK_TOO_MANY_IMAGES',
      details: { fields: [{ path: 'body.attachmentIds' }] },
    });
    const ok = await give(org.people.ann.api, org.people.bob.id, ids.slice(0, 5));
    expect(ok.status).toBe(201);
  });

  it('attaches an upload to one of two gifts sent at once; the other fails naming the field and keeps nothing', async () => {
    // Several rounds: on PostgreSQL both transactions may read the upload as free before either commits.
    for (let round = 0; round < 4; round += 1) {
      const file = await upload(org.people.ann.api, {
        kind: 'image',
        name: `race${round}.png`,
        contentType: 'image/png',
        body: await png(),
      });
      expect(file.confirm.status).toBe(200);
      const comment = `Race ${round}`;
      const send = () =>
        org.people.ann.api.post('/api/feedback', {
          receiverIds: [org.people.bob.id],
          ratings: [{ attributeId: attribute, rating: 4 }],
          comment,
          attachmentIds: [file.id],
        });
      const replies = await Promise.all([send(), send()]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([201, 400]);
      const won = replies.find((r) => r.status === 201)!;
      const lost = replies.find((r) => r.status === 400)!;
      expect(lost.body.error).toMatchObject({
        code: 'FEEDBACK_ATTACHMENT_UNKNOWN',
        details: { fields: [{ path: 'body.attachmentIds' }] },
      });
      const groups = await server.db
        .selectFrom('feedbackGroups')
        .select('id')
        .where('tenantId', '=', org.tenantId)
        .where('comment', '=', comment)
        .execute();
      expect(groups.map((g) => g.id)).toEqual([won.body.groupId]);
      const row = await server.db
        .selectFrom('feedbackAttachments')
        .select('groupId')
        .where('id', '=', file.id)
        .executeTakeFirstOrThrow();
      expect(row.groupId).toBe(won.body.groupId);
      const feedback = await server.db
        .selectFrom('feedback')
        .select('id')
        .where('groupId', '=', won.body.groupId)
        .execute();
      expect(feedback.map((f) => f.id)).toEqual(won.body.feedbackIds);
    }
  });
});
