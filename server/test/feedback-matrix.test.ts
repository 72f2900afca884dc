/**
 * The responsibility matrix over real HTTP on both engines (docs/feedback.md "Responsibility matrix"):
 * exact counts on factory data, period boundaries in the tenant's zone, flags, visibility, suggestions,
 * the team view and the company CSV with their permissions, and the settings' validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyMatrix, TeamMatrix } from '../../shared/contracts/feedback-matrix.js';
import { periodOf } from '../../shared/feedback-matrix.js';
import { localDate } from '../../shared/time.js';
import { colleagues } from './feedback-world.js';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type TestServer } from './harness.js';

type People = 'ann' | 'bob' | 'cem' | 'lead' | 'hr' | 'admin' | 'outsider' | 'solo' | 'watcher';
let server: TestServer;
let org: Organisation<People, 'Alpha' | 'Zeta' | 'Solo'>;

beforeAll(async () => {
  server = await startServer();
  org = await organisation(server, {
    people: {
      ...colleagues,
      admin: { roles: ['Administrator'], language: 'fr' },
      outsider: ['Employee'],
      solo: ['Employee'],
      // Sees the matrix of their team but reads no one's feedback but their own.
      watcher: { grants: ['view-responsibility-matrix', 'view-given-feedback', 'view-received-feedback'] },
    },
    teams: { Zeta: ['ann', 'outsider'], Alpha: ['ann', 'bob', 'cem', 'lead', 'watcher'], Solo: ['solo'] },
  });
  const { f } = org;
  const p = org.people;
  await f.setting('tenant_timezone', 'Asia/Karachi'); // UTC+5: March 2026 is [02-28T19:00Z, 03-31T19:00Z)
  const gift = (giver: People, receivers: People[], createdAt: string, each = {}) =>
    f.feedback({ giverId: p[giver].id, receiverIds: receivers.map((r) => p[r].id), createdAt, each });
  await gift('ann', ['bob', 'cem'], '2026-03-01T10:00:00.000Z');
  await gift('ann', ['bob'], '2026-02-28T19:00:00.000Z'); // 1 March 00:00 in Karachi: in
  await gift('ann', ['bob'], '2026-02-28T18:59:59.000Z'); // 28 February 23:59:59: out
  await gift('ann', ['cem'], '2026-03-31T18:59:59.000Z'); // 31 March 23:59:59: in
  await gift('ann', ['cem'], '2026-03-31T19:00:00.000Z'); // 1 April: out
  await gift('ann', ['outsider'], '2026-03-10T08:00:00.000Z'); // Zeta, not Alpha
  await gift('ann', ['bob'], '2026-03-05T08:00:00.000Z', { flagStatus: 'pending' }); // hidden by a flag
  await gift('ann', ['hr'], '2026-03-05T08:00:00.000Z'); // to someone of no team of hers
  await gift('bob', ['ann'], '2026-03-05T08:00:00.000Z');
  await gift('cem', ['ann'], '2026-03-06T08:00:00.000Z');
  await gift('cem', ['ann'], '2026-03-07T08:00:00.000Z');
  await gift('lead', ['bob'], '2026-03-08T08:00:00.000Z');
});
afterAll(() => server.close());

const mine = async (as: People, date = '2026-03-15') =>
  (await org.people[as].api.get<MyMatrix>(`/api/feedback-matrix/mine?date=${date}`)).body;
const teams = async (as: People, date = '2026-03-15') =>
  (await org.people[as].api.get<TeamMatrix>(`/api/feedback-matrix/teams?date=${date}`)).body;

describe('my responsibility matrix', () => {
  it('counts the period’s feedback to teammates per team, by team name, with the boundaries in the tenant’s zone', async () => {
    const m = await mine('ann');
    expect(m.period).toEqual({ kind: 'month', start: '2026-03-01', end: '2026-03-31', index: 5 });
    expect(m.teams.map((t) => [t.name, t.memberCount, t.expected, t.given, t.remaining])).toEqual([
      ['Alpha', 5, 5, 4, 1],
      ['Zeta', 2, 5, 1, 4],
    ]);
    const alpha = m.teams[0]!;
    expect(alpha.teammates.map((t) => [t.name, t.givenTo, t.receivedFrom])).toEqual([
      ['BOB', 2, 1],
      ['CEM', 2, 2],
      ['LEAD', 0, 0],
      ['WATCHER', 0, 0],
    ]);
  });

  it('suggests giving to the teammate given least (while some remain) and asking the one heard least from', async () => {
    const m = await mine('ann');
    expect(m.suggestions.map((s) => [s.type, s.employee.name, s.team.name, s.count])).toEqual([
      ['GIVE_FEEDBACK', 'LEAD', 'Alpha', 0],
      ['GIVE_FEEDBACK', 'OUTSIDER', 'Zeta', 1],
      ['ASK_FOR_FEEDBACK', 'LEAD', 'Alpha', 0],
      ['ASK_FOR_FEEDBACK', 'OUTSIDER', 'Zeta', 0],
    ]);
  });

  it('moves with the period: the day before and after the month, and the week setting', async () => {
    const feb = await mine('ann', '2026-02-28');
    expect(feb.period).toMatchObject({ start: '2026-02-01', end: '2026-02-28' });
    expect(feb.teams.find((t) => t.name === 'Alpha')?.given).toBe(1);
    const apr = await mine('ann', '2026-04-01');
    expect(apr.teams.find((t) => t.name === 'Alpha')?.given).toBe(1);

    await org.f.setting('responsibilityMatrixPeriod', 'week');
    await org.f.setting('responsibilityMatrixIndex', 2);
    try {
      // Monday 2 to Sunday 8 March: ann's only gift to Alpha that week is none; the flagged one does not count.
      const week = await mine('ann', '2026-03-04');
      expect(week.period).toEqual({ kind: 'week', start: '2026-03-02', end: '2026-03-08', index: 2 });
      expect(week.teams.map((t) => [t.name, t.expected, t.given, t.remaining])).toEqual([
        ['Alpha', 2, 0, 2],
        ['Zeta', 2, 0, 2],
      ]);
      // Sunday 1 March (local) belongs to the week before, with the gift of 28 February at 23:59:59 local.
      const before = await mine('ann', '2026-03-01');
      expect(before.period).toMatchObject({ start: '2026-02-23', end: '2026-03-01' });
      expect(before.teams.find((t) => t.name === 'Alpha')?.given).toBe(4);
    } finally {
      await org.f.setting('responsibilityMatrixPeriod', 'month');
      await org.f.setting('responsibilityMatrixIndex', 5);
    }
  });

  it('defaults to the period of today in the tenant’s zone', async () => {
    const m = (await org.people.ann.api.get<MyMatrix>('/api/feedback-matrix/mine')).body;
    const today = localDate(new Date(), 'Asia/Karachi');
    expect(m.period).toMatchObject(periodOf(today, 'month'));
  });

  it('expects nothing in a team of one and suggests nothing there; no team, no rows', async () => {
    const solo = await mine('solo');
    expect(solo.teams).toEqual([
      { id: org.teams.Solo.id, name: 'Solo', memberCount: 1, expected: 0, given: 0, remaining: 0, teammates: [] },
    ]);
    expect(solo.suggestions).toEqual([]);
    expect((await mine('hr')).teams).toEqual([]);
  });

  it('refuses a bad date naming the field', async () => {
    const res = await org.people.ann.api.get('/api/feedback-matrix/mine?date=2026-02-30');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('querystring.date');
  });
});

describe('the team view', () => {
  it('lists every member of the lead’s teams with exact counts and totals', async () => {
    const m = await teams('lead');
    expect(m.teams).toHaveLength(1);
    const alpha = m.teams[0]!;
    expect(alpha).toMatchObject({ name: 'Alpha', totalCount: 25, givenCount: 8, remainingCount: 17 });
    expect(alpha.members.map((r) => [r.name, r.expected, r.given, r.remaining, r.isMe])).toEqual([
      ['ANN', 5, 4, 1, false],
      ['BOB', 5, 1, 4, false],
      ['CEM', 5, 2, 3, false],
      ['LEAD', 5, 1, 4, true],
      ['WATCHER', 5, 0, 5, false],
    ]);
  });

  it('counts only feedback its viewer may read', async () => {
    // The watcher reads no colleague's feedback, so nobody's gifts count for them.
    const alpha = (await teams('watcher')).teams[0]!;
    expect(alpha.givenCount).toBe(0);
    expect(alpha.members.map((r) => r.given)).toEqual([0, 0, 0, 0, 0]);
  });

  it('is refused without view-responsibility-matrix', async () => {
    const res = await org.people.ann.api.get('/api/feedback-matrix/teams');
    expect(res.status).toBe(403);
  });

  it('leaves inactive members out', async () => {
    const gone = await org.f.employee({ name: 'GONE', status: 'inactive', teamIds: [org.teams.Alpha.id] });
    try {
      const alpha = (await teams('lead')).teams[0]!;
      expect(alpha.members.map((r) => r.name)).not.toContain('GONE');
      expect(alpha.totalCount).toBe(25);
    } finally {
      await server.db.deleteFrom('teamMembers').where('employeeId', '=', gone.id).execute();
    }
  });
});

describe('the company report', () => {
  it('is a CSV of every team’s members in the caller’s language', async () => {
    const res = await org.people.admin.api.get('/api/reports/responsibility-matrix?date=2026-03-15');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      'teambeat-responsibility-matrix-2026-03-01-to-2026-03-31.csv',
    );
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const d = org.domain;
    expect(lines).toEqual([
      'Équipe,Employé,E-mail,Début de période,Fin de période,Attendus,Donnés,Restants',
      `Alpha,ANN,ann@${d},2026-03-01,2026-03-31,5,4,1`,
      `Alpha,BOB,bob@${d},2026-03-01,2026-03-31,5,1,4`,
      `Alpha,CEM,cem@${d},2026-03-01,2026-03-31,5,2,3`,
      `Alpha,LEAD,lead@${d},2026-03-01,2026-03-31,5,1,4`,
      `Alpha,WATCHER,watcher@${d},2026-03-01,2026-03-31,5,0,5`,
      `Solo,SOLO,solo@${d},2026-03-01,2026-03-31,0,0,0`,
      `Zeta,ANN,ann@${d},2026-03-01,2026-03-31,5,1,4`,
      `Zeta,OUTSIDER,outsider@${d},2026-03-01,2026-03-31,5,0,5`,
    ]);
  });

  it('is refused without download-responsibility-matrix-report, HR included', async () => {
    expect((await org.people.hr.api.get('/api/reports/responsibility-matrix')).status).toBe(403);
    expect((await org.people.lead.api.get('/api/reports/responsibility-matrix')).status).toBe(403);
  });

  it('never counts another tenant’s teams or feedback', async () => {
    const other = await organisation(server, {
      people: { x: ['Employee'], y: ['Employee'] },
      teams: { Alpha: ['x', 'y'] },
    });
    await other.f.feedback({
      giverId: other.people.x.id,
      receiverIds: [other.people.y.id],
      createdAt: '2026-03-10T08:00:00.000Z',
    });
    const res = await org.people.admin.api.get('/api/reports/responsibility-matrix?date=2026-03-15');
    expect(String(res.body)).not.toContain(other.domain);
    expect((await teams('lead')).teams[0]!.givenCount).toBe(8);
  });
});

describe('the settings', () => {
  it('are saved by the tenant settings and refused out of range, naming the field', async () => {
    const bad = await org.people.admin.api.patch('/api/tenant', { settings: { responsibilityMatrixIndex: -1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('responsibilityMatrixIndex');
    const period = await org.people.admin.api.patch('/api/tenant', {
      settings: { responsibilityMatrixPeriod: 'year' },
    });
    expect(period.status).toBe(400);
    expect(JSON.stringify(period.body)).toContain('responsibilityMatrixPeriod');
    expect((await mine('ann')).period.index).toBe(5);

    const ok = await org.people.admin.api.patch('/api/tenant', {
      settings: { responsibilityMatrixIndex: 3, responsibilityMatrixPeriod: 'quarter' },
    });
    expect(ok.status).toBe(200);
    const m = await mine('ann');
    expect(m.period).toEqual({ kind: 'quarter', start: '2026-01-01', end: '2026-03-31', index: 3 });
    expect(m.teams.map((t) => [t.name, t.expected, t.given, t.remaining])).toEqual([
      ['Alpha', 3, 5, 0],
      ['Zeta', 3, 1, 2],
    ]);
    // Nothing remains in Alpha: no gift suggested there.
    expect(m.suggestions.filter((s) => s.type === 'GIVE_FEEDBACK').map((s) => s.team.name)).toEqual(['Zeta']);
  });
});
