/**
 * Personal feedback over real HTTP on both engines (docs/feedback.md): giving with its rules, who reads
 * what (the one visibility rule, in lists, details, counts and reactions), filters, seen marks, reactions,
 * edits diffed by id, deletes by group, flags hiding, answering a request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem } from '../../shared/contracts/feedback.js';
import { feedbackWorld } from './feedback-world.js';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type TestServer } from './harness.js';

type People = 'ann' | 'bob' | 'cem' | 'lead' | 'hr' | 'outsider' | 'other';
let server: TestServer;
let org: Organisation<People, 'Core' | 'Other'>;
let clarity: number;
let listening: number;
let comms: number;
let inactive: number;

type List = { items: FeedbackItem[]; total: number };
const ids = (list: List) => list.items.map((i) => i.id).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startServer();
  org = await feedbackWorld(server);
  const c = await org.f.category({ name: 'Test communication' });
  comms = c.id;
  clarity = (await org.f.attribute({ categoryId: c.id, name: 'Precision' })).id;
  listening = (await org.f.attribute({ categoryId: c.id, name: 'Patience' })).id;
  inactive = (await org.f.attribute({ categoryId: c.id, name: 'Retired', isActive: 0 })).id;
});
afterAll(() => server.close());

const give = (body: object, as: People = 'ann') => org.people[as].api.post('/api/feedback', body);
const list = async (query: string, as: People) => (await org.people[as].api.get<List>(`/api/feedback?${query}`)).body;

describe('giving feedback', () => {
  it('makes one group with one feedback per recipient, rated per attribute', async () => {
    const res = await give({
      receiverIds: [org.people.bob.id, org.people.cem.id],
      ratings: [
        { attributeId: clarity, rating: 5 },
        { attributeId: listening, rating: 4 },
        { categoryId: comms, rating: 0 },
      ],
      comment: 'Great demo on Friday',
    });
    expect(res.status).toBe(201);
    expect(res.body.feedbackIds).toHaveLength(2);
    const detail = await org.people.bob.api.get<FeedbackItem>(`/api/feedback/${res.body.feedbackIds[0]}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      groupId: res.body.groupId,
      giver: { id: org.people.ann.id, name: 'ANN' },
      receiver: { id: org.people.bob.id },
      comment: 'Great demo on Friday',
      average: 4.5,
      rating: 5,
      seen: false,
      flagStatus: 'none',
    });
    expect(detail.body.ratings.map((r) => [r.attributeName, r.categoryName, r.rating])).toEqual([
      ['Precision', 'Test communication', 5],
      ['Patience', 'Test communication', 4],
      [null, 'Test communication', 0],
    ]);
  });

  it('refuses with the spec’s message and the field named, changing nothing', async () => {
    const before = await server.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, string, string][] = [
      [
        { receiverIds: [], ratings: [{ attributeId: clarity, rating: 4 }] },
        'body.receiverIds',
        'FEEDBACK_NO_RECIPIENT',
      ],
      [
        { receiverIds: [org.people.ann.id], ratings: [{ attributeId: clarity, rating: 4 }] },
        'body.receiverIds',
        'FEEDBACK_TO_SELF',
      ],
      [{ receiverIds: [org.people.bob.id], ratings: [] }, 'body.ratings', 'FEEDBACK_NOTHING_CHOSEN'],
      [
        { receiverIds: [org.people.bob.id], ratings: [{ attributeId: inactive, rating: 4 }] },
        'body.ratings',
        'FEEDBACK_RATING_UNKNOWN',
      ],
      [
        { receiverIds: [org.people.bob.id, 999999], ratings: [{ attributeId: clarity, rating: 4 }] },
        'body.receiverIds',
        'FEEDBACK_RECIPIENT_UNKNOWN',
      ],
      [
        { receiverIds: [org.people.bob.id], ratings: [{ attributeId: clarity, rating: 0 }] },
        'body.ratings',
        'FEEDBACK_NOTHING_RATED',
      ],
    ];
    for (const [body, path, code] of cases) {
      const res = await give(body);
      expect(res.status, code).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toBe('Failed to submit feedback');
      expect(res.body.error.details.fields[0].path).toBe(path);
    }
    // Someone of another tenant is unknown here.
    const stranger = await organisation(server, { people: { x: ['Employee'] } });
    const res = await give({ receiverIds: [stranger.people.x.id], ratings: [{ attributeId: clarity, rating: 4 }] });
    expect(res.body.error.code).toBe('FEEDBACK_RECIPIENT_UNKNOWN');
    const after = await server.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('bounds the comment by the tenant’s characterLimit', async () => {
    await org.f.setting('characterLimit', 20);
    const res = await give({
      receiverIds: [org.people.bob.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'x'.repeat(21),
    });
    expect(res.body.error.code).toBe('FEEDBACK_COMMENT_TOO_LONG');
    await org.f.setting('characterLimit', 500);
  });

  it('needs a comment when a rating strays from the giver’s recent average by more than ratingDeviation', async () => {
    // cem has rated outsider 1s lately; a 5 without a word is refused, with a word accepted.
    await org.f.feedback({
      giverId: org.people.cem.id,
      receiverIds: [org.people.outsider.id],
      ratings: [{ attributeId: clarity, rating: 1 }],
    });
    const silent = await give(
      { receiverIds: [org.people.outsider.id], ratings: [{ attributeId: clarity, rating: 5 }] },
      'cem',
    );
    expect(silent.status).toBe(400);
    expect(silent.body.error).toMatchObject({
      code: 'FEEDBACK_COMMENT_REQUIRED',
      details: { fields: [{ path: 'body.comment' }] },
    });
    const averages = await org.people.cem.api.get(
      `/api/feedback/recent-averages?receiverIds=${org.people.outsider.id}`,
    );
    expect(averages.body.items).toEqual([{ receiverId: org.people.outsider.id, average: 1 }]);
    const said = await give(
      {
        receiverIds: [org.people.outsider.id],
        ratings: [{ attributeId: clarity, rating: 5 }],
        comment: 'Turned it around',
      },
      'cem',
    );
    expect(said.status).toBe(201);
  });

  it('finds active colleagues by name or whole e-mail address, never oneself', async () => {
    await org.f.employee({ name: 'Gone Away', email: `gone@${org.domain}`, status: 'inactive' });
    const everyone = (await org.people.ann.api.get('/api/feedback/colleagues')).body.items as Record<string, unknown>[];
    const all = everyone.map((c) => c.name);
    expect(all).toContain('BOB');
    expect(all).not.toContain('ANN');
    expect(all).not.toContain('Gone Away');
    // What a picker needs and nothing else (docs/security.md "Colleagues"): no e-mail, role or status.
    for (const item of everyone) expect(Object.keys(item).sort()).toEqual(['id', 'image', 'name', 'teams']);
    const cem = [{ id: org.people.cem.id, name: 'CEM', image: null, teams: ['Core'] }];
    const search = (text: string, extra = '') =>
      org.people.ann.api.get(`/api/feedback/colleagues?searchText=${encodeURIComponent(text)}${extra}`);
    expect((await search('ce')).body.items).toEqual(cem);
    expect((await search(`CEM@${org.domain.toUpperCase()}`)).body.items).toEqual(cem);
    // A part of an address finds nobody, so no one can read a colleague's address letter by letter.
    expect((await search('cem@')).body.items).toEqual([]);
    expect((await search(org.domain, `&id=${org.people.cem.id}`)).body.items).toEqual([]);
  });

  it('offers only active categories and attributes', async () => {
    const res = await org.people.ann.api.get('/api/feedback/options');
    const names = res.body.categories.flatMap((c: { attributes: { name: string }[] }) =>
      c.attributes.map((a) => a.name),
    );
    expect(names).toContain('Precision');
    expect(names).not.toContain('Retired');
    expect(res.body.characterLimit).toBe(500);
  });
});

describe('who reads a feedback', () => {
  let feedbackId: number;
  beforeAll(async () => {
    const res = await give({
      receiverIds: [org.people.bob.id],
      ratings: [{ attributeId: clarity, rating: 3 }],
      comment: 'Visibility probe',
    });
    feedbackId = res.body.feedbackIds[0];
  });

  it('lets the giver, the receiver, the receiver’s lead and HR read it', async () => {
    for (const who of ['ann', 'bob', 'lead', 'hr'] as const) {
      expect((await org.people[who].api.get(`/api/feedback/${feedbackId}`)).status, who).toBe(200);
    }
    expect(ids(await list('direction=received', 'bob'))).toContain(feedbackId);
    expect(ids(await list('direction=given', 'ann'))).toContain(feedbackId);
    expect(ids(await list(`direction=received&employeeId=${org.people.bob.id}`, 'lead'))).toContain(feedbackId);
    expect(ids(await list('direction=received&team=true', 'lead'))).toContain(feedbackId);
    expect(ids(await list(`direction=received&employeeId=${org.people.bob.id}`, 'hr'))).toContain(feedbackId);
  });

  it('keeps it from colleagues, even teammates, and from leads of other teams', async () => {
    for (const who of ['cem', 'outsider', 'other'] as const) {
      const res = await org.people[who].api.get(`/api/feedback/${feedbackId}`);
      expect(res.status, who).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Visibility probe');
      const react = await org.people[who].api.put(`/api/feedback/${feedbackId}/reactions/${encodeURIComponent('👍')}`);
      expect(react.status, who).toBe(403);
    }
    // cem is bob's teammate but no lead: a list of bob's feedback is refused, cem's own lists don't hold it.
    expect(
      (await org.people.cem.api.get(`/api/feedback?direction=received&employeeId=${org.people.bob.id}`)).status,
    ).toBe(403);
    expect(ids(await list('direction=received&team=true', 'cem'))).not.toContain(feedbackId);
    expect(ids(await list('direction=received&team=true', 'other'))).not.toContain(feedbackId);
  });

  it('shows a lead what their member gave only to people the lead may read', async () => {
    const out = await give({
      receiverIds: [org.people.outsider.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'Outside the team',
    });
    const inside = await give({
      receiverIds: [org.people.cem.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'Inside the team',
    });
    for (const query of [`direction=given&employeeId=${org.people.ann.id}`, 'direction=given&team=true']) {
      const seen = ids(await list(query, 'lead'));
      expect(seen, query).toContain(inside.body.feedbackIds[0]);
      expect(seen, query).not.toContain(out.body.feedbackIds[0]);
    }
    expect((await org.people.lead.api.get(`/api/feedback/${out.body.feedbackIds[0]}`)).status).toBe(403);
  });

  it('is 404 for another tenant, who cannot tell it exists', async () => {
    const stranger = await organisation(server, { people: { x: ['Administrator'] } });
    const res = await stranger.people.x.api.get(`/api/feedback/${feedbackId}`);
    expect(res.status).toBe(404);
  });

  it('hides a flagged feedback from everyone but its giver, who sees it is under review', async () => {
    const flagged = await org.f.feedback({
      giverId: org.people.cem.id,
      receiverIds: [org.people.bob.id],
      comment: 'Rude remark',
      ratings: [{ attributeId: clarity, rating: 1 }],
    });
    const id = flagged.feedback[0]!.id;
    const unseenBefore = (await org.people.bob.api.get('/api/feedback/unseen-count')).body.unseen;
    await org.f.flag({ feedbackId: id, flaggedBy: org.people.bob.id, status: 'pending' });
    for (const who of ['bob', 'lead', 'hr'] as const) {
      expect((await org.people[who].api.get(`/api/feedback/${id}`)).status, who).toBe(403);
    }
    expect(ids(await list('direction=received', 'bob'))).not.toContain(id);
    expect((await org.people.bob.api.get('/api/feedback/unseen-count')).body.unseen).toBe(unseenBefore - 1);
    const own = await org.people.cem.api.get<FeedbackItem>(`/api/feedback/${id}`);
    expect(own.body.flagStatus).toBe('pending');
    // Rejected: shown again.
    await server.db.updateTable('feedback').set({ flagStatus: 'rejected' }).where('id', '=', id).execute();
    expect((await org.people.bob.api.get<FeedbackItem>(`/api/feedback/${id}`)).body.flagStatus).toBe('none');
  });
});

describe('reading lists', () => {
  let fresh: Organisation<'giver' | 'taker' | 'third', never>;
  let cat: number;
  let attr: number;
  beforeAll(async () => {
    fresh = await organisation(server, { people: { giver: ['Employee'], taker: ['Employee'], third: ['Employee'] } });
    await fresh.f.setting('tenant_timezone', 'UTC');
    const c = await fresh.f.category({ name: 'Test quality' });
    cat = c.id;
    attr = (await fresh.f.attribute({ categoryId: cat, name: 'Polish' })).id;
    const other = await fresh.f.category({ name: 'Test delivery' });
    const otherAttr = (await fresh.f.attribute({ categoryId: other.id, name: 'Pace' })).id;
    for (let i = 0; i < 12; i++) {
      await fresh.f.feedback({
        giverId: i % 2 === 0 ? fresh.people.giver.id : fresh.people.third.id,
        receiverIds: [fresh.people.taker.id],
        comment: i === 3 ? 'Needle in the haystack' : `Note ${i}`,
        ratings: [{ attributeId: i < 6 ? attr : otherAttr, rating: (i % 5) + 1 }],
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    }
  });
  const takerList = async (query: string) =>
    (await fresh.people.taker.api.get<List>(`/api/feedback?direction=received&${query}`)).body;

  it('pages by 10, newest first', async () => {
    const first = await takerList('page=1');
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.createdAt).toBe('2026-01-12T00:00:00.000Z');
    const second = await takerList('page=2');
    expect(second.total).toBe(12);
    expect(second.items.map((i) => i.createdAt)).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(second.items.every((i) => i.giver.name !== '' && i.receiver.id === fresh.people.taker.id)).toBe(true);
    const oldestFirst = await takerList('page=1&orderDir=asc');
    expect(oldestFirst.items[0]!.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect((await fresh.people.taker.api.get('/api/feedback?direction=received&pageSize=25')).status).toBe(400);
  });

  it('filters by stars, category, attribute, dates, text and the other side', async () => {
    expect((await takerList('rating=1')).items.every((i) => i.rating === 1)).toBe(true);
    expect((await takerList(`categoryId=${cat}`)).total).toBe(6);
    expect((await takerList(`attributeId=${attr}`)).total).toBe(6);
    expect((await takerList('from=2026-01-03&to=2026-01-05')).total).toBe(3);
    const found = await takerList('searchText=haystack');
    expect(found.items.map((i) => i.comment)).toEqual(['Needle in the haystack']);
    expect((await takerList('searchText=100%25')).total).toBe(0);
    // The giver's and the receiver's names are searched too (names are their keys in capitals).
    const byGiver = await takerList('searchText=third');
    expect(byGiver.total).toBe(6);
    expect(byGiver.items.every((i) => i.giver.id === fresh.people.third.id)).toBe(true);
    expect((await takerList('searchText=taker')).total).toBe(12);
    expect((await takerList(`categoryId=${cat}&searchText=haystack`)).total).toBe(1);
    expect((await takerList(`givenBy=${fresh.people.third.id}`)).total).toBe(6);
    const given = await fresh.people.giver.api.get<List>(
      `/api/feedback?direction=given&givenTo=${fresh.people.taker.id}`,
    );
    expect(given.body.total).toBe(6);
  });

  it('marks received feedback seen for its receiver only, and counts the unseen', async () => {
    const page = await takerList('page=1');
    expect((await fresh.people.taker.api.get('/api/feedback/unseen-count')).body.unseen).toBe(12);
    const foreign = await fresh.people.giver.api.post('/api/feedback/seen', { feedbackIds: [page.items[0]!.id] });
    expect(foreign.status).toBe(200);
    expect((await fresh.people.taker.api.get('/api/feedback/unseen-count')).body.unseen).toBe(12);
    const res = await fresh.people.taker.api.post('/api/feedback/seen', {
      feedbackIds: page.items.slice(0, 2).map((i) => i.id),
    });
    expect(res.body.unseen).toBe(10);
    expect((await takerList('page=1')).items.slice(0, 2).every((i) => i.seen)).toBe(true);
  });
});

describe('reactions', () => {
  it('counts one per person per emoji, names who reacted, never goes below zero', async () => {
    const res = await give({
      receiverIds: [org.people.bob.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'Reactions',
    });
    const id = res.body.feedbackIds[0];
    const url = `/api/feedback/${id}/reactions/${encodeURIComponent('🎉')}`;
    await org.people.bob.api.put(url);
    const twice = await org.people.bob.api.put(url);
    expect(twice.body.reactions).toEqual([{ emoji: '🎉', count: 1, mine: true, names: ['BOB'] }]);
    const byLead = await org.people.lead.api.put(url);
    expect(byLead.body.reactions).toEqual([{ emoji: '🎉', count: 2, mine: true, names: ['BOB', 'LEAD'] }]);
    await org.people.bob.api.delete(url);
    const again = await org.people.bob.api.delete(url);
    expect(again.body.reactions).toEqual([{ emoji: '🎉', count: 1, mine: false, names: ['LEAD'] }]);
    expect((await org.people.bob.api.put(`/api/feedback/${id}/reactions/x`)).status).toBe(400);
  });
});

describe('editing and deleting what one gave', () => {
  it('diffs recipients and replaces ratings; only the giver may', async () => {
    const res = await give({
      receiverIds: [org.people.bob.id, org.people.cem.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'Edit me',
    });
    const { groupId, feedbackIds } = res.body;
    const bobFeedback = feedbackIds[0];
    await org.people.bob.api.put(`/api/feedback/${bobFeedback}/reactions/${encodeURIComponent('👍')}`);
    const foreign = await org.people.bob.api.patch(`/api/feedback/groups/${groupId}`, { comment: 'Hijack' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('FEEDBACK_NOT_GIVER');
    const edit = await org.people.ann.api.patch(`/api/feedback/groups/${groupId}`, {
      receiverIds: [org.people.bob.id, org.people.lead.id],
      ratings: [{ attributeId: listening, rating: 2 }],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.feedbackIds).toContain(bobFeedback);
    expect(edit.body.feedbackIds).toHaveLength(2);
    const bob = await org.people.bob.api.get<FeedbackItem>(`/api/feedback/${bobFeedback}`);
    expect(bob.body.ratings.map((r) => [r.attributeName, r.rating])).toEqual([['Patience', 2]]);
    expect(bob.body).toMatchObject({ average: 2, rating: 2, comment: 'Edit me' });
    // bob's reaction survives the edit; cem's feedback is gone; lead got one.
    expect(bob.body.reactions).toHaveLength(1);
    expect(ids(await list('direction=received', 'cem'))).not.toContain(feedbackIds[1]);
    expect((await list('direction=received', 'lead')).items.some((i) => i.groupId === groupId)).toBe(true);
    const bad = await org.people.ann.api.patch(`/api/feedback/groups/${groupId}`, { receiverIds: [org.people.ann.id] });
    expect(bad.body.error).toMatchObject({ code: 'FEEDBACK_TO_SELF', message: 'Failed to update feedback' });
  });

  it('deletes a whole group for every recipient, only by its giver', async () => {
    const res = await give({
      receiverIds: [org.people.bob.id, org.people.cem.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'Delete me',
    });
    const { groupId, feedbackIds } = res.body;
    expect((await org.people.bob.api.delete(`/api/feedback/groups/${groupId}`)).status).toBe(403);
    expect((await org.people.ann.api.delete(`/api/feedback/groups/${groupId}`)).status).toBe(204);
    for (const id of feedbackIds) expect((await org.people.ann.api.get(`/api/feedback/${id}`)).status).toBe(404);
    expect((await org.people.ann.api.delete(`/api/feedback/groups/${groupId}`)).status).toBe(404);
  });
});

describe('answering a request', () => {
  it('marks the giver’s place answered, once, and refuses someone not asked', async () => {
    const request = await org.f.feedbackRequest({
      requesterId: org.people.bob.id,
      recipientIds: [org.people.ann.id],
      attributeIds: [clarity],
    });
    const body = {
      receiverIds: [org.people.bob.id],
      ratings: [{ attributeId: clarity, rating: 4 }],
      comment: 'As asked',
      requestId: request.id,
    };
    const byCem = await give(body, 'cem');
    expect(byCem.status).toBe(409);
    expect(byCem.body.error.code).toBe('FEEDBACK_REQUEST_CLOSED');
    const res = await give(body);
    expect(res.status).toBe(201);
    const row = await server.db
      .selectFrom('feedbackRequestRecipients')
      .selectAll()
      .where('requestId', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'answered', groupId: res.body.groupId });
    const again = await give(body);
    expect(again.status).toBe(409);
    // The refused answers left no feedback behind.
    const groups = await server.db
      .selectFrom('feedbackGroups')
      .select('id')
      .where('requestId', '=', request.id)
      .execute();
    expect(groups).toHaveLength(1);
  });
});
