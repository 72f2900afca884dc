/**
 * The demo company's two years of feedback (server/src/seed/demo-feedback.ts): a few per person per week,
 * ratings leaning positive, reactions, seen marks, requests and flags in every state, all readable through
 * the API like any feedback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFeedback } from '../src/seed/demo-feedback.js';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type TestServer } from './harness.js';

const clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
let org: Organisation<'a' | 'b' | 'c' | 'd' | 'e' | 'f', 'One' | 'Two'>;
let seeded: number;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    people: { a: ['Employee'], b: ['Employee'], c: ['Team Lead'], d: ['Employee'], e: ['Employee'], f: ['HR'] },
    teams: { One: ['a', 'b', 'c'], Two: ['d', 'e', 'f'] },
  });
  // Rates the catalogue every company starts with (server/src/seed/feedback-catalogue.ts).
  seeded = await seedDemoFeedback(server.db, org.tenantId, clock);
});
afterAll(() => server.close());

describe('demo feedback', () => {
  it('spans two years with a few feedback per person per week, leaning positive', async () => {
    const rows = await server.db
      .selectFrom('feedback')
      .select(['rating', 'createdAt', 'receiverId'])
      .where('tenantId', '=', org.tenantId)
      .execute();
    const answers = await server.db
      .selectFrom('feedbackRequestRecipients')
      .select('groupId')
      .where('tenantId', '=', org.tenantId)
      .where('status', '=', 'answered')
      .execute();
    expect(rows.length).toBe(seeded + answers.length);
    const weeks = 105;
    expect(rows.length / weeks / 6).toBeGreaterThan(0.6);
    expect(rows.length / weeks / 6).toBeLessThan(3);
    const first = rows.map((r) => r.createdAt).sort()[0]!;
    expect(Date.parse(first)).toBeLessThan(clock.getTime() - 700 * 86_400_000);
    expect(rows.every((r) => r.createdAt <= clock.toISOString())).toBe(true);
    const mean = rows.reduce((s, r) => s + r.rating, 0) / rows.length;
    expect(mean).toBeGreaterThan(3.5);
    expect(mean).toBeLessThan(4.4);
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('has reactions, unseen recent feedback, flags and requests in every state', async () => {
    const reactions = await server.db
      .selectFrom('feedbackReactions')
      .select('emoji')
      .where('tenantId', '=', org.tenantId)
      .execute();
    expect(reactions.length).toBeGreaterThan(seeded / 5);
    const flags = await server.db
      .selectFrom('feedbackFlags')
      .select('status')
      .where('tenantId', '=', org.tenantId)
      .execute();
    expect(new Set(flags.map((f) => f.status))).toEqual(new Set(['approved', 'rejected']));
    const asked = await server.db
      .selectFrom('feedbackRequestRecipients')
      .select(['status', 'groupId'])
      .where('tenantId', '=', org.tenantId)
      .execute();
    expect(new Set(asked.map((r) => r.status))).toEqual(new Set(['pending', 'answered', 'declined', 'expired']));
    expect(asked.filter((r) => r.status === 'answered').every((r) => r.groupId !== null)).toBe(true);
  });

  it('is read through the API like any feedback', async () => {
    const list = await org.people.a.api.get('/api/feedback?direction=received&from=2024-11-01&to=2026-11-23');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(20);
  });
});
