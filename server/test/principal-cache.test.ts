/**
 * Each API process keeps a caller's permissions under the tenant's `access_version`, which triggers bump
 * on every change to roles, grants and role assignments (migration 0026, `principalLoader` in
 * server/src/http/access.ts). A role change must still apply at once: in the process that made it, in
 * another process on the same database, and when the change comes from outside the API (SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ENGINE, startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';
import { captureQueries, sqlOf } from './queries.js';

let server: TestServer;
/** A second API process on the same database, with its own cache; every query it runs is kept. */
let other: FastifyInstance;
const otherQueries = captureQueries();
/** How many times the second process has read someone's grants. */
const grantReads = () => otherQueries.captured.filter((node) => /"role_grants"/.test(sqlOf(server.db, node))).length;
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

async function version(tenantId: number) {
  const row = await server.db
    .selectFrom('tenants')
    .select('accessVersion')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.accessVersion);
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
});
