/**
 * Home widgets over real HTTP on both engines (docs/recognition.md "Home"), around a fixed clock in the
 * tenant's zone (Asia/Karachi, UTC+5; Wednesday 18 March 2026, its ISO week from Monday 16 March): the home
 * leaderboard is the company board of 90 days, the streak counts tenant-local ISO weeks and no hidden
 * feedback, the frequency against the matrix, hashtags with their three-givers rule (flagged and hidden
 * demo rows never counting, the table kept in step on edit and delete), top attributes and the employee
 * ranking in pages of 20 with counts shown only as decided, the team ranking, the team percentage over
 * every feedback, permissions, tenant isolation, the stored snapshot dropped by the database when what
 * it counted changes, and every query served by an index.
 */
import { CompiledQuery, createQueryId, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  EmployeeRanking,
  GivingFrequency,
  GivingStreak,
  HashtagList,
  TeamPercentageTrend,
  TeamRanking,
  TopAttributes,
} from '../../shared/contracts/home.js';
import type { Leaderboard } from '../../shared/contracts/leaderboards.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { homeRepository } from '../src/modules/home/repository.js';
import { createTenant } from './factories.js';
import { createTestDatabase, ENGINE, startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

type People = 'ann' | 'bob' | 'cem' | 'dan' | 'lead' | 'hr' | 'quiet';
const NOW = new Date('2026-03-18T10:00:00.000Z');
let server: TestServer;
let org: Organisation<People, 'Core' | 'Other'>;
let plain: number;
/** Feedback ids by the numbers of the comments below. */
const ids = new Map<number, number>();

beforeAll(async () => {
  server = await startServer({}, () => NOW);
  org = await organisation(server, {
    people: {
      ann: ['Employee'],
      bob: ['Employee'],
      cem: ['Employee'],
      dan: ['Employee'],
      lead: ['Team Lead'],
      hr: ['HR'],
      // Sees the company's widgets, gives nothing.
      quiet: { grants: ['view-feedback-overview'] },
    },
    teams: { Core: ['ann', 'bob', 'cem', 'lead'], Other: ['dan', 'quiet'] },
  });
  const { f } = org;
  const p = org.people;
  await f.setting('gamificationThreshold', 'low');
  plain = (await f.attribute({ categoryId: (await f.category({ name: 'Talk' })).id, name: 'Plain words' })).id;
  const give = async (
    n: number,
    giver: People,
    receiver: People,
    at: string,
    rating: number,
    comment: string | null = null,
    each: { flagStatus?: 'pending'; isDemo?: 0 | 1 } = {},
  ) => {
    const { feedback } = await f.feedback({
      giverId: p[giver].id,
      receiverIds: [p[receiver].id],
      createdAt: at,
      comment,
      ...(each.isDemo ? { isDemo: each.isDemo } : {}),
      ratings: [{ attributeId: plain, rating }],
      each: { createdAt: at, ...each },
    });
    ids.set(n, feedback[0]!.id);
  };
  await give(1, 'ann', 'bob', '2026-03-10T08:00:00.000Z', 5, '#Teamwork great');
  await give(2, 'ann', 'cem', '2026-03-03T08:00:00.000Z', 4, 'Solid #teamwork');
  await give(3, 'ann', 'bob', '2026-02-24T08:00:00.000Z', 4, 'ok');
  await give(4, 'ann', 'cem', '2026-02-10T08:00:00.000Z', 4);
  await give(5, 'ann', 'bob', '2026-02-17T08:00:00.000Z', 5, null, { flagStatus: 'pending' }); // hidden
  await give(6, 'ann', 'lead', '2026-03-15T19:30:00.000Z', 5); // Monday 00:30 in Karachi: this week
  await give(7, 'bob', 'ann', '2026-03-11T08:00:00.000Z', 5, '#teamwork');
  await give(8, 'bob', 'ann', '2026-03-12T08:00:00.000Z', 4); // bob's 2nd to ann within 7 days: 1/2
  await give(9, 'bob', 'ann', '2026-03-13T08:00:00.000Z', 5); // 3rd: 1/3
  await give(10, 'cem', 'ann', '2026-03-05T08:00:00.000Z', 4, 'Wow #TEAMWORK!');
  await give(11, 'cem', 'dan', '2026-03-06T08:00:00.000Z', 3);
  await give(12, 'dan', 'quiet', '2026-03-07T08:00:00.000Z', 4, 'Quiet win #secret');
  await give(13, 'lead', 'cem', '2026-03-08T08:00:00.000Z', 2, 'Try #teamwork', { flagStatus: 'pending' }); // hidden
  await give(14, 'ann', 'dan', '2026-03-09T08:00:00.000Z', 1, 'Sample #demo', { isDemo: 1 }); // while demo shows
  await give(15, 'bob', 'cem', '2025-12-18T18:59:59.999Z', 5, '#teamwork'); // before the window: out
});
afterAll(() => server.close());
afterEach(() => org.f.setting('isDemoDataDisabled', false));

const get = async <T>(as: People, url: string) => {
  const res = await org.people[as].api.get<T>(url);
  expect(res.status, url).toBe(200);
  return res.body;
};
const tags = (list: HashtagList) => list.items.map((h) => [h.tag, h.uses, h.own]);

describe('the home leaderboard', () => {
  it('is the company board of the last 90 days, with the caller’s place', async () => {
    const home = await get<Leaderboard>('cem', '/api/home/leaderboard');
    expect(home).toMatchObject({ from: '2025-12-19', to: '2026-03-18', board: { kind: 'company' } });
    expect(home).toEqual(await get<Leaderboard>('cem', '/api/leaderboards/company'));
    expect(home.entries.map((e) => e.employee.name)).toEqual(['ANN', 'BOB', 'CEM', 'DAN']);
  });
});

describe('streak and frequency', () => {
  it('counts tenant-local ISO weeks with feedback given through this week; a hidden one bridges no gap', async () => {
    // This week (the Monday 00:30 one), 9, 2, 23 February… 16 February has only a hidden feedback.
    expect(await get<GivingStreak>('ann', '/api/home/streak')).toEqual({
      weeks: 4,
      thisWeek: true,
      weekStart: '2026-03-16',
    });
    // Bob gave last week, not yet this week: his streak still stands. Cem's last was two weeks ago.
    expect(await get<GivingStreak>('bob', '/api/home/streak')).toMatchObject({ weeks: 1, thisWeek: false });
    expect(await get<GivingStreak>('cem', '/api/home/streak')).toMatchObject({ weeks: 0, thisWeek: false });
  });

  it('shows the last 12 weeks given against the matrix’s weekly expectation', async () => {
    const ann = await get<GivingFrequency>('ann', '/api/home/frequency');
    expect(ann.weeks).toHaveLength(12);
    expect(ann.weeks[0]).toEqual({ weekStart: '2025-12-29', given: 0 });
    expect(ann.weeks.filter((w) => w.given > 0)).toEqual([
      { weekStart: '2026-02-09', given: 1 },
      { weekStart: '2026-02-23', given: 1 },
      { weekStart: '2026-03-02', given: 1 },
      { weekStart: '2026-03-09', given: 2 },
      { weekStart: '2026-03-16', given: 1 },
    ]);
    // Core expects 5 a month of each member: 5 × 12 / 52 a week.
    expect(ann).toMatchObject({ average: 0.5, target: 1.15, period: 'month', perPeriod: 5 });
    await org.f.setting('isDemoDataDisabled', true);
    const hidden = await get<GivingFrequency>('ann', '/api/home/frequency');
    expect(hidden.weeks.find((w) => w.weekStart === '2026-03-09')!.given).toBe(1);
  });
});

describe('hashtags', () => {
  it('shows a tag used by three people to everyone, a rarer one only to those who used it', async () => {
    // #teamwork: 1, 2 (ann), 7 (bob), 10 (cem); 13 is hidden by a flag, 15 before the window.
    expect(tags(await get<HashtagList>('cem', '/api/home/hashtags'))).toEqual([['teamwork', 4, false]]);
    expect(tags(await get<HashtagList>('dan', '/api/home/hashtags'))).toEqual([
      ['teamwork', 4, false],
      ['secret', 1, true],
    ]);
    expect(tags(await get<HashtagList>('ann', '/api/home/hashtags'))).toEqual([
      ['teamwork', 4, false],
      ['demo', 1, true],
    ]);
    await org.f.setting('isDemoDataDisabled', true);
    expect(tags(await get<HashtagList>('ann', '/api/home/hashtags'))).toEqual([['teamwork', 4, false]]);
  });

  it('searches by the start of a tag, with or without #, in any case', async () => {
    for (const q of ['TEAM', '%23tea', 't'])
      expect(tags(await get<HashtagList>('cem', `/api/home/hashtags/search?q=${q}`)), q).toEqual([
        ['teamwork', 4, false],
      ]);
    expect((await get<HashtagList>('cem', '/api/home/hashtags/search?q=sec')).items).toEqual([]);
    expect(tags(await get<HashtagList>('dan', '/api/home/hashtags/search?q=sec'))).toEqual([['secret', 1, true]]);
    expect((await get<HashtagList>('dan', '/api/home/hashtags/search?q=%23')).items).toEqual([]);
    const empty = await org.people.dan.api.get<{ error: { details: { fields: { path: string }[] } } }>(
      '/api/home/hashtags/search?q=%20',
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields[0]!.path).toBe('querystring.q');
  });
});

describe('rankings', () => {
  it('ranks givers by counted feedback given, counts shown to everyone', async () => {
    const res = await get<EmployeeRanking>('dan', '/api/home/employee-ranking');
    expect(res.type).toBe('given');
    // Bob's three to ann within a week count 1 + 1/2 + 1/3: cem's two to two people rank above them.
    expect(res.items.map((r) => [r.rank, r.employee.name, r.count, r.isMe])).toEqual([
      [1, 'ANN', 6, false],
      [2, 'CEM', 2, false],
      [3, 'BOB', 3, false],
      [4, 'DAN', 1, true],
    ]);
    expect(res).toMatchObject({ total: 4, me: { rank: 4, count: 1 } });
  });

  it('damps comment-only feedback in the given ranking like any other: three quick notes do not weigh three', async () => {
    const notes = [];
    for (const minute of [0, 1, 2])
      notes.push(
        await org.f.feedback({
          giverId: org.people.lead.id,
          receiverIds: [org.people.dan.id],
          createdAt: `2026-03-17T08:0${minute}:00.000Z`,
          comment: `Quick note ${minute}`,
        }),
      );
    try {
      // 1 + 1/2 + 1/3: below CEM's two to two people, level with BOB's three (then by count, then by name).
      const res = await get<EmployeeRanking>('dan', '/api/home/employee-ranking');
      expect(res.items.map((r) => [r.employee.name, r.count])).toEqual([
        ['ANN', 6],
        ['CEM', 2],
        ['BOB', 3],
        ['LEAD', 3],
        ['DAN', 1],
      ]);
    } finally {
      await server.db
        .deleteFrom('feedbackGroups')
        .where(
          'id',
          'in',
          notes.map((n) => n.group.id),
        )
        .execute();
    }
  });

  it('ranks receivers by counted feedback received: someone else’s count for HR only', async () => {
    const cem = await get<EmployeeRanking>('cem', '/api/home/employee-ranking?type=received');
    expect(cem.items.map((r) => [r.rank, r.employee.name, r.count])).toEqual([
      [1, 'ANN', null],
      [2, 'BOB', null],
      [3, 'CEM', 2],
      [4, 'DAN', null],
      [5, 'LEAD', null],
      [6, 'QUIET', null],
    ]);
    expect(cem.me).toEqual({ rank: 3, count: 2 });
    const hr = await get<EmployeeRanking>('hr', '/api/home/employee-ranking?type=received');
    expect(hr.items.map((r) => r.count)).toEqual([4, 2, 2, 2, 1, 1]);
    expect(hr.me).toEqual({ rank: null, count: 0 });
  });

  it('ranks teams by the damped average their members received', async () => {
    // Σ weighted values 42.67 over 10.83 weights: mean 3.94. Core (34.67 / 7.83) and Other (8 / 3).
    const res = await get<TeamRanking>('ann', '/api/home/team-ranking');
    expect(res.items).toEqual([
      { rank: 1, team: { id: org.teams.Core.id, name: 'Core' }, score: 4.24, memberCount: 4, isMine: true },
      { rank: 2, team: { id: org.teams.Other.id, name: 'Other' }, score: 3.46, memberCount: 2, isMine: false },
    ]);
    expect(res.total).toBe(2);
  });

  it('pages top attributes and people by 20, leaving out inactive attributes and hidden feedback', async () => {
    const wide = await organisation(server, { people: { boss: ['HR'], kim: ['Employee'] } });
    const category = await wide.f.category({ name: 'Craft' });
    const attributes = [];
    for (let j = 0; j < 22; j += 1)
      attributes.push(await wide.f.attribute({ categoryId: category.id, name: `Skill ${String(j).padStart(2, '0')}` }));
    await server.db
      .updateTable('feedbackAttributes')
      .set({ isActive: 0 })
      .where('id', '=', attributes[5]!.id)
      .execute();
    const crowd = await wide.f.employees(25);
    // Giver i rates skills 0…i, so skill j is rated by the 25 - j givers from j on.
    for (const [i, giver] of crowd.entries()) {
      await wide.f.feedback({
        giverId: giver.id,
        receiverIds: [wide.people.kim.id],
        createdAt: '2026-03-02T08:00:00.000Z',
        comment: '#teamwork',
        ratings: attributes.filter((_, j) => j <= i).map((a, j) => ({ attributeId: a.id, rating: 3 + (j % 3) })),
      });
    }
    await wide.f.feedback({
      giverId: crowd[0]!.id,
      receiverIds: [wide.people.kim.id],
      createdAt: '2026-03-03T08:00:00.000Z',
      ratings: [{ attributeId: attributes[21]!.id, rating: 5 }],
      each: { flagStatus: 'pending' },
    });
    const first = await wide.people.kim.api.get<TopAttributes>('/api/home/top-attributes');
    const second = await wide.people.kim.api.get<TopAttributes>('/api/home/top-attributes?page=2');
    expect(first.body.total).toBe(21);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toMatchObject({ rank: 1, attribute: { name: 'Skill 00' }, count: 25, average: 3 });
    expect(first.body.items[5]).toMatchObject({ rank: 6, attribute: { name: 'Skill 06' }, count: 19 });
    expect(second.body.items.map((r) => [r.rank, r.attribute.name, r.count, r.categoryName])).toEqual([
      [21, 'Skill 21', 4, 'Craft'],
    ]);
    const given = await wide.people.kim.api.get<EmployeeRanking>('/api/home/employee-ranking?page=2');
    expect(given.body).toMatchObject({ total: 25, me: { rank: null, count: 0 } });
    expect(given.body.items.map((r) => r.rank)).toEqual([21, 22, 23, 24, 25]);
    const received = await wide.people.kim.api.get<EmployeeRanking>('/api/home/employee-ranking?type=received');
    expect(received.body.items).toEqual([
      { rank: 1, employee: { id: wide.people.kim.id, name: 'KIM' }, count: 25, isMe: true },
    ]);
    // Another company's #teamwork (25 people) never counts here.
    expect(tags(await get<HashtagList>('cem', '/api/home/hashtags'))).toEqual([['teamwork', 4, false]]);
    expect((await get<TeamRanking>('cem', '/api/home/team-ranking')).total).toBe(2);
    for (const url of ['/api/home/top-attributes?page=0', '/api/home/employee-ranking?type=best'])
      expect((await wide.people.kim.api.get(url)).status, url).toBe(400);
  });
});

describe('the team percentage', () => {
  it('is each member’s feedback to teammates up to the target, over every feedback, per period', async () => {
    // Core, 5 a month each: March ann 3, bob 3, cem 1, lead 0 (hidden) = 7 / 20; February ann 2 = 2 / 20;
    // December bob's one at 23:59 on the 18th in Karachi (before the widgets' window, not the matrix's).
    const res = await get<TeamPercentageTrend>('ann', '/api/home/team-percentage');
    expect(res.period).toBe('month');
    expect(res.teams).toHaveLength(1);
    expect(res.teams[0]!.team.name).toBe('Core');
    expect(res.teams[0]!.periods.map((p) => [p.start, p.percent])).toEqual([
      ['2025-10-01', 0],
      ['2025-11-01', 0],
      ['2025-12-01', 5],
      ['2026-01-01', 0],
      ['2026-02-01', 10],
      ['2026-03-01', 35],
    ]);
    // HR is in no team.
    expect((await get<TeamPercentageTrend>('hr', '/api/home/team-percentage')).teams).toEqual([]);
  });
});

describe('who may ask', () => {
  it('needs view-feedback-overview for the company’s widgets and give-feedback for one’s own', async () => {
    const quiet = org.people.quiet.api;
    expect((await quiet.get('/api/home/leaderboard')).status).toBe(200);
    expect((await quiet.get('/api/home/hashtags')).status).toBe(200);
    for (const url of ['/api/home/streak', '/api/home/frequency', '/api/home/team-percentage'])
      expect((await quiet.get(url)).status, url).toBe(403);
  });
});

describe('keeping in step', () => {
  const snapshots = () =>
    server.db
      .selectFrom('homeSnapshots')
      .select('coversTo')
      .where('tenantId', '=', org.tenantId)
      .where('hideDemo', '=', 0)
      .execute();

  it('adds what is given after the snapshot, and the database drops it when a counted row changes', async () => {
    await get<HashtagList>('bob', '/api/home/hashtags');
    expect(await snapshots()).toHaveLength(1);
    // Given now: after the snapshot's instant, so it is added per request and the snapshot stays.
    const given = await org.people.ann.api.post<{ groupId: number }>('/api/feedback', {
      receiverIds: [org.people.bob.id],
      ratings: [{ attributeId: plain, rating: 5 }],
      comment: 'Ship it #Launch and #teamwork',
    });
    expect(given.status).toBe(201);
    expect(await snapshots()).toHaveLength(1);
    expect(tags(await get<HashtagList>('ann', '/api/home/hashtags'))).toEqual([
      ['teamwork', 5, false],
      ['demo', 1, true],
      ['launch', 1, true],
    ]);
    expect(await get<GivingStreak>('ann', '/api/home/streak')).toMatchObject({ weeks: 4, thisWeek: true });

    // An edit of the comment replaces the tags; deleting the feedback takes them away.
    const edited = await org.people.ann.api.patch(`/api/feedback/groups/${given.body.groupId}`, {
      comment: 'Shipped #liftoff',
    });
    expect(edited.status).toBe(200);
    const rows = () =>
      server.db.selectFrom('feedbackHashtags').select('tag').where('groupId', '=', given.body.groupId).execute();
    expect(await rows()).toEqual([{ tag: 'liftoff' }]);
    expect(tags(await get<HashtagList>('ann', '/api/home/hashtags/search?q=l'))).toEqual([['liftoff', 1, true]]);
    expect((await org.people.ann.api.delete(`/api/feedback/groups/${given.body.groupId}`)).status).toBe(204);
    expect(await rows()).toEqual([]);
    expect((await get<HashtagList>('ann', '/api/home/hashtags/search?q=l')).items).toEqual([]);

    // A flag on an older feedback hides it: the snapshot that counted it is gone at once.
    await get<HashtagList>('bob', '/api/home/hashtags');
    const flag = await org.people.bob.api.post(`/api/feedback-flags/${ids.get(1)}`, { reason: 'Not about work' });
    expect(flag.status).toBe(201);
    expect(await snapshots()).toHaveLength(0);
    // #teamwork keeps 2 (ann), 7 (bob), 10 (cem): still three people.
    expect(tags(await get<HashtagList>('cem', '/api/home/hashtags'))).toEqual([['teamwork', 3, false]]);
    expect((await get<EmployeeRanking>('dan', '/api/home/employee-ranking')).items[0]).toMatchObject({
      employee: { name: 'ANN' },
      count: 5,
    });
    expect(await snapshots()).toHaveLength(1);
    // The team target keeps its past periods under the snapshot: a flag on February's feedback drops both.
    const shares = async () =>
      (await get<TeamPercentageTrend>('ann', '/api/home/team-percentage')).teams[0]!.periods.map((p) => p.percent);
    expect(await shares()).toEqual([0, 0, 5, 0, 10, 30]);
    expect((await org.people.bob.api.post(`/api/feedback-flags/${ids.get(3)}`, { reason: 'Off topic' })).status).toBe(
      201,
    );
    expect(await shares()).toEqual([0, 0, 5, 0, 5, 30]);
    // A person leaving drops it too.
    await server.db
      .updateTable('employees')
      .set({ status: 'inactive' })
      .where('id', '=', org.people.quiet.id)
      .execute();
    expect(await snapshots()).toHaveLength(0);
    const received = await get<EmployeeRanking>('hr', '/api/home/employee-ranking?type=received');
    expect(received.items.map((r) => r.employee.name)).not.toContain('QUIET');
  });
});

describe('writes that change nothing', () => {
  const snapshots = () =>
    server.db.selectFrom('homeSnapshots').select('computation').where('tenantId', '=', org.tenantId).execute();

  it('keep the snapshot: a person saved with the same name and status, a team with the same members', async () => {
    await get<HashtagList>('bob', '/api/home/hashtags');
    expect(await snapshots()).toHaveLength(1);
    const ann = org.people.ann.id;
    const before = await server.db
      .selectFrom('employees')
      .select(['name', 'status', 'isDemo'])
      .where('id', '=', ann)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('employees').set(before).where('id', '=', ann).execute();
    expect(await snapshots()).toHaveLength(1);
    const core = org.teams.Core.id;
    const members = [ann, org.people.bob.id, org.people.cem.id, org.people.lead.id];
    const saved = await org.people.hr.api.put(`/api/teams/${core}/members`, { employeeIds: members });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await snapshots()).toHaveLength(1);
    // A real change still drops it: one member fewer, then back.
    expect((await org.people.hr.api.put(`/api/teams/${core}/members`, { employeeIds: members.slice(1) })).status).toBe(
      200,
    );
    expect(await snapshots()).toHaveLength(0);
    expect((await org.people.hr.api.put(`/api/teams/${core}/members`, { employeeIds: members })).status).toBe(200);
    const kept = await server.db.selectFrom('teamMembers').select('employeeId').where('teamId', '=', core).execute();
    expect(kept.map((m) => m.employeeId).sort((a, b) => a - b)).toEqual([...members].sort((a, b) => a - b));
  });
});

describe('a computation racing a write', () => {
  it('stores no sums read while a counted row changed, so the next request computes again', async () => {
    const repo = homeRepository({ db: server.db, tenantId: org.tenantId, now: () => NOW });
    const meta = (computation: string) => ({
      windowFrom: '2025-12-19',
      coversFrom: '2025-12-18T19:00:00.000Z',
      coversTo: NOW.toISOString(),
      computation,
    });
    // Undisturbed: the claimed row takes its payload.
    await repo.claimSnapshot(false, meta('calm'));
    expect(await repo.snapshotMeta(false)).toBeUndefined(); // a claim is no snapshot yet
    expect(await repo.storeSnapshot(false, 'calm', '{}')).toBe(true);
    expect(await repo.snapshotMeta(false)).toEqual(meta('calm'));

    // A person renamed while the sums are read: the database drops the claim, and the sums are not stored.
    await repo.claimSnapshot(false, meta('raced'));
    const name = (
      await server.db
        .selectFrom('employees')
        .select('name')
        .where('id', '=', org.people.dan.id)
        .executeTakeFirstOrThrow()
    ).name;
    await server.db.updateTable('employees').set({ name: 'Daniel' }).where('id', '=', org.people.dan.id).execute();
    try {
      expect(await repo.storeSnapshot(false, 'raced', '{}')).toBe(false);
      expect(await repo.snapshotMeta(false)).toBeUndefined();
      // Another computation's claim since is not taken over by an older one.
      await repo.claimSnapshot(false, meta('newer'));
      expect(await repo.storeSnapshot(false, 'raced', '{}')).toBe(false);
    } finally {
      await server.db.updateTable('employees').set({ name }).where('id', '=', org.people.dan.id).execute();
    }
    // The next request computes and stores its own.
    await get<HashtagList>('bob', '/api/home/hashtags');
    const stored = await repo.snapshotMeta(false);
    expect(stored?.computation).not.toMatch(/^(calm|raced|newer)$/);
  });
});

describe('migration 0030-hashtags', () => {
  it('reads the hashtags of the comments written before it', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { db, engine } = database.handle;
      await migrateTo(db, engine, '0028-badge-request-open');
      const { tenant } = await createTenant(db, { name: 'Old', emailDomain: 'old.example' }, NOW, {
        feedbackCatalogue: false,
      });
      const giver = await db
        .insertInto('employees')
        .values({ tenantId: tenant.id, email: 'g@old.example', name: 'G', createdAt: 'x', updatedAt: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = '2026-03-01T08:00:00.000Z';
      for (const comment of ['#Kudos and #kudos, #Café', 'no tags', null, 'C# only'])
        await db
          .insertInto('feedbackGroups')
          .values({ tenantId: tenant.id, giverId: giver.id, comment, isDemo: 1, createdAt: at, updatedAt: at })
          .execute();
      await migrateToLatest(db, engine);
      const rows = await db
        .selectFrom('feedbackHashtags')
        .select(['tag', 'giverId', 'isDemo', 'createdAt'])
        .orderBy('tag')
        .execute();
      expect(rows).toEqual([
        { tag: 'café', giverId: giver.id, isDemo: 1, createdAt: at },
        { tag: 'kudos', giverId: giver.id, isDemo: 1, createdAt: at },
      ]);
    } finally {
      await database.drop();
    }
  });
});

describe('query plans', () => {
  /** Every sum the widgets read, explained by the engine: through an index, never a scan of the table. */
  it('reads feedback and hashtags through their indexes on this engine', async () => {
    const built = new Map<QueryId, RootOperationNode>();
    const captured: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => (built.set(queryId, node), node),
      transformResult: async ({ result, queryId }) => (captured.push(built.get(queryId)!), result),
    };
    const repo = homeRepository({ db: server.db.withPlugin(capture), tenantId: org.tenantId, now: () => NOW });
    const span = { from: '2025-12-18T19:00:00.000Z', to: '2026-03-18T19:00:00.000Z' };
    const options = { engine: ENGINE, hideDemo: true };
    await repo.givers(span, options);
    await repo.attributes(span, true);
    await repo.hashtags(span, true);
    await repo.givenTimes(org.people.ann.id, true);
    expect(captured.length).toBe(4);
    await server.db.transaction().execute(async (trx) => {
      if (ENGINE === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      for (const node of captured) {
        const query = trx.getExecutor().compileQuery(node, createQueryId());
        const explain = ENGINE === 'postgres' ? 'explain ' : 'explain query plan ';
        const plan = await trx.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(explain + query.sql, [...query.parameters]),
        );
        const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
        expect(text, query.sql).toMatch(/feedback_tenant_created|feedback_giver|feedback_hashtags_tenant_created/);
        expect(text, query.sql).not.toMatch(
          /SCAN (feedback|h|f|p)( |$)|Seq Scan on (feedback|feedback_hashtags)( |$)/m,
        );
      }
    });
  });
});
