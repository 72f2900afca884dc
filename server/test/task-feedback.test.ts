/**
 * Task feedback (docs/projects.md "Task feedback"): giving on a project's task to the employee its assignee
 * is, editing one's own, the received and given lists, a task with its feedback, seen marks, requests and the
 * overview; who reaches what (project members, the assignee, team leads, HR), another company's ids, bad input
 * naming its field with nothing changed, and one feedback per giver and task when two are sent at once. Both
 * engines, a real database.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { companyWithAdmin, startServer, type Api, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let admin: Api;

type Person = { id: number; api: Api };
let po: Person; // product owner of the project
let dev: Person; // the assignee of the tasks
let mate: Person; // a member of the project
let outsider: Person; // an employee on no project
let lead: Person; // a Team Lead sharing a team with dev, not on the project
let client: Person; // a member of the project with the Client role: may not give task feedback
let attributeId: number;
let categoryId: number;
let projectId: number;
const tasks = {
  main: 0,
  second: 0,
  race: 0,
  requested: 0,
  ignored: 0,
  unassigned: 0,
  unmapped: 0,
  pos: 0,
};

async function person(email: string, roles: string[]): Promise<Person> {
  const user = await server.user(tenantId, { email, name: email.split('@')[0]!, roles });
  return { id: user.id, api: server.api(await server.signIn(email)) };
}

let serial = 0;
async function task(values: { assigneeId: number | null; status?: string; ignored?: boolean; dev?: number }) {
  serial += 1;
  const at = new Date().toISOString();
  const row = await server.db
    .insertInto('projectTasks')
    .values({
      tenantId,
      projectId,
      sprintId: null,
      pbiId: null,
      trackerRef: `WEB-${serial}`,
      name: `Task ${serial}`,
      type: 'Sub-task',
      status: (values.status ?? 'done') as 'done',
      trackerStateName: 'Done',
      url: `https://web.example/browse/WEB-${serial}`,
      assigneeId: values.assigneeId,
      devCycleHours: values.dev ?? 10,
      qaKickbacks: 1,
      qaCycleHours: 4,
      ignoredReason: values.ignored ? 'low-impact' : null,
      syncedAt: at,
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const rate = (rating: number) => ({ ratings: [{ attributeId, rating }] });

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, admin } = await companyWithAdmin(server, 'Taskco', 'taskco.example'));
  po = await person('po@taskco.example', ['Product Owner']);
  dev = await person('dev@taskco.example', ['Employee']);
  mate = await person('mate@taskco.example', ['Employee']);
  outsider = await person('out@taskco.example', ['Employee']);
  lead = await person('lead@taskco.example', ['Team Lead']);
  client = await person('client@taskco.example', ['Client']);
  const f = server.factories(tenantId);
  await f.team({ name: 'Web', memberIds: [dev.id, lead.id] });
  const category = await f.category({ name: 'Task delivery' });
  categoryId = category.id;
  attributeId = (await f.attribute({ categoryId, name: 'Task craft' })).id;

  const created = await admin.post('/api/projects', {
    name: 'Web',
    url: 'https://web.example',
    key: 'WEB',
    type: 'monthly',
  });
  projectId = created.body.id;
  const members = await admin.put(`/api/projects/${projectId}/members`, {
    members: [
      { employeeId: po.id, role: 'product-owner', allocation: 20 },
      { employeeId: dev.id, role: 'member', allocation: 100 },
      { employeeId: mate.id, role: 'member', allocation: 100 },
      { employeeId: client.id, role: 'member', allocation: 0 },
    ],
  });
  expect(members.status).toBe(200);
  const people = await server.db
    .insertInto('trackerPeople')
    .values([
      { tenantId, projectId, identity: 'dev', name: 'Dev in Jira', email: null, employeeId: dev.id },
      { tenantId, projectId, identity: 'ghost', name: 'Unmapped', email: null, employeeId: null },
      { tenantId, projectId, identity: 'po', name: 'PO in Jira', email: null, employeeId: po.id },
    ])
    .returning(['id', 'identity'])
    .execute();
  const personOf = (identity: string) => people.find((p) => p.identity === identity)!.id;
  tasks.main = await task({ assigneeId: personOf('dev') });
  tasks.second = await task({ assigneeId: personOf('dev'), status: 'in-progress', dev: 20 });
  tasks.race = await task({ assigneeId: personOf('dev') });
  tasks.requested = await task({ assigneeId: personOf('dev'), status: 'testing' });
  tasks.ignored = await task({ assigneeId: personOf('dev'), ignored: true });
  tasks.unassigned = await task({ assigneeId: null });
  tasks.unmapped = await task({ assigneeId: personOf('ghost') });
  tasks.pos = await task({ assigneeId: personOf('po') });
});
afterAll(() => server.close());

const feedbackCount = async () =>
  (await server.db.selectFrom('taskFeedback').select('id').where('tenantId', '=', tenantId).execute()).length;

/** The caller's open notifications of a type, their bodies read (docs/notifications.md). */
async function notices(api: Api, type: string, query = '') {
  const res = await api.get(`/api/notification/v2?limit=50${query}`);
  expect(res.status).toBe(200);
  return (res.body.notifications as { type: string; body: string }[])
    .filter((n) => n.type === type)
    .map((n) => ({ ...n, body: JSON.parse(n.body) as { params: Record<string, string>; link: string | null } }));
}

describe('giving task feedback', () => {
  it('gives feedback on a task to its assignee, who sees it received, and the giver sees it given', async () => {
    const form = await po.api.get(`/api/task-feedback/tasks/${tasks.main}/form`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body).toMatchObject({
      task: { id: tasks.main, issueId: expect.stringMatching(/^WEB-/), plan: { id: projectId, name: 'Web' } },
      receiver: { id: dev.id },
      feedback: null,
    });
    expect(form.body.categories.map((c: { id: number }) => c.id)).toContain(categoryId);

    const given = await po.api.post(`/api/task-feedback/tasks/${tasks.main}/feedback`, {
      ratings: [
        { attributeId, rating: 4 },
        { categoryId, rating: 5 },
      ],
      comment: '  Clean and well tested.  ',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body).toMatchObject({
      taskId: tasks.main,
      giver: { id: po.id },
      receiver: { id: dev.id },
      comment: 'Clean and well tested.',
      rating: 4.5,
      seenAt: null,
    });
    const stored = await server.db
      .selectFrom('taskFeedback')
      .select(['rating', 'ratingSum', 'ratingCount'])
      .where('id', '=', given.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ rating: 5, ratingSum: 9, ratingCount: 2 });

    const received = await dev.api.get('/api/task-feedback/received');
    expect(received.status).toBe(200);
    const row = received.body.items.find((t: { id: number }) => t.id === tasks.main);
    expect(row).toMatchObject({ avgRating: 4.5, feedbackCount: 1, unseenCount: 1, status: 'done' });
    // An Employee holds no view-task-metrics: the metrics are not answered.
    expect(row).toMatchObject({ devCycleTime: null, qaKickbacks: null, qaCycleTime: null });
    // Tasks assigned to dev without feedback are listed too, after those with feedback.
    expect(received.body.items[0].id).toBe(tasks.main);
    expect(received.body.items.map((t: { id: number }) => t.id)).toContain(tasks.second);

    // The assignee hears of it, naming the task; the giver does not.
    const told = (await notices(dev.api, 'task-feedback-received')).filter(
      (n) => n.body.link === `/task/${tasks.main}`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body.params['task']).toMatch(/^WEB-\d+ /);
    expect(await notices(po.api, 'task-feedback-received')).toHaveLength(0);

    const mine = await po.api.get('/api/task-feedback/given');
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({ task: { id: tasks.main }, feedback: { id: given.body.id } });
  });

  it('edits one’s own feedback, and refuses anyone else’s', async () => {
    const form = await po.api.get(`/api/task-feedback/tasks/${tasks.main}/form`);
    const id = form.body.feedback.id as number;
    const edited = await po.api.put(`/api/task-feedback/feedback/${id}`, { ...rate(2), comment: 'Rethought.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ rating: 2, comment: 'Rethought.', receiver: { id: dev.id } });
    expect(edited.body.ratings).toHaveLength(1);
    const other = await mate.api.put(`/api/task-feedback/feedback/${id}`, rate(5));
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('TASK_FEEDBACK_NOT_GIVER');
    const again = await po.api.post(`/api/task-feedback/tasks/${tasks.main}/feedback`, rate(5));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TASK_FEEDBACK_GIVEN');
  });

  it('refuses one’s own task, an ignored or unmapped one, and a task outside one’s projects', async () => {
    const before = await feedbackCount();
    const cases: [Person, number, number, string][] = [
      [dev, tasks.second, 400, 'TASK_FEEDBACK_OWN_TASK'],
      [po, tasks.ignored, 400, 'TASK_FEEDBACK_IGNORED'],
      [po, tasks.unassigned, 400, 'TASK_FEEDBACK_NO_ASSIGNEE'],
      [po, tasks.unmapped, 400, 'TASK_FEEDBACK_NO_ASSIGNEE'],
      [outsider, tasks.second, 404, 'NOT_FOUND'],
      // The lead reaches dev's task (they read dev's feedback) but is not on the project.
      [lead, tasks.second, 403, 'TASK_FEEDBACK_NOT_ON_PROJECT'],
    ];
    for (const [who, id, status, code] of cases) {
      const res = await who.api.post(`/api/task-feedback/tasks/${id}/feedback`, rate(4));
      expect(res.status, `${code} ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect(await feedbackCount()).toBe(before);
  });

  it('names the field of bad input and keeps nothing', async () => {
    await server.factories(tenantId).setting('characterLimit', 20);
    const before = await feedbackCount();
    const cases: [unknown, string][] = [
      [{ ratings: [] }, 'body.ratings'],
      [{ ratings: [{ attributeId, rating: 6 }] }, 'body.ratings.0.rating'],
      [{ ratings: [{ attributeId, rating: 0 }] }, 'body.ratings'],
      [
        {
          ratings: [
            { attributeId, rating: 3 },
            { attributeId, rating: 4 },
          ],
        },
        'body.ratings',
      ],
      [{ ratings: [{ attributeId: 999999, rating: 3 }] }, 'body.ratings'],
      [{ ...rate(3), comment: 'x'.repeat(21) }, 'body.comment'],
      [{ ...rate(3), extra: 1 }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await mate.api.post(`/api/task-feedback/tasks/${tasks.second}/feedback`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const paths = (res.body.error.details?.fields ?? []).map((f: { path: string }) => f.path);
      expect(
        paths.some((p: string) => p.startsWith(path)),
        `${JSON.stringify(body)}: ${paths}`,
      ).toBe(true);
    }
    expect(await feedbackCount()).toBe(before);
    await server.factories(tenantId).setting('characterLimit', 500);
  });

  it('keeps one feedback per giver and task when two are sent at once', async () => {
    const before = await feedbackCount();
    const results = await Promise.all([
      // The same rating twice: whichever is kept, the overview's figures below are exact.
      mate.api.post(`/api/task-feedback/tasks/${tasks.race}/feedback`, rate(3)),
      mate.api.post(`/api/task-feedback/tasks/${tasks.race}/feedback`, rate(3)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await feedbackCount()).toBe(before + 1);
    const ratings = await server.db
      .selectFrom('taskFeedbackRatings as r')
      .innerJoin('taskFeedback as f', 'f.id', 'r.taskFeedbackId')
      .select('r.id')
      .where('f.taskId', '=', tasks.race)
      .execute();
    expect(ratings).toHaveLength(1);
  });
});

describe('reading task feedback', () => {
  it('opens a task with the feedback each reader may read', async () => {
    await mate.api.post(`/api/task-feedback/tasks/${tasks.main}/feedback`, rate(5));
    const asDev = await dev.api.get(`/api/task-feedback/tasks/${tasks.main}`);
    expect(asDev.status).toBe(200);
    expect(asDev.body.feedback.map((f: { giver: { id: number } }) => f.giver.id).sort()).toEqual(
      [po.id, mate.id].sort(),
    );
    expect(asDev.body.mine).toBeNull();
    // A giver reads their own, not the others'.
    const asMate = await mate.api.get(`/api/task-feedback/tasks/${tasks.main}`);
    expect(asMate.body.feedback.map((f: { giver: { id: number } }) => f.giver.id)).toEqual([mate.id]);
    expect(asMate.body.task.avgRating).toBe(5);
    expect(asMate.body.mine).toBe(asMate.body.feedback[0].id);
    // The lead shares a team with dev: reads all of it, though not on the project.
    const asLead = await lead.api.get(`/api/task-feedback/tasks/${tasks.main}`);
    expect(asLead.status).toBe(200);
    expect(asLead.body.feedback).toHaveLength(2);
    expect(asLead.body.task.devCycleTime).toBe(10);
    // Someone with no way to the task: 404, as for another company's.
    expect((await outsider.api.get(`/api/task-feedback/tasks/${tasks.main}`)).status).toBe(404);
  });

  it('marks seen only by the receiver, once', async () => {
    const detail = await dev.api.get(`/api/task-feedback/tasks/${tasks.main}`);
    const id = detail.body.feedback[0].id as number;
    expect((await po.api.post(`/api/task-feedback/feedback/${id}/seen`)).body.error.code).toBe(
      'TASK_FEEDBACK_NOT_RECEIVER',
    );
    expect((await dev.api.post(`/api/task-feedback/feedback/${id}/seen`)).status).toBe(204);
    const first = await server.db.selectFrom('taskFeedback').select('seenAt').where('id', '=', id).executeTakeFirst();
    expect(first?.seenAt).not.toBeNull();
    expect((await dev.api.post(`/api/task-feedback/feedback/${id}/seen`)).status).toBe(204);
    const second = await server.db.selectFrom('taskFeedback').select('seenAt').where('id', '=', id).executeTakeFirst();
    expect(second?.seenAt).toBe(first?.seenAt);
  });

  it('lists another employee’s received feedback only for their lead or HR', async () => {
    expect((await lead.api.get(`/api/task-feedback/received?employeeId=${dev.id}`)).status).toBe(200);
    expect((await admin.get(`/api/task-feedback/received?employeeId=${dev.id}`)).status).toBe(200);
    const refused = await mate.api.get(`/api/task-feedback/received?employeeId=${dev.id}`);
    expect(refused.status).toBe(403);
    expect((await mate.api.get(`/api/task-feedback/overview?employeeId=${dev.id}`)).status).toBe(403);
    expect((await admin.get('/api/task-feedback/received?employeeId=999999')).status).toBe(404);
  });

  it('answers the overview: average, change, trend, recent tasks and stats', async () => {
    const res = await dev.api.get('/api/task-feedback/overview');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subject).toEqual({ id: dev.id, name: 'dev' });
    // po's 2 (edited) and mate's 5 on the main task, mate's 3 on the race task: 10 / 3 to two decimals.
    expect(res.body.avgRating).toBe(3.33);
    expect(res.body.stats.avgRating).toBe(3.33);
    expect(res.body).toMatchObject({ previousAvgRating: null, percentageChange: null, trend: 'no_change' });
    expect(res.body.recentTasks.map((t: { id: number }) => t.id)).toEqual(
      expect.arrayContaining([tasks.main, tasks.race]),
    );
    expect(res.body.stats).toMatchObject({
      projectCount: 1,
      taskCount: 5,
      ignoredTaskCount: 1,
      receivedTaskCount: 2,
      inProgressCount: 1,
      reviewedCount: 1,
      doneCount: 2,
      // Without view-task-metrics.
      qaKickbacks: null,
      devCycleTime: null,
      qaCycleTime: null,
    });
    const asLead = await lead.api.get(`/api/task-feedback/overview?employeeId=${dev.id}`);
    // Ignored tasks count only as ignored: the metrics are of the four others.
    expect(asLead.body.stats).toMatchObject({ qaKickbacks: 4, devCycleTime: 12.5, qaCycleTime: 4 });
    // The change against the period before: a feedback dated 100 days ago.
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString();
    await server.db
      .insertInto('taskFeedback')
      .values({
        tenantId,
        taskId: tasks.second,
        giverId: po.id,
        receiverId: dev.id,
        comment: null,
        rating: 2,
        ratingSum: 2,
        ratingCount: 1,
        createdAt: old,
        updatedAt: old,
      })
      .execute();
    const compared = await dev.api.get('/api/task-feedback/overview');
    expect(compared.body.avgRating).toBe(3.33);
    expect(compared.body.previousAvgRating).toBe(2);
    expect(compared.body.trend).toBe('up');
    // (3.33 - 2) / 2 x 100, to one decimal.
    expect(compared.body.percentageChange).toBe(66.5);
    expect(compared.body.stats).toMatchObject({ avgRating: 3.33, percentageChange: 66.5, trend: 'up' });
  });
});

describe('requests for task feedback', () => {
  it('lets the assignee ask project colleagues; the task shows requested until answered or declined', async () => {
    const colleagues = await dev.api.get(`/api/task-feedback/tasks/${tasks.requested}/colleagues`);
    // The project's client is a member but may not give task feedback: not offered.
    expect(colleagues.body.items.map((c: { id: number }) => c.id).sort()).toEqual([po.id, mate.id].sort());
    const bad: [unknown, string][] = [
      [{ employeeIds: [client.id] }, 'TASK_REQUEST_CANNOT_GIVE'],
      [{ employeeIds: [mate.id, client.id] }, 'TASK_REQUEST_CANNOT_GIVE'],
      [{ employeeIds: [] }, 'TASK_REQUEST_NOBODY'],
      [{ employeeIds: [dev.id] }, 'TASK_REQUEST_SELF'],
      [{ employeeIds: [po.id, po.id] }, 'TASK_REQUEST_TWICE'],
      [{ employeeIds: [outsider.id] }, 'TASK_REQUEST_NOT_MEMBER'],
    ];
    for (const [body, code] of bad) {
      const res = await dev.api.post(`/api/task-feedback/tasks/${tasks.requested}/requests`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.details.fields[0].path).toBe('body.employeeIds');
    }
    const notMine = await po.api.post(`/api/task-feedback/tasks/${tasks.requested}/requests`, {
      employeeIds: [mate.id],
    });
    expect(notMine.body.error.code).toBe('TASK_REQUEST_NOT_ASSIGNEE');

    const asked = await dev.api.post(`/api/task-feedback/tasks/${tasks.requested}/requests`, {
      employeeIds: [po.id, mate.id],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.items.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
    // Each person asked has an action item opening the form; asking again adds none.
    const items = async (api: Api) =>
      (await notices(api, 'task-feedback-request', '&type=action')).filter(
        (n) => n.body.link === `/task/${tasks.requested}/give`,
      );
    expect(await items(po.api)).toHaveLength(1);
    expect(await items(mate.api)).toHaveLength(1);
    await dev.api.post(`/api/task-feedback/tasks/${tasks.requested}/requests`, { employeeIds: [po.id] });
    expect(await items(po.api)).toHaveLength(1);
    const tab = await admin.get(`/api/projects/${projectId}/tasks?searchText=${encodeURIComponent('Task 4')}`);
    expect(tab.body.items[0]).toMatchObject({ id: tasks.requested, status: 'requested' });

    const mateAsked = await mate.api.get('/api/task-feedback/asked');
    const request = mateAsked.body.items.find((r: { task: { id: number } }) => r.task.id === tasks.requested);
    expect(request).toMatchObject({ requester: { id: dev.id }, status: 'pending' });
    expect((await po.api.post(`/api/task-feedback/requests/${request.id}/decline`)).status).toBe(404);
    expect((await mate.api.post(`/api/task-feedback/requests/${request.id}/decline`)).status).toBe(204);
    expect((await mate.api.post(`/api/task-feedback/requests/${request.id}/decline`)).status).toBe(409);
    // Declining and answering are what close the items.
    expect(await items(mate.api)).toHaveLength(0);
    expect(await items(po.api)).toHaveLength(1);

    const answer = await po.api.post(`/api/task-feedback/tasks/${tasks.requested}/feedback`, rate(4));
    expect(answer.status).toBe(201);
    expect(await items(po.api)).toHaveLength(0);
    const detail = await dev.api.get(`/api/task-feedback/tasks/${tasks.requested}`);
    expect(detail.body.requests.map((r: { asked: { id: number }; status: string }) => [r.asked.id, r.status])).toEqual(
      expect.arrayContaining([
        [po.id, 'answered'],
        [mate.id, 'declined'],
      ]),
    );
    expect(detail.body.task.status).toBe('testing');

    // Someone who gave feedback on the task unasked has answered already: asking them waits for nothing.
    const again = await dev.api.post(`/api/task-feedback/tasks/${tasks.main}/requests`, { employeeIds: [po.id] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.items.filter((r: { status: string }) => r.status === 'pending')).toEqual([]);
    const mainItems = (await notices(po.api, 'task-feedback-request', '&type=action')).filter(
      (n) => n.body.link === `/task/${tasks.main}/give`,
    );
    expect(mainItems).toHaveLength(0);
  });
});

describe('editing answers a waiting request', () => {
  it('answers the giver’s pending request and closes its action item when they edit their feedback', async () => {
    // mate is asked about the second task, and holds feedback on it that left the request waiting (as a
    // request made before asking someone who gave was skipped did).
    const asked = await dev.api.post(`/api/task-feedback/tasks/${tasks.second}/requests`, { employeeIds: [mate.id] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const at = new Date().toISOString();
    const { id } = await server.db
      .insertInto('taskFeedback')
      .values({
        tenantId,
        taskId: tasks.second,
        giverId: mate.id,
        receiverId: dev.id,
        comment: 'First take.',
        rating: 3,
        ratingSum: 3,
        ratingCount: 1,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = async () =>
      (await notices(mate.api, 'task-feedback-request', '&type=action')).filter(
        (n) => n.body.link === `/task/${tasks.second}/give`,
      );
    expect(await items()).toHaveLength(1);
    expect((await dev.api.get(`/api/task-feedback/tasks/${tasks.second}`)).body.task.status).toBe('requested');

    const edited = await mate.api.put(`/api/task-feedback/feedback/${id}`, { ...rate(4), comment: 'Second take.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ rating: 4, comment: 'Second take.' });

    expect(await items()).toHaveLength(0);
    const detail = await dev.api.get(`/api/task-feedback/tasks/${tasks.second}`);
    expect(detail.body.requests.map((r: { asked: { id: number }; status: string }) => [r.asked.id, r.status])).toEqual([
      [mate.id, 'answered'],
    ]);
    expect(detail.body.task.status).toBe('in-progress');
    expect((await mate.api.get('/api/task-feedback/asked')).body.items).toEqual([]);
  });
});

describe('another company', () => {
  it('answers 404 for its tasks, feedback and requests, and lists none of them', async () => {
    const other = await companyWithAdmin(server, 'Elsewhere', 'elsewhere.example');
    const feedback = await server.db
      .selectFrom('taskFeedback')
      .select('id')
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const request = await server.db
      .selectFrom('taskFeedbackRequests')
      .select('id')
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const before = await feedbackCount();
    for (const res of [
      await other.admin.get(`/api/task-feedback/tasks/${tasks.main}`),
      await other.admin.get(`/api/task-feedback/tasks/${tasks.main}/form`),
      await other.admin.post(`/api/task-feedback/tasks/${tasks.second}/feedback`, rate(1)),
      await other.admin.put(`/api/task-feedback/feedback/${feedback.id}`, rate(1)),
      await other.admin.post(`/api/task-feedback/feedback/${feedback.id}/seen`),
      await other.admin.post(`/api/task-feedback/requests/${request.id}/decline`),
      await other.admin.get(`/api/task-feedback/received?employeeId=${dev.id}`),
    ])
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect((await other.admin.get('/api/task-feedback/given')).body.items).toEqual([]);
    expect(await feedbackCount()).toBe(before);
  });
});
