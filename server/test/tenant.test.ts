import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_SETTINGS } from '../../shared/settings.js';
import { seedDemoIfEmpty, DEMO_ADMIN_EMAIL } from '../src/seed/demo.js';
import { SEED_ROLES } from '../src/seed/roles.js';
import { startServer, type TestServer, type Api } from './harness.js';

let server: TestServer;
let admin: Api;
let adminToken: string;

beforeAll(async () => {
  server = await startServer();
  expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', new Date())).toBe(true);
  adminToken = await server.signIn(DEMO_ADMIN_EMAIL, 'Demo!Pass1');
  admin = server.api(adminToken);
});
afterAll(() => server.close());

describe('demo company', () => {
  it('has about 60 employees in 6 teams with every seeded role in use, seeded once', async () => {
    const employees = await admin.get('/api/employees?pageSize=100');
    expect(employees.body.total).toBe(60);
    const roleNames = new Set(
      employees.body.items.flatMap((e: { roles: { name: string }[] }) => e.roles.map((r) => r.name)),
    );
    expect([...roleNames].sort()).toEqual(SEED_ROLES.map((r) => r.name).sort());
    const teams = await admin.get('/api/teams');
    expect(teams.body.total).toBe(6);
    expect(await seedDemoIfEmpty(server.db, 'Demo!Pass1', new Date())).toBe(false);
  });

  it('can be hidden by the tenant setting, keeping the administrator', async () => {
    const off = await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: true } });
    expect(off.body.settings.isDemoDataDisabled).toBe(true);
    const employees = await admin.get('/api/employees');
    expect(employees.body.items.map((e: { email: string }) => e.email)).toEqual([DEMO_ADMIN_EMAIL]);
    expect((await admin.get('/api/teams')).body.total).toBe(0);
    await admin.patch('/api/tenant', { settings: { isDemoDataDisabled: false } });
    expect((await admin.get('/api/employees')).body.total).toBe(60);
  });
});

describe('/api/me', () => {
  it('describes the employee, their grants and the tenant’s settings with defaults', async () => {
    const me = await admin.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.employee).toMatchObject({
      email: DEMO_ADMIN_EMAIL,
      name: 'Alex Morgan',
      legacyId: null,
      isSettingProfile: false,
      userTeams: '',
      teams: [],
    });
    expect(me.body.permissions).toContain('edit-role');
    expect(me.body.activities).toContain('auto_leaves_config');
    expect(me.body.tenant.settings).toEqual(DEFAULT_TENANT_SETTINGS);
    const lead = (await admin.get('/api/employees?searchText=ayesha')).body.items[0];
    const leadMe = await server.api(await server.signIn(lead.email, 'Demo!Pass1')).get('/api/me');
    expect(leadMe.body.employee.userTeams).toBe(String(lead.teams[0].id));
    expect(leadMe.body.permissions).toContain('approve-leave');
    expect(leadMe.body.permissions).not.toContain('view-employees');
  });

  it('lists every team of the employee by name, in one read with the profile', async () => {
    const lead = (await admin.get('/api/employees?searchText=ayesha')).body.items[0];
    const me = await server.api(await server.signIn(lead.email, 'Demo!Pass1'));
    const before = (await me.get('/api/me')).body.employee;
    const tenantId = (
      await server.db.selectFrom('employees').select('tenantId').where('id', '=', lead.id).executeTakeFirstOrThrow()
    ).tenantId;
    const at = '2026-01-01T00:00:00.000Z';
    const added = await server.db
      .insertInto('teams')
      .values(
        ['Zulu crew', 'Alpha crew'].map((name) => ({
          tenantId,
          name,
          description: null,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    await server.db
      .insertInto('teamMembers')
      .values(added.map((team) => ({ tenantId, teamId: team.id, employeeId: lead.id })))
      .execute();
    const byName = [...added, ...before.teams].sort((a, b) => (a.name < b.name ? -1 : 1));
    const after = (await me.get('/api/me')).body.employee;
    expect(after).toEqual({ ...before, teams: byName, userTeams: byName.map((t) => t.id).join(',') });
    await server.db
      .deleteFrom('teams')
      .where(
        'id',
        'in',
        added.map((team) => team.id),
      )
      .execute();
    expect((await me.get('/api/me')).body.employee).toEqual(before);
  });
});

describe('tenant settings', () => {
  it('validates the productivity ranges and keeps bad input out', async () => {
    for (const body of [
      { attendence_edit_allow_limit: 366 },
      { attendence_edit_allow_limit: -1 },
      { working_hours_per_day: 25 },
      { break_hours_per_day: -0.5 },
      { wfo_required_percentage: 101 },
      { tenant_timezone: 'Mars/Olympus' },
      { unknown_key: 1 },
    ]) {
      const res = await admin.patch('/api/tenant/productivity-settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const ok = await admin.patch('/api/tenant/productivity-settings', {
      attendence_edit_allow_limit: 365,
      working_hours_per_day: 7.5,
      tenant_timezone: 'Europe/Berlin',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      ...ok.body,
      attendence_edit_allow_limit: 365,
      working_hours_per_day: 7.5,
      tenant_timezone: 'Europe/Berlin',
      wfo_required_percentage: 50,
    });
  });

  it('keeps productivity keys behind their own permission', async () => {
    const res = await admin.patch('/api/tenant', { settings: { working_hours_per_day: 2 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: 'body.settings.working_hours_per_day' });
    await server.user((await admin.get('/api/me')).body.tenant.id, {
      email: 'gen@northwind.example',
      grants: ['edit-tenant-settings'],
    });
    const general = server.api(await server.signIn('gen@northwind.example'));
    expect((await general.patch('/api/tenant', { settings: { characterLimit: 300 } })).status).toBe(200);
    expect((await general.patch('/api/tenant/productivity-settings', { working_hours_per_day: 2 })).status).toBe(403);
  });

  it('changes the name and the time zone, which the Tenant tab edits with edit-tenant-settings', async () => {
    const res = await admin.patch('/api/tenant', { name: 'Northwind', settings: { tenant_timezone: 'Europe/Paris' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Northwind', settings: { tenant_timezone: 'Europe/Paris' } });
    const bad = await admin.patch('/api/tenant', { settings: { tenant_timezone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: 'body.settings.tenant_timezone' });
    expect((await admin.get('/api/tenant')).body.settings.tenant_timezone).toBe('Europe/Paris');
    await admin.patch('/api/tenant', { settings: { tenant_timezone: 'Asia/Karachi' } });
  });

  it('refuses every change to someone who may only view the settings (403), changing nothing', async () => {
    const tenantId = (await admin.get('/api/me')).body.tenant.id;
    await server.user(tenantId, { email: 'viewer@northwind.example', grants: ['view-tenant-settings'] });
    const viewerToken = await server.signIn('viewer@northwind.example');
    const viewer = server.api(viewerToken);
    const before = (await admin.get('/api/tenant')).body;
    expect((await viewer.get('/api/tenant')).status).toBe(200);
    expect((await viewer.patch('/api/tenant', { name: 'Viewer Co' })).status).toBe(403);
    expect((await viewer.patch('/api/tenant', { settings: { isDemoDataDisabled: true } })).status).toBe(403);
    expect((await upload(await png(100, 50), viewerToken)).status).toBe(403);
    expect((await viewer.delete('/api/tenant/logo')).status).toBe(403);
    expect((await admin.get('/api/tenant')).body).toEqual(before);
  });
});

/** A real image of a size, PNG unless told; `noise` makes it incompressible (and so large). */
async function png(width: number, height: number, options: { format?: 'png' | 'jpeg' | 'webp'; noise?: boolean } = {}) {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels, 200);
  if (options.noise) for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels } })
    .toFormat(options.format ?? 'png')
    .toBuffer();
}

/** PUT /api/tenant/logo with the bytes as the body. */
async function upload(bytes: Buffer, token = adminToken, type = 'image/png') {
  const res = await fetch(`${server.url}/api/tenant/logo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('the company logo', () => {
  it('stores an image within the limits, shows it on the sign-in lookup and serves it publicly', async () => {
    const res = await upload(await png(999, 499, { format: 'webp' }), adminToken, 'application/octet-stream');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const logo = res.body.logo as string;
    expect(logo).toMatch(/^\/api\/tenant-logos\/[0-9a-f-]{36}$/);
    expect((await admin.get('/api/me')).body.tenant.logo).toBe(logo);
    const lookup = await server.api().get('/api/auth/tenant?email=x@northwind.example');
    expect(lookup.body.logo).toBe(logo);
    // Served to anyone (the sign-in page shows it), as the image type its bytes are.
    const served = await fetch(`${server.url}${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 999, 499]);
    // An id nobody was given, and a malformed one, are not found.
    expect((await fetch(`${server.url}/api/tenant-logos/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/tenant-logos/..%2F1`)).status).toBe(400);
  });

  it('refuses each limit with its own message on the body, keeping the logo it had', async () => {
    const before = (await admin.get('/api/tenant')).body.logo;
    const cases: [Buffer, string][] = [
      [await png(1000, 100), 'Logo must be less than 1000 pixels wide'],
      [await png(100, 500), 'Logo must be less than 500 pixels high'],
      [await png(400, 200, { noise: true }), 'Logo must be under 200KB'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        'Logo must be a PNG, JPEG or WebP image',
      ],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'Logo must be a PNG, JPEG or WebP image'],
      [Buffer.alloc(0), 'No file provided'],
    ];
    for (const [bytes, message] of cases) {
      expect(bytes.length < 200 * 1024 || message === 'Logo must be under 200KB').toBe(true);
      const res = await upload(bytes);
      expect(res.status, message).toBe(400);
      expect(res.body.error.details.fields, message).toEqual([{ path: 'body', message }]);
    }
    expect((await admin.get('/api/tenant')).body.logo).toBe(before);
    // The JSON body no longer takes a logo: it is uploaded as a file.
    const patched = await admin.patch('/api/tenant', { logo: 'data:image/png;base64,AAAA' });
    expect(patched.status).toBe(400);
  });

  it('replaces the earlier logo, deleting its file, and removes it', async () => {
    const key = async () =>
      (
        await server.db
          .selectFrom('tenants')
          .select('logoKey')
          .where('emailDomain', '=', 'northwind.example')
          .executeTakeFirstOrThrow()
      ).logoKey;
    const stored = (k: string | null) => server.deps.storage.driver.exists(k!);
    const first = (await upload(await png(300, 100))).body.logo as string;
    const firstKey = await key();
    expect(await stored(firstKey)).toBe(true);
    const second = (await upload(await png(320, 100, { format: 'jpeg' }))).body.logo as string;
    const secondKey = await key();
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect(await stored(firstKey)).toBe(false);
    const removed = await admin.delete('/api/tenant/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await fetch(`${server.url}${second}`)).status).toBe(404);
    expect((await server.api().get('/api/auth/tenant?email=x@northwind.example')).body.logo).toBeNull();
    expect(await key()).toBeNull();
    expect(await stored(secondKey)).toBe(false);
  });
});
