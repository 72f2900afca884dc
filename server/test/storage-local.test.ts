/**
 * The local storage driver through the real server: uploads and downloads over HTTP through the signed
 * routes, the content checks of confirm on real files, and what a forged, changed, expired or oversized
 * request gets (docs/storage.md).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentDeclaration } from '../../shared/attachments.js';
import { validation as V } from '../../shared/i18n/en/validation.js';
import type { LocalStorage } from '../src/storage/local.js';
import { readObject, type BegunUpload } from '../src/storage/service.js';
import { startServer, type TestServer } from './harness.js';
import { docx, jpegWithExif, PDF, png, pngBomb, zip } from './storage-fixtures.js';

let server: TestServer;
let dataDir: string;
let offsetMs = 0;
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-storage-'));
  server = await startServer({ DATA_DIR: dataDir }, () => new Date(Date.now() + offsetMs));
  tenantA = (await server.tenant('Alpha', 'a.example')).id;
  tenantB = (await server.tenant('Beta', 'b.example')).id;
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storage = () => server.deps.storage;
const driver = () => server.deps.storage.driver as LocalStorage;
const abs = (url: string) => (url.startsWith('http') ? url : `${server.url}${url}`);

async function begin(file: Partial<AttachmentDeclaration> & { body: Buffer }, tenantId = tenantA) {
  return storage().begin({
    tenantId,
    kind: file.kind ?? 'file',
    name: file.name ?? 'report.pdf',
    size: file.size ?? file.body.length,
    contentType: file.contentType ?? 'application/pdf',
  });
}

function put(
  begun: BegunUpload,
  body: Buffer | ReadableStream,
  headers: Record<string, string> = begun.upload.headers,
) {
  const init = { method: 'PUT', body: Buffer.isBuffer(body) ? new Uint8Array(body) : body, headers, duplex: 'half' };
  return fetch(abs(begun.upload.url), init as RequestInit);
}

async function uploaded(file: Partial<AttachmentDeclaration> & { body: Buffer }, tenantId = tenantA) {
  const begun = await begin(file, tenantId);
  const res = await put(begun, file.body);
  expect(res.status, await res.clone().text()).toBe(204);
  return begun;
}

/** The field error a rejected call carries. */
async function fieldError(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  )) as { statusCode: number; details: { fields: { path: string; message: string }[] } };
  expect(error.statusCode).toBe(400);
  return error.details.fields;
}

function tokenOf(url: string): string {
  return new URL(abs(url)).searchParams.get('token')!;
}

describe('begin', () => {
  it('refuses what the shared rules refuse, naming the field, and signs nothing', async () => {
    const empty = await fieldError(begin({ body: Buffer.alloc(0) }));
    expect(empty).toEqual([{ path: 'body.file', message: V.fileRequired }]);
    const big = await fieldError(begin({ body: PDF, size: 100 * 1024 * 1024 }));
    expect(big).toEqual([{ path: 'body.size', message: 'The file must be under 100 MB' }]);
    const exe = await fieldError(begin({ body: PDF, name: 'x.exe', contentType: 'application/x-msdownload' }));
    expect(exe[0]!.path).toBe('body.contentType');
    expect(exe[0]!.message).toContain('pdf, docx, xlsx, pptx, txt, csv, zip');
    const svg = await fieldError(begin({ kind: 'image', body: PDF, name: 'a.svg', contentType: 'image/svg+xml' }));
    expect(svg[0]!.message).toBe('Only these images can be attached: jpg, jpeg, png, webp, gif');
    const renamed = await fieldError(begin({ body: PDF, name: 'report.docx' }));
    expect(renamed).toEqual([{ path: 'body.name', message: 'The file name must end in .pdf for its type' }]);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('answers a PUT to a pending key of the tenant, valid 15 minutes, for that type', async () => {
    const begun = await begin({ body: PDF });
    expect(begun.key).toMatch(new RegExp(`^${tenantA}/pending/file/[0-9a-f-]{36}$`));
    expect(begun.upload.method).toBe('PUT');
    expect(begun.upload.url.startsWith('/api/storage/upload?token=')).toBe(true);
    expect(begun.upload.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(new Date(begun.upload.expiresAt).getTime() - Date.now() - offsetMs).toBeGreaterThan(14 * 60_000);
  });
});

describe('upload, confirm and download over HTTP', () => {
  it('stores a PDF under DATA_DIR/files/<tenant>, confirms it and serves it through a signed link', async () => {
    const begun = await uploaded({ body: PDF, name: 'Rapport été "final".pdf' });
    expect(existsSync(path.join(dataDir, 'files', ...begun.key.split('/')))).toBe(true);
    const confirmed = await storage().confirm({ tenantId: tenantA, key: begun.key });
    expect(confirmed).toEqual({
      key: begun.key.replace('/pending', ''),
      kind: 'file',
      contentType: 'application/pdf',
      size: PDF.length,
      thumbnailKey: null,
    });
    expect(await driver().exists(begun.key)).toBe(false);

    const url = await storage().downloadUrl({
      tenantId: tenantA,
      key: confirmed.key,
      fileName: 'Rapport été "final".pdf',
    });
    const res = await fetch(abs(url));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Rapport _t_ _final_.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9%20%22final%22.pdf`,
    );
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('confirms real Word, CSV and ZIP files by their content', async () => {
    const word = await uploaded({
      body: docx(),
      name: 'notes.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect((await storage().confirm({ tenantId: tenantA, key: word.key })).size).toBe(docx().length);
    const csv = await uploaded({ body: Buffer.from('name;score\nÉlodie;5\n'), name: 'a.csv', contentType: 'text/csv' });
    await storage().confirm({ tenantId: tenantA, key: csv.key });
    const archive = await uploaded({ body: zip({ 'a.txt': 'x' }), name: 'a.zip', contentType: 'application/zip' });
    await storage().confirm({ tenantId: tenantA, key: archive.key });
  });

  it('refuses bytes that are not the declared type, deletes them and keeps nothing', async () => {
    const cases: [Partial<AttachmentDeclaration> & { body: Buffer }, string][] = [
      [
        {
          kind: 'image',
          body: Buffer.from('<html><script>alert(1)</script></html>'),
          name: 'a.png',
          contentType: 'image/png',
        },
        'image/png',
      ],
      [{ body: zip({ 'a.txt': 'x' }), name: 'a.pdf' }, 'application/pdf'],
      [
        {
          body: zip({ 'a.txt': 'x' }),
          name: 'a.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [{ body: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), name: 'a.txt', contentType: 'text/plain' }, 'text/plain'],
      [{ body: Buffer.from([0xc3, 0x28, 0x41]), name: 'a.csv', contentType: 'text/csv' }, 'text/csv'],
      [{ kind: 'image', body: PDF, name: 'a.jpg', contentType: 'image/jpeg' }, 'image/jpeg'],
      [{ kind: 'image', body: await png(), name: 'a.jpg', contentType: 'image/jpeg' }, 'image/jpeg'],
    ];
    for (const [file, type] of cases) {
      const begun = await uploaded(file);
      const fields = await fieldError(
        storage().confirm({ tenantId: tenantA, key: begun.key, field: 'body.attachments.0' }),
      );
      expect(fields).toEqual([
        { path: 'body.attachments.0', message: `The file’s content is not what its type says (${type})` },
      ]);
      expect(await driver().exists(begun.key), type).toBe(false);
      expect(await driver().exists(begun.key.replace('/pending', '')), type).toBe(false);
    }
  });

  it('re-encodes an image without its metadata, within 2560 pixels, with a thumbnail', async () => {
    const original = await jpegWithExif(3000, 1500);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const begun = await uploaded({ kind: 'image', body: original, name: 'photo.jpg', contentType: 'image/jpeg' });
    const confirmed = await storage().confirm({ tenantId: tenantA, key: begun.key });
    const stored = (await readObject(driver(), confirmed.key))!;
    expect(confirmed.size).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2560, 1280]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(confirmed.thumbnailKey).toBe(`${confirmed.key}-thumb`);
    const thumb = await sharp((await readObject(driver(), confirmed.thumbnailKey!))!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 160]);
    expect((await driver().head(confirmed.thumbnailKey!))!.contentType).toBe('image/webp');

    await storage().remove({ tenantId: tenantA, keys: [confirmed.key] });
    expect(await driver().exists(confirmed.key)).toBe(false);
    expect(await driver().exists(confirmed.thumbnailKey!)).toBe(false);
  });

  it('refuses an image of more than 100 million pixels by its header, before decoding it', async () => {
    const begun = await uploaded({ kind: 'image', body: pngBomb(), name: 'bomb.png', contentType: 'image/png' });
    expect(await fieldError(storage().confirm({ tenantId: tenantA, key: begun.key }))).toEqual([
      { path: 'body.key', message: 'The image must have at most 100 million pixels' },
    ]);
    expect(await driver().exists(begun.key)).toBe(false);
  });

  it('answers a confirmed image through its link with its own type', async () => {
    const image = await png();
    const begun = await uploaded({ kind: 'image', body: image, name: 'p.png', contentType: 'image/png' });
    const confirmed = await storage().confirm({ tenantId: tenantA, key: begun.key });
    const res = await fetch(
      abs(await storage().downloadUrl({ tenantId: tenantA, key: confirmed.key, fileName: 'p.png' })),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(40);
  });
});

describe('signed links', () => {
  it('refuses a changed signature or claim, and a link of the other operation', async () => {
    const begun = await begin({ body: PDF });
    const token = tokenOf(begun.upload.url);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const bigger = `${Buffer.from(JSON.stringify({ ...claims, size: 10 ** 9 })).toString('base64url')}.${signature}`;
    for (const forged of [flipped, bigger, `${payload}.`, 'x', `${token}.x`]) {
      const res = await fetch(`${server.url}/api/storage/upload?token=${encodeURIComponent(forged)}`, {
        method: 'PUT',
        body: PDF,
        headers: begun.upload.headers,
      });
      expect(res.status, forged).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FILE_LINK_INVALID');
    }
    // An upload link does not download, and a download link does not upload.
    const down = await fetch(`${server.url}/api/storage/download?token=${token}`);
    expect(down.status).toBe(403);
    expect(await driver().exists(begun.key)).toBe(false);
    const done = await uploaded({ body: PDF });
    const confirmed = await storage().confirm({ tenantId: tenantA, key: done.key });
    const link = await storage().downloadUrl({ tenantId: tenantA, key: confirmed.key, fileName: 'a.pdf' });
    const up = await fetch(`${server.url}/api/storage/upload?token=${tokenOf(link)}`, {
      method: 'PUT',
      body: PDF,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(up.status).toBe(403);
  });

  it('expires: an upload link after 15 minutes, a download link after its time', async () => {
    const begun = await begin({ body: PDF });
    const done = await uploaded({ body: PDF });
    const confirmed = await storage().confirm({ tenantId: tenantA, key: done.key });
    const link = await storage().downloadUrl({
      tenantId: tenantA,
      key: confirmed.key,
      fileName: 'a.pdf',
      expiresInSeconds: 60,
    });
    expect((await fetch(abs(link))).status).toBe(200);
    offsetMs += 61_000;
    try {
      const down = await fetch(abs(link));
      expect(down.status).toBe(403);
      expect(((await down.json()) as { error: { code: string } }).error.code).toBe('FILE_LINK_EXPIRED');
      expect((await put(begun, PDF)).status).toBe(204);
      offsetMs += 15 * 60_000;
      const late = await put(begun, PDF);
      expect(late.status).toBe(403);
      expect(((await late.json()) as { error: { code: string } }).error.code).toBe('FILE_LINK_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });

  it('takes exactly the signed size and type: more is 413, less is 400, another type is 400; nothing is kept', async () => {
    const begun = await begin({ body: PDF });
    const longer = Buffer.concat([PDF, Buffer.from('more')]);
    expect((await put(begun, longer)).status).toBe(413);
    expect((await put(begun, PDF.subarray(0, 10))).status).toBe(400);
    // Without a Content-Length (chunked), the stream is cut at the signed size.
    const chunked = (bytes: Buffer) =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 5));
          controller.enqueue(bytes.subarray(5));
          controller.close();
        },
      });
    const streamedLong = await put(begun, chunked(longer));
    expect(streamedLong.status).toBe(413);
    const streamedShort = await put(begun, chunked(PDF.subarray(0, 20)));
    expect(streamedShort.status).toBe(400);
    expect(((await streamedShort.json()) as { error: { code: string } }).error.code).toBe('FILE_SIZE_MISMATCH');
    const otherType = await put(begun, PDF, { 'content-type': 'text/html' });
    expect(otherType.status).toBe(400);
    expect(((await otherType.json()) as { error: { code: string } }).error.code).toBe('FILE_TYPE_MISMATCH');
    expect(await driver().exists(begun.key)).toBe(false);
    const folder = path.join(dataDir, 'files', String(tenantA), 'pending', 'file');
    expect(readdirSync(folder).filter((f) => f.startsWith(begun.key.split('/').pop()!))).toEqual([]);
    expect((await put(begun, PDF)).status).toBe(204);
  });
});

describe('keys', () => {
  it('never reach outside the tenant folder, whatever a caller sends', async () => {
    const escapes = [
      '../../etc/passwd',
      `${tenantA}/pending/file/../../../../x`,
      `/${tenantA}/file/00000000-0000-0000-0000-000000000000`,
      `${tenantA}/file/00000000-0000-0000-0000-000000000000/../../..`,
      `${tenantA}\\file\\00000000-0000-0000-0000-000000000000`,
      `${tenantA}/file/00000000-0000-0000-0000-000000000000%2f..`,
    ];
    for (const key of escapes) {
      await expect(driver().put(key, PDF, 'application/pdf'), key).rejects.toThrow(/Not a storage key/);
      await expect(driver().head(key), key).rejects.toThrow(/Not a storage key/);
      await expect(driver().delete([key]), key).rejects.toThrow(/Not a storage key/);
      expect(await fieldError(storage().confirm({ tenantId: tenantA, key }))).toEqual([
        { path: 'body.key', message: V.fileNotUploaded },
      ]);
      await expect(storage().downloadUrl({ tenantId: tenantA, key, fileName: 'x' })).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(storage().remove({ tenantId: tenantA, keys: [key] })).rejects.toMatchObject({ statusCode: 404 });
    }
    const listed = [];
    for await (const item of driver().list('../')) listed.push(item);
    expect(listed).toEqual([]);
    expect(existsSync(path.join(dataDir, 'x'))).toBe(false);
  });

  it('belong to their tenant: another tenant can neither confirm, link nor remove them', async () => {
    const begun = await uploaded({ body: PDF });
    expect(await fieldError(storage().confirm({ tenantId: tenantB, key: begun.key }))).toEqual([
      { path: 'body.key', message: V.fileNotUploaded },
    ]);
    const confirmed = await storage().confirm({ tenantId: tenantA, key: begun.key });
    await expect(storage().downloadUrl({ tenantId: tenantB, key: confirmed.key, fileName: 'x' })).rejects.toMatchObject(
      { statusCode: 404 },
    );
    await expect(storage().remove({ tenantId: tenantB, keys: [confirmed.key] })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await driver().exists(confirmed.key)).toBe(true);
    // A confirmed key is not confirmed twice, and a pending key has no download link.
    expect(await fieldError(storage().confirm({ tenantId: tenantA, key: confirmed.key }))).toHaveLength(1);
    await expect(storage().downloadUrl({ tenantId: tenantA, key: begun.key, fileName: 'x' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('confirms an upload once: a second confirm at the same time is told the upload is gone', async () => {
    const begun = await uploaded({ body: PDF });
    const results = await Promise.allSettled([
      storage().confirm({ tenantId: tenantA, key: begun.key }),
      storage().confirm({ tenantId: tenantA, key: begun.key }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ statusCode: 400, details: { fields: [{ message: V.fileNotUploaded }] } });
  });

  it('a confirm of an upload that never came says so', async () => {
    const begun = await begin({ body: PDF });
    expect(await fieldError(storage().confirm({ tenantId: tenantA, key: begun.key }))).toEqual([
      { path: 'body.key', message: V.fileNotUploaded },
    ]);
  });
});

describe('the orphan job', () => {
  it('deletes uploads never confirmed after a day, and keeps confirmed files and recent uploads', async () => {
    const abandoned = await uploaded({ body: PDF }, tenantB);
    const recent = await uploaded({ body: PDF }, tenantB);
    const kept = await storage().confirm({ tenantId: tenantB, key: (await uploaded({ body: PDF }, tenantB)).key });
    const first = await server.deps.jobs.runNow('storage-orphans', tenantB);
    expect(first.ran && first.runs[0]!.counts).toEqual({ deleted: 0, rows: 0 });
    // The upload was written 25 hours ago (the file's time is what the job reads, as S3's LastModified).
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(path.join(dataDir, 'files', ...abandoned.key.split('/')), dayAgo, dayAgo);
    const run = await server.deps.jobs.runNow('storage-orphans', tenantB);
    expect(run.ran && run.runs[0]!.counts).toEqual({ deleted: 1, rows: 0 });
    expect(await driver().exists(abandoned.key)).toBe(false);
    expect(await driver().exists(recent.key)).toBe(true);
    expect(await driver().exists(kept.key)).toBe(true);
    // Another tenant's job does not touch this tenant's uploads.
    utimesSync(path.join(dataDir, 'files', ...recent.key.split('/')), dayAgo, dayAgo);
    await server.deps.jobs.runNow('storage-orphans', tenantA);
    expect(await driver().exists(recent.key)).toBe(true);
  });
});
