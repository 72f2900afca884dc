import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type Api } from './harness.js';
import { defaultRoles } from './reads.js';

let server: TestServer;
let admin: Api;
let hr: Api;
let tenantId: number;
let roleIds: Map<string, number>;

beforeAll(async () => {
  server = await startServer();
  ({ id: tenantId, roleIds } = await server.tenant('Acme', 'acme.example'));
  await server.user(tenantId, { email: 'admin@acme.example', name: 'Admin', roles: ['Administrator'] });
  await server.user(tenantId, { email: 'hr@acme.example', name: 'Hana HR', roles: ['HR'] });
  admin = server.api(await server.signIn('admin@acme.example'));
  hr = server.api(await server.signIn('hr@acme.example'));
});
afterAll(() => server.close());

describe('employee directory', () => {
  it('adds employees with the default role, refusing duplicates and foreign domains', async () => {
    const res = await admin.post('/api/employees', {
      name: 'Zoe Zed',
      email: 'Zoe@Acme.example',
      employeeIdentificationNo: 'E-1',
      dateOfJoining: '2024-02-01',
      allocation: 80,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Zoe Zed',
      email: 'zoe@acme.example',
      status: 'active',
      allocation: 80,
      roles: [{ name: 'Employee' }],
      teams: [],
      // The invitation to set a password is on its way (invitations.test.ts).
      invitation: 'pending',
    });
    const dupEmail = await admin.post('/api/employees', { name: 'Other', email: 'zoe@acme.example' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.error.details.fields[0].path).toBe('body.email');
    const dupId = await admin.post('/api/employees', {
      name: 'Other',
      email: 'other@acme.example',
      employeeIdentificationNo: 'E-1',
    });
    expect(dupId.status).toBe(409);
    const foreign = await admin.post('/api/employees', { name: 'Out', email: 'out@elsewhere.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.fields[0]).toEqual({
      path: 'body.email',
      message: 'Use an address at @acme.example',
    });
    const badDate = await admin.post('/api/employees', {
      name: 'D',
      email: 'd@acme.example',
      dateOfJoining: '2024-13-01',
    });
    expect(badDate.status).toBe(400);
    expect(
      await server.db
        .selectFrom('employees')
        .select('id')
        .where('email', 'in', ['other@acme.example', 'd@acme.example'])
        .execute(),
    ).toHaveLength(0);
  });

  it('pages, searches, sorts and filters by team', async () => {
    const team = (await admin.post('/api/teams', { name: 'Rockets' })).body;
    const created: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const r = await admin.post('/api/employees', {
        name: `Person ${String(i).padStart(2, '0')}`,
        email: `p${i}@acme.example`,
        teamIds: i < 3 ? [team.id] : [],
      });
      created.push(r.body.id);
    }
    const page1 = await admin.get('/api/employees?searchText=person&orderKey=name&orderDir=asc');
    expect(page1.body.total).toBe(12);
    expect(page1.body.items).toHaveLength(10);
    expect(page1.body.items[0].name).toBe('Person 00');
    const page2 = await admin.get('/api/employees?searchText=person&orderKey=name&orderDir=asc&page=2');
    expect(page2.body.items.map((e: { name: string }) => e.name)).toEqual(['Person 10', 'Person 11']);
    const desc = await admin.get('/api/employees?searchText=PERSON&orderKey=name&orderDir=desc&pageSize=25');
    expect(desc.body.items[0].name).toBe('Person 11');
    const byTeam = await admin.get(`/api/employees?teamId=${team.id}`);
    expect(byTeam.body.total).toBe(3);
    expect(byTeam.body.items[0].teams).toEqual([{ id: team.id, name: 'Rockets' }]);
    const wildcard = await admin.get('/api/employees?searchText=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('edits an employee, replacing roles and teams', async () => {
    const e = (await admin.post('/api/employees', { name: 'Edit Me', email: 'edit@acme.example' })).body;
    const team = (await admin.post('/api/teams', { name: 'Editors' })).body;
    const res = await admin.patch(`/api/employees/${e.id}`, {
      name: 'Edited',
      roleIds: [roleIds.get('Team Lead')],
      teamIds: [team.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Edited', roles: [{ name: 'Team Lead' }], teams: [{ name: 'Editors' }] });
    const unknownRole = await admin.patch(`/api/employees/${e.id}`, { roleIds: [999_999] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.error.code).toBe('UNKNOWN_REFERENCE');
    expect((await admin.patch('/api/employees/999999', { name: 'x' })).status).toBe(404);
  });

  it('does not let HR hand out a role with permissions HR lacks', async () => {
    const e = (await hr.post('/api/employees', { name: 'Climber', email: 'climber@acme.example' })).body;
    const res = await hr.patch(`/api/employees/${e.id}`, { roleIds: [roleIds.get('Administrator')] });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
    expect(res.body.error.details.permissions).toContain('edit-role');
    expect((await hr.patch(`/api/employees/${e.id}`, { roleIds: [roleIds.get('Team Lead')] })).status).toBe(200);
  });

  it('deactivates an employee, signing them out, but never oneself', async () => {
    const { id } = await server.user(tenantId, { email: 'leaver@acme.example', roles: ['Employee'] });
    const session = (
      await server
        .api()
        .post('/api/auth/sign-in', { email: 'leaver@acme.example', password: 'Str0ng!Pass', client: 'desktop' })
    ).body;
    const res = await admin.put(`/api/employees/${id}/status`, { status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('inactive');
    expect((await server.api(session.accessToken).get('/api/me')).status).toBe(401);
    expect(
      (await server.api().post('/api/auth/refresh', { refreshToken: session.refreshToken, client: 'desktop' })).status,
    ).toBe(401);
    expect((await admin.get('/api/employees?status=inactive')).body.items.map((e: { id: number }) => e.id)).toContain(
      id,
    );
    const me = (await admin.get('/api/me')).body.employee.id;
    const self = await admin.put(`/api/employees/${me}/status`, { status: 'inactive' });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot deactivate your own account.');
  });

  it('lets an admin-added employee set a password through forgotten password', async () => {
    await admin.post('/api/employees', { name: 'Fresh Hire', email: 'hire@acme.example' });
    expect(
      (await server.api().post('/api/auth/sign-in', { email: 'hire@acme.example', password: 'Str0ng!Pass' })).status,
    ).toBe(401);
    expect((await server.api().post('/api/auth/forgot-password', { email: 'hire@acme.example' })).status).toBe(202);
  });
});

describe('teams', () => {
  it('creates, renames, replaces members and refuses duplicate names', async () => {
    const t = await admin.post('/api/teams', { name: 'Blue', description: 'The blue team' });
    expect(t.status).toBe(201);
    expect(t.body).toMatchObject({ name: 'Blue', memberCount: 0 });
    expect((await admin.post('/api/teams', { name: 'Blue' })).status).toBe(409);
    const someone = (await admin.post('/api/employees', { name: 'Member', email: 'member@acme.example' })).body;
    const members = await admin.put(`/api/teams/${t.body.id}/members`, { employeeIds: [someone.id] });
    expect(members.body.memberCount).toBe(1);
    const unknown = await admin.put(`/api/teams/${t.body.id}/members`, { employeeIds: [987654] });
    expect(unknown.status).toBe(400);
    expect((await admin.patch(`/api/teams/${t.body.id}`, { name: 'Navy' })).body.name).toBe('Navy');
    const list = await admin.get('/api/teams?orderKey=memberCount&orderDir=desc&searchText=navy');
    expect(list.body.items).toEqual([expect.objectContaining({ name: 'Navy', memberCount: 1 })]);
  });
});

describe('roles and permissions', () => {
  it('serves the catalogue with groups', async () => {
    const res = await admin.get('/api/permissions');
    expect(res.body.permissions.length).toBeGreaterThan(100);
    expect(res.body.permissions).toContainEqual(
      expect.objectContaining({ name: 'view-tenant-settings', group: 'Tenant settings' }),
    );
    expect(res.body.activities).toContainEqual(expect.objectContaining({ key: 'view_current_attendance' }));
  });

  it('lists the seeded roles with exactly one default', async () => {
    const res = await admin.get('/api/roles?pageSize=25&orderKey=name&orderDir=asc');
    expect(res.body.items.map((r: { name: string }) => r.name)).toEqual([
      'Administrator',
      'Client',
      'Employee',
      'HR',
      'Product Owner',
      'Team Lead',
    ]);
    expect(
      res.body.items.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { name: string }) => r.name),
    ).toEqual(['Employee']);
  });

  it('creates and edits roles, refusing names outside the catalogue and duplicates', async () => {
    const bad = await admin.post('/api/roles', { name: 'Bad', permissions: ['launch-missiles'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toMatch(/^body\.permissions/);
    const r = await admin.post('/api/roles', {
      name: 'Auditor',
      permissions: ['view-employees', 'view-roles'],
      activities: ['team_members'],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Auditor',
      isDefault: false,
      permissions: ['view-employees', 'view-roles'],
      activities: ['team_members'],
      employeeCount: 0,
    });
    expect((await admin.post('/api/roles', { name: 'Auditor', permissions: [] })).status).toBe(409);
    const edited = await admin.patch(`/api/roles/${r.body.id}`, { permissions: ['view-employees'] });
    expect(edited.body.permissions).toEqual(['view-employees']);
  });

  it('keeps exactly one default role', async () => {
    const r = (await admin.post('/api/roles', { name: 'Newcomer', permissions: ['view-profile'], isDefault: true }))
      .body;
    const defaults = await defaultRoles(server.db, tenantId);
    expect(defaults).toEqual([{ name: 'Newcomer' }]);
    const unset = await admin.patch(`/api/roles/${r.id}`, { isDefault: false });
    expect(unset.status).toBe(400);
    expect(unset.body.error.code).toBe('DEFAULT_ROLE_REQUIRED');
    await admin.patch(`/api/roles/${roleIds.get('Employee')}`, { isDefault: true });
    const after = await defaultRoles(server.db, tenantId);
    expect(after).toEqual([{ name: 'Employee' }]);
  });

  it('applies a changed role at once to its holders', async () => {
    const role = (await admin.post('/api/roles', { name: 'Viewer', permissions: ['view-employees'] })).body;
    const { id } = await server.user(tenantId, { email: 'viewer@acme.example' });
    await admin.patch(`/api/employees/${id}`, { roleIds: [role.id] });
    const viewer = server.api(await server.signIn('viewer@acme.example'));
    expect((await viewer.get('/api/employees')).status).toBe(200);
    await admin.patch(`/api/roles/${role.id}`, { permissions: [] });
    expect((await viewer.get('/api/employees')).status).toBe(403);
  });
});
