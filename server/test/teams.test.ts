/**
 * The Teams page's API (docs/workforce.md, "Teams"): a team's name, its members with their leads and product
 * owners, and deactivation, which takes a team out of pickers and of team-scoped reach but keeps its members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teammateIds } from '../src/modules/teams/membership.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;
let ann: number;
let bob: number;
let cid: number;

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, admin } = await companyWithAdmin(server));
  ann = (await server.user(tenantId, { email: 'ann@acme.example', name: 'Ann Archer', roles: ['Employee'] })).id;
  bob = (await server.user(tenantId, { email: 'bob@acme.example', name: 'Bob Baker', roles: ['Employee'] })).id;
  cid = (await server.user(tenantId, { email: 'cid@acme.example', name: 'Cid Cole', roles: ['Employee'] })).id;
});
afterAll(() => server.close());

const teamRow = (id: number) =>
  server.db.selectFrom('teams').select(['name', 'isActive']).where('id', '=', id).executeTakeFirstOrThrow();
const roles = (teamId: number) =>
  server.db
    .selectFrom('teamMembers')
    .select(['employeeId', 'role'])
    .where('teamId', '=', teamId)
    .orderBy('employeeId')
    .execute();

describe('team members and their roles', () => {
  it('names leads and product owners, keeps them when roles are not sent, and resets the rest', async () => {
    const team = (await admin.post('/api/teams', { name: 'Falcons' })).body;
    expect(team).toMatchObject({ name: 'Falcons', isActive: true, memberCount: 0, members: [] });

    const saved = await admin.put(`/api/teams/${team.id}/members`, {
      employeeIds: [ann, bob, cid],
      leadIds: [ann],
      productOwnerIds: [bob],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.memberCount).toBe(3);
    expect(saved.body.members).toEqual([
      { id: ann, name: 'Ann Archer', role: 'lead' },
      { id: bob, name: 'Bob Baker', role: 'product-owner' },
      { id: cid, name: 'Cid Cole', role: 'member' },
    ]);

    // Members only: the ones kept keep their role.
    const kept = await admin.put(`/api/teams/${team.id}/members`, { employeeIds: [ann, bob] });
    expect(kept.body.members).toEqual([
      { id: ann, name: 'Ann Archer', role: 'lead' },
      { id: bob, name: 'Bob Baker', role: 'product-owner' },
    ]);

    // Roles sent: whoever is not named becomes a plain member.
    const swapped = await admin.put(`/api/teams/${team.id}/members`, {
      employeeIds: [ann, bob],
      leadIds: [bob],
      productOwnerIds: [],
    });
    expect(swapped.body.members).toEqual([
      { id: ann, name: 'Ann Archer', role: 'member' },
      { id: bob, name: 'Bob Baker', role: 'lead' },
    ]);

    const listed = await admin.get('/api/teams?searchText=falcons');
    expect(listed.body.items).toEqual([expect.objectContaining({ id: team.id, members: swapped.body.members })]);
  });

  it('refuses a lead who is not a member, or one both lead and product owner, and changes nothing', async () => {
    const team = (await admin.post('/api/teams', { name: 'Owls' })).body;
    await admin.put(`/api/teams/${team.id}/members`, { employeeIds: [ann], leadIds: [ann] });
    const before = await roles(team.id);
    expect(before).toEqual([{ employeeId: ann, role: 'lead' }]);

    const outsider = await admin.put(`/api/teams/${team.id}/members`, { employeeIds: [ann], leadIds: [bob] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.details.fields).toEqual([
      { path: 'body.leadIds', message: 'A lead or product owner must be a member of the team.' },
    ]);

    const twice = await admin.put(`/api/teams/${team.id}/members`, {
      employeeIds: [ann, bob],
      leadIds: [ann],
      productOwnerIds: [ann],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details.fields).toEqual([
      { path: 'body.productOwnerIds', message: 'A member is either a lead or a product owner, not both.' },
    ]);
    expect(await roles(team.id)).toEqual(before);
  });

  it('refuses an empty or duplicate name on rename, changing nothing', async () => {
    const team = (await admin.post('/api/teams', { name: 'Herons' })).body;
    await admin.post('/api/teams', { name: 'Storks' });
    const empty = await admin.patch(`/api/teams/${team.id}`, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields[0].path).toBe('body.name');
    const duplicate = await admin.patch(`/api/teams/${team.id}`, { name: 'Storks' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.details.fields[0]).toEqual({
      path: 'body.name',
      message: 'A team with this name already exists.',
    });
    expect(await teamRow(team.id)).toEqual({ name: 'Herons', isActive: 1 });
  });
});

describe('deactivation', () => {
  it('takes a team out of the default list and of team reach, keeps its members, and reactivates', async () => {
    const team = (await admin.post('/api/teams', { name: 'Swifts' })).body;
    await admin.put(`/api/teams/${team.id}/members`, { employeeIds: [ann, cid], leadIds: [ann] });
    expect([...(await teammateIds(server.db, tenantId, ann))].includes(cid)).toBe(true);

    const off = await admin.patch(`/api/teams/${team.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ name: 'Swifts', isActive: false, memberCount: 2 });
    expect(off.body.members).toEqual([
      { id: ann, name: 'Ann Archer', role: 'lead' },
      { id: cid, name: 'Cid Cole', role: 'member' },
    ]);

    const active = await admin.get('/api/teams?searchText=swifts');
    expect(active.body).toEqual({ items: [], total: 0 });
    const inactive = await admin.get('/api/teams?searchText=swifts&state=inactive');
    expect(inactive.body.items.map((t: { id: number }) => t.id)).toEqual([team.id]);
    const all = await admin.get('/api/teams?searchText=swifts&state=all');
    expect(all.body.items.map((t: { isActive: boolean }) => t.isActive)).toEqual([false]);
    // Ann and Cid share no other team: they are no longer teammates.
    expect([...(await teammateIds(server.db, tenantId, ann))].includes(cid)).toBe(false);

    const on = await admin.patch(`/api/teams/${team.id}`, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect([...(await teammateIds(server.db, tenantId, ann))].includes(cid)).toBe(true);
    const bad = await admin.get('/api/teams?state=sleeping');
    expect(bad.status).toBe(400);
  });

  it('is refused without edit-team, and a team of another company is not found', async () => {
    const team = (await admin.post('/api/teams', { name: 'Wrens' })).body;
    const employee = server.api(await server.signIn('bob@acme.example'));
    expect((await employee.patch(`/api/teams/${team.id}`, { isActive: false })).status).toBe(403);
    const other = await companyWithAdmin(server, 'Other', 'other.example');
    expect((await other.admin.patch(`/api/teams/${team.id}`, { isActive: false })).status).toBe(404);
    expect((await other.admin.put(`/api/teams/${team.id}/members`, { employeeIds: [], leadIds: [] })).status).toBe(404);
    expect(await teamRow(team.id)).toEqual({ name: 'Wrens', isActive: 1 });
  });
});
