/**
 * Whose task feedback a reader may pick (GET /api/task-feedback/people, docs/projects.md "Task feedback"): a
 * lead with view-task-feedback-team-members lists the active people sharing a team with them, HR with
 * view-task-feedback-all-employees everyone active, never themselves, another company's people or demo
 * people while demo data is off; an employee with neither is refused. Both engines, a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_PEOPLE_LIMIT } from '../../shared/task-feedback.js';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let lead: { id: number; api: Api };
let hr: { id: number; api: Api };
let employee: Api;
const ids = { ada: 0, bea: 0, cid: 0, gone: 0, demo: 0 };

async function signedIn(email: string, options: { roles?: string[]; grants?: ['view-task-feedback-all-employees'] }) {
  const user = await server.user(tenantId, { email, name: email.split('@')[0]!, ...options });
  return { id: user.id, api: server.api(await server.signIn(email)) };
}

type Item = { id: number; name: string };
async function people(api: Api, query = '') {
  const res = await api.get(`/api/task-feedback/people${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Item[];
}

beforeAll(async () => {
  server = await startServer();
  ({ tenantId } = await companyWithAdmin(server, 'Pickco', 'pickco.example'));
  lead = await signedIn('zoe-lead@pickco.example', { roles: ['Team Lead'] });
  hr = await signedIn('hr@pickco.example', { grants: ['view-task-feedback-all-employees'] });
  employee = (await signedIn('emp@pickco.example', { roles: ['Employee'] })).api;
  const f = server.factories(tenantId);
  ids.ada = (await f.employee({ name: 'Ada Teammate' })).id;
  ids.bea = (await f.employee({ name: 'Bea Teammate' })).id;
  ids.cid = (await f.employee({ name: 'Cid Elsewhere' })).id;
  ids.gone = (await f.employee({ name: 'Gus Gone', status: 'inactive' })).id;
  ids.demo = (await f.employee({ name: 'Dee Demo', isDemo: 1 })).id;
  await f.team({ name: 'Web', memberIds: [lead.id, ids.ada, ids.gone, ids.demo] });
  await f.team({ name: 'Shop', memberIds: [lead.id, ids.bea] });
  await f.team({ name: 'Ops', memberIds: [ids.cid] });
  // Another company's teammate-like person: same team name, same kind of name.
  const other = await companyWithAdmin(server, 'Elsewhere', 'elsewhere-pick.example');
  const g = server.factories(other.tenantId);
  const stranger = await g.employee({ name: 'Ada Stranger' });
  await g.team({ name: 'Web', memberIds: [stranger.id] });
});
afterAll(() => server.close());

describe('whose task feedback one may pick', () => {
  it('lists a lead’s active teammates of every team, by name, never the lead', async () => {
    expect(await people(lead.api)).toEqual([
      { id: ids.ada, name: 'Ada Teammate' },
      { id: ids.bea, name: 'Bea Teammate' },
      { id: ids.demo, name: 'Dee Demo' },
    ]);
    // Each listed person's tasks are readable by the lead; someone not listed is refused.
    expect((await lead.api.get(`/api/task-feedback/received?employeeId=${ids.bea}`)).status).toBe(200);
    expect((await lead.api.get(`/api/task-feedback/received?employeeId=${ids.cid}`)).status).toBe(403);
  });

  it('lists everyone active of the company to HR, never HR, nor another company’s people', async () => {
    const names = (await people(hr.api)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Ada Teammate', 'Bea Teammate', 'Cid Elsewhere', 'Dee Demo']));
    expect(names).toContain('zoe-lead');
    expect(names).not.toContain('hr');
    expect(names).not.toContain('Gus Gone');
    expect(names).not.toContain('Ada Stranger');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await people(hr.api)).every((p) => Object.keys(p).sort().join() === 'id,name')).toBe(true);
  });

  it('searches by part of the name, any case, and lists at most the first ones', async () => {
    expect((await people(hr.api, '?search=TEAMMATE')).map((p) => p.id)).toEqual([ids.ada, ids.bea]);
    expect(await people(lead.api, '?search=elsewhere')).toEqual([]);
    expect((await people(hr.api, '?search=%25')).length).toBe(0);
    // An empty search is no search: the same list as without one.
    expect(await people(hr.api, '?search=')).toEqual(await people(hr.api));
    await server.factories(tenantId).employees(TASK_PEOPLE_LIMIT + 5, (i) => ({ name: `Many ${i}` }));
    expect(await people(hr.api, '?search=many')).toHaveLength(TASK_PEOPLE_LIMIT);
  });

  it('hides demo people while demo data is off', async () => {
    const f = server.factories(tenantId);
    await f.setting('isDemoDataDisabled', true);
    try {
      expect((await people(lead.api)).map((p) => p.id)).toEqual([ids.ada, ids.bea]);
      expect((await people(hr.api)).map((p) => p.id)).not.toContain(ids.demo);
    } finally {
      await f.setting('isDemoDataDisabled', false);
    }
  });

  it('refuses an employee with neither level', async () => {
    const res = await employee.get('/api/task-feedback/people');
    expect(res.status).toBe(403);
  });
});
