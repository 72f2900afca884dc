/**
 * Employee pictures are served by Teambeat (security review item 19): an image is uploaded (PNG, JPEG or
 * WebP by its bytes, at most 2 MiB) and read back from /api/employees/:id/image with its own type,
 * nosniff and a closed Content-Security-Policy; an external URL is no longer accepted, so no viewer's
 * browser is sent to a third party.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let admin: string;
let colleague: string;
let stranger: string;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

beforeAll(async () => {
  server = await startServer();
  const t = await server.tenant('Acme', 'acme.example');
  tenantId = t.id;
  await server.user(tenantId, { email: 'admin@acme.example', roles: ['Administrator'] });
  await server.user(tenantId, { email: 'pat@acme.example', roles: [] });
  const other = await server.tenant('Globex', 'globex.example');
  await server.user(other.id, { email: 'zed@globex.example', roles: ['Administrator'] });
  admin = await server.signIn('admin@acme.example');
  colleague = await server.signIn('pat@acme.example');
  stranger = await server.signIn('zed@globex.example');
});
afterAll(() => server.close());

describe('employee images', () => {
  it('refuses an external image URL on create and update, naming body.image', async () => {
    const api = server.api(admin);
    const created = await api.post('/api/employees', {
      name: 'Eve',
      email: 'eve@acme.example',
      image: 'https://tracker.example/pixel.png',
    });
    expect(created.status).toBe(400);
    expect(created.body.error.details.fields[0].path).toBe('body.image');
    const e = await server.factories(tenantId).employee({ email: 'eve2@acme.example', name: 'Eve Two' });
    const updated = await api.patch(`/api/employees/${e.id}`, { image: 'https://tracker.example/pixel.png' });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details.fields[0].path).toBe('body.image');
  });

  it('uploads a PNG, answers a Teambeat path, and serves the bytes with their type to signed-in colleagues only', async () => {
    const e = await server.factories(tenantId).employee({ email: 'ann@acme.example', name: 'Ann' });
    const up = await server
      .api(admin)
      .put(`/api/employees/${e.id}/image`, { contentType: 'image/png', data: PNG.toString('base64') });
    expect(up.status).toBe(200);
    expect(up.body.image).toMatch(new RegExp(`^/api/employees/${e.id}/image\\?v=`));

    const listed = await server.api(admin).get(`/api/employees/${e.id}`);
    expect(listed.body.image).toBe(up.body.image);

    const res = await fetch(`${server.url}${up.body.image}`, { headers: { authorization: `Bearer ${colleague}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await fetch(`${server.url}${up.body.image}`)).status).toBe(401);
    const across = await fetch(`${server.url}${up.body.image}`, { headers: { authorization: `Bearer ${stranger}` } });
    expect(across.status).toBe(404);
  });

  it('takes the type from the bytes: a mismatch, SVG, HTML or an image over 2 MiB is refused naming the field', async () => {
    const e = await server.factories(tenantId).employee({ email: 'bob@acme.example', name: 'Bob' });
    const api = server.api(admin);
    const put = (body: unknown) => api.put(`/api/employees/${e.id}/image`, body);
    const mismatch = await put({ contentType: 'image/png', data: JPEG.toString('base64') });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details.fields[0].path).toBe('body.data');
    const html = await put({
      contentType: 'image/png',
      data: Buffer.from('<script>alert(1)</script>').toString('base64'),
    });
    expect(html.status).toBe(400);
    const svg = await put({ contentType: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') });
    expect(svg.status).toBe(400);
    expect(svg.body.error.details.fields[0].path).toBe('body.contentType');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await put({ contentType: 'image/png', data: big.toString('base64') });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details.fields[0].path).toBe('body.data');
    expect((await api.get(`/api/employees/${e.id}`)).body.image).toBeNull();
    expect((await api.get(`/api/employees/${e.id}/image`)).status).toBe(404);

    const jpeg = await put({ contentType: 'image/jpeg', data: JPEG.toString('base64') });
    expect(jpeg.status).toBe(200);
    const got = await fetch(`${server.url}${jpeg.body.image}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(got.headers.get('content-type')).toBe('image/jpeg');
  });

  it('removes the image with image: null', async () => {
    const e = await server.factories(tenantId).employee({ email: 'cy@acme.example', name: 'Cy' });
    const api = server.api(admin);
    await api.put(`/api/employees/${e.id}/image`, { contentType: 'image/png', data: PNG.toString('base64') });
    const cleared = await api.patch(`/api/employees/${e.id}`, { image: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.image).toBeNull();
    expect((await api.get(`/api/employees/${e.id}/image`)).status).toBe(404);
  });

  it('needs edit-employee to upload', async () => {
    const e = await server.factories(tenantId).employee({ email: 'di@acme.example', name: 'Di' });
    const res = await server
      .api(colleague)
      .put(`/api/employees/${e.id}/image`, { contentType: 'image/png', data: PNG.toString('base64') });
    expect(res.status).toBe(403);
  });
  it('takes parallel uploads of one picture without an error and keeps one picture', async () => {
    const api = server.api(admin);
    const { body: emp } = await api.post('/api/employees', { name: 'Par', email: 'par@acme.example', roleIds: [] });
    const uploads = await Promise.all(
      [PNG, JPEG, PNG, JPEG].map((data) =>
        api.put(`/api/employees/${emp.id}/image`, {
          contentType: data === PNG ? 'image/png' : 'image/jpeg',
          data: data.toString('base64'),
        }),
      ),
    );
    expect(uploads.map((u) => u.status)).toEqual([200, 200, 200, 200]);
    const rows = await server.db
      .selectFrom('employeeImages')
      .select('employeeId')
      .where('employeeId', '=', emp.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
