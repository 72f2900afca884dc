/**
 * Who may change whose account (docs/security.md, "Account hierarchy"): nobody changes the e-mail, roles or
 * status of an account holding a permission they lack; a role's grants, its default flag and its removals
 * follow the same rule; a changed e-mail is confirmed from the new mailbox before it signs anyone in; the
 * last account holding every permission is never demoted or deactivated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '../../shared/permissions.js';
import type { Deps } from '../src/deps.js';
import { confirmEmailChange } from '../src/modules/auth/email-change.js';
import { codeFrom, companyWithAdmin, lastEmail, PASSWORD, startServer, type Api, type TestServer } from './harness.js';
import { defaultRoles } from './reads.js';

let server: TestServer;
let tenantId: number;
let roleIds: Map<string, number>;
let adminId: number;
let admin: Api;
let hr: Api;

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, roleIds, adminId, admin } = await companyWithAdmin(server));
  await server.user(tenantId, { email: 'hr@acme.example', roles: ['HR'] });
  hr = server.api(await server.signIn('hr@acme.example'));
});
afterAll(() => server.close());

const employeeRow = (id: number) =>
  server.db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rolesOf = async (id: number) =>
  (await server.db.selectFrom('employeeRoles').select('roleId').where('employeeId', '=', id).execute())
    .map((r) => r.roleId)
    .sort();
const grantsOf = async (roleId: number) =>
  (
    await server.db
      .selectFrom('roleGrants')
      .select(['kind', 'name'])
      .where('roleId', '=', roleId)
      .orderBy('kind')
      .orderBy('name')
      .execute()
  ).map((g) => `${g.kind}:${g.name}`);
const signInWith = (email: string) =>
  server.api().post('/api/auth/sign-in', { email, password: PASSWORD, client: 'desktop' });

describe('account hierarchy (item 1)', () => {
  it('does not let HR change the administrator’s e-mail, roles or status', async () => {
    const before = await employeeRow(adminId);
    const rolesBefore = await rolesOf(adminId);
    const email = await hr.patch(`/api/employees/${adminId}`, { email: 'hr+takeover@acme.example' });
    expect(email.status).toBe(403);
    expect(email.body.error.code).toBe('ACCOUNT_OUTRANKS_CALLER');
    expect(email.body.error.details.permissions).toContain('edit-role');
    const demote = await hr.patch(`/api/employees/${adminId}`, { roleIds: [roleIds.get('Employee')] });
    expect(demote.status).toBe(403);
    expect(demote.body.error.code).toBe('ACCOUNT_OUTRANKS_CALLER');
    const deactivate = await hr.put(`/api/employees/${adminId}/status`, { status: 'inactive' });
    expect(deactivate.status).toBe(403);
    expect(deactivate.body.error.code).toBe('ACCOUNT_OUTRANKS_CALLER');
    expect(await employeeRow(adminId)).toEqual(before);
    expect(await rolesOf(adminId)).toEqual(rolesBefore);
    // Nothing was mailed to the address HR chose.
    expect(await lastEmail(server, 'hr+takeover@acme.example')).toBeUndefined();
    // The sign-in still works with the administrator's own address and session.
    expect((await admin.get('/api/me')).status).toBe(200);
  });

  it('still lets HR edit the administrator’s other fields, and send the unchanged e-mail and roles back', async () => {
    const current = (await hr.get(`/api/employees/${adminId}`)).body;
    const res = await hr.patch(`/api/employees/${adminId}`, {
      name: 'Ada Admin',
      email: current.email.toUpperCase(),
      roleIds: current.roles.map((r: { id: number }) => r.id).reverse(),
      allocation: 90,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ada Admin', allocation: 90, email: 'admin@acme.example' });
  });

  it('lets HR change the account of someone whose permissions HR holds', async () => {
    const { id } = await server.user(tenantId, { email: 'lead@acme.example', roles: ['Team Lead'] });
    expect((await hr.patch(`/api/employees/${id}`, { roleIds: [roleIds.get('Employee')] })).status).toBe(200);
    expect((await hr.put(`/api/employees/${id}/status`, { status: 'inactive' })).status).toBe(200);
    expect((await hr.put(`/api/employees/${id}/status`, { status: 'active' })).status).toBe(200);
  });
});

describe('e-mail change (item 1)', () => {
  it('waits for the code from the new address, tells the old one, then ends every session', async () => {
    const { id } = await server.user(tenantId, { email: 'old@acme.example', roles: ['Employee'] });
    const session = (await signInWith('old@acme.example')).body;
    const res = await admin.patch(`/api/employees/${id}`, { email: 'New@acme.example' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'old@acme.example', pendingEmail: 'new@acme.example' });
    const notice = await lastEmail(server, 'old@acme.example');
    expect(notice?.body).toContain('new@acme.example');
    const code = codeFrom((await lastEmail(server, 'new@acme.example'))?.body);

    // Until confirmed, the new address neither signs in nor resets; the old one still does.
    expect((await signInWith('new@acme.example')).status).toBe(401);
    expect((await server.api().post('/api/auth/forgot-password', { email: 'new@acme.example' })).status).toBe(404);
    expect((await signInWith('old@acme.example')).status).toBe(200);

    const confirmWith = (body: unknown) => server.api().post('/api/auth/email-change/confirm', body);
    const wrong = await confirmWith({ email: 'new@acme.example', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_CODE');
    expect((await employeeRow(id)).email).toBe('old@acme.example');

    expect((await confirmWith({ email: 'new@acme.example', code })).status).toBe(204);
    expect(await employeeRow(id)).toMatchObject({ email: 'new@acme.example', pendingEmail: null });
    expect((await signInWith('new@acme.example')).status).toBe(200);
    expect((await signInWith('old@acme.example')).status).toBe(401);
    expect(
      (await server.api().post('/api/auth/refresh', { refreshToken: session.refreshToken, client: 'desktop' })).status,
    ).toBe(401);
    // The code is single use.
    expect((await confirmWith({ email: 'new@acme.example', code })).status).toBe(400);
  });

  it('cancels a pending change when the current address is sent back, and refuses a taken address', async () => {
    const { id } = await server.user(tenantId, { email: 'keep@acme.example', roles: ['Employee'] });
    await admin.patch(`/api/employees/${id}`, { email: 'other-keep@acme.example' });
    const code = codeFrom((await lastEmail(server, 'other-keep@acme.example'))?.body);
    const back = await admin.patch(`/api/employees/${id}`, { email: 'keep@acme.example' });
    expect(back.body.pendingEmail).toBeNull();
    const late = await server.api().post('/api/auth/email-change/confirm', { email: 'other-keep@acme.example', code });
    expect(late.status).toBe(400);
    expect((await employeeRow(id)).email).toBe('keep@acme.example');
    const taken = await admin.patch(`/api/employees/${id}`, { email: 'hr@acme.example' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details.fields[0].path).toBe('body.email');
  });
});

/**
 * The server's deps, but the first read of an employee row is followed at once by `meanwhile`: what another
 * request did between that read and the next write.
 */
function withMeanwhile(deps: Deps, meanwhile: () => Promise<unknown>): Deps {
  let pending: (() => Promise<unknown>) | null = meanwhile;
  const wrap = (builder: object): object =>
    new Proxy(builder, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (key === 'executeTakeFirst')
          return async () => {
            const row: unknown = await value.call(target);
            const run = pending;
            pending = null;
            if (run) await run();
            return row;
          };
        return (...args: unknown[]) => {
          const next: unknown = value.apply(target, args);
          return typeof next === 'object' && next !== null ? wrap(next) : next;
        };
      },
    });
  const db = new Proxy(deps.db, {
    get(target, key) {
      if (key === 'selectFrom')
        return (table: string) =>
          table === 'employees' ? wrap(target.selectFrom(table as 'employees')) : target.selectFrom(table as never);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...deps, db };
}

describe('e-mail change confirmed while it is being cancelled', () => {
  it('changes nothing, ends no session and tells nobody when the cancel lands between the read and the write', async () => {
    const { id } = await server.user(tenantId, { email: 'race@acme.example', roles: ['Employee'] });
    const session = (await signInWith('race@acme.example')).body;
    await admin.patch(`/api/employees/${id}`, { email: 'race-new@acme.example' });
    const code = codeFrom((await lastEmail(server, 'race-new@acme.example'))?.body);
    const noticeBefore = (await lastEmail(server, 'race@acme.example'))?.id;
    const cancel = () => admin.patch(`/api/employees/${id}`, { email: 'race@acme.example' });
    const deps = withMeanwhile(server.deps, cancel);
    await expect(confirmEmailChange(deps, { email: 'race-new@acme.example', code })).rejects.toMatchObject({
      code: 'INVALID_CODE',
    });
    expect(await employeeRow(id)).toMatchObject({ email: 'race@acme.example', pendingEmail: null });
    expect((await lastEmail(server, 'race@acme.example'))?.id).toBe(noticeBefore);
    const refresh = await server
      .api()
      .post('/api/auth/refresh', { refreshToken: session.refreshToken, client: 'desktop' });
    expect(refresh.status).toBe(200);
  });
});

describe('the last account holding every permission (item 1)', () => {
  it('cannot be demoted, or emptied through its role, while a second one can', async () => {
    const { id: secondId } = await server.user(tenantId, { email: 'second@acme.example', roles: ['Administrator'] });
    // Two full accounts: one may demote the other.
    expect((await admin.patch(`/api/employees/${secondId}`, { roleIds: [roleIds.get('HR')] })).status).toBe(200);
    // Now the administrator is the last: demoting oneself is refused.
    const self = await admin.patch(`/api/employees/${adminId}`, { roleIds: [roleIds.get('HR')] });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('LAST_FULL_ADMINISTRATOR');
    const adminRole = roleIds.get('Administrator')!;
    const grantsBefore = await grantsOf(adminRole);
    const strip = await admin.patch(`/api/roles/${adminRole}`, { permissions: [] });
    expect(strip.status).toBe(409);
    expect(strip.body.error.code).toBe('LAST_FULL_ADMINISTRATOR');
    expect(await grantsOf(adminRole)).toEqual(grantsBefore);
    expect(await rolesOf(adminId)).toEqual([adminRole]);
  });
  // Deactivation is guarded by the same check, but no request reaches it: deactivating a full account takes
  // a caller holding every permission (the hierarchy), who is then another active full account, or oneself
  // (CANNOT_DEACTIVATE_SELF).
});

describe('role grants (item 6)', () => {
  let editor: Api;
  const editorGrants: PermissionName[] = ['view-roles', 'add-role', 'edit-role', 'view-employees', 'view-profile'];

  beforeAll(async () => {
    await server.user(tenantId, { email: 'editor@acme.example', grants: editorGrants });
    editor = server.api(await server.signIn('editor@acme.example'));
  });

  it('does not let a role editor make a role they could not grant the default', async () => {
    const res = await editor.patch(`/api/roles/${roleIds.get('Administrator')}`, { isDefault: true });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
    const defaults = await defaultRoles(server.db, tenantId);
    expect(defaults).toEqual([{ name: 'Employee' }]);
  });

  it('treats the activity keys the server acts on (give_badge, …) as grants; the others open screens only', async () => {
    // The editor holds no activity key: a screen's key is theirs to hand out, an acting one is not.
    const screens = await editor.post('/api/roles', { name: 'Screens', permissions: [], activities: ['team_members'] });
    expect(screens.status).toBe(201);
    const acting = await editor.post('/api/roles', { name: 'Peers', permissions: [], activities: ['give_badge'] });
    expect(acting.status).toBe(403);
    expect(acting.body.error).toMatchObject({ code: 'GRANT_EXCEEDS_OWN', details: { permissions: ['give_badge'] } });
    const added = await editor.patch(`/api/roles/${screens.body.id}`, { activities: ['team_members', 'give_badge'] });
    expect(added.status).toBe(403);
    const employeeRole = roleIds.get('Employee')!;
    // Taking one away is a grant too (the Employee role has give_contribution and recommendations).
    const removed = await editor.patch(`/api/roles/${employeeRole}`, { activities: [] });
    expect(removed.status).toBe(403);
    expect(removed.body.error.details.permissions).toEqual(['give_contribution', 'recommendations']);
    // Someone who holds the key may hand it out.
    await server.user(tenantId, {
      email: 'editor2@acme.example',
      grants: editorGrants,
      activities: ['give_badge'],
    });
    const holder = server.api(await server.signIn('editor2@acme.example'));
    expect((await holder.patch(`/api/roles/${screens.body.id}`, { activities: ['give_badge'] })).status).toBe(200);
  });

  it('does not let a role editor remove permissions they do not hold', async () => {
    const adminRole = roleIds.get('Administrator')!;
    const before = await grantsOf(adminRole);
    const res = await editor.patch(`/api/roles/${adminRole}`, { permissions: editorGrants });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
    expect(res.body.error.details.permissions).toContain('edit-tenant-settings');
    expect(await grantsOf(adminRole)).toEqual(before);
  });

  it('does not let a role editor change the grants of a role held by someone above them', async () => {
    const adminRole = roleIds.get('Administrator')!;
    const before = await grantsOf(adminRole);
    const res = await editor.patch(`/api/roles/${adminRole}`, {
      permissions: PERMISSION_NAMES.filter((p) => p !== 'view-employees'),
    });
    expect(res.status).toBe(403);
    expect(await grantsOf(adminRole)).toEqual(before);
    // Renaming is not a grant: it stays open to the editor.
    expect((await editor.patch(`/api/roles/${adminRole}`, { description: 'All of it' })).status).toBe(200);
  });

  it('lets a role editor manage roles within their own permissions', async () => {
    const created = await editor.post('/api/roles', { name: 'Readers', permissions: ['view-profile'] });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await editor.patch(`/api/roles/${id}`, { permissions: ['view-profile', 'view-employees'] })).status).toBe(
      200,
    );
    expect((await editor.patch(`/api/roles/${id}`, { isDefault: true })).status).toBe(200);
    expect((await admin.patch(`/api/roles/${roleIds.get('Employee')}`, { isDefault: true })).status).toBe(200);
  });
});
