/**
 * Flags on feedback (docs/feedback.md "Flags"): who may flag (whoever may read it, but its giver), once;
 * the review queues of reviewers and HR with their counts and update check; final decisions, recorded,
 * including two reviewers deciding at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackFlagEndpoints as ep } from '../../shared/endpoints/feedback-flags.js';
import { expectError } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { acmeOwnCatalogue, otherCompany } from './feedback-world.js';
import { organisation, type Organisation, type Person } from './organisation.js';

let clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let org: Organisation<'giver' | 'receiver' | 'lead' | 'colleague' | 'reviewer' | 'second' | 'hr' | 'hrview', 'Core'>;
let other: Organisation<'admin', never>;
let attributeId: number;

const tick = () => {
  clock = new Date(clock.getTime() + 1000);
  return clock;
};

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    ...acmeOwnCatalogue,
    people: {
      giver: ['Employee'],
      receiver: ['Employee'],
      lead: ['Team Lead'],
      colleague: ['Employee'],
      reviewer: { grants: ['flag-feedback'] },
      second: { grants: ['flag-feedback'] },
      hr: ['HR'],
      hrview: { grants: ['view-all-employees-feedback'] },
    },
    teams: { Core: ['receiver', 'lead'] },
  });
  const category = await org.f.category({ name: 'Communication' });
  attributeId = (await org.f.attribute({ categoryId: category.id, name: 'Clarity' })).id;
  other = await otherCompany(server);
});
afterAll(() => server.close());

/** A feedback of the giver to the receiver (or as told), rated 4 on Clarity. */
async function feedback(giver: Person = org.people.giver, receiver: Person = org.people.receiver) {
  const { feedback: rows } = await org.f.feedback({
    giverId: giver.id,
    receiverIds: [receiver.id],
    comment: 'You rushed the demo',
    ratings: [{ attributeId, rating: 2 }],
  });
  return rows[0]!.id;
}

const flag = (who: Person, id: number, reason = 'This is hurtful') => {
  tick();
  return server.client.call(ep.flagFeedback, { params: { id }, body: { reason } }, { as: who });
};
const decide = (who: Person, id: number, decision: 'approved' | 'rejected' | 'escalated') =>
  server.client.call(ep.decideFlaggedFeedback, { params: { id }, body: { decision } }, { as: who });
const statusOf = async (id: number) =>
  (await server.db.selectFrom('feedback').select('flagStatus').where('id', '=', id).executeTakeFirstOrThrow())
    .flagStatus;

describe('flagging', () => {
  it('lets whoever may read a feedback flag it once with a reason, but never its giver', async () => {
    const { giver, receiver, lead, colleague, hr } = org.people;
    const id = await feedback();
    expectError(await flag(giver, id), 403, 'FLAG_OWN_FEEDBACK');
    const outsider = expectError(await flag(colleague, id), 403, 'FORBIDDEN');
    expect(outsider.details).toEqual({ permission: ['view-team-member-dropdown', 'view-all-employees-feedback'] });
    expectError(await flag(other.people.admin, id), 404, 'NOT_FOUND');
    expect(await statusOf(id)).toBe('none');

    const empty = expectError(await flag(receiver, id, '   '), 400, 'VALIDATION');
    expect(empty.details).toEqual({
      fields: [{ path: 'body.reason', message: 'Say why this feedback should be reviewed' }],
    });
    expectError(await flag(receiver, id, 'x'.repeat(501)), 400, 'VALIDATION');

    expect((await flag(receiver, id)).body).toEqual({ feedbackId: id, flagStatus: 'pending' });
    expect(await statusOf(id)).toBe('pending');
    expectError(await flag(receiver, id), 409, 'FLAG_ALREADY_FLAGGED');
    // Others who read it apart from the flag add their reasons while it waits: the lead of the
    // receiver's team, HR.
    expect((await flag(lead, id, 'Not constructive')).status).toBe(201);
    expect((await flag(hr, id, 'Against our values')).status).toBe(201);
    const flags = await server.db.selectFrom('feedbackFlags').selectAll().where('feedbackId', '=', id).execute();
    expect(flags.map((f) => [f.flaggedBy, f.reason, f.status])).toEqual([
      [receiver.id, 'This is hurtful', 'pending'],
      [lead.id, 'Not constructive', 'pending'],
      [hr.id, 'Against our values', 'pending'],
    ]);
  });
});

describe('the review queues', () => {
  it('shows reviewers pending flags with the feedback, reasons and who flagged; HR the escalated ones', async () => {
    const { reviewer, hrview, receiver, hr, giver } = org.people;
    const id = await feedback();
    await flag(receiver, id, 'Rude');
    const queue = await server.client.ok(ep.listFlaggedFeedback, { query: {} }, { as: reviewer });
    const item = queue.items.find((i) => i.feedbackId === id)!;
    expect(item).toMatchObject({
      flagStatus: 'pending',
      giver: { id: giver.id, name: 'GIVER' },
      receiver: { id: receiver.id, name: 'RECEIVER' },
      comment: 'You rushed the demo',
      ratings: [{ categoryName: 'Communication', attributeName: 'Clarity', rating: 2 }],
      flags: [{ flaggedBy: { name: 'RECEIVER' }, reason: 'Rude', createdAt: clock.toISOString() }],
      decisions: [],
      queuedAt: clock.toISOString(),
      allowedDecisions: ['approved', 'rejected', 'escalated'],
    });
    // The latest arrival first.
    expect(queue.items[0]!.feedbackId).toBe(id);
    expect(queue.total).toBe(queue.items.length);

    // HR without flag-feedback: the escalated queue only.
    expect((await server.client.ok(ep.listFlaggedFeedback, { query: {} }, { as: hrview })).items).toEqual([]);
    expectError(
      await server.client.call(ep.listFlaggedFeedback, { query: { queue: 'pending' } }, { as: hrview }),
      403,
      'FORBIDDEN',
    );
    expectError(await server.client.call(ep.getFlaggedFeedback, { params: { id } }, { as: hrview }), 403, 'FORBIDDEN');
    expectError(
      await server.client.call(ep.listFlaggedFeedback, { query: { queue: 'escalated' } }, { as: reviewer }),
      403,
      'FORBIDDEN',
    );

    // Never a feedback the reviewer gave or received.
    const hrGave = await feedback(hr, receiver);
    await flag(receiver, hrGave);
    const hrQueue = await server.client.ok(ep.listFlaggedFeedback, { query: { queue: 'pending' } }, { as: hr });
    expect(hrQueue.items.map((i) => i.feedbackId)).not.toContain(hrGave);
    expect(hrQueue.items.map((i) => i.feedbackId)).toContain(id);
    expectError(
      await server.client.call(ep.getFlaggedFeedback, { params: { id: hrGave } }, { as: hr }),
      403,
      'FLAG_CONFLICT_OF_INTEREST',
    );
    expectError(await decide(hr, hrGave, 'approved'), 403, 'FLAG_CONFLICT_OF_INTEREST');
    // Unflagged feedback is not in any queue; another tenant's is not found.
    const plain = await feedback();
    expectError(await server.client.call(ep.getFlaggedFeedback, { params: { id: plain } }, { as: reviewer }), 404);
    expectError(await server.client.call(ep.getFlaggedFeedback, { params: { id } }, { as: other.people.admin }), 404);
    expect((await server.client.ok(ep.listFlaggedFeedback, { query: {} }, { as: other.people.admin })).total).toBe(0);
  });

  it('counts each queue for the badge and says whether items arrived since an instant', async () => {
    const { reviewer, hrview, receiver } = org.people;
    const before = await server.client.ok(ep.getFlagSummary, { query: {} }, { as: reviewer });
    expect(before.hasNew).toBe(false);
    expect(before.escalated).toBe(0); // not this reviewer's queue
    const seen = before.latestAt!;
    expect((await server.client.ok(ep.getFlagSummary, { query: { since: seen } }, { as: reviewer })).hasNew).toBe(
      false,
    );

    const id = await feedback();
    await flag(receiver, id);
    const after = await server.client.ok(ep.getFlagSummary, { query: { since: seen } }, { as: reviewer });
    expect(after).toEqual({ pending: before.pending + 1, escalated: 0, latestAt: clock.toISOString(), hasNew: true });

    // An escalation is a new item of HR's queue.
    const hrBefore = await server.client.ok(ep.getFlagSummary, { query: {} }, { as: hrview });
    tick();
    await decide(reviewer, id, 'escalated');
    const hrAfter = await server.client.ok(
      ep.getFlagSummary,
      { query: { since: hrBefore.latestAt ?? '2000-01-01T00:00:00Z' } },
      { as: hrview },
    );
    expect(hrAfter).toMatchObject({
      pending: 0,
      escalated: hrBefore.escalated + 1,
      latestAt: clock.toISOString(),
      hasNew: true,
    });
    expectError(
      await server.client.call(ep.getFlagSummary, { query: { since: 'yesterday' } as never }, { as: hrview }),
      400,
      'VALIDATION',
    );
  });
});

describe('deciding', () => {
  it('rejects (shown again) for good: a second decision and a new flag answer 409', async () => {
    const { reviewer, second, receiver, lead } = org.people;
    const id = await feedback();
    await flag(receiver, id);
    tick();
    const rejected = await decide(reviewer, id, 'rejected');
    expect(rejected.ok && rejected.body).toMatchObject({
      flagStatus: 'rejected',
      decisions: [{ decision: 'rejected', decidedBy: { id: reviewer.id }, decidedAt: clock.toISOString() }],
      allowedDecisions: [],
    });
    expect(await statusOf(id)).toBe('rejected');
    const flags = await server.db.selectFrom('feedbackFlags').selectAll().where('feedbackId', '=', id).execute();
    expect(flags.map((f) => [f.status, f.decidedBy, f.decidedAt])).toEqual([
      ['rejected', reviewer.id, clock.toISOString()],
    ]);
    expectError(await decide(second, id, 'approved'), 409, 'FLAG_ALREADY_DECIDED');
    expectError(await flag(lead, id), 409, 'FLAG_ALREADY_DECIDED');
    // Decided ones stay readable to reviewers, out of the queue.
    const queue = await server.client.ok(ep.listFlaggedFeedback, { query: {} }, { as: reviewer });
    expect(queue.items.map((i) => i.feedbackId)).not.toContain(id);
    expect((await server.client.ok(ep.getFlaggedFeedback, { params: { id } }, { as: second })).flagStatus).toBe(
      'rejected',
    );
  });

  it('escalates to HR, who approves or rejects; both decisions are kept', async () => {
    const { reviewer, hrview, receiver } = org.people;
    const id = await feedback();
    await flag(receiver, id);
    tick();
    expect((await decide(reviewer, id, 'escalated')).status).toBe(200);
    const escalatedAt = clock.toISOString();
    // The reviewer reads it but no longer decides it; HR may not escalate again.
    const asReviewer = await server.client.ok(ep.getFlaggedFeedback, { params: { id } }, { as: reviewer });
    expect(asReviewer.allowedDecisions).toEqual([]);
    const refused = expectError(await decide(reviewer, id, 'approved'), 403, 'FORBIDDEN');
    expect(refused.details).toEqual({ permission: 'view-all-employees-feedback' });
    const queue = await server.client.ok(ep.listFlaggedFeedback, { query: { queue: 'escalated' } }, { as: hrview });
    expect(queue.items.find((i) => i.feedbackId === id)).toMatchObject({
      queuedAt: escalatedAt,
      allowedDecisions: ['approved', 'rejected'],
    });
    expectError(await decide(hrview, id, 'escalated'), 400, 'VALIDATION');
    tick();
    const approved = await server.client.ok(
      ep.decideFlaggedFeedback,
      { params: { id }, body: { decision: 'approved' } },
      { as: hrview },
    );
    expect(approved.flagStatus).toBe('approved');
    expect(approved.decisions.map((d) => [d.decision, d.decidedBy?.id, d.decidedAt])).toEqual([
      ['escalated', reviewer.id, escalatedAt],
      ['approved', hrview.id, clock.toISOString()],
    ]);
    expectError(await decide(hrview, id, 'rejected'), 409, 'FLAG_ALREADY_DECIDED');
  });

  it('lets only one of two reviewers deciding at once win; the other gets 409', async () => {
    const { reviewer, second, receiver } = org.people;
    for (let round = 0; round < 3; round++) {
      const id = await feedback();
      await flag(receiver, id);
      const replies = await Promise.all([decide(reviewer, id, 'approved'), decide(second, id, 'rejected')]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = replies.find((r) => r.status === 409)!;
      expect(!loser.ok && loser.body.error.code).toBe('FLAG_ALREADY_DECIDED');
      const winner = replies.find((r) => r.ok)!;
      const decisions = await server.db
        .selectFrom('feedbackFlagDecisions')
        .select(['decision', 'decidedBy'])
        .where('feedbackId', '=', id)
        .execute();
      expect(decisions).toHaveLength(1);
      expect(await statusOf(id)).toBe(winner.ok && winner.body.flagStatus);
    }
  });
});
