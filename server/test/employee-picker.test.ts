/**
 * The employee search the pickers call (GET /api/employees, issue #11): the manager picker asks the server
 * for active people but the one edited (`status`, `exceptId`), so its page of 10 holds 10 it can offer even
 * when inactive people match the search first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Organisation<'admin', never>;
let editedId: number;

type Row = { id: number; name: string; status: string };

beforeAll(async () => {
  server = await startServer();
  org = await organisation(server, { people: { admin: ['Administrator'] } });
  // By name, the inactive Sams and the one edited come first: a page of 10 filtered afterwards held none.
  await org.f.employees(10, (i) => ({ name: `Sam A${i}`, status: 'inactive' }));
  editedId = (await org.f.employee({ name: 'Sam B edited' })).id;
  await org.f.employees(12, (i) => ({ name: `Sam C${String(i).padStart(2, '0')}` }));
});
afterAll(() => server.close());

const pick = async (filters: string) => {
  const res = await org.people.admin.api.get(`/api/employees?searchText=Sam&pageSize=10&orderKey=name${filters}`);
  expect(res.status).toBe(200);
  return res.body as { items: Row[]; total: number };
};

describe('the employee pickers’ search', () => {
  it('leaves out inactive people and the one edited on the server, so a page holds 10 to offer', async () => {
    const all = await pick('');
    expect(all.items.filter((e) => e.status === 'active' && e.id !== editedId)).toHaveLength(0);

    const page = await pick(`&status=active&exceptId=${editedId}`);
    expect(page.items).toHaveLength(10);
    expect(page.items.every((e) => e.status === 'active' && e.id !== editedId)).toBe(true);
    expect(page.total).toBe(12);
    expect(page.items[0]!.name).toBe('Sam C00');

    expect((await pick('&status=active')).total).toBe(13);
    expect((await pick(`&exceptId=${editedId}`)).total).toBe(22);
  });

  it('refuses a malformed exceptId, naming it', async () => {
    const res = await org.people.admin.api.get('/api/employees?exceptId=abc');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('exceptId');
  });
});
