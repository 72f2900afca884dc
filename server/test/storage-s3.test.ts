/**
 * The S3 driver against a real S3-compatible server started on loopback (s3-server.ts): pre-signed PUT
 * from an HTTP client, the content check of confirm, the pre-signed GET back, delete, expiry, and what the
 * server refuses (a changed signature, another size or type). docs/storage.md.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation as V } from '../../shared/i18n/en/validation.js';
import { readObject, type BegunUpload } from '../src/storage/service.js';
import { startServer, type TestServer } from './harness.js';
import { S3_TEST_KEY, startS3Server } from './s3-server.js';
import { docx, jpegWithExif, PDF } from './storage-fixtures.js';

const BUCKET = 'teambeat-files';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: TestServer;
let tenantId: number;

beforeAll(async () => {
  s3 = await startS3Server(BUCKET);
  server = await startServer({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'eu-west-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_TEST_KEY,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  });
  tenantId = (await server.tenant('Alpha', 'a.example')).id;
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const storage = () => server.deps.storage;

function put(
  begun: BegunUpload,
  body: Buffer,
  headers: Record<string, string> = begun.upload.headers,
  url = begun.upload.url,
) {
  return fetch(url, { method: begun.upload.method, body: new Uint8Array(body), headers });
}

type Upload = { body: Buffer; name: string; contentType: string; kind?: 'file' | 'image' };
const A_PDF: Upload = { body: PDF, name: 'a.pdf', contentType: 'application/pdf' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Asks the storage for a pre-signed upload of these bytes (a file unless said otherwise). */
function begin(upload: Upload) {
  const { body, name, contentType, kind = 'file' } = upload;
  return storage().begin({ tenantId, kind, name, size: body.length, contentType });
}

/** Begins an upload and PUTs its bytes where it says, which the bucket accepts. */
async function upload(file: Upload) {
  const begun = await begin(file);
  const res = await put(begun, file.body);
  expect(res.status, await res.text()).toBe(200);
  return begun;
}

describe('the S3 driver', () => {
  it('uploads by pre-signed PUT to the bucket, confirms by content and downloads by pre-signed GET', async () => {
    expect(storage().driver.driver).toBe('s3');
    // The web app may reach the bucket: uploads and images come from there.
    const csp = (await fetch(`${server.url}/api/health`)).headers.get('content-security-policy')!;
    expect(csp.split(';')).toContain(`connect-src 'self' ${s3.endpoint}`);
    expect(csp.split(';')).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    expect(csp.split(';')).toContain(`media-src 'self' ${s3.endpoint}`);
    const begun = await upload({ ...A_PDF, name: 'Compte rendu.pdf' });
    expect(begun.upload.url.startsWith(`${s3.endpoint}/${BUCKET}/${tenantId}/pending/file/`)).toBe(true);
    expect(begun.upload.url).toContain('X-Amz-Signature=');
    expect(await storage().driver.head(begun.key)).toMatchObject({ size: PDF.length, contentType: 'application/pdf' });

    const confirmed = await storage().confirm({ tenantId, key: begun.key });
    expect(confirmed.key).toBe(begun.key.replace('/pending', ''));
    expect(await storage().driver.exists(begun.key)).toBe(false);

    const link = await storage().downloadUrl({ tenantId, key: confirmed.key, fileName: 'Compte rendu.pdf' });
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="Compte rendu.pdf"');

    await storage().remove({ tenantId, keys: [confirmed.key] });
    expect(await storage().driver.exists(confirmed.key)).toBe(false);
    expect((await fetch(link)).status).toBe(404);
  });

  it('is refused by the server with a changed signature, another size or another type', async () => {
    const begun = await begin(A_PDF);
    const url = new URL(begun.upload.url);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    expect((await put(begun, PDF, begun.upload.headers, url.toString())).status).toBe(403);
    expect((await put(begun, Buffer.concat([PDF, Buffer.from('x')]))).status).toBe(403);
    expect((await put(begun, PDF, { 'content-type': 'text/html' })).status).toBe(403);
    expect(await storage().driver.exists(begun.key)).toBe(false);
  });

  it('deletes an upload whose bytes are not its declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const begun = await upload({ body: html, name: 'a.docx', contentType: DOCX });
    await expect(storage().confirm({ tenantId, key: begun.key })).rejects.toMatchObject({
      statusCode: 400,
      details: { fields: [{ path: 'body.key', message: expect.stringContaining('not what its type says') as string }] },
    });
    expect(await storage().driver.exists(begun.key)).toBe(false);

    const word = docx();
    const good = await upload({ body: word, name: 'a.docx', contentType: DOCX });
    expect((await storage().confirm({ tenantId, key: good.key })).size).toBe(word.length);
  });

  it('stores an image re-encoded without metadata, with its thumbnail', async () => {
    const photo = await jpegWithExif(2000, 1000);
    const begun = await upload({ body: photo, name: 'p.jpeg', contentType: 'image/jpeg', kind: 'image' });
    const confirmed = await storage().confirm({ tenantId, key: begun.key });
    const stored = (await readObject(storage().driver, confirmed.key))!;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 2000, undefined]);
    expect((await storage().driver.head(confirmed.thumbnailKey!))!.contentType).toBe('image/webp');
  });

  it('lets links expire', async () => {
    const begun = await upload(A_PDF);
    const confirmed = await storage().confirm({ tenantId, key: begun.key });
    const link = await storage().downloadUrl({ tenantId, key: confirmed.key, fileName: 'a.pdf', expiresInSeconds: 2 });
    expect((await fetch(link)).status).toBe(200);
    // S3 dates a link to the whole second it was signed in: two seconds are at least one.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect((await fetch(link)).status).toBe(403);
  });

  it('says so when confirming an upload that never came', async () => {
    const begun = await begin(A_PDF);
    await expect(storage().confirm({ tenantId, key: begun.key })).rejects.toMatchObject({
      details: { fields: [{ path: 'body.key', message: V.fileNotUploaded }] },
    });
  });

  it('purges uploads never confirmed through the orphan job', async () => {
    const begun = await upload(A_PDF);
    expect((await storage().purgeOrphans(tenantId)).deleted).toBe(0);
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const { createStorageService } = await import('../src/storage/service.js');
    const tomorrow = createStorageService(storage().driver, { now: () => later, log: server.deps.log });
    expect((await tomorrow.purgeOrphans(tenantId)).deleted).toBeGreaterThanOrEqual(1);
    expect(await storage().driver.exists(begun.key)).toBe(false);
  });
});
