/**
 * Client feedback links, the hard cases (docs/projects.md, "Project and sprint feedback"): links made at once
 * for the same client and target leave one pending (migration 0041's partial unique index); an expired,
 * never used link is superseded; a client taken off the project or deactivated can no longer use a link; a
 * product owner signed in cannot rate through the client's link; a feedback says which link it came through;
 * the answer says whether the e-mail went (a mail server that is down). Both engines, a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFeedbackRepository } from '../src/modules/project-feedback/repository.js';
import { companyWithAdmin, lastEmail, startServer, type Api, type TestServer } from './harness.js';

type Setup = {
  server: TestServer;
  admin: Api;
  tenantId: number;
  owner: { id: number; api: Api };
  projectId: number;
  sprints: number[];
  members: (extra: number[]) => Promise<void>;
};

/** A company with a product owner and a project of three sprints (`key` tells the projects apart). */
async function setUp(server: TestServer, domain = 'acme.example'): Promise<Setup> {
  const { tenantId, admin } = await companyWithAdmin(server, 'Acme', domain);
  const email = `po@${domain}`;
  const user = await server.user(tenantId, {
    email,
    name: 'Paula Owner',
    grants: ['view-projects', 'view-project-feedback', 'view-client-feedback', 'request-client-feedback'],
  });
  const owner = { id: user.id, api: server.api(await server.signIn(email)) };
  const project = await admin.post('/api/projects', {
    name: 'Client portal',
    url: 'portal.acme.example',
    key: 'CP',
    type: 'fixed-scope',
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const projectId = project.body.id as number;
  const members = async (extra: number[]) => {
    const res = await admin.put(`/api/projects/${projectId}/members`, {
      members: [
        { employeeId: owner.id, role: 'product-owner', allocation: 0 },
        ...extra.map((employeeId) => ({ employeeId, role: 'member', allocation: 0 })),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const sprints: number[] = [];
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
  return { server, admin, tenantId, owner, projectId, sprints, members };
}

const tokenOf = (url: string) => url.split('/').pop()!;
const ratings = { overall: 4, quality: 5, valueForMoney: 3, comment: 'Good sprint.' };

describe('client links', () => {
  let s: Setup;
  let clara: { id: number; email: string };
  let carl: { id: number; email: string };
  let dora: { id: number; email: string };

  beforeAll(async () => {
    const server = await startServer({ PUBLIC_URL: 'https://teambeat.acme.example' });
    s = await setUp(server);
    clara = await server.user(s.tenantId, { email: 'clara@acme.example', name: 'Clara Client', roles: ['Client'] });
    carl = await server.user(s.tenantId, { email: 'carl@acme.example', name: 'Carl Client', roles: ['Client'] });
    dora = await server.user(s.tenantId, { email: 'dora@acme.example', name: 'Dora Client', roles: ['Client'] });
    await s.members([clara.id, carl.id, dora.id]);
  });
  afterAll(() => s.server.close());

  const create = (clientId: number, sprintId: number) =>
    s.owner.api.post(`/api/projects/${s.projectId}/client-links`, { clientId, sprintId });
  const pendingOf = (clientId: number, sprintId: number) =>
    s.server.db
      .selectFrom('clientFeedbackLinks')
      .select('id')
      .where('tenantId', '=', s.tenantId)
      .where('clientId', '=', clientId)
      .where('sprintId', '=', sprintId)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();

  it('leaves exactly one pending link of several made at once; a loser answers 409 CLIENT_LINK_BUSY', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(clara.id, s.sprints[0]!)));
    for (const a of answers) {
      expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
      if (a.status === 409) expect(a.body.error.code).toBe('CLIENT_LINK_BUSY');
    }
    const pending = await pendingOf(clara.id, s.sprints[0]!);
    expect(pending).toHaveLength(1);
    // The pending one is the one made last of those answered 201: the others were superseded.
    const made = answers.filter((a) => a.status === 201).map((a) => a.body.id as number);
    expect(made).toContain(pending[0]!.id);
    const links = (await s.owner.api.get(`/api/projects/${s.projectId}/client-links`)).body.items as {
      id: number;
      state: string;
    }[];
    expect(links.filter((l) => made.includes(l.id) && l.state === 'pending').map((l) => l.id)).toEqual([
      pending[0]!.id,
    ]);
  });

  it('keeps one pending link when a second is made while the first one’s transaction is still open', async () => {
    // Deterministic interleaving: the first transaction has written its link and waits; the second starts
    // meanwhile (on PostgreSQL it runs at once and its insert waits on the index; SQLite runs it after).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const scope = (db: typeof s.server.db) => ({ db, tenantId: s.tenantId, now: () => new Date() });
    const values = (n: number) => ({
      clientId: dora.id,
      sprintId: s.sprints[1]!,
      pbiId: null,
      tokenHash: `race-${n}`,
      createdBy: s.owner.id,
    });
    const first = s.server.db.transaction().execute(async (trx) => {
      const id = await projectFeedbackRepository(scope(trx)).createLink(s.projectId, values(1));
      written();
      await gate;
      return id;
    });
    await wrote;
    const second = s.server.db
      .transaction()
      .execute((trx) => projectFeedbackRepository(scope(trx)).createLink(s.projectId, values(2)))
      .then(
        (id) => ({ id, error: null }),
        (error: unknown) => ({ id: null, error }),
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [firstId, late] = await Promise.all([first, second]);
    const pending = await pendingOf(dora.id, s.sprints[1]!);
    expect(pending).toHaveLength(1);
    if (late.error === null) {
      // Run after the first committed: it superseded it.
      expect(pending[0]!.id).toBe(late.id);
    } else {
      expect(late.error).toMatchObject({ statusCode: 409, code: 'CLIENT_LINK_BUSY' });
      expect(pending[0]!.id).toBe(firstId);
    }
    await s.server.db.deleteFrom('clientFeedbackLinks').where('tokenHash', 'in', ['race-1', 'race-2']).execute();
  });

  it('supersedes an expired link that was never used', async () => {
    const first = await create(carl.id, s.sprints[1]!);
    expect(first.status).toBe(201);
    await s.server.db
      .updateTable('clientFeedbackLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first.body.id)
      .execute();
    const second = await create(carl.id, s.sprints[1]!);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await pendingOf(carl.id, s.sprints[1]!)).map((l) => l.id)).toEqual([second.body.id]);
    const old = await s.server.db
      .selectFrom('clientFeedbackLinks')
      .select(['revokedAt', 'usedAt'])
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    expect(old.usedAt).toBeNull();
    expect(old.revokedAt).not.toBeNull();
  });

  it('stops working for a client taken off the project, and the removal revokes their pending links', async () => {
    const link = await create(dora.id, s.sprints[2]!);
    expect(link.status).toBe(201);
    const token = tokenOf(link.body.url);
    expect((await s.server.api().get(`/api/client-feedback/${token}`)).status).toBe(200);
    // Membership is read when the link is opened, whatever removed it.
    await s.server.db
      .deleteFrom('projectMembers')
      .where('projectId', '=', s.projectId)
      .where('employeeId', '=', dora.id)
      .execute();
    const opened = await s.server.api().get(`/api/client-feedback/${token}`);
    expect(opened.status).toBe(410);
    expect(opened.body.error.code).toBe('CLIENT_LINK_REVOKED');
    const posted = await s.server.api().post(`/api/client-feedback/${token}`, ratings);
    expect(posted.status).toBe(410);
    expect(posted.body.error.code).toBe('CLIENT_LINK_REVOKED');

    // Taken off the team through the API: the pending link is revoked, and shows so.
    await s.members([clara.id, carl.id, dora.id]);
    const again = await create(dora.id, s.sprints[2]!);
    expect(again.status).toBe(201);
    await s.members([clara.id, carl.id]);
    const links = (await s.owner.api.get(`/api/projects/${s.projectId}/client-links`)).body.items as {
      id: number;
      state: string;
    }[];
    expect(links.find((l) => l.id === again.body.id)?.state).toBe('revoked');
    expect((await pendingOf(dora.id, s.sprints[2]!)).length).toBe(0);
    // Clara's link stayed pending: only the removed client's went.
    expect((await pendingOf(clara.id, s.sprints[0]!)).length).toBe(1);
    const reopened = await s.server.api().get(`/api/client-feedback/${tokenOf(again.body.url)}`);
    expect(reopened.body.error.code).toBe('CLIENT_LINK_REVOKED');
  });

  it('stops working for a deactivated client', async () => {
    const link = await create(carl.id, s.sprints[2]!);
    expect(link.status).toBe(201);
    const token = tokenOf(link.body.url);
    await s.server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', carl.id).execute();
    try {
      const opened = await s.server.api().get(`/api/client-feedback/${token}`);
      expect(opened.status).toBe(410);
      expect(opened.body.error.code).toBe('CLIENT_LINK_REVOKED');
      const posted = await s.server.api().post(`/api/client-feedback/${token}`, ratings);
      expect(posted.status).toBe(410);
      expect(posted.body.error.code).toBe('CLIENT_LINK_REVOKED');
    } finally {
      await s.server.db.updateTable('employees').set({ status: 'active' }).where('id', '=', carl.id).execute();
    }
  });

  it('refuses a submit carrying the session of someone other than the client; the client may be signed in', async () => {
    const link = await create(clara.id, s.sprints[1]!);
    expect(link.status).toBe(201);
    const token = tokenOf(link.body.url);
    const asOwner = await s.owner.api.post(`/api/client-feedback/${token}`, ratings);
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.error.code).toBe('CLIENT_LINK_NOT_YOURS');
    // Nothing was stored, and the link still works.
    const stored = await s.server.db
      .selectFrom('projectFeedback')
      .select('id')
      .where('tenantId', '=', s.tenantId)
      .where('sprintId', '=', s.sprints[1]!)
      .execute();
    expect(stored).toEqual([]);
    // A session that was signed out counts for nothing: the page then works as for anyone without one.
    const stale = await s.server.signIn('po@acme.example');
    const { sid } = JSON.parse(Buffer.from(stale.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
    await s.server.db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date().toISOString() })
      .where('familyId', '=', sid)
      .execute();
    const sent = await s.server.api(stale).post(`/api/client-feedback/${token}`, ratings);
    expect(sent.status, JSON.stringify(sent.body)).toBe(204);
    // The client's own session is no one else's.
    const carls = await create(carl.id, s.sprints[1]!);
    expect(carls.status).toBe(201);
    const asCarl = s.server.api(await s.server.signIn('carl@acme.example'));
    const byCarl = await asCarl.post(`/api/client-feedback/${tokenOf(carls.body.url)}`, ratings);
    expect(byCarl.status, JSON.stringify(byCarl.body)).toBe(204);
  });

  it('says which link a client rating came through, and who made it', async () => {
    const link = await create(carl.id, s.sprints[0]!);
    expect(link.status).toBe(201);
    expect((await s.server.api().post(`/api/client-feedback/${tokenOf(link.body.url)}`, ratings)).status).toBe(204);
    const list = await s.owner.api.get(`/api/projects/${s.projectId}/feedback?sprintId=${s.sprints[0]}`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      source: 'client',
      giver: { id: carl.id, name: 'Carl Client' },
      link: { createdBy: { id: s.owner.id, name: 'Paula Owner' }, createdAt: link.body.createdAt },
    });
  });

  it('answers that the e-mail went', async () => {
    const link = await create(dora.id, s.sprints[0]!);
    // Dora is no longer a member: refused. Clara's sprint 3 link is the one made here.
    expect(link.status).toBe(400);
    const made = await create(clara.id, s.sprints[2]!);
    expect(made.status).toBe(201);
    expect(made.body.emailed).toBe(true);
    expect((await lastEmail(s.server, 'clara@acme.example'))?.body).toContain(made.body.url);
  });
});

describe('a client link when the mail server is down', () => {
  it('is made and answered with emailed false, the e-mail kept with its error', async () => {
    const server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://teambeat.acme.example' });
    try {
      const s = await setUp(server, 'down.example');
      const client = await server.user(s.tenantId, { email: 'clara@down.example', roles: ['Client'] });
      await s.members([client.id]);
      const res = await s.owner.api.post(`/api/projects/${s.projectId}/client-links`, {
        clientId: client.id,
        sprintId: s.sprints[0],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.emailed).toBe(false);
      expect(res.body.state).toBe('pending');
      const mail = await lastEmail(server, 'clara@down.example');
      expect(mail?.sentAt).toBeNull();
      expect(mail?.error).toContain('ECONNREFUSED');
      // The link itself works: the product owner passes it on.
      expect((await server.api().get(`/api/client-feedback/${tokenOf(res.body.url)}`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
