/**
 * Each API process keeps a caller's permissions under the tenant's `access_version`, which triggers bump
 * on every change to roles, grants and role assignments (migration 0026, `principalLoader` in
 * server/src/http/access.ts), and the tenant's settings and own row under its `settings_version`, which
 * triggers bump on every change to them (migration 0053, `tenantCache` in tenants/repository.ts). A change
 * must still apply at once: in the process that made it, in another process on the same database, and
 * when the change comes from outside the API (SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { lockTenantRow } from '../src/db/tenant-lock.js';
import { ENGINE, startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';
import { captureQueries, sqlOf } from './queries.js';

let server: TestServer;
/** A second API process on the same database, with its own cache; every query it runs is kept. */
let other: FastifyInstance;
const otherQueries = captureQueries();
/** How many of the second process's queries read `table`. */
const readsOf = (table: string) =>
  otherQueries.captured.filter((node) => sqlOf(server.db, node).includes(`"${table}"`)).length;
/** How many times the second process has read someone's grants. */
const grantReads = () => readsOf('role_grants');
/** How many times the second process has read the settings, and the tenant's own row (its logo's key). */
const settingReads = () => readsOf('tenant_settings');
const tenantRowReads = () => readsOf('logo_key');
let otherUrl: string;
let org: Organisation<'emp' | 'admin', never>;
let employeeRoleId: number;

/** The caller's own received feedback: needs a feedback permission, which the Employee role holds. */
const PROBE = '/api/feedback?direction=received';

async function status(url: string, token: string, path = PROBE) {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

async function version(tenantId: number, column: 'accessVersion' | 'settingsVersion' = 'accessVersion') {
  const row = await server.db.selectFrom('tenants').select(column).where('id', '=', tenantId).executeTakeFirstOrThrow();
  return Number(row[column]);
}

type Me = { tenant: { name: string; logo: string | null; settings: { characterLimit: number } } };

/** GET /api/me of `token` on the server at `url`: the tenant's name, logo and a setting as it answers them. */
async function tenantSeen(url: string, token: string) {
  const res = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const { tenant } = (await res.json()) as Me;
  return { name: tenant.name, logo: tenant.logo, characterLimit: tenant.settings.characterLimit };
}

beforeAll(async () => {
  server = await startServer();
  org = await organisation(server, { people: { emp: ['Employee'], admin: ['Administrator'] } });
  employeeRoleId = org.roleIds.get('Employee')!;
  const config = loadConfig({ LOG_LEVEL: 'silent', RENDERER_DIR: '/nonexistent', VALIDATE_RESPONSES: 'true' });
  ({ app: other } = await buildApp({ config, db: server.db.withPlugin(otherQueries.plugin), engine: ENGINE }));
  otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await other?.close();
  await server?.close();
});

describe('cached permissions', () => {
  it('apply a role change at once, in the process that made it and in another one', async () => {
    // Both processes have read and kept the employee's permissions.
    expect(await status(server.url, org.people.emp.token)).toBe(200);
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);

    const role = await org.people.admin.api.get<{ permissions: string[] }>(`/api/roles/${employeeRoleId}`);
    const changed = await org.people.admin.api.patch(`/api/roles/${employeeRoleId}`, { permissions: [] });
    expect(changed.status).toBe(200);
    expect(await status(otherUrl, org.people.emp.token)).toBe(403);
    expect(await status(server.url, org.people.emp.token)).toBe(403);

    const back = await org.people.admin.api.patch(`/api/roles/${employeeRoleId}`, {
      permissions: role.body.permissions,
    });
    expect(back.status).toBe(200);
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);
    expect(await status(server.url, org.people.emp.token)).toBe(200);
  });

  it('apply grants and role assignments changed outside the API (the database bumps the version)', async () => {
    const { tenantId } = org;
    const emp = org.people.emp;
    expect(await status(server.url, emp.token)).toBe(200);

    const grants = await server.db.selectFrom('roleGrants').selectAll().where('roleId', '=', employeeRoleId).execute();
    await server.db.deleteFrom('roleGrants').where('roleId', '=', employeeRoleId).execute();
    expect(await status(server.url, emp.token)).toBe(403);
    await server.db.insertInto('roleGrants').values(grants).execute();
    expect(await status(server.url, emp.token)).toBe(200);

    await server.db.deleteFrom('employeeRoles').where('employeeId', '=', emp.id).execute();
    expect(await status(server.url, emp.token)).toBe(403);
    await server.db
      .insertInto('employeeRoles')
      .values({ tenantId, employeeId: emp.id, roleId: employeeRoleId })
      .execute();
    expect(await status(server.url, emp.token)).toBe(200);
  });

  it('are read again only when the version moved, and a change moves only its own tenant', async () => {
    const otherOrg = await organisation(server, { people: { someone: ['Employee'] } });
    const before = await version(org.tenantId);
    const otherBefore = await version(otherOrg.tenantId);
    // The second process holds the employee's grants under this version.
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);
    const reads = grantReads();
    expect(reads).toBeGreaterThan(0);

    // Requests and unrelated writes leave it alone, and the grants are not read again.
    await status(server.url, org.people.emp.token);
    await server.db.updateTable('employees').set({ name: 'Renamed' }).where('id', '=', org.people.emp.id).execute();
    expect(await version(org.tenantId)).toBe(before);
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);
    expect(grantReads()).toBe(reads);

    // Each table and each kind of write moves it.
    const role = await server.db
      .insertInto('roles')
      .values({
        tenantId: org.tenantId,
        name: 'Temporary',
        description: null,
        createdAt: '2026-01-01',
        updatedAt: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('roles').set({ name: 'Temporary 2' }).where('id', '=', role.id).execute();
    await server.db
      .insertInto('roleGrants')
      .values({ tenantId: org.tenantId, roleId: role.id, kind: 'activity', name: 'give_badge' })
      .execute();
    await server.db
      .insertInto('employeeRoles')
      .values({ tenantId: org.tenantId, employeeId: org.people.emp.id, roleId: role.id })
      .execute();
    // Deleting the role deletes its grant and assignment by cascade: three more.
    await server.db.deleteFrom('roles').where('id', '=', role.id).execute();
    expect(await version(org.tenantId)).toBe(before + 7);
    expect(await version(otherOrg.tenantId)).toBe(otherBefore);
    // The version moved: the next request reads the grants again, once, and the one after keeps them.
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);
    expect(await status(otherUrl, org.people.emp.token)).toBe(200);
    expect(grantReads()).toBe(reads + 1);
  });

  it('still refuse a deactivated account and an ended session at once', async () => {
    const person = await org.person('leaver', ['Employee']);
    expect(await status(otherUrl, person.token)).toBe(200);
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', person.id).execute();
    expect(await status(otherUrl, person.token)).toBe(401);

    const stays = await org.person('stays', ['Employee']);
    expect(await status(otherUrl, stays.token)).toBe(200);
    await server.db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date().toISOString() })
      .where('employeeId', '=', stays.id)
      .execute();
    expect(await status(otherUrl, stays.token)).toBe(401);
  });

  it('keep the tenant and its settings until they change, and apply a change at once in another process', async () => {
    const { tenantId } = org;
    const emp = org.people.emp.token;
    const seen = await tenantSeen(otherUrl, emp);
    const settings = settingReads();
    const rows = tenantRowReads();
    // Kept: further requests read neither, nor do role changes (another version) make them.
    await tenantSeen(otherUrl, emp);
    const before = await version(tenantId, 'settingsVersion');
    await server.db
      .insertInto('employeeRoles')
      .values({ tenantId, employeeId: org.people.admin.id, roleId: employeeRoleId })
      .execute();
    expect(await version(tenantId, 'settingsVersion')).toBe(before);
    expect(await tenantSeen(otherUrl, emp)).toEqual(seen);
    expect([settingReads(), tenantRowReads()]).toEqual([settings, rows]);

    // Through the API of the first process: a setting and the name, in one request.
    const changed = await org.people.admin.api.patch('/api/tenant', {
      name: 'Renamed Company',
      settings: { characterLimit: seen.characterLimit + 1 },
    });
    expect(changed.status).toBe(200);
    expect(await tenantSeen(otherUrl, emp)).toEqual({
      ...seen,
      name: 'Renamed Company',
      characterLimit: seen.characterLimit + 1,
    });
    const afterApi = [settingReads(), tenantRowReads()];
    await tenantSeen(otherUrl, emp);
    expect([settingReads(), tenantRowReads()]).toEqual(afterApi);

    // Outside the API: a setting's value changed, then removed (back to the default), the row's logo.
    await server.db
      .updateTable('tenantSettings')
      .set({ value: JSON.stringify(seen.characterLimit + 2) })
      .where('tenantId', '=', tenantId)
      .where('key', '=', 'characterLimit')
      .execute();
    expect((await tenantSeen(otherUrl, emp)).characterLimit).toBe(seen.characterLimit + 2);
    await server.db
      .deleteFrom('tenantSettings')
      .where('tenantId', '=', tenantId)
      .where('key', '=', 'characterLimit')
      .execute();
    expect((await tenantSeen(otherUrl, emp)).characterLimit).toBe(seen.characterLimit);
    await server.db
      .updateTable('tenants')
      .set({ logo: 'data:image/png;base64,AAAA' })
      .where('id', '=', tenantId)
      .execute();
    expect((await tenantSeen(otherUrl, emp)).logo).toBe('data:image/png;base64,AAAA');
    await server.db.updateTable('tenants').set({ logo: seen.logo }).where('id', '=', tenantId).execute();
    expect(await tenantSeen(otherUrl, emp)).toEqual({ ...seen, name: 'Renamed Company' });
  });

  it('move the settings version of the changed tenant only, once per change', async () => {
    const otherOrg = await organisation(server, { people: { someone: ['Employee'] } });
    const before = await version(org.tenantId, 'settingsVersion');
    const otherBefore = await version(otherOrg.tenantId, 'settingsVersion');
    const access = await version(org.tenantId);
    const at = { tenantId: org.tenantId, key: 'ratingDeviation', updatedAt: '2026-01-01' };
    await server.db
      .insertInto('tenantSettings')
      .values({ ...at, value: '2' })
      .execute();
    await server.db
      .updateTable('tenantSettings')
      .set({ value: '3' })
      .where('tenantId', '=', org.tenantId)
      .where('key', '=', at.key)
      .execute();
    await server.db
      .deleteFrom('tenantSettings')
      .where('tenantId', '=', org.tenantId)
      .where('key', '=', at.key)
      .execute();
    await server.db.updateTable('tenants').set({ name: 'Another Name' }).where('id', '=', org.tenantId).execute();
    expect(await version(org.tenantId, 'settingsVersion')).toBe(before + 4);
    // The no-op updates that take the tenant's row lock, and a name set to itself, change nothing shown.
    await lockTenantRow(server.db, org.tenantId);
    await server.db.updateTable('tenants').set({ name: 'Another Name' }).where('id', '=', org.tenantId).execute();
    expect(await version(org.tenantId, 'settingsVersion')).toBe(before + 4);
    expect(await version(otherOrg.tenantId, 'settingsVersion')).toBe(otherBefore);
    // Neither version moves the other.
    expect(await version(org.tenantId)).toBe(access);
  });
});
