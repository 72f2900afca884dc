/**
 * Project and sprint feedback (docs/projects.md, "Project and sprint feedback"): a client link's life (made,
 * e-mailed, opened and submitted once without an account, refused once used, expired or revoked, another
 * tenant's never reached), two submits at once, only the token's hash stored, who may ask and rate, bad input
 * named by field, the sprint graph's averages and the CSV. Both engines, a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../shared/permissions.js';
import { companyWithAdmin, lastEmail, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let admin: Api;
let tenantId: number;

let owner: { id: number; api: Api };
let client: { id: number; email: string };
let otherClient: { id: number; email: string };
let developer: { id: number };
let projectId: number;
let sprints: number[];
let pbiId: number;

async function as(email: string, grants: PermissionName[]) {
  const user = await server.user(tenantId, { email, grants });
  return { ...user, api: server.api(await server.signIn(email)) };
}

async function setMembers(members: { employeeId: number; role: 'product-owner' | 'member' }[]) {
  const res = await admin.put(`/api/projects/${projectId}/members`, {
    members: members.map((m) => ({ ...m, allocation: 0 })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://teambeat.acme.example' });
  ({ tenantId, admin } = await companyWithAdmin(server));
  const f = server.factories(tenantId);
  owner = await as('po@acme.example', [
    'view-projects',
    'view-project-feedback',
    'view-client-feedback',
    'give-project-feedback',
    'request-client-feedback',
    'download-project-feedback',
  ]);
  client = await f.employee({ name: 'Clara Client', email: 'clara@acme.example', roles: ['Client'] });
  otherClient = await f.employee({ name: 'Carl Client', email: 'carl@acme.example', roles: ['Client'] });
  developer = await f.employee({ name: 'Dev Eloper', email: 'dev@acme.example', roles: ['Employee'] });
  const project = await admin.post('/api/projects', {
    name: 'Client portal',
    url: 'portal.acme.example',
    key: 'CP',
    type: 'fixed-scope',
  });
  projectId = project.body.id;
  await setMembers([
    { employeeId: owner.id, role: 'product-owner' },
    { employeeId: client.id, role: 'member' },
    { employeeId: otherClient.id, role: 'member' },
    { employeeId: developer.id, role: 'member' },
  ]);
  sprints = [];
  for (const [i, start] of ['2026-01-05', '2026-01-19', '2026-02-02'].entries()) {
    const res = await admin.post(`/api/projects/${projectId}/sprints`, {
      name: `Sprint ${i + 1}`,
      goal: 'Ship it',
      startDate: start,
      endDate: start.replace(/-(\d\d)$/, (_m, d: string) => `-${String(Number(d) + 11).padStart(2, '0')}`),
      status: 'closed',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    sprints.push(res.body.id);
  }
  const at = new Date().toISOString();
  pbiId = (
    await server.db
      .insertInto('projectPbis')
      .values({
        tenantId,
        projectId,
        sprintId: sprints[1]!,
        trackerRef: 'CP-7',
        name: 'Invoice export',
        type: 'Story',
        status: 'done',
        trackerStateName: 'Done',
        url: 'https://portal.acme.example/browse/CP-7',
        completedAt: at,
        syncedAt: at,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => server.close());

const tokenOf = (url: string) => url.split('/').pop()!;

async function newLink(body: Record<string, unknown>, api: Api = owner.api) {
  const res = await api.post(`/api/projects/${projectId}/client-links`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; url: string; state: string; expiresAt: string; createdAt: string };
}

const ratings = { overall: 4, quality: 5, valueForMoney: 3, comment: 'Good sprint.' };

describe('a client link', () => {
  it('is made for a client of the project, e-mailed, opened and submitted once without an account', async () => {
    const link = await newLink({ clientId: client.id, sprintId: sprints[0] });
    expect(link.state).toBe('pending');
    expect(link.url).toMatch(/^https:\/\/teambeat\.acme\.example\/client-feedback\/[A-Za-z0-9_-]{43}$/);
    // 14 days.
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    const mail = await lastEmail(server, 'clara@acme.example');
    expect(mail?.body).toContain(link.url);
    expect(mail?.body).toContain('Sprint 1');

    const token = tokenOf(link.url);
    const opened = await server.api().get(`/api/client-feedback/${token}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      company: 'Acme',
      project: 'Client portal',
      sprint: 'Sprint 1',
      pbi: null,
      client: 'Clara Client',
    });

    const sent = await server.api().post(`/api/client-feedback/${token}`, ratings);
    expect(sent.status, JSON.stringify(sent.body)).toBe(204);
    const again = await server.api().post(`/api/client-feedback/${token}`, ratings);
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('CLIENT_LINK_USED');
    const reopened = await server.api().get(`/api/client-feedback/${token}`);
    expect(reopened.status).toBe(410);
    expect(reopened.body.error.code).toBe('CLIENT_LINK_USED');

    const stored = await server.db
      .selectFrom('projectFeedback')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('giverId', '=', client.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ source: 'client', sprintId: sprints[0], pbiId: null, overall: 4, quality: 5 });
    const links = (await owner.api.get(`/api/projects/${projectId}/client-links`)).body.items;
    expect(links.find((l: { id: number }) => l.id === link.id)).toMatchObject({ state: 'used' });
    // A second link for what the client already rated is refused.
    const twice = await owner.api.post(`/api/projects/${projectId}/client-links`, {
      clientId: client.id,
      sprintId: sprints[0],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('CLIENT_FEEDBACK_GIVEN');
  });

  it('keeps only the hash of its token, never the token', async () => {
    const link = await newLink({ clientId: otherClient.id, sprintId: sprints[2] });
    const token = tokenOf(link.url);
    const row = await server.db
      .selectFrom('clientFeedbackLinks')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);
    // Nor does the list answer it.
    const list = await owner.api.get(`/api/projects/${projectId}/client-links`);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('answers 404 for an unknown token, and a revoked or expired one says so', async () => {
    const unknown = await server.api().get(`/api/client-feedback/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    const malformed = await server.api().get('/api/client-feedback/short');
    expect(malformed.status).toBe(400);

    const revoked = await newLink({ clientId: otherClient.id, sprintId: sprints[1] });
    const withdrawn = await owner.api.delete(`/api/projects/${projectId}/client-links/${revoked.id}`);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.state).toBe('revoked');
    const opened = await server.api().get(`/api/client-feedback/${tokenOf(revoked.url)}`);
    expect(opened.status).toBe(410);
    expect(opened.body.error.code).toBe('CLIENT_LINK_REVOKED');
    const posted = await server.api().post(`/api/client-feedback/${tokenOf(revoked.url)}`, ratings);
    expect(posted.body.error.code).toBe('CLIENT_LINK_REVOKED');

    // Past its 14 days (the row's expiry moved back, so every session stays valid).
    const expiring = await newLink({ clientId: otherClient.id, sprintId: sprints[1] });
    await server.db
      .updateTable('clientFeedbackLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    const late = await server.api().post(`/api/client-feedback/${tokenOf(expiring.url)}`, ratings);
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('CLIENT_LINK_EXPIRED');
    expect((await server.api().get(`/api/client-feedback/${tokenOf(expiring.url)}`)).body.error.code).toBe(
      'CLIENT_LINK_EXPIRED',
    );
    const links = (await owner.api.get(`/api/projects/${projectId}/client-links`)).body.items;
    expect(links.find((l: { id: number }) => l.id === expiring.id).state).toBe('expired');
  });

  it('revokes a pending link when a new one is made for the same client and sprint; a used one stays', async () => {
    const first = await newLink({ clientId: otherClient.id, sprintId: sprints[0], pbiId: null });
    const second = await newLink({ clientId: otherClient.id, sprintId: sprints[0] });
    expect((await server.api().get(`/api/client-feedback/${tokenOf(first.url)}`)).body.error.code).toBe(
      'CLIENT_LINK_REVOKED',
    );
    expect((await server.api().post(`/api/client-feedback/${tokenOf(second.url)}`, ratings)).status).toBe(204);
    const revokeUsed = await owner.api.delete(`/api/projects/${projectId}/client-links/${second.id}`);
    expect(revokeUsed.status).toBe(409);
    expect(revokeUsed.body.error.code).toBe('CLIENT_LINK_NOT_PENDING');
  });

  it('keeps exactly one feedback of two submits at once', async () => {
    const pbiLink = await newLink({ clientId: client.id, sprintId: sprints[1], pbiId });
    const token = tokenOf(pbiLink.url);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => server.api().post(`/api/client-feedback/${token}`, { ...ratings, overall: n })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 410, 410]);
    for (const a of answers.filter((x) => x.status === 410)) expect(a.body.error.code).toBe('CLIENT_LINK_USED');
    const stored = await server.db
      .selectFrom('projectFeedback')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('pbiId', '=', pbiId)
      .where('giverId', '=', client.id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses bad ratings naming the field, and keeps the link', async () => {
    const link = await newLink({ clientId: client.id, sprintId: sprints[2] });
    const token = tokenOf(link.url);
    for (const [body, field] of [
      [{ ...ratings, overall: 6 }, 'body.overall'],
      [{ ...ratings, quality: 0 }, 'body.quality'],
      [{ overall: 3, quality: 3 }, 'body.valueForMoney'],
      [{ ...ratings, valueForMoney: 2.5 }, 'body.valueForMoney'],
      [{ ...ratings, comment: 'x'.repeat(2001) }, 'body.comment'],
    ] as const) {
      const res = await server.api().post(`/api/client-feedback/${token}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await server.api().get(`/api/client-feedback/${token}`)).status).toBe(200);
    expect((await server.api().post(`/api/client-feedback/${token}`, { ...ratings, overall: 2 })).status).toBe(204);
  });

  it('goes only to an active client who is a member of the project, for a sprint and PBI of it', async () => {
    const refuse = async (body: Record<string, unknown>, status: number, field: string) => {
      const res = await owner.api.post(`/api/projects/${projectId}/client-links`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body.error.details.fields[0].path).toBe(field);
    };
    // A developer of the project is not a client; nor is a client outside it.
    await refuse({ clientId: developer.id, sprintId: sprints[0] }, 400, 'body.clientId');
    const outsider = await server
      .factories(tenantId)
      .employee({ name: 'Olga Outside', email: 'olga@acme.example', roles: ['Client'] });
    await refuse({ clientId: outsider.id, sprintId: sprints[0] }, 400, 'body.clientId');
    // A PBI of another sprint.
    await refuse({ clientId: otherClient.id, sprintId: sprints[0], pbiId }, 400, 'body.pbiId');
    const missingSprint = await owner.api.post(`/api/projects/${projectId}/client-links`, {
      clientId: otherClient.id,
      sprintId: 999_999,
    });
    expect(missingSprint.status).toBe(404);
    const clients = (await owner.api.get(`/api/projects/${projectId}/clients`)).body.items;
    expect(clients.map((c: { name: string }) => c.name)).toEqual(['Carl Client', 'Clara Client']);
  });

  it('is never reached from another company', async () => {
    const other = await companyWithAdmin(server, 'Globex', 'globex.example');
    const res = await other.admin.get(`/api/projects/${projectId}/client-links`);
    expect(res.status).toBe(404);
    const link = await newLink({ clientId: otherClient.id, sprintId: sprints[2] });
    const revoke = await other.admin.delete(`/api/projects/${projectId}/client-links/${link.id}`);
    expect(revoke.status).toBe(404);
    const summary = await other.admin.get(`/api/projects/${projectId}/feedback/summary`);
    expect(summary.status).toBe(404);
  });
});

describe('who may ask and rate', () => {
  it('lets only a product owner of the project (or view-all-projects) ask a client', async () => {
    // A member with the permission, not product owner: 403; someone outside the project: 404.
    const member = await as('member@acme.example', [
      'view-projects',
      'request-client-feedback',
      'give-project-feedback',
    ]);
    await setMembers([
      { employeeId: owner.id, role: 'product-owner' },
      { employeeId: client.id, role: 'member' },
      { employeeId: otherClient.id, role: 'member' },
      { employeeId: developer.id, role: 'member' },
      { employeeId: member.id, role: 'member' },
    ]);
    const asMember = await member.api.post(`/api/projects/${projectId}/client-links`, {
      clientId: otherClient.id,
      sprintId: sprints[2],
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('PROJECT_FEEDBACK_NOT_OWNER');
    const rating = await member.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[0],
      ...ratings,
    });
    expect(rating.status).toBe(403);
    const outsider = await as('outsider@acme.example', ['view-projects', 'request-client-feedback']);
    expect((await outsider.api.get(`/api/projects/${projectId}/client-links`)).status).toBe(404);
    const noPermission = await as('noperm@acme.example', ['view-projects']);
    expect((await noPermission.api.get(`/api/projects/${projectId}/client-links`)).status).toBe(403);
    // The administrator (view-all-projects) may.
    expect((await admin.get(`/api/projects/${projectId}/client-links`)).status).toBe(200);
  });

  it('leaves client ratings out for a reader without view-client-feedback', async () => {
    // A client rating of sprint 2 (Carl, through a link) and the owner's own of sprint 1.
    const link = await newLink({ clientId: otherClient.id, sprintId: sprints[1] });
    const seeded = { overall: 1, quality: 2, valueForMoney: 5, comment: 'Late delivery.' };
    expect((await server.api().post(`/api/client-feedback/${tokenOf(link.url)}`, seeded)).status).toBe(204);
    const own = await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[0],
      overall: 2,
      quality: 2,
      valueForMoney: 2,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);

    const reader = await as('reader@acme.example', ['view-projects', 'view-project-feedback', 'view-all-projects']);
    const list = await reader.api.get(`/api/projects/${projectId}/feedback`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ total: 1, items: [own.body] });
    const sprint2 = await reader.api.get(`/api/projects/${projectId}/feedback?sprintId=${sprints[1]}`);
    expect(sprint2.body).toEqual({ total: 0, items: [] });
    const summary = await reader.api.get(`/api/projects/${projectId}/feedback/summary`);
    expect(summary.body.client).toBeNull();
    expect(summary.body.owners).toEqual({ overall: 2, quality: 2, valueForMoney: 2, count: 1 });
    expect(summary.body.count).toBe(1);

    // With view-client-feedback, the same list holds the client ratings, with the link each came through.
    const withClients = await owner.api.get(`/api/projects/${projectId}/feedback?sprintId=${sprints[1]}`);
    // Sprint 2's: Carl's, and Clara's rating of its PBI.
    expect(withClients.body.total).toBe(2);
    const carls = withClients.body.items.filter((f: { giver: { id: number } }) => f.giver.id === otherClient.id);
    expect(carls).toHaveLength(1);
    expect(carls[0]).toMatchObject({
      source: 'client',
      giver: { id: otherClient.id, name: 'Carl Client' },
      sprint: { id: sprints[1], name: 'Sprint 2' },
      pbi: null,
      ...seeded,
      link: { createdBy: { id: owner.id, name: 'po' }, createdAt: link.createdAt },
    });
  });
});

describe('ratings and what is read of them', () => {
  it('keeps one product-owner rating per sprint or PBI, changed in place', async () => {
    const first = await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[0],
      overall: 2,
      quality: 2,
      valueForMoney: 2,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const changed = await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[0],
      overall: 5,
      quality: 3,
      valueForMoney: 4,
      comment: 'Better on second look',
    });
    expect(changed.body).toMatchObject({ id: first.body.id, overall: 5, comment: 'Better on second look' });
    await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[1],
      pbiId,
      overall: 3,
      quality: 3,
      valueForMoney: 3,
    });
    await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[1],
      overall: 3,
      quality: 4,
      valueForMoney: 5,
    });
    const mine = await owner.api.get(`/api/projects/${projectId}/feedback/mine?sprintId=${sprints[0]}`);
    expect(mine.body).toMatchObject({ id: first.body.id, overall: 5 });
    const none = await owner.api.get(`/api/projects/${projectId}/feedback/mine?sprintId=${sprints[2]}`);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    const bad = await owner.api.put(`/api/projects/${projectId}/feedback/mine`, {
      sprintId: sprints[0],
      overall: 'five',
      quality: 3,
      valueForMoney: 3,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toBe('body.overall');
  });

  it('averages each sprint for product owners and clients, against the sprints before it', async () => {
    const res = await owner.api.get(`/api/projects/${projectId}/feedback/summary`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [s1, s2, s3] = res.body.sprints;
    expect([s1.sprint.name, s2.sprint.name, s3.sprint.name]).toEqual(['Sprint 1', 'Sprint 2', 'Sprint 3']);
    // Sprint 1: the owner 5/3/4; clients Clara 4/5/3 and Carl 4/5/3.
    expect(s1.owners).toEqual({ overall: 5, quality: 3, valueForMoney: 4, count: 1 });
    expect(s1.client).toEqual({ overall: 4, quality: 5, valueForMoney: 3, count: 2 });
    expect(s1.pastSprints).toBeNull();
    // Sprint 2: the owner's 3/4/5 on the sprint (the PBI's ratings are not the sprint's).
    expect(s2.owners).toEqual({ overall: 3, quality: 4, valueForMoney: 5, count: 1 });
    expect(s2.client).toEqual({ overall: 1, quality: 2, valueForMoney: 5, count: 1 });
    expect(s2.pastSprints).toEqual({ overall: 4.33, quality: 4.33, valueForMoney: 3.33, count: 3 });
    // Sprint 3: Clara's 2/5/3.
    expect(s3.client).toEqual({ overall: 2, quality: 5, valueForMoney: 3, count: 1 });
    expect(s3.pastSprints.count).toBe(5);
    expect(res.body.owners).toEqual({ overall: 4, quality: 3.5, valueForMoney: 4.5, count: 2 });
    // Every feedback: 3 on sprint 1, 2 on sprint 2, 1 on sprint 3, 2 on the PBI.
    expect(res.body.count).toBe(8);
    const list = await owner.api.get(`/api/projects/${projectId}/feedback?sprintId=${sprints[0]}&source=client`);
    expect(list.body.total).toBe(2);
  });

  it('details a PBI with its feedbacks, participants and averages, and shows them in the PBI View', async () => {
    const res = await owner.api.get(`/api/projects/${projectId}/pbis/${pbiId}/feedback`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pbi).toMatchObject({ refId: 'CP-7', name: 'Invoice export', sprint: { name: 'Sprint 2' } });
    expect(res.body.feedbacks).toHaveLength(2);
    expect(res.body.owners).toMatchObject({ overall: 3, count: 1 });
    expect(res.body.client.count).toBe(1);
    const pbis = await owner.api.get(`/api/projects/${projectId}/pbis`);
    const row = pbis.body.items.find((p: { id: number }) => p.id === pbiId);
    expect(row.overallRating).not.toBeNull();
    expect(row.quality).toBe(4);
    // The columns are project feedback: without its permission none, without view-client-feedback the owners' only.
    const rowFor = async (email: string, grants: PermissionName[]) => {
      const reader = await as(email, grants);
      const list = await reader.api.get(`/api/projects/${projectId}/pbis`);
      expect(list.status).toBe(200);
      return list.body.items.find((p: { id: number }) => p.id === pbiId);
    };
    expect(await rowFor('pbi-member@acme.example', ['view-projects', 'view-all-projects'])).toMatchObject({
      overallRating: null,
      quality: null,
      valueForMoney: null,
    });
    const ownersOnly = await rowFor('pbi-reader@acme.example', [
      'view-projects',
      'view-all-projects',
      'view-project-feedback',
    ]);
    expect(ownersOnly.overallRating).toBe(res.body.owners.overall);
    expect(ownersOnly.quality).toBe(res.body.owners.quality);
  });

  it('downloads the feedbacks as CSV', async () => {
    const res = await owner.api.get(`/api/projects/${projectId}/feedback/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('teambeat-project-feedback.csv');
    const lines = String(res.body).trim().split(/\r\n/);
    expect(lines[0]).toContain('Sprint,PBI,PBI name,Source,Given by,E-mail,Overall,Quality,Value for money');
    expect(lines).toHaveLength(9);
    expect(String(res.body)).toContain('Clara Client');
    const one = await owner.api.get(`/api/projects/${projectId}/feedback/report?sprintId=${sprints[2]}`);
    expect(String(one.body).trim().split(/\r\n/)).toHaveLength(2);
  });
});
