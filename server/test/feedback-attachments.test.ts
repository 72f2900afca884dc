/**
 * Files of feedback over real HTTP with the local storage driver (docs/feedback.md "Attachments"): begin,
 * PUT to the signed link, confirm (content checked, images re-encoded with a thumbnail), attach when
 * giving; readers get signed links; only the uploader attaches or removes an upload; at most 5 images;
 * a refused upload leaves no row; deleting the feedback deletes its files.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
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

type UploadFile = { kind: 'image' | 'file'; name: string; contentType: string; body: Buffer };

/** Begins and uploads a file as `api`, not confirmed yet; answers its id. */
async function put(api: Api, file: UploadFile): Promise<number> {
  const begun = await api.post('/api/feedback/attachments', {
    kind: file.kind,
    name: file.name,
    size: file.body.length,
    contentType: file.contentType,
  });
  expect(begun.status, JSON.stringify(begun.body)).toBe(201);
  const sent = await fetch(abs(begun.body.upload.url), {
    method: 'PUT',
    body: new Uint8Array(file.body),
    headers: begun.body.upload.headers,
  });
  expect(sent.status).toBe(204);
  return begun.body.id as number;
}

const confirm = (api: Api, id: number) => api.post(`/api/feedback/attachments/${id}/confirm`);

/** Begins, uploads and confirms a file as `api`; answers the confirm reply. */
async function upload(api: Api, file: UploadFile) {
  const id = await put(api, file);
  return { id, confirm: await confirm(api, id) };
}

const pdfBody = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdf = (name: string): UploadFile => ({ kind: 'file', name, contentType: 'application/pdf', body: pdfBody() });
const attachmentRow = (id: number) =>
  server.db
    .selectFrom('feedbackAttachments')
    .select(['status', 'claimedAt', 'storageKey'])
    .where('id', '=', id)
    .executeTakeFirst();

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
      body: pdfBody(),
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

  it('confirms an upload once when several confirms arrive at once: none deletes it, each answers it ready or busy', async () => {
    // Before the claim, a PDF confirmed twice at once answered 200 and 400, and the loser deleted the row.
    const files: UploadFile[] = [
      pdf('twice.pdf'),
      { kind: 'image', name: 'twice.png', contentType: 'image/png', body: await png() },
    ];
    for (const file of files) {
      for (let round = 0; round < 3; round += 1) {
        const id = await put(org.people.ann.api, file);
        const replies = await Promise.all([1, 2, 3].map(() => confirm(org.people.ann.api, id)));
        const detail = JSON.stringify(replies.map((r) => [r.status, r.body]));
        for (const reply of replies) expect([200, 409], detail).toContain(reply.status);
        expect(
          replies.some((r) => r.status === 200),
          detail,
        ).toBe(true);
        for (const busy of replies.filter((r) => r.status === 409))
          expect(busy.body.error.code).toBe('UPLOAD_CONFIRMING');
        expect(await attachmentRow(id)).toMatchObject({ status: 'ready', claimedAt: null });
        const again = await confirm(org.people.ann.api, id);
        expect(again.status).toBe(200);
        const given = await give(org.people.ann.api, org.people.bob.id, [id]);
        expect(given.status, JSON.stringify(given.body)).toBe(201);
        const seen = await org.people.bob.api.get<FeedbackItem>(`/api/feedback/${given.body.feedbackIds[0]}`);
        expect((await fetch(abs(seen.body.attachments[0]!.url!))).status).toBe(200);
      }
    }
  });

  it('answers 409 while another confirm holds the upload, refuses to delete it then, and takes over a stale claim', async () => {
    const id = await put(org.people.ann.api, pdf('held.pdf'));
    // A confirm in another process claimed it a moment ago.
    await server.db
      .updateTable('feedbackAttachments')
      .set({ status: 'confirming', claimedAt: server.now().toISOString() })
      .where('id', '=', id)
      .execute();
    const busy = await confirm(org.people.ann.api, id);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('UPLOAD_CONFIRMING');
    const removal = await org.people.ann.api.delete(`/api/feedback/attachments/${id}`);
    expect(removal.status).toBe(409);
    expect(await attachmentRow(id)).toMatchObject({ status: 'confirming' });

    // That process stopped mid-check ten minutes ago: the next confirm takes the claim over.
    await server.db
      .updateTable('feedbackAttachments')
      .set({ claimedAt: new Date(server.now().getTime() - 10 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const taken = await confirm(org.people.ann.api, id);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await attachmentRow(id)).toMatchObject({ status: 'ready', claimedAt: null });
  });

  it('gives the claim back when storage fails without refusing the file, so it may be confirmed again', async () => {
    const id = await put(org.people.ann.api, pdf('later.pdf'));
    const row = await attachmentRow(id);
    // The disk fails for a moment: the pending object's type file cannot be read (a folder stands there).
    const typePath = path.join(dataDir, 'files', ...row!.storageKey.split('/')) + '.type';
    const aside = `${typePath}.aside`;
    renameSync(typePath, aside);
    mkdirSync(typePath);
    const failed = await confirm(org.people.ann.api, id);
    expect(failed.status, JSON.stringify(failed.body)).toBe(500);
    expect(await attachmentRow(id)).toMatchObject({ status: 'pending', claimedAt: null });
    rmSync(typePath, { recursive: true });
    renameSync(aside, typePath);
    const retried = await confirm(org.people.ann.api, id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  });

  it('forgets the rows of uploads abandoned a day ago with the orphan job, and keeps recent and ready ones', async () => {
    const dayAgo = new Date(server.now().getTime() - 25 * 60 * 60 * 1000).toISOString();
    const [abandoned, stuck, recent] = [
      await put(org.people.eve.api, pdf('abandoned.pdf')),
      await put(org.people.eve.api, pdf('stuck.pdf')),
      await put(org.people.eve.api, pdf('recent.pdf')),
    ];
    const ready = (await upload(org.people.eve.api, pdf('ready.pdf'))).id;
    await server.db
      .updateTable('feedbackAttachments')
      .set({ createdAt: dayAgo })
      .where('id', 'in', [abandoned, stuck, ready])
      .execute();
    // A confirm claimed this one a day ago and its process never came back.
    await server.db
      .updateTable('feedbackAttachments')
      .set({ status: 'confirming', claimedAt: dayAgo })
      .where('id', '=', stuck)
      .execute();
    const run = await server.deps.jobs.runNow('storage-orphans', org.tenantId);
    expect(run.ran && run.runs[0]!.counts).toMatchObject({ rows: 2 });
    expect(await attachmentRow(abandoned)).toBeUndefined();
    expect(await attachmentRow(stuck)).toBeUndefined();
    expect(await attachmentRow(recent)).toMatchObject({ status: 'pending' });
    expect(await attachmentRow(ready)).toMatchObject({ status: 'ready' });
  });
});
