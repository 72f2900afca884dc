/**
 * Leaderboards over real HTTP on both engines (docs/recognition.md "Leaderboards"): exact damped scores
 * and places on a small data set around a fixed clock in the tenant's zone (Asia/Karachi, UTC+5), the
 * repeat weights (a sliding 7-day window, a hidden feedback never counting), the minimum that
 * gamificationThreshold sets, the top positions, category, attribute and team boards, who may open a
 * team's board, "why am I here" with contents only where the caller may read them, reciprocal rings for HR,
 * bad input naming its field, and every board query served by an index.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Leaderboard,
  LeaderboardChoices,
  LeaderboardExplanation,
  ReciprocalRings,
} from '../../shared/contracts/leaderboards.js';
import { leaderboardRepository } from '../src/modules/leaderboards/repository.js';
import { seedDemoRing } from '../src/seed/demo-leaderboards.js';
import { expectFieldNamed } from './client.js';
import { ENGINE, startServer, type TestServer } from './harness.js';
import { captureQueries, explainAll } from './queries.js';
import { organisation, type Organisation } from './organisation.js';

type People = 'ann' | 'bob' | 'cem' | 'dan' | 'eve' | 'lead' | 'hr' | 'quiet' | 'auditor';
// Wednesday 18 March 2026, 15:00 in Karachi: the default period is 19 Dec 2025 - 18 Mar 2026, that is
// [2025-12-18T19:00Z, 2026-03-18T19:00Z).
const NOW = new Date('2026-03-18T10:00:00.000Z');
let server: TestServer;
let org: Organisation<People, 'Core' | 'Other'>;
let talk: number;
let results: number;
let plain: number;

beforeAll(async () => {
  server = await startServer({}, () => NOW);
  org = await organisation(server, {
    people: {
      ann: ['Employee'],
      bob: ['Employee'],
      cem: ['Employee'],
      dan: ['Employee'],
      eve: ['Employee'],
      lead: ['Team Lead'],
      hr: ['HR'],
      // Sees boards but reads no feedback, not even what they receive.
      quiet: { grants: ['view-feedback-overview'] },
      // Reads every feedback, without the overview permission.
      auditor: { grants: ['view-all-employees-feedback'] },
    },
    teams: { Core: ['ann', 'bob', 'cem', 'lead'], Other: ['dan', 'eve', 'quiet'] },
  });
  const { f } = org;
  const p = org.people;
  await f.setting('gamificationThreshold', 'low');
  talk = (await f.category({ name: 'Talk', color: '#112233' })).id;
  results = (await f.category({ name: 'Results', color: '#445566' })).id;
  plain = (await f.attribute({ categoryId: talk, name: 'Plain words' })).id;
  type Rated = { rating: number } & ({ attributeId: number } | { categoryId: number });
  const give = (
    giver: People,
    receiver: People,
    at: string,
    ratings: Rated[],
    each: { flagStatus?: 'pending' | 'rejected'; isDemo?: 0 | 1 } = {},
  ) =>
    f.feedback({
      giverId: p[giver].id,
      receiverIds: [p[receiver].id],
      createdAt: at,
      ratings,
      each: { createdAt: at, ...each },
    });
  const pw = (rating: number) => [{ attributeId: plain, rating }];
  await give('bob', 'ann', '2026-03-01T08:00:00.000Z', pw(5));
  await give('cem', 'ann', '2026-03-02T08:00:00.000Z', pw(4));
  await give('lead', 'ann', '2026-03-03T08:00:00.000Z', [
    { attributeId: plain, rating: 5 },
    { categoryId: results, rating: 3 },
  ]);
  await give('bob', 'ann', '2026-03-13T08:00:00.000Z', pw(5));
  await give('bob', 'ann', '2026-03-14T08:00:00.000Z', pw(5)); // bob's 2nd to ann within 7 days: 1/2
  // Ann praises bob four times: 10th (1), 11th (1/2), 12th (1/3), and 17th one millisecond after the 10th
  // left the window, so the 11th and 12th remain before it (1/3).
  await give('ann', 'bob', '2026-03-10T08:00:00.000Z', pw(5));
  await give('ann', 'bob', '2026-03-11T08:00:00.000Z', pw(5));
  await give('ann', 'bob', '2026-03-12T08:00:00.000Z', pw(5));
  await give('ann', 'bob', '2026-03-17T08:00:00.001Z', pw(5));
  await give('cem', 'bob', '2026-03-15T08:00:00.000Z', pw(3));
  await give('dan', 'cem', '2026-03-05T08:00:00.000Z', [{ categoryId: talk, rating: 3 }]); // on the category itself
  await give('eve', 'cem', '2026-03-06T08:00:00.000Z', pw(2));
  await give('ann', 'cem', '2025-12-18T19:00:00.000Z', pw(5)); // 00:00 on 19 December in Karachi: in
  await give('bob', 'ann', '2025-12-18T18:59:59.999Z', pw(1)); // the instant before: out
  await give('eve', 'dan', '2026-03-04T08:00:00.000Z', pw(4));
  await give('eve', 'dan', '2026-03-10T08:00:00.000Z', pw(1), { isDemo: 1 }); // counts while demo data shows
  await give('dan', 'eve', '2026-03-07T08:00:00.000Z', pw(5), { flagStatus: 'pending' }); // hidden: never counts
  await give('dan', 'eve', '2026-03-08T08:00:00.000Z', pw(5), { flagStatus: 'rejected' }); // shown again: 1, not 1/2
  await give('ann', 'lead', '2026-03-08T08:00:00.000Z', [{ categoryId: results, rating: 4 }]);
  await give('bob', 'lead', '2026-03-09T08:00:00.000Z', [{ categoryId: results, rating: 4 }]);
  await give('eve', 'quiet', '2026-03-13T08:00:00.000Z', pw(4));
  await give('eve', 'quiet', '2026-03-14T08:00:00.000Z', pw(4));
});
afterAll(() => server.close());
afterEach(async () => {
  await org.f.setting('gamificationThreshold', 'low');
  await org.f.setting('leaderboardPositions', 10);
  await org.f.setting('isDemoDataDisabled', false);
});

const get = async <T>(as: People, url: string) => org.people[as].api.get<T>(url);
const places = (board: Leaderboard) => board.entries.map((e) => [e.rank, e.employee.name, e.score, e.counted]);

describe('the company board', () => {
  it('ranks by the damped score of weighted ratings, with the minimum of counted feedback', async () => {
    // HR sees everyone's counts; the others see their own (below).
    const res = await get<Leaderboard>('hr', '/api/leaderboards/company');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      board: { kind: 'company', id: null, name: null },
      from: '2025-12-19',
      to: '2026-03-18',
      positions: 10,
      minimum: 2,
      // Σ weighted values / Σ weights of rated values: (24.5 + 13.83 + 8 + 10 + 4.5 + 5 + 6) / 17.67.
      mean: 4.07,
      rankedCount: 4,
    });
    // Bob's five 5s from ann count 1 + 1/2 + 1/3 + 1/3: his score trails ann's varied but broader praise.
    expect(places(res.body)).toEqual([
      [1, 'ANN', 4.27, 4.5],
      [2, 'BOB', 4.18, 3.17],
      [3, 'LEAD', 4.05, 2],
      [4, 'CEM', 3.79, 3],
    ]);
    expect(res.body.entries[0]!.feedbackCount).toBe(5);
    const cem = await get<Leaderboard>('cem', '/api/leaderboards/company');
    expect(cem.body.me).toEqual({ rank: 4, score: 3.79, counted: 3, feedbackCount: 3 });
    // Dan (1 + 1/2 counted), eve (a hidden feedback and a shown one: 1) and quiet (1 + 1/2) do not rank.
    const dan = await get<Leaderboard>('dan', '/api/leaderboards/company');
    expect(dan.body.me).toEqual({ rank: null, score: null, counted: 1.5, feedbackCount: 2 });
    const eve = await get<Leaderboard>('eve', '/api/leaderboards/company');
    expect(eve.body.me).toEqual({ rank: null, score: null, counted: 1, feedbackCount: 1 });
  });

  it('needs more activity with a high threshold, and shows the tenant’s top positions', async () => {
    await org.f.setting('gamificationThreshold', 'high');
    const high = await get<Leaderboard>('ann', '/api/leaderboards/company');
    expect(high.body).toMatchObject({ minimum: 5, rankedCount: 0, entries: [] });
    expect(high.body.me).toMatchObject({ rank: null, counted: 4.5 });
    await org.f.setting('gamificationThreshold', 'low');
    await org.f.setting('leaderboardPositions', 2);
    const two = await get<Leaderboard>('cem', '/api/leaderboards/company');
    expect(two.body).toMatchObject({ positions: 2, rankedCount: 4 });
    expect(places(two.body).map((p) => p[1])).toEqual(['ANN', 'BOB']);
    expect(two.body.me).toMatchObject({ rank: 4 });
  });

  it('opens every board to HR, who read every feedback, even without the overview permission', async () => {
    const company = await get<Leaderboard>('auditor', '/api/leaderboards/company');
    expect(company.status).toBe(200);
    expect(places(company.body)[0]).toEqual([1, 'ANN', 4.27, 4.5]);
    expect((await get('auditor', `/api/leaderboards/categories/${talk}`)).status).toBe(200);
    expect((await get('auditor', `/api/leaderboards/attributes/${plain}`)).status).toBe(200);
    expect((await get('auditor', `/api/leaderboards/teams/${org.teams.Core.id}`)).status).toBe(200);
  });

  it('leaves hidden demo rows out when the company switched demo data off', async () => {
    await org.f.setting('isDemoDataDisabled', true);
    const res = await get<Leaderboard>('dan', '/api/leaderboards/company');
    expect(res.body.mean).toBe(4.16);
    expect(places(res.body)[0]).toEqual([1, 'ANN', 4.31, null]);
    expect(res.body.me).toMatchObject({ counted: 1, feedbackCount: 1 });
  });

  it('reads the period asked, in tenant-local days, and names a bad one', async () => {
    // Any period is HR's (the others' below).
    const march = await get<Leaderboard>('hr', '/api/leaderboards/company?from=2026-03-10&to=2026-03-18');
    expect(march.body).toMatchObject({ from: '2026-03-10', to: '2026-03-18' });
    // Ann keeps bob's 13th and 14th (1 + 1/2: below the minimum); bob ann's four (the window reaches back
    // before the period).
    expect(march.body.entries.map((e) => [e.employee.name, e.counted])).toEqual([['BOB', 3.17]]);
    // Everyone asks the presets ending today: the last 30 days here (ann's feedback since 17 February).
    const last30 = await get<Leaderboard>('ann', '/api/leaderboards/company?from=2026-02-17&to=2026-03-18');
    expect(last30.status).toBe(200);
    expect(last30.body.me).toMatchObject({ rank: 1, counted: 4.5, feedbackCount: 5 });
    const cases: [string, string][] = [
      ['/api/leaderboards/company?from=2026-03-10&to=2026-03-01', 'querystring.from'],
      ['/api/leaderboards/company?to=2026-03-19', 'querystring.to'],
      ['/api/leaderboards/company?from=2020-01-01', 'querystring.from'],
      ['/api/leaderboards/explain?board=category', 'querystring.id'],
      ['/api/leaderboards/explain?board=weekly', 'querystring.board'],
      // Only HR asks a period other than the presets ending today.
      ['/api/leaderboards/company?from=2026-03-10', 'querystring.from'],
      ['/api/leaderboards/company?from=2026-02-16&to=2026-03-17', 'querystring.to'],
      ['/api/leaderboards/explain?board=company&from=2026-03-17&to=2026-03-17', 'querystring.to'],
    ];
    await expectFieldNamed(org.people.ann.api, cases);
  });
});

describe('category, attribute and team boards', () => {
  it('ranks a category by the ratings on it and its attributes, an attribute by its own', async () => {
    const cat = await get<Leaderboard>('hr', `/api/leaderboards/categories/${talk}`);
    expect(cat.body).toMatchObject({ board: { kind: 'category', id: talk, name: 'Talk' }, mean: 4.15 });
    expect(places(cat.body)).toEqual([
      [1, 'ANN', 4.45, 4.5],
      [2, 'BOB', 4.23, 3.17],
      [3, 'CEM', 3.84, 3],
    ]);
    // Dan's 3 on Talk itself is not a rating of Plain words.
    const attr = await get<Leaderboard>('hr', `/api/leaderboards/attributes/${plain}`);
    expect(attr.body).toMatchObject({ board: { kind: 'attribute', id: plain, name: 'Plain words' }, mean: 4.23 });
    expect(places(attr.body)).toEqual([
      [1, 'ANN', 4.49, 4.5],
      [2, 'BOB', 4.28, 3.17],
      [3, 'CEM', 4.02, 2],
    ]);
    const res = await get<Leaderboard>('lead', `/api/leaderboards/categories/${results}`);
    expect(places(res.body)).toEqual([[1, 'LEAD', 3.76, 2]]);
    expect(res.body.rankedCount).toBe(1);
    expect((await get('ann', '/api/leaderboards/categories/999999')).status).toBe(404);
    expect((await get('ann', '/api/leaderboards/attributes/999999')).status).toBe(404);
  });

  it('ranks a team’s members against the team’s mean, for its members and HR only', async () => {
    const core = org.teams.Core.id;
    const res = await get<Leaderboard>('bob', `/api/leaderboards/teams/${core}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ board: { kind: 'team', id: core, name: 'Core' }, mean: 4.12 });
    // Bob sees his own counts, nobody else's.
    expect(places(res.body)).toEqual([
      [1, 'ANN', 4.3, null],
      [2, 'BOB', 4.22, 3.17],
      [3, 'LEAD', 4.09, null],
      [4, 'CEM', 3.83, null],
    ]);
    expect(res.body.me).toMatchObject({ rank: 2 });
    // HR opens any team's board, without a place in it.
    const hr = await get<Leaderboard>('hr', `/api/leaderboards/teams/${core}`);
    expect(hr.status).toBe(200);
    expect(hr.body.me).toBeNull();
    expect(places(hr.body).map((p) => p[3])).toEqual([4.5, 3.17, 2, 3]);
    const dan = await get<{ error: { code: string } }>('dan', `/api/leaderboards/teams/${core}`);
    expect(dan.status).toBe(403);
    expect(dan.body.error.code).toBe('FORBIDDEN');
    expect((await get('dan', `/api/leaderboards/explain?board=team&id=${core}`)).status).toBe(403);
    expect((await get('hr', '/api/leaderboards/teams/999999')).status).toBe(404);
  });

  it('offers the active categories and attributes and the caller’s teams (HR: every team)', async () => {
    const ann = await get<LeaderboardChoices>('ann', '/api/leaderboards/choices');
    expect(ann.body.categories.map((c) => c.name)).toContain('Talk');
    expect(ann.body.attributes.find((a) => a.id === plain)).toMatchObject({ categoryId: talk, categoryName: 'Talk' });
    expect(ann.body.teams.map((t) => t.name)).toEqual(['Core']);
    expect(ann.body.myTeamId).toBe(org.teams.Core.id);
    const hr = await get<LeaderboardChoices>('hr', '/api/leaderboards/choices');
    expect(hr.body.teams.map((t) => t.name)).toEqual(['Core', 'Other']);
    expect(hr.body.myTeamId).toBeNull();
  });
});

describe('why am I here', () => {
  it('lists the counted feedback behind one’s place with its repeat weight and the formula’s figures', async () => {
    const res = await get<LeaderboardExplanation>('bob', '/api/leaderboards/explain?board=company');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rank: 2,
      rankedCount: 4,
      score: 4.18,
      aheadScore: 4.27,
      mean: 4.07,
      priorWeight: 5,
      minimum: 2,
      windowDays: 7,
      weightedSum: 13.83,
      weightedCount: 3.17,
      counted: 3.17,
      feedbackCount: 5,
    });
    expect(res.body.entries.map((e) => [e.createdAt, e.giver?.name, e.repeat, e.weight, e.average])).toEqual([
      ['2026-03-17T08:00:00.001Z', 'ANN', 3, 0.33, 5],
      ['2026-03-15T08:00:00.000Z', 'CEM', 1, 1, 3],
      ['2026-03-12T08:00:00.000Z', 'ANN', 3, 0.33, 5],
      ['2026-03-11T08:00:00.000Z', 'ANN', 2, 0.5, 5],
      ['2026-03-10T08:00:00.000Z', 'ANN', 1, 1, 5],
    ]);
    const ann = await get<LeaderboardExplanation>('ann', '/api/leaderboards/explain?board=company');
    expect(ann.body).toMatchObject({ rank: 1, aheadScore: null });
    expect(ann.body.entries.find((e) => e.createdAt.startsWith('2026-03-03'))).toMatchObject({
      ratedCount: 2,
      average: 4,
      visible: true,
    });
  });

  it('never names a giver or an average the caller may not read', async () => {
    const res = await get<LeaderboardExplanation>('quiet', `/api/leaderboards/explain?board=attribute&id=${plain}`);
    expect(res.body).toMatchObject({ rank: null, counted: 1.5, feedbackCount: 2 });
    expect(res.body.entries).toEqual([
      {
        createdAt: '2026-03-14T08:00:00.000Z',
        repeat: 2,
        weight: 0.5,
        ratedCount: 1,
        visible: false,
        feedbackId: null,
        giver: null,
        average: null,
      },
      {
        createdAt: '2026-03-13T08:00:00.000Z',
        repeat: 1,
        weight: 1,
        ratedCount: 1,
        visible: false,
        feedbackId: null,
        giver: null,
        average: null,
      },
    ]);
  });
});

describe('repeats', () => {
  it('does not damp a rated feedback after a comment without a rating from the same giver', async () => {
    const own = await organisation(server, { people: { sam: ['Employee'], tia: ['Employee'] } });
    const at = (day: string) => ({ giverId: own.people.sam.id, receiverIds: [own.people.tia.id], createdAt: day });
    await own.f.feedback({ ...at('2026-03-10T08:00:00.000Z'), ratings: [] });
    await own.f.feedback({
      ...at('2026-03-11T08:00:00.000Z'),
      ratings: [{ categoryId: (await own.f.category()).id, rating: 4 }],
    });
    const res = await own.people.tia.api.get<Leaderboard>('/api/leaderboards/company');
    // The comment counts on no board: the rating is sam's first counted feedback to tia, weight 1 (not 1/2).
    expect(res.body.me).toMatchObject({ counted: 1, feedbackCount: 1 });
  });
});

describe('reciprocal rings', () => {
  it('lists pairs who rate each other far above what others give them, to HR only', async () => {
    const res = await get<ReciprocalRings>('hr', '/api/leaderboards/rings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ minFeedback: 3, minGap: 0.75 });
    expect(res.body.rings).toEqual([
      {
        a: { id: org.people.ann.id, name: 'ANN' },
        b: { id: org.people.bob.id, name: 'BOB' },
        aToB: { feedbackCount: 4, average: 5 },
        bToA: { feedbackCount: 3, average: 5 },
        aFromOthers: 4, // cem's 4, lead's 5 and 3
        bFromOthers: 3, // cem's 3
        gap: 1,
      },
    ]);
    expect((await get('ann', '/api/leaderboards/rings')).status).toBe(403);
  });

  it('finds the demo company’s seeded ring (server/src/seed/demo-leaderboards.ts)', async () => {
    const demo = await organisation(server, {
      people: { lead: ['Team Lead'], kim: ['Employee'], boss: ['Team Lead'], lou: ['Employee'], hr: ['HR'] },
      teams: { Data: ['lead', 'kim'], Design: ['boss', 'lou'] },
    });
    expect(await seedDemoRing(server.db, demo.tenantId, NOW)).toBe(8);
    // Nobody else rated them: the baseline is the company's mean, 5, so the gap is 0: not a ring…
    expect((await demo.people.hr.api.get<ReciprocalRings>('/api/leaderboards/rings')).body.rings).toEqual([]);
    // …until their colleagues' more ordinary ratings are there to compare with.
    for (const [giver, receiver] of [
      ['lead', 'kim'],
      ['lead', 'lou'],
    ] as const)
      await demo.f.feedback({
        giverId: demo.people[giver].id,
        receiverIds: [demo.people[receiver].id],
        createdAt: '2026-03-01T08:00:00.000Z',
        ratings: [{ categoryId: (await demo.f.category()).id, rating: 3 }],
      });
    const res = await demo.people.hr.api.get<ReciprocalRings>('/api/leaderboards/rings');
    expect(res.body.rings.map((r) => [r.a.name, r.b.name, r.aToB.feedbackCount, r.bToA.feedbackCount])).toEqual([
      ['KIM', 'LOU', 4, 4],
    ]);
  });
});

describe('query plans', () => {
  /**
   * Every board query, as the repository builds it, explained by the engine: the period's feedback through
   * feedback_tenant_created (a team's through feedback_receiver; PostgreSQL may group the pairs through
   * feedback_giver), each repeat count through an index on the pair, never a scan of feedback. PostgreSQL would rather scan these few rows, so sequential scans are off for
   * the check's transaction: it shows the indexes serve the queries.
   */
  it('reads feedback through its indexes on this engine', async () => {
    const { plugin, captured } = captureQueries();
    const repo = leaderboardRepository({ db: server.db.withPlugin(plugin), tenantId: org.tenantId, now: () => NOW });
    const span = { from: '2025-12-18T19:00:00.000Z', to: '2026-03-18T19:00:00.000Z' };
    const options = { engine: ENGINE, hideDemo: true };
    const scopes = [
      { kind: 'company' as const },
      { kind: 'category' as const, id: talk },
      { kind: 'attribute' as const, id: plain },
      { kind: 'team' as const, id: org.teams.Core.id },
    ];
    for (const scope of scopes) {
      await repo.board(scope, span, options);
      await repo.receiverFeedback(scope, span, options, org.people.ann.id);
    }
    await repo.pairs(span, options);
    expect(captured.length).toBe(9);
    for (const { sql, plan } of await explainAll(server.db, captured)) {
      expect(plan, sql).toMatch(/feedback_tenant_created|feedback_receiver|feedback_giver/);
      expect(plan, sql).not.toMatch(/SCAN (feedback|p)( |$)|Seq Scan on feedback( |$)/m);
      // The repeat count probes the pair's feedback by an index, once per counted feedback.
      if (sql.includes('"p"')) {
        expect(plan, sql).toMatch(/SEARCH p USING|Index (Only )?Scan using \w+ on feedback p/);
        if (ENGINE === 'sqlite') expect(plan.match(/SEARCH p USING/g)).toHaveLength(1);
      }
    }
  });
});
