/**
 * Feedback requests (docs/feedback.md "Requests"): asking about oneself or a chosen colleague, every rule
 * of the request with its field, the lists of each side, who may open one, declining, answering through
 * answerRequest, and expiry by the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRequestEndpoints as ep } from '../../shared/endpoints/feedback-requests.js';
import type { RequestOf } from '../../shared/endpoints/define.js';
import { tenantEndpoints } from '../../shared/endpoints/tenant.js';
import { answerRequest } from '../src/modules/feedback-requests/service.js';
import { expectError } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { acmeOwnCatalogue, otherCompany } from './feedback-world.js';
import { organisation, type Organisation } from './organisation.js';

let clock = new Date('2026-11-23T05:00:00Z'); // Monday 10:00 in Karachi
let server: TestServer;
let org: Organisation<'ann' | 'bob' | 'cat' | 'dan' | 'lead' | 'hr' | 'asker' | 'gone', 'Core' | 'Solo'>;
let other: Organisation<'admin', never>;
const attr: Record<string, number> = {};

const DAY = 86_400_000;
type Who = keyof typeof org.people;
/** Sends a request as `who`: the raw reply, for a refusal's checks. */
const ask = (who: Who, body: Record<string, unknown>) =>
  server.client.call(ep.createFeedbackRequest, { body: body as never }, { as: org.people[who] });
/** The same with a valid body, expecting success: answers the request made. */
const asked = (who: Who, body: RequestOf<typeof ep.createFeedbackRequest>['body']) =>
  server.client.ok(ep.createFeedbackRequest, { body }, { as: org.people[who] });

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    ...acmeOwnCatalogue,
    people: {
      ann: ['Employee'],
      bob: ['Employee'],
      cat: ['Employee'],
      dan: ['Employee'],
      lead: ['Team Lead'],
      hr: ['HR'],
      asker: { grants: ['ask-feedback'] },
      gone: { roles: ['Employee'], status: 'inactive' },
    },
    teams: { Core: ['ann', 'bob', 'cat', 'lead', 'gone'], Solo: ['ann'] },
  });
  const { f } = org;
  const comms = await f.category({ name: 'Communication' });
  const craft = await f.category({ name: 'Craft' });
  const retired = await f.category({ name: 'Retired', isActive: 0 });
  for (const [key, categoryId, isActive] of [
    ['clarity', comms.id, 1],
    ['listening', comms.id, 1],
    ['writing', comms.id, 1],
    ['testing', craft.id, 1],
    ['design', craft.id, 1],
    ['review', craft.id, 1],
    ['old', comms.id, 0],
    ['inRetired', retired.id, 1],
  ] as const) {
    attr[key] = (await f.attribute({ categoryId, name: key, isActive })).id;
  }
  other = await otherCompany(server);
});
afterAll(() => server.close());

const countRows = async () =>
  Number(
    (
      await server.db
        .selectFrom('feedbackRequests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('asking for feedback', () => {
  it('offers active attributes, active colleagues and teams, and says whether a subject may be chosen', async () => {
    const options = await server.client.ok(ep.getFeedbackRequestOptions, {}, { as: org.people.ann });
    expect(options.attributes.map((a) => a.name)).toEqual([
      'clarity',
      'listening',
      'writing',
      'design',
      'review',
      'testing',
    ]);
    expect(options.attributes[0]).toMatchObject({ categoryName: 'Communication', color: '#336699' });
    const names = options.employees.map((e) => e.name);
    expect(names).not.toContain('ANN');
    expect(names).not.toContain('GONE');
    expect(names).toContain('BOB');
    expect(options.teams.find((t) => t.name === 'Core')!.memberIds.sort()).toEqual(
      [org.people.ann.id, org.people.bob.id, org.people.cat.id, org.people.lead.id].sort(),
    );
    expect(options).toMatchObject({ canChooseSubject: true, expiryDays: 30 });
    expect((await server.client.ok(ep.getFeedbackRequestOptions, {}, { as: org.people.asker })).canChooseSubject).toBe(
      false,
    );
    // Other tenants' rows never show.
    const theirs = await server.client.ok(ep.getFeedbackRequestOptions, {}, { as: other.people.admin });
    expect(theirs.attributes).toEqual([]);
    expect(theirs.employees).toEqual([]);
  });

  it('asks up to five colleagues about oneself; the request expires after the tenant setting', async () => {
    const created = await asked('ann', {
      attributeIds: [attr['testing']!, attr['clarity']!],
      employeeIds: [org.people.bob.id, org.people.cat.id],
      message: '  How was my demo?  ',
      dueDate: '2026-11-30',
    });
    expect(created).toMatchObject({
      requester: { id: org.people.ann.id, name: 'ANN' },
      subject: { id: org.people.ann.id },
      team: null,
      message: 'How was my demo?',
      dueDate: '2026-11-30',
      createdAt: clock.toISOString(),
      expiresAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
    });
    // Attributes come with their category ids (the give form prefills ratings from them), sorted.
    expect(created.attributes.map((a) => [a.name, a.categoryName])).toEqual([
      ['clarity', 'Communication'],
      ['testing', 'Craft'],
    ]);
    expect(created.recipients.map((r) => [r.employee.name, r.status, r.respondedAt])).toEqual([
      ['BOB', 'pending', null],
      ['CAT', 'pending', null],
    ]);

    // The setting (Settings › General) changes the expiry of new requests.
    const admin = await org.person('admin', ['Administrator']);
    await server.client.ok(
      tenantEndpoints.updateTenant,
      { body: { settings: { feedbackRequestExpiryDays: 7 } } },
      { as: admin },
    );
    expectError(
      await server.client.call(
        tenantEndpoints.updateTenant,
        { body: { settings: { feedbackRequestExpiryDays: 0 } } },
        { as: admin },
      ),
      400,
      'VALIDATION',
    );
    const short = await asked('ann', {
      attributeIds: [attr['design']!],
      employeeIds: [org.people.dan.id],
      message: 'Quick one',
    });
    expect(short.expiresAt).toBe(new Date(clock.getTime() + 7 * DAY).toISOString());
    await org.f.setting('feedbackRequestExpiryDays', 30);
  });

  it('asks a team: its active members at the time, but the requester', async () => {
    const created = await asked('ann', {
      attributeIds: [attr['review']!],
      teamId: org.teams.Core.id,
      message: 'Team retro',
    });
    expect(created.team).toEqual({ id: org.teams.Core.id, name: 'Core' });
    expect(created.recipients.map((r) => r.employee.name)).toEqual(['BOB', 'CAT', 'LEAD']);
  });

  it('asks about a chosen colleague with ask-feedback-recipient only, never asking that colleague', async () => {
    const about = await asked('lead', {
      subjectId: org.people.bob.id,
      attributeIds: [attr['clarity']!],
      employeeIds: [org.people.cat.id],
      message: 'How is Bob doing?',
    });
    expect(about.subject.name).toBe('BOB');
    // A team asked about Bob leaves Bob out.
    const team = await asked('lead', {
      subjectId: org.people.bob.id,
      attributeIds: [attr['clarity']!],
      teamId: org.teams.Core.id,
      message: 'x',
    });
    expect(team.recipients.map((r) => r.employee.name)).toEqual(['ANN', 'CAT']);
    expectError(
      await ask('asker', {
        subjectId: org.people.bob.id,
        attributeIds: [attr['clarity']!],
        employeeIds: [org.people.cat.id],
        message: 'x',
      }),
      403,
      'FORBIDDEN',
    );
    // About oneself, named explicitly, needs nothing more.
    await asked('asker', {
      subjectId: org.people.asker.id,
      attributeIds: [attr['clarity']!],
      employeeIds: [org.people.cat.id],
      message: 'x',
    });
  });

  it('refuses every broken rule with the spec’s message and the field named, writing nothing', async () => {
    const { bob, cat, dan, lead, hr, ann, gone } = org.people;
    const foreign = await other.f.category({ name: 'Foreign' });
    const foreignAttr = (await other.f.attribute({ categoryId: foreign.id, name: 'foreign' })).id;
    const foreignTeam = (await other.f.team({ name: 'Foreign team' })).id;
    const ok = { attributeIds: [attr['clarity']!], employeeIds: [bob.id], message: 'Please' };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no attribute', { ...ok, attributeIds: [] }, 'attributeIds', 'Choose at least one attribute'],
      [
        'six attributes',
        { ...ok, attributeIds: ['clarity', 'listening', 'writing', 'testing', 'design', 'review'].map((k) => attr[k]) },
        'attributeIds',
        'Choose at most 5 attributes',
      ],
      [
        'an attribute twice',
        { ...ok, attributeIds: [attr['clarity'], attr['clarity']] },
        'attributeIds',
        'Each one only once',
      ],
      [
        'an inactive attribute',
        { ...ok, attributeIds: [attr['old']] },
        'attributeIds',
        'Choose active attributes of this company',
      ],
      [
        'an attribute of an inactive category',
        { ...ok, attributeIds: [attr['inRetired']] },
        'attributeIds',
        'Choose active attributes of this company',
      ],
      [
        'another tenant’s attribute',
        { ...ok, attributeIds: [foreignAttr] },
        'attributeIds',
        'Choose active attributes of this company',
      ],
      ['nobody', { ...ok, employeeIds: [] }, 'employeeIds', 'Choose a team or up to 5 employees'],
      [
        'team and employees',
        { ...ok, teamId: org.teams.Core.id },
        'teamId',
        'Ask either a team or employees, not both',
      ],
      [
        'six employees',
        { ...ok, employeeIds: [bob.id, cat.id, dan.id, lead.id, hr.id, org.people.asker.id] },
        'employeeIds',
        'Choose at most 5 employees',
      ],
      ['oneself', { ...ok, employeeIds: [ann.id] }, 'employeeIds', 'You cannot ask yourself'],
      ['someone twice', { ...ok, employeeIds: [bob.id, bob.id] }, 'employeeIds', 'Each one only once'],
      [
        'the subject',
        { ...ok, subjectId: bob.id, employeeIds: [bob.id] },
        'employeeIds',
        'The person the feedback is about cannot be asked',
      ],
      [
        'an inactive employee',
        { ...ok, employeeIds: [gone.id] },
        'employeeIds',
        'Choose active employees of this company',
      ],
      [
        'another tenant’s employee',
        { ...ok, employeeIds: [other.people.admin.id] },
        'employeeIds',
        'Choose active employees of this company',
      ],
      ['an inactive subject', { ...ok, subjectId: gone.id }, 'subjectId', 'Choose an active employee of this company'],
      [
        'another tenant’s team',
        { ...ok, employeeIds: undefined, teamId: foreignTeam },
        'teamId',
        'Choose a team of this company',
      ],
      [
        'a team of oneself only',
        { ...ok, employeeIds: undefined, teamId: org.teams.Solo.id },
        'teamId',
        'This team has nobody else to ask',
      ],
      ['a past due date', { ...ok, dueDate: '2026-11-22' }, 'dueDate', 'The due date cannot be in the past'],
    ];
    const before = await countRows();
    for (const [label, body, field, message] of cases) {
      const error = expectError(await ask('ann', body), 400, 'FEEDBACK_REQUEST_FAILED');
      expect(error.message, label).toBe('Feedback request submission failed');
      expect(error.details, label).toEqual({ fields: [{ path: `body.${field}`, message }] });
    }
    // Today is fine; the message is required and bounded; the French caller reads French.
    await server.client.ok(ep.createFeedbackRequest, { body: { ...ok, dueDate: '2026-11-23' } as never }, { as: ann });
    const empty = expectError(await ask('ann', { ...ok, message: '   ' }), 400, 'VALIDATION');
    expect(empty.details).toEqual({ fields: [{ path: 'body.message', message: 'This field is required' }] });
    expectError(await ask('ann', { ...ok, message: 'x'.repeat(1001) }), 400, 'VALIDATION');
    const french = await ann.api.request(
      'POST',
      '/api/feedback-requests',
      { ...ok, employeeIds: [ann.id] },
      { 'accept-language': 'fr' },
    );
    expect(french.body.error.message).toBe('Échec de l’envoi de la demande de feedback');
    expect(french.body.error.details.fields[0].message).toBe('Vous ne pouvez pas vous solliciter vous-même');
    expect(await countRows()).toBe(before + 1);
  });
});

describe('the lists, reading and declining', () => {
  let requestId: number;
  let older: number;

  beforeAll(async () => {
    const { cat, dan } = org.people;
    const make = async (message: string, dueDate?: string) =>
      (
        await asked('hr', {
          attributeIds: [attr['writing']!],
          employeeIds: [cat.id, dan.id],
          message,
          ...(dueDate ? { dueDate } : {}),
        })
      ).id;
    older = await make('Older, no due date');
    clock = new Date(clock.getTime() + 60_000);
    requestId = await make('Newer, due soon', '2026-11-25');
  });

  it('lists what was asked of me, pending first, with requester, subject, attributes, message and due date', async () => {
    const { dan } = org.people;
    await server.client.ok(ep.declineFeedbackRequest, { params: { id: older }, body: {} }, { as: dan });
    const asked = await server.client.ok(ep.listFeedbackRequestsAskedOfMe, { query: {} }, { as: dan });
    const mine = asked.items.filter((i) => i.requester.name === 'HR');
    expect(mine.map((i) => [i.message, i.status])).toEqual([
      ['Newer, due soon', 'pending'],
      ['Older, no due date', 'declined'],
    ]);
    expect(mine[0]).toMatchObject({
      subject: { name: 'HR' },
      dueDate: '2026-11-25',
      attributes: [{ name: 'writing', categoryName: 'Communication' }],
      respondedAt: null,
    });
    expect(mine[1]!.respondedAt).toBe(clock.toISOString());
    const pending = await server.client.ok(
      ep.listFeedbackRequestsAskedOfMe,
      { query: { status: 'pending' } },
      { as: dan },
    );
    expect(pending.items.every((i) => i.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.items.length);
    // Nothing asked of the other tenant's people.
    expect(
      (await server.client.ok(ep.listFeedbackRequestsAskedOfMe, { query: {} }, { as: other.people.admin })).total,
    ).toBe(0);
  });

  it('shows the requester everyone asked and their status; a person asked sees only their own row', async () => {
    const { hr, cat, dan, bob } = org.people;
    const mine = await server.client.ok(ep.listMyFeedbackRequests, { query: {} }, { as: hr });
    expect(mine.items[0]!.id).toBe(requestId);
    const olderItem = mine.items.find((i) => i.id === older)!;
    expect(olderItem.recipients.map((r) => [r.employee.name, r.status])).toEqual([
      ['CAT', 'pending'],
      ['DAN', 'declined'],
    ]);
    const asCat = await server.client.ok(ep.getFeedbackRequest, { params: { id: older } }, { as: cat });
    expect(asCat.recipients.map((r) => r.employee.name)).toEqual(['CAT']);
    expect(
      (await server.client.ok(ep.getFeedbackRequest, { params: { id: older } }, { as: hr })).recipients,
    ).toHaveLength(2);
    expect(
      (await server.client.ok(ep.getFeedbackRequest, { params: { id: older } }, { as: dan })).recipients[0]!.status,
    ).toBe('declined');
    expectError(
      await server.client.call(ep.getFeedbackRequest, { params: { id: older } }, { as: bob }),
      403,
      'FEEDBACK_REQUEST_NOT_YOURS',
    );
    expectError(
      await server.client.call(ep.getFeedbackRequest, { params: { id: older } }, { as: other.people.admin }),
      404,
      'NOT_FOUND',
    );
  });

  it('lets a person asked decline once, with a reason, while it waits; nobody else', async () => {
    const { hr, cat, bob } = org.people;
    expectError(
      await server.client.call(ep.declineFeedbackRequest, { params: { id: requestId }, body: {} }, { as: hr }),
      403,
      'FEEDBACK_REQUEST_NOT_YOURS',
    );
    expectError(
      await server.client.call(ep.declineFeedbackRequest, { params: { id: requestId }, body: {} }, { as: bob }),
      403,
      'FEEDBACK_REQUEST_NOT_YOURS',
    );
    expectError(
      await server.client.call(
        ep.declineFeedbackRequest,
        { params: { id: requestId }, body: {} },
        { as: other.people.admin },
      ),
      404,
    );
    const declined = await server.client.ok(
      ep.declineFeedbackRequest,
      { params: { id: requestId }, body: { reason: 'I was not at the demo' } },
      { as: cat },
    );
    expect(declined.recipients).toEqual([
      {
        employee: expect.objectContaining({ name: 'CAT' }),
        status: 'declined',
        respondedAt: clock.toISOString(),
        declineReason: 'I was not at the demo',
      },
    ]);
    expectError(
      await server.client.call(ep.declineFeedbackRequest, { params: { id: requestId }, body: {} }, { as: cat }),
      409,
      'FEEDBACK_REQUEST_CLOSED',
    );
  });
});

describe('answering and expiry', () => {
  it('answerRequest marks the giver’s pending row answered in the caller’s transaction, once', async () => {
    const { ann, bob, cat, lead } = org.people;
    const request = await asked('ann', {
      attributeIds: [attr['clarity']!],
      employeeIds: [bob.id, cat.id],
      message: 'Answer me',
    });
    const { group } = await org.f.feedback({ giverId: bob.id, receiverIds: [ann.id] });
    const answer = (giverId: number, tenantId = org.tenantId) =>
      server.db.transaction().execute((tx) => answerRequest(tx, tenantId, request.id, giverId, group.id, clock));
    await answer(bob.id);
    const row = await server.db
      .selectFrom('feedbackRequestRecipients')
      .selectAll()
      .where('requestId', '=', request.id)
      .where('employeeId', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'answered', groupId: group.id, respondedAt: clock.toISOString() });
    // Twice, or by someone not asked: 409; a request of another tenant: 404.
    await expect(answer(bob.id)).rejects.toMatchObject({ statusCode: 409, code: 'FEEDBACK_REQUEST_CLOSED' });
    await expect(answer(lead.id)).rejects.toMatchObject({ statusCode: 409, code: 'FEEDBACK_REQUEST_CLOSED' });
    await expect(answer(bob.id, other.tenantId)).rejects.toMatchObject({ statusCode: 404 });
    // A failure inside the caller's transaction rolls the answer back with the rest of it.
    await expect(
      server.db.transaction().execute(async (tx) => {
        await answerRequest(tx, org.tenantId, request.id, cat.id, group.id, clock);
        throw new Error('the feedback insert failed');
      }),
    ).rejects.toThrow('the feedback insert failed');
    const mine = await server.client.ok(ep.getFeedbackRequest, { params: { id: request.id } }, { as: ann });
    expect(mine.recipients.map((r) => [r.employee.name, r.status])).toEqual([
      ['BOB', 'answered'],
      ['CAT', 'pending'],
    ]);
  });

  it('expires pending answers after the expiry: at once in reads, in the rows by the job', async () => {
    const { ann, dan } = org.people;
    const request = await asked('ann', {
      attributeIds: [attr['clarity']!],
      employeeIds: [dan.id],
      message: 'Soon gone',
    });
    // Its expiry has passed (moving the clock 30 days would also end every session).
    await server.db
      .updateTable('feedbackRequests')
      .set({ expiresAt: new Date(clock.getTime() - 1000).toISOString() })
      .where('id', '=', request.id)
      .execute();
    {
      const read = await server.client.ok(ep.getFeedbackRequest, { params: { id: request.id } }, { as: ann });
      expect(read.recipients[0]!.status).toBe('expired');
      const asked = await server.client.ok(
        ep.listFeedbackRequestsAskedOfMe,
        { query: { status: 'expired' } },
        { as: dan },
      );
      expect(asked.items.map((i) => i.id)).toContain(request.id);
      expectError(
        await server.client.call(ep.declineFeedbackRequest, { params: { id: request.id }, body: {} }, { as: dan }),
        409,
        'FEEDBACK_REQUEST_CLOSED',
      );
      const { group } = await org.f.feedback({ giverId: dan.id, receiverIds: [ann.id] });
      await expect(
        server.db.transaction().execute((tx) => answerRequest(tx, org.tenantId, request.id, dan.id, group.id, clock)),
      ).rejects.toMatchObject({ statusCode: 409 });

      const run = await server.deps.jobs.runNow('feedback-requests', org.tenantId);
      expect(run.ran).toBe(true);
      if (!run.ran) return;
      expect(run.runs[0]!.counts['expired']).toBeGreaterThanOrEqual(1);
      const row = await server.db
        .selectFrom('feedbackRequestRecipients')
        .select(['status', 'respondedAt'])
        .where('requestId', '=', request.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'expired', respondedAt: null });
      // The other tenant's rows are untouched by this tenant's run; nothing is left to expire.
      const again = await server.deps.jobs.runNow('feedback-requests', org.tenantId);
      if (again.ran) expect(again.runs[0]!.counts['expired']).toBe(0);
    }
  });
});
