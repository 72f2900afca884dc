/**
 * The feedback Overview over real HTTP on both engines (docs/feedback.md "Overview"): exact figures on a
 * small data set around a fixed clock in the tenant's zone (Asia/Karachi, UTC+5): the overall rating and
 * its trend against the previous equal period, the week counts, the category and attribute averages, the
 * 6-month trend and the drill-downs; who may open whose overview; a feedback hidden by a flag or outside
 * the caller's reach never moves a figure; bad input names its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttributeOverview,
  CategoryOverview,
  FeedbackOverview,
  FeedbackTrend,
  OverviewPeople,
} from '../../shared/contracts/feedback-overview.js';
import { overviewRepository } from '../src/modules/feedback-overview/repository.js';
import type { Asker } from '../src/policy/scope.js';
import { expectFieldNamed } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { captureQueries, explainAll } from './queries.js';
import { feedbackWorld } from './feedback-world.js';
import { organisation, type Organisation } from './organisation.js';

type People = 'ann' | 'bob' | 'cem' | 'lead' | 'hr' | 'outsider' | 'other';
// Wednesday 18 March 2026, 15:00 in Karachi: the default range is 19 Dec 2025 - 18 Mar 2026 and the
// previous equal period 20 Sep - 18 Dec 2025; this week began on Monday 16 March.
const NOW = new Date('2026-03-18T10:00:00.000Z');
let server: TestServer;
let org: Organisation<People, 'Core' | 'Other'>;
let comms: number;
let delivery: number;
let clarity: number;
let listening: number;
let ownership: number;
const fb: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({}, () => NOW);
  org = await feedbackWorld(server);
  const f = org.f;
  const p = org.people;
  comms = (await f.category({ name: 'Talk', color: '#112233' })).id;
  delivery = (await f.category({ name: 'Results', color: '#445566' })).id;
  clarity = (await f.attribute({ categoryId: comms, name: 'Plain words' })).id;
  listening = (await f.attribute({ categoryId: comms, name: 'Hearing others' })).id;
  ownership = (await f.attribute({ categoryId: delivery, name: 'Owning it' })).id;
  const give = async (
    key: string,
    giver: People,
    receiver: People,
    at: string,
    ratings: ({ rating: number } & ({ attributeId: number } | { categoryId: number }))[],
    each: { flagStatus?: 'pending' | 'approved' | 'escalated' | 'rejected' } = {},
  ) => {
    const { feedback } = await f.feedback({
      giverId: p[giver].id,
      receiverIds: [p[receiver].id],
      createdAt: at,
      ratings,
      each: { createdAt: at, ...each },
    });
    fb[key] = feedback[0]!.id;
  };
  // Ann's current period: 9/2 + 2/1 + 4/1 = 15/4 = 3.75 over three feedback.
  await give('thisWeek', 'bob', 'ann', '2026-03-17T08:00:00.000Z', [
    { attributeId: clarity, rating: 5 },
    { attributeId: listening, rating: 4 },
  ]);
  await give('march', 'cem', 'ann', '2026-03-02T08:00:00.000Z', [
    { attributeId: clarity, rating: 2 },
    { categoryId: comms, rating: 0 },
  ]);
  // 00:00 on 19 December in Karachi: the first instant of the range.
  await give('firstInstant', 'lead', 'ann', '2025-12-18T19:00:00.000Z', [{ attributeId: ownership, rating: 4 }]);
  // Ann's previous period: 6/2 + 10/3 = 16/5 = 3.2. 23:59:59 on 18 December in Karachi: the day before.
  await give('lastInstantBefore', 'bob', 'ann', '2025-12-18T18:59:59.000Z', [
    { attributeId: clarity, rating: 2 },
    { attributeId: listening, rating: 4 },
  ]);
  await give('october', 'cem', 'ann', '2025-10-01T08:00:00.000Z', [
    { attributeId: ownership, rating: 4 },
    { attributeId: clarity, rating: 3 },
    { attributeId: listening, rating: 3 },
  ]);
  // Never counted: hidden by a flag (given by the lead, who reads what they gave), and ann's older history.
  await give('flagged', 'lead', 'ann', '2026-03-18T05:00:00.000Z', [{ attributeId: clarity, rating: 1 }], {
    flagStatus: 'pending',
  });
  await give('rejectedFlag', 'cem', 'ann', '2026-03-18T06:00:00.000Z', [{ attributeId: listening, rating: 4 }], {
    flagStatus: 'rejected',
  });
  // Bob's and the outsider's.
  await give('toBob', 'ann', 'bob', '2026-03-10T08:00:00.000Z', [{ categoryId: comms, rating: 5 }]);
  await give('toOutsider', 'other', 'outsider', '2026-03-10T08:00:00.000Z', [{ categoryId: delivery, rating: 1 }]);
});
afterAll(() => server.close());

const get = async <T>(as: People, url: string) => org.people[as].api.get<T>(url);

describe('the overview of one employee', () => {
  it('gives the overall rating, its trend against the previous period and the counts', async () => {
    // The rejected flag shows the feedback again: it counts (4 on Hearing others, this week).
    const res = await get<FeedbackOverview>('ann', '/api/feedback/overview');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2025-12-19',
      to: '2026-03-18',
      employee: { id: org.people.ann.id, name: org.people.ann.name },
      overallRating: 3.8, // (15 + 4) / 5
      ratingCount: 5,
      feedbackCount: 4,
      previousRating: 3.2,
      trend: 'up',
      percentageChange: 18.8, // (3.8 - 3.2) / 3.2
      weekCount: 2,
    });
    expect(res.body.weeks).toHaveLength(14);
    expect(res.body.weeks[0]).toEqual({ start: '2025-12-15', count: 1 });
    expect(res.body.weeks.filter((w) => w.count > 0)).toEqual([
      { start: '2025-12-15', count: 1 },
      { start: '2026-03-02', count: 1 },
      { start: '2026-03-16', count: 2 },
    ]);
    expect(res.body.categories).toEqual([
      { id: delivery, name: 'Results', color: '#445566', average: 4, count: 1 },
      { id: comms, name: 'Talk', color: '#112233', average: 3.75, count: 4 },
    ]);
    expect(res.body.attributes.map((a) => [a.name, a.categoryName, a.average, a.count])).toEqual([
      ['Hearing others', 'Talk', 4, 2],
      ['Owning it', 'Results', 4, 1],
      ['Plain words', 'Talk', 3.5, 2],
    ]);
  });

  it('reads the same figures for a lead of theirs and for HR, never the flagged one the lead gave', async () => {
    const own = (await get<FeedbackOverview>('ann', '/api/feedback/overview')).body;
    for (const who of ['lead', 'hr'] as const) {
      const res = await get<FeedbackOverview>(who, `/api/feedback/overview?employeeId=${org.people.ann.id}`);
      expect(res.status, who).toBe(200);
      expect(res.body, who).toEqual(own);
    }
  });

  it('answers 403 to a colleague or a lead of another team, 404 for someone of another tenant', async () => {
    for (const who of ['bob', 'outsider', 'other'] as const) {
      const res = await get<{ error: { code: string } }>(who, `/api/feedback/overview?employeeId=${org.people.ann.id}`);
      expect(res.status, who).toBe(403);
      const trend = await get(who, `/api/feedback/overview/trend?employeeId=${org.people.ann.id}`);
      expect(trend.status, who).toBe(403);
      const drill = await get(who, `/api/feedback/overview/categories/${comms}?employeeId=${org.people.ann.id}`);
      expect(drill.status, who).toBe(403);
    }
    const stranger = await organisation(server, { people: { x: ['Employee'] } });
    const res = await get('hr', `/api/feedback/overview?employeeId=${stranger.people.x.id}`);
    expect(res.status).toBe(404);
  });

  it('compares with the equal period before a custom range, down or unchanged', async () => {
    // 1-31 Oct 2025 (3.33) against 31 Aug - 30 Sep (nothing): no change, no percentage.
    let res = await get<FeedbackOverview>('ann', '/api/feedback/overview?from=2025-10-01&to=2025-10-31');
    expect(res.body).toMatchObject({
      overallRating: 3.33,
      previousRating: null,
      trend: 'no_change',
      percentageChange: null,
    });
    // 18 Dec (3.0) against 17 Dec (nothing); 19 Dec (4) against 18 Dec (3): up by a third.
    res = await get<FeedbackOverview>('ann', '/api/feedback/overview?from=2025-12-19&to=2025-12-19');
    expect(res.body).toMatchObject({ overallRating: 4, previousRating: 3, trend: 'up', percentageChange: 33.3 });
    // 19 Dec - 2 Mar (4 and 2 = 3) against the 74 days before (6/2 = 3): unchanged.
    res = await get<FeedbackOverview>('ann', '/api/feedback/overview?from=2025-12-19&to=2026-03-02');
    expect(res.body).toMatchObject({ overallRating: 3, previousRating: 3, trend: 'no_change', percentageChange: 0 });
    // 19 Dec - 8 Mar (3) against the 80 days before (6/2 and 10/3 = 3.2): down 6.25%.
    res = await get<FeedbackOverview>('ann', '/api/feedback/overview?from=2025-12-19&to=2026-03-08');
    expect(res.body).toMatchObject({ overallRating: 3, previousRating: 3.2, trend: 'down', percentageChange: -6.3 });
    // This week's count does not follow the range.
    expect(res.body.weekCount).toBe(2);
  });

  it('gives the six-month trend, of everything or of one category or attribute', async () => {
    const months = async (query = '') =>
      (await get<FeedbackTrend>('ann', `/api/feedback/overview/trend${query}`)).body.months.map((m) => [
        m.month,
        m.average,
        m.count,
      ]);
    expect(await months()).toEqual([
      ['2025-10', 3.33, 3],
      ['2025-11', null, 0],
      ['2025-12', 3.33, 3],
      ['2026-01', null, 0],
      ['2026-02', null, 0],
      ['2026-03', 3.75, 4],
    ]);
    expect(await months(`?categoryId=${comms}`)).toEqual([
      ['2025-10', 3, 2],
      ['2025-11', null, 0],
      ['2025-12', 3, 2],
      ['2026-01', null, 0],
      ['2026-02', null, 0],
      ['2026-03', 3.75, 4],
    ]);
    expect(await months(`?attributeId=${clarity}`)).toEqual([
      ['2025-10', 3, 1],
      ['2025-11', null, 0],
      ['2025-12', 2, 1],
      ['2026-01', null, 0],
      ['2026-02', null, 0],
      ['2026-03', 3.5, 2],
    ]);
  });

  it('drills into a category’s attributes and an attribute’s months and newest feedback', async () => {
    const category = await get<CategoryOverview>('ann', `/api/feedback/overview/categories/${comms}`);
    expect(category.status).toBe(200);
    expect(category.body.category).toMatchObject({ id: comms, name: 'Talk', average: 3.75, count: 4 });
    expect(category.body.attributes.map((a) => [a.name, a.average, a.count])).toEqual([
      ['Hearing others', 4, 2],
      ['Plain words', 3.5, 2],
    ]);
    const attribute = await get<AttributeOverview>('ann', `/api/feedback/overview/attributes/${clarity}`);
    expect(attribute.status).toBe(200);
    expect(attribute.body.attribute).toMatchObject({ name: 'Plain words', categoryName: 'Talk', average: 3.5 });
    expect(attribute.body.months.at(-1)).toEqual({ month: '2026-03', average: 3.5, count: 2 });
    // Newest first; the flagged one (clarity 1, today) is not among them.
    expect(attribute.body.recentFeedbackIds).toEqual([fb.thisWeek, fb.march]);
    expect((await get('ann', '/api/feedback/overview/categories/999999')).status).toBe(404);
    expect((await get('ann', '/api/feedback/overview/attributes/999999')).status).toBe(404);
  });
});

describe('demo data', () => {
  it('counts demo feedback while demo data is shown, and none once it is switched off', async () => {
    const p = org.people;
    const { feedback } = await org.f.feedback({
      giverId: p.cem.id,
      receiverIds: [p.ann.id],
      createdAt: '2026-03-17T09:00:00.000Z',
      ratings: [{ attributeId: clarity, rating: 1 }],
      each: { createdAt: '2026-03-17T09:00:00.000Z', isDemo: 1 },
    });
    try {
      let res = await get<FeedbackOverview>('ann', '/api/feedback/overview');
      expect(res.body).toMatchObject({ overallRating: 3.33, ratingCount: 6, weekCount: 3 }); // 20 / 6
      await org.f.setting('isDemoDataDisabled', true);
      res = await get<FeedbackOverview>('ann', '/api/feedback/overview');
      expect(res.body).toMatchObject({ overallRating: 3.8, ratingCount: 5, weekCount: 2 });
    } finally {
      await org.f.setting('isDemoDataDisabled', false);
      await server.db.deleteFrom('feedback').where('id', '=', feedback[0]!.id).execute();
    }
  });
});

describe('the overview of one’s teams', () => {
  it('sums the members’ received feedback the lead reads, never another team’s', async () => {
    // Ann's 19/5 and Bob's 5/1 = 24/6; the outsider's 1 is outside the lead's teams.
    const res = await get<FeedbackOverview>('lead', '/api/feedback/overview?team=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      employee: null,
      overallRating: 4,
      ratingCount: 6,
      feedbackCount: 5,
      weekCount: 2,
    });
    expect((await get('ann', '/api/feedback/overview?team=true')).status).toBe(403);
  });

  it('lists whom the caller may pick, each group by its permission', async () => {
    const lead = (await get<OverviewPeople>('lead', '/api/feedback/overview/people')).body;
    expect(lead.employees).toBeNull();
    expect(lead.teamMembers!.map((p) => p.id).sort()).toEqual(
      [org.people.ann.id, org.people.bob.id, org.people.cem.id].sort(),
    );
    const hr = (await get<OverviewPeople>('hr', '/api/feedback/overview/people?searchText=outsider')).body;
    expect(hr.employees!.map((p) => p.id)).toEqual([org.people.outsider.id]);
    expect((await get('ann', '/api/feedback/overview/people')).status).toBe(403);
  });
});

describe('the overview of a team or a function', () => {
  type Extra = 'fnadmin' | 'fnmember' | 'gone';
  const x = {} as Record<Extra, Awaited<ReturnType<Organisation<People, 'Core' | 'Other'>['person']>>>;
  let craft: number;
  let otherFn: number;
  let oldFn: number;
  let stranger: Organisation<'x', 'Theirs'>;
  let strangerFn: number;
  const as = async <T>(who: People | Extra, url: string) =>
    (who in x ? x[who as Extra].api : org.people[who as People].api).get<T>(url);

  beforeAll(async () => {
    const p = org.people;
    // HR who may see every function, HR who sees only the functions they belong to, and a former member.
    x.fnadmin = await org.person('fnadmin', { roles: ['HR'], grants: ['view-functions', 'view-all-functions'] });
    x.fnmember = await org.person('fnmember', { roles: ['HR'], grants: ['view-functions'] });
    x.gone = await org.person('gone', { roles: ['Employee'], status: 'inactive', teamIds: [org.teams.Other.id] });
    craft = (await org.f.function({ name: 'Craft', memberIds: [p.ann.id, p.outsider.id, x.gone.id] })).id;
    otherFn = (await org.f.function({ name: 'Support', memberIds: [p.bob.id, x.fnmember.id] })).id;
    oldFn = (await org.f.function({ name: 'Retired', isActive: 0, memberIds: [p.ann.id] })).id;
    // The lead's own (counted in their team, not in My teams) and the former member's (never counted).
    const give = (giverId: number, receiverId: number, rating: number) =>
      org.f.feedback({
        giverId,
        receiverIds: [receiverId],
        createdAt: '2026-03-11T08:00:00.000Z',
        ratings: [{ categoryId: delivery, rating }],
        each: { createdAt: '2026-03-11T08:00:00.000Z' },
      });
    await give(p.ann.id, p.lead.id, 1);
    await give(p.ann.id, x.gone.id, 5);
    stranger = await organisation(server, { people: { x: ['Employee'] }, teams: { Theirs: ['x'] } });
    strangerFn = (await stranger.f.function({ name: 'Theirs', memberIds: [stranger.people.x.id] })).id;
  });

  it('sums a team’s active members, the lead included, for its lead and for HR alike', async () => {
    const core = org.teams.Core.id;
    // Ann's 19/5, Bob's 5/1 and the lead's 1/1; never the flagged one the lead gave Ann.
    const lead = await as<FeedbackOverview>('lead', `/api/feedback/overview?teamId=${core}`);
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({
      employee: null,
      team: { id: core, name: 'Core' },
      function: null,
      overallRating: 3.57, // 25 / 7
      ratingCount: 7,
      feedbackCount: 6,
      weekCount: 2,
    });
    expect((await as('hr', `/api/feedback/overview?teamId=${core}`)).body).toEqual(lead.body);
    // My teams leaves the lead out: 24 / 6.
    expect((await as<FeedbackOverview>('lead', '/api/feedback/overview?team=true')).body.overallRating).toBe(4);
    // Another team: its own lead, HR; the former member's 5 never counts.
    const other = org.teams.Other.id;
    for (const who of ['other', 'hr'] as const) {
      const res = await as<FeedbackOverview>(who, `/api/feedback/overview?teamId=${other}`);
      expect(res.body, who).toMatchObject({ team: { name: 'Other' }, overallRating: 1, ratingCount: 1 });
    }
  });

  it('answers 403 for a team the caller may not open, on every overview endpoint, 404 for another tenant’s', async () => {
    const other = org.teams.Other.id;
    const urls = [
      `/api/feedback/overview?teamId=${other}`,
      `/api/feedback/overview/trend?teamId=${other}`,
      `/api/feedback/overview/categories/${comms}?teamId=${other}`,
      `/api/feedback/overview/attributes/${clarity}?teamId=${other}`,
      `/api/feedback?direction=received&teamId=${other}`,
    ];
    for (const url of urls) {
      const res = await as<{ error: { details: unknown } }>('lead', url);
      expect(res.status, url).toBe(403);
      expect(res.body.error.details, url).toEqual({ permission: 'view-all-employees-feedback' });
      // An employee without the team level may not open even their own team.
      expect((await as('ann', url.replace(`teamId=${other}`, `teamId=${org.teams.Core.id}`))).status, url).toBe(403);
      const theirs = url.replace(`teamId=${other}`, `teamId=${stranger.teams.Theirs.id}`);
      expect((await as('hr', theirs)).status, theirs).toBe(404);
    }
  });

  it('gives a team’s trend and drill-downs from the same rows', async () => {
    const q = `teamId=${org.teams.Core.id}`;
    const trend = await as<FeedbackTrend>('lead', `/api/feedback/overview/trend?${q}`);
    // March: Ann's 9/2, 2/1 and 4/1 (the rejected flag), Bob's 5/1, the lead's 1/1 = 21/6.
    expect(trend.body.months.at(-1)).toEqual({ month: '2026-03', average: 3.5, count: 6 });
    const category = await as<CategoryOverview>('lead', `/api/feedback/overview/categories/${delivery}?${q}`);
    expect(category.body.category).toMatchObject({ average: 2.5, count: 2 }); // Ann's 4, the lead's 1
    const attribute = await as<AttributeOverview>('lead', `/api/feedback/overview/attributes/${clarity}?${q}`);
    expect(attribute.body.recentFeedbackIds).toEqual([fb.thisWeek, fb.march]);
  });

  it('gives a function’s figures: the hand-computed average of its active members’ visible feedback', async () => {
    // Ann's 19/5 and the outsider's 1/1 = 20/6; the former member's 5 and Ann's flagged 1 never count.
    const res = await as<FeedbackOverview>('fnadmin', `/api/feedback/overview?functionId=${craft}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      employee: null,
      team: null,
      function: { id: craft, name: 'Craft' },
      overallRating: 3.33,
      ratingCount: 6,
      feedbackCount: 5,
    });
    expect(res.body.categories.map((c) => [c.name, c.average, c.count])).toEqual([
      ['Talk', 3.75, 4], // Ann's 5, 4, 2 and 4
      ['Results', 2.5, 2], // Ann's 4, the outsider's 1
    ]);
    const attribute = await as<AttributeOverview>(
      'fnadmin',
      `/api/feedback/overview/attributes/${clarity}?functionId=${craft}`,
    );
    expect(attribute.body.recentFeedbackIds).toEqual([fb.thisWeek, fb.march]);
    // The list the attribute page shows is of the same rows.
    const list = await as<{ items: { id: number }[] }>(
      'fnadmin',
      `/api/feedback?direction=received&functionId=${craft}&attributeId=${clarity}&from=2025-12-19&to=2026-03-18`,
    );
    expect(list.body.items.map((i) => i.id)).toEqual([fb.thisWeek, fb.march]);
    // An inactive function still opens by its address (its past stays readable); Ann's alone.
    const old = await as<FeedbackOverview>('fnadmin', `/api/feedback/overview?functionId=${oldFn}`);
    expect(old.body).toMatchObject({ overallRating: 3.8, ratingCount: 5 });
  });

  it('opens a function only with the all level and view-functions, within the Function Setup scope', async () => {
    const url = (id: number) => `/api/feedback/overview?functionId=${id}`;
    // HR without view-functions; a lead without the all level, even of Craft's members.
    expect((await as<{ error: { details: unknown } }>('hr', url(craft))).body.error.details).toEqual({
      permission: 'view-functions',
    });
    const lead = await as<{ error: { details: unknown } }>('lead', url(craft));
    expect(lead.status).toBe(403);
    expect(lead.body.error.details).toEqual({ permission: 'view-all-employees-feedback' });
    // Without view-all-functions, only one's own functions: another answers 404 as in Function Setup.
    expect((await as('fnmember', url(craft))).status).toBe(404);
    const own = await as<FeedbackOverview>('fnmember', url(otherFn));
    expect(own.body).toMatchObject({ function: { name: 'Support' }, overallRating: 5, ratingCount: 1 });
    for (const endpoint of ['', '/trend', `/categories/${comms}`, `/attributes/${clarity}`]) {
      const res = await as('fnadmin', `/api/feedback/overview${endpoint}?functionId=${strangerFn}`);
      expect(res.status, endpoint).toBe(404);
      expect((await as('lead', `/api/feedback/overview${endpoint}?functionId=${craft}`)).status, endpoint).toBe(403);
    }
  });

  it('offers the Teams and Functions groups by their permissions', async () => {
    const groups = async (who: People | Extra, search = '') =>
      (await as<OverviewPeople>(who, `/api/feedback/overview/people${search}`)).body;
    const lead = await groups('lead');
    expect(lead.teams).toEqual([{ id: org.teams.Core.id, name: 'Core' }]);
    expect(lead.functions).toBeNull();
    const hr = await groups('hr');
    expect(hr.teams!.map((t) => t.name)).toEqual(['Core', 'Other']);
    expect(hr.functions).toBeNull(); // no view-functions
    expect((await groups('fnadmin')).functions!.map((f) => f.name)).toEqual(['Craft', 'Support']); // active ones
    expect((await groups('fnmember')).functions!.map((f) => f.name)).toEqual(['Support']);
    expect((await groups('fnadmin', '?searchText=oth')).teams!.map((t) => t.name)).toEqual(['Other']);
    expect((await as('ann', '/api/feedback/overview/people')).status).toBe(403);
  });

  it('hides demo teams and functions once the company switches demo data off', async () => {
    const team = await org.f.team({ name: 'Sample team', isDemo: 1, memberIds: [org.people.ann.id] });
    const fn = await org.f.function({ name: 'Sample function', isDemo: 1, memberIds: [org.people.ann.id] });
    const names = async () => {
      const body = (await as<OverviewPeople>('fnadmin', '/api/feedback/overview/people?searchText=Sample')).body;
      return [...body.teams!, ...body.functions!].map((g) => g.name);
    };
    try {
      expect(await names()).toEqual(['Sample team', 'Sample function']);
      expect((await as('fnadmin', `/api/feedback/overview?teamId=${team.id}`)).status).toBe(200);
      await org.f.setting('isDemoDataDisabled', true);
      expect(await names()).toEqual([]);
      expect((await as('fnadmin', `/api/feedback/overview?teamId=${team.id}`)).status).toBe(404);
      expect((await as('fnadmin', `/api/feedback/overview?functionId=${fn.id}`)).status).toBe(404);
    } finally {
      await org.f.setting('isDemoDataDisabled', false);
      await server.db.deleteFrom('teamMembers').where('teamId', '=', team.id).execute();
      await server.db.deleteFrom('teams').where('id', '=', team.id).execute();
      await server.db.deleteFrom('functions').where('id', '=', fn.id).execute();
    }
  });
});

describe('bad input', () => {
  it('names the field and answers 400', async () => {
    const cases: [string, string][] = [
      ['/api/feedback/overview?from=2026-03-10&to=2026-03-01', 'querystring.from'],
      ['/api/feedback/overview?to=2026-03-19', 'querystring.to'],
      ['/api/feedback/overview?from=2020-01-01&to=2026-03-01', 'querystring.from'],
      ['/api/feedback/overview?from=2026-02-30', 'querystring.from'],
      [`/api/feedback/overview?team=true&employeeId=${org.people.ann.id}`, 'querystring.team'],
      [`/api/feedback/overview?employeeId=${org.people.ann.id}&teamId=${org.teams.Core.id}`, 'querystring.teamId'],
      [`/api/feedback/overview/trend?teamId=${org.teams.Core.id}&functionId=1`, 'querystring.functionId'],
      [`/api/feedback/overview/categories/${comms}?functionId=1&team=true`, 'querystring.team'],
      [`/api/feedback?direction=received&teamId=${org.teams.Core.id}&functionId=1`, 'querystring.functionId'],
      [`/api/feedback/overview/trend?categoryId=${comms}&attributeId=${clarity}`, 'querystring.attributeId'],
    ];
    await expectFieldNamed(org.people.hr.api, cases);
  });
});

describe('query plans', () => {
  /**
   * Every overview query, as the repository builds it, explained by the engine: each reads `feedback`
   * through the feedback_receiver index (tenant_id, receiver_id, created_at), never by a full scan. On
   * these few rows PostgreSQL would rather scan, so the check turns sequential scans off for its
   * transaction: what it shows is that the index serves the query; tools/bench measures the speed.
   */
  it('reads feedback through the receiver index on this engine', async () => {
    const { plugin, captured } = captureQueries();
    const permissions = new Set(['view-received-feedback', 'view-given-feedback', 'view-team-member-dropdown']);
    const options = { asker: { employeeId: org.people.lead.id, permissions } as Asker, hideDemo: true };
    const span = { from: '2025-12-18T19:00:00.000Z', to: '2026-03-18T19:00:00.000Z' };
    const previous = { from: '2025-09-19T19:00:00.000Z', to: span.from };
    const repo = overviewRepository({ db: server.db.withPlugin(plugin), tenantId: org.tenantId, now: () => NOW });
    const fn = await org.f.function({ name: 'Planned', memberIds: [org.people.ann.id, org.people.bob.id] });
    const subjects = [
      { employeeId: org.people.ann.id },
      { team: true as const },
      { teamId: org.teams.Core.id },
      { functionId: fn.id },
    ];
    for (const subject of subjects) {
      await repo.periodFigures(subject, options, {
        previous,
        weekStarts: [span.from, '2026-01-01T00:00:00.000Z'],
        end: span.to,
        // A week outside the rows read: counted by a query of its own.
        thisWeek: { from: '2026-06-01T00:00:00.000Z', to: '2026-06-08T00:00:00.000Z' },
      });
      await repo.ratedFigures(subject, options, span);
      await repo.ratedFigures(subject, options, span, { categoryId: comms });
      await repo.averagesBy(subject, options, [{ month: '2026-03', start: span.from }], span.to, {
        attributeId: clarity,
      });
      await repo.recentWithAttribute(subject, options, span, clarity);
    }
    // The figures' queries; the catalogue lookups that name the averages afterwards read no feedback.
    const plans = await explainAll(server.db, captured, (sql) => / from "feedback"/.test(sql));
    expect(plans.length).toBe(24);
    for (const { sql, plan } of plans) {
      // One employee's figures go through the receiver index; a team's over a period may go through the
      // period index (migration 0021) when the engine judges the team's receivers many. Never a scan.
      expect(plan, sql).toMatch(/feedback_receiver|feedback_tenant_created/);
      expect(plan, sql).not.toMatch(/SCAN feedback( |$)|Seq Scan on feedback( |$)/m);
    }
  });
});
