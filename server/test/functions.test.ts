/**
 * Function Setup: functions and their members (docs/feedback.md, "Functions"). Every rule and permission,
 * on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../shared/permissions.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let otherTenantId: number;
let ann: { id: number };
let bob: { id: number };

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, admin } = await companyWithAdmin(server));
  otherTenantId = (await server.tenant('Other', 'other.example')).id;
  const f = server.factories(tenantId);
  ann = await f.employee({ name: 'Ann Archer', email: 'ann@acme.example' });
  bob = await f.employee({ name: 'Bob Baker', email: 'bob@acme.example' });
});
afterAll(() => server.close());

const functionCount = async () =>
  (await server.db.selectFrom('functions').select('id').where('tenantId', '=', tenantId).execute()).length;

async function as(email: string, grants: PermissionName[]) {
  const user = await server.user(tenantId, { email, grants });
  return { ...user, api: server.api(await server.signIn(email)) };
}

describe('functions', () => {
  it('adds a function, active and without members, refusing a name taken in any case', async () => {
    const res = await admin.post('/api/functions', { name: ' Engineering ', description: 'Builders.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Engineering',
      description: 'Builders.',
      isActive: true,
      memberCount: 0,
      members: [],
    });
    const before = await functionCount();
    for (const name of ['Engineering', 'engineering']) {
      const dup = await admin.post('/api/functions', { name });
      expect(dup.status).toBe(409);
      expect(dup.body.error.details.fields).toEqual([
        { path: 'body.name', message: 'A function with this name already exists.' },
      ]);
    }
    for (const [body, path] of [
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(81) }, 'body.name'],
      [{ name: 'Long', description: 'x'.repeat(501) }, 'body.description'],
      [{ name: 'Extra', isActive: false }, 'body.isActive'],
    ] as const) {
      const bad = await admin.post('/api/functions', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await functionCount()).toBe(before);
  });

  it('edits, switches status and replaces members (an employee in several functions)', async () => {
    const f = server.factories(tenantId);
    const design = await f.function({ name: 'Design' });
    const product = await f.function({ name: 'Product' });
    const renamed = await admin.patch(`/api/functions/${design.id}`, { name: 'Product Design', description: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Product Design', description: null });
    const clash = await admin.patch(`/api/functions/${design.id}`, { name: 'PRODUCT' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details.fields[0].path).toBe('body.name');

    const members = await admin.put(`/api/functions/${design.id}/members`, {
      employeeIds: [bob.id, ann.id, ann.id],
    });
    expect(members.status).toBe(200);
    expect(members.body.memberCount).toBe(2);
    expect(members.body.members.map((m: { name: string }) => m.name)).toEqual(['Ann Archer', 'Bob Baker']);
    expect((await admin.put(`/api/functions/${product.id}/members`, { employeeIds: [ann.id] })).body.memberCount).toBe(
      1,
    );
    const annRows = await server.db
      .selectFrom('functionMembers')
      .select('functionId')
      .where('employeeId', '=', ann.id)
      .execute();
    expect(annRows).toHaveLength(2);

    const foreign = await server.factories(otherTenantId).employee({ email: 'x@other.example' });
    const refused = await admin.put(`/api/functions/${design.id}/members`, { employeeIds: [bob.id, foreign.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields[0].path).toBe('body.employeeIds');
    expect((await admin.get(`/api/functions?searchText=Product%20Design`)).body.items[0].memberCount).toBe(2);

    const off = await admin.put(`/api/functions/${design.id}/status`, { isActive: false });
    expect(off.body).toMatchObject({ isActive: false, memberCount: 2 });
    const inactive = await admin.get('/api/functions?status=inactive');
    expect(inactive.body.items.map((i: { name: string }) => i.name)).toEqual(['Product Design']);
    expect((await admin.put(`/api/functions/${design.id}/status`, { isActive: true })).body.isActive).toBe(true);
    expect((await admin.put(`/api/functions/${design.id}/members`, { employeeIds: [] })).body.members).toEqual([]);
  });

  it('lists the latest changed first by default; searches, sorts and pages', async () => {
    const f = server.factories(tenantId);
    await f.function({ name: 'Old one', updatedAt: '2020-01-01T00:00:00.000Z' });
    const fresh = await admin.post('/api/functions', { name: 'Fresh one', description: 'Brand new' });
    const list = await admin.get('/api/functions');
    expect(list.status).toBe(200);
    expect(list.body.items[0].id).toBe(fresh.body.id);
    expect(list.body.items.at(-1).name).toBe('Old one');
    expect(
      (await admin.get('/api/functions?searchText=brand')).body.items.map((i: { name: string }) => i.name),
    ).toEqual(['Fresh one']);
    const byName = await admin.get('/api/functions?orderKey=name&orderDir=asc&pageSize=10');
    const names = byName.body.items.map((i: { name: string }) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const second = await admin.get('/api/functions?orderKey=name&orderDir=asc&pageSize=10&page=2');
    expect(second.body.total).toBe(byName.body.total);
  });

  it('hides demo functions when the company switches demo data off', async () => {
    const f = server.factories(tenantId);
    await f.function({ name: 'Demo function', isDemo: 1 });
    expect((await admin.get('/api/functions?searchText=Demo%20function')).body.total).toBe(1);
    await f.setting('isDemoDataDisabled', true);
    expect((await admin.get('/api/functions?searchText=Demo%20function')).body.total).toBe(0);
    await f.setting('isDemoDataDisabled', false);
  });

  it('downloads the report as CSV, formulas defused', async () => {
    const f = server.factories(tenantId);
    await f.function({ name: '=Formula', description: 'Risky, "quoted"', memberIds: [ann.id, bob.id] });
    const res = await admin.request('GET', '/api/functions/report');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('teambeat-functions.csv');
    const text = String(res.body);
    expect(text.split('\r\n')[0]).toContain('Function,Description,Status,Members,Member names,Last changed');
    expect(text).toContain(`'=Formula,"Risky, ""quoted""",Active,2,Ann Archer; Bob Baker,`);
  });
});

describe('permissions and scope', () => {
  it('checks each action’s permission on the server', async () => {
    const target = await server.factories(tenantId).function({ name: 'Guarded' });
    const viewer = await as('viewer@acme.example', ['view-functions', 'view-all-functions']);
    const adder = await as('adder@acme.example', ['add-function']);
    const editor = await as('editor@acme.example', ['edit-function', 'view-all-functions']);
    const memberAdder = await as('member-adder@acme.example', ['add-function-members', 'view-all-functions']);
    const downloader = await as('downloader@acme.example', ['download-functions', 'view-all-functions']);
    for (const [api, method, url, body] of [
      [viewer.api, 'POST', '/api/functions', { name: 'Nope' }],
      [viewer.api, 'PATCH', `/api/functions/${target.id}`, { name: 'Nope' }],
      [viewer.api, 'PUT', `/api/functions/${target.id}/status`, { isActive: false }],
      [viewer.api, 'PUT', `/api/functions/${target.id}/members`, { employeeIds: [] }],
      [viewer.api, 'GET', '/api/functions/report', undefined],
      [adder.api, 'GET', '/api/functions', undefined],
      [editor.api, 'PUT', `/api/functions/${target.id}/members`, { employeeIds: [] }],
      [memberAdder.api, 'PATCH', `/api/functions/${target.id}`, { name: 'Nope' }],
      [downloader.api, 'GET', '/api/functions', undefined],
    ] as const) {
      expect((await api.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await viewer.api.get('/api/functions')).status).toBe(200);
    expect((await adder.api.post('/api/functions', { name: 'Added by adder' })).status).toBe(201);
    expect((await editor.api.patch(`/api/functions/${target.id}`, { name: 'Guarded 2' })).status).toBe(200);
    expect((await editor.api.put(`/api/functions/${target.id}/status`, { isActive: false })).status).toBe(200);
    expect((await memberAdder.api.put(`/api/functions/${target.id}/members`, { employeeIds: [ann.id] })).status).toBe(
      200,
    );
    expect((await downloader.api.request('GET', '/api/functions/report')).status).toBe(200);
  });

  it('without view-all-functions, reaches only the functions one belongs to', async () => {
    const member = await as('member@acme.example', ['view-functions', 'edit-function', 'download-functions']);
    const f = server.factories(tenantId);
    const mine = await f.function({ name: 'Mine only', memberIds: [member.id] });
    const theirs = await f.function({ name: 'Not mine', memberIds: [ann.id] });
    const list = await member.api.get('/api/functions?pageSize=100');
    expect(list.body.items.map((i: { name: string }) => i.name)).toEqual(['Mine only']);
    expect(list.body.total).toBe(1);
    expect((await member.api.patch(`/api/functions/${theirs.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await member.api.put(`/api/functions/${theirs.id}/status`, { isActive: false })).status).toBe(404);
    expect((await member.api.patch(`/api/functions/${mine.id}`, { description: 'Ours' })).status).toBe(200);
    const report = String((await member.api.request('GET', '/api/functions/report')).body);
    expect(report).toContain('Mine only');
    expect(report).not.toContain('Not mine');
    const unchanged = await server.db
      .selectFrom('functions')
      .select('name')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.name).toBe('Not mine');
  });

  it('counts the functions one sees by status, for the function dashboard', async () => {
    const counts = async (api: Api) => (await api.get('/api/functions/counts')).body;
    const before = await counts(admin);
    expect(before.total).toBe(await functionCount());
    const f = server.factories(tenantId);
    const member = await as('counted@acme.example', ['view-functions']);
    await f.function({ name: 'Counted active', memberIds: [member.id] });
    const off = await f.function({ name: 'Counted inactive' });
    expect((await admin.put(`/api/functions/${off.id}/status`, { isActive: false })).status).toBe(200);
    await server.factories(otherTenantId).function({ name: 'Elsewhere' });
    expect(await counts(admin)).toEqual({
      total: before.total + 2,
      active: before.active + 1,
      inactive: before.inactive + 1,
    });
    // Without view-all-functions, only one's own.
    expect(await counts(member.api)).toEqual({ total: 1, active: 1, inactive: 0 });
  });

  it('never reaches another company’s functions', async () => {
    const theirs = await server.factories(otherTenantId).function({ name: 'Theirs' });
    expect((await admin.patch(`/api/functions/${theirs.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await admin.put(`/api/functions/${theirs.id}/status`, { isActive: false })).status).toBe(404);
    expect((await admin.put(`/api/functions/${theirs.id}/members`, { employeeIds: [ann.id] })).status).toBe(404);
    expect((await admin.get('/api/functions?searchText=Theirs')).body.total).toBe(0);
  });
});
