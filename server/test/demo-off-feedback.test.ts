/**
 * Demo data switched off (Settings › Demo data) in feedback and recognition: a demo PERSON appears nowhere,
 * not only the demo rows. Rows that are not demo data but name a demo person (feedback a real employee gave
 * one, a request they made, a badge given to them) leave every list, feed, board, widget and picker, and
 * a write naming a demo person's id answers as it would for an unknown person; switched on again, all is
 * back. Walked as real users, through the API, after switching demo data off through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation, type Organisation } from './organisation.js';
import { startServer, type Api, type Reply, type TestServer } from './harness.js';

const DEMO_NAME = 'Dora Demoperson';

let server: TestServer;
let org: Organisation<'admin' | 'real' | 'demo', 'Core'>;
let attributeId: number;
let badgeId: number;
let projectId: number;
let taskId: number;
/** Rows that name the demo person, made while demo data was on. */
const made = { feedbackToDemo: 0, groupToDemo: 0, requestOfDemo: 0, recommendation: 0, post: 0 };

const setDemo = async (disabled: boolean) => {
  const res = await org.people.admin.api.patch('/api/tenant', { settings: { isDemoDataDisabled: disabled } });
  expect(res.status).toBe(200);
};

const ok = async (api: Api, url: string): Promise<string> => {
  const res = await api.get(url);
  expect(res.status, url).toBe(200);
  // Signed download links differ from one read to the next.
  return JSON.stringify(res.body).replace(/token=[^"&]+/g, 'token=…');
};

beforeAll(async () => {
  server = await startServer();
  org = await organisation(server, {
    people: {
      admin: ['Administrator'],
      real: { roles: ['Employee'], name: 'Rita Real' },
      demo: { roles: ['Employee'], name: DEMO_NAME, isDemo: 1 },
    },
    teams: { Core: ['admin', 'real', 'demo'] },
  });
  const { admin, real, demo } = org.people;
  const options = await admin.api.get('/api/feedback/options');
  attributeId = options.body.categories[0].attributes[0].id;
  const give = (api: Api, receiverIds: number[], shareOnFeed = false) =>
    api.post('/api/feedback', { receiverIds, ratings: [{ attributeId, rating: 4 }], comment: 'Great', shareOnFeed });

  // Not demo data, but naming the demo person: what a real employee did with them while demo data was on.
  const toDemo = await give(admin.api, [real.id, demo.id], true);
  expect(toDemo.status).toBe(201);
  made.feedbackToDemo = toDemo.body.feedbackIds[1];
  made.groupToDemo = toDemo.body.groupId;
  expect((await give(demo.api, [admin.id])).status).toBe(201);
  expect((await give(real.api, [admin.id])).status).toBe(201);
  const ask = (api: Api, employeeIds: number[]) =>
    api.post('/api/feedback-requests', { employeeIds, attributeIds: [attributeId], message: 'How did I do?' });
  expect((await ask(admin.api, [real.id, demo.id])).status).toBe(201);
  const byDemo = await ask(demo.api, [admin.id]);
  expect(byDemo.status).toBe(201);
  made.requestOfDemo = byDemo.body.id;

  const category = await org.f.badgeCategory({ name: 'Values' });
  badgeId = (await org.f.badge({ categoryId: category.id, name: 'Star' })).id;
  const badge = await admin.api.post('/api/badges/given', { badgeId, employeeId: demo.id, comment: 'Thanks!' });
  expect(badge.status).toBe(201);
  const recommended = await real.api.post('/api/badge-requests/recommendations', {
    badgeId,
    employeeId: demo.id,
    reason: 'She mentored the new hires',
  });
  expect(recommended.status).toBe(201);
  made.recommendation = recommended.body.id;

  // Real rows by the demo person on a real post: the feedback shared on the feed, which Rita received too.
  const feed = await admin.api.get('/api/feed/posts');
  made.post = feed.body.items.find((p: { kind: string }) => p.kind === 'feedback').id;
  expect((await demo.api.put(`/api/feed/posts/${made.post}/like`, { type: 'celebrate' })).status).toBe(200);
  expect((await real.api.put(`/api/feed/posts/${made.post}/like`, { type: 'like' })).status).toBe(200);
  const comment = (api: Api, text: string) => api.post(`/api/feed/posts/${made.post}/comments`, { comment: text });
  expect((await comment(demo.api, 'Thank you!')).status).toBe(201);
  expect((await comment(real.api, 'Well deserved')).status).toBe(201);

  // A real project whose task is the administrator's, the demo person on it.
  projectId = (
    await admin.api.post('/api/projects', { name: 'Web', url: 'https://web.example', key: 'WEB', type: 'monthly' })
  ).body.id;
  const members = await admin.api.put(`/api/projects/${projectId}/members`, {
    members: [
      { employeeId: admin.id, role: 'product-owner', allocation: 50 },
      { employeeId: real.id, role: 'member', allocation: 100 },
      { employeeId: demo.id, role: 'member', allocation: 100 },
    ],
  });
  expect(members.status).toBe(200);
  const tracked = await server.db
    .insertInto('trackerPeople')
    .values([
      { tenantId: org.tenantId, projectId, identity: 'admin', name: 'Admin', email: null, employeeId: admin.id },
      { tenantId: org.tenantId, projectId, identity: 'demo', name: 'Demo', email: null, employeeId: demo.id },
    ])
    .returning(['id', 'identity'])
    .execute();
  const task = async (assigneeId: number, ref: string) => {
    const at = new Date().toISOString();
    return (
      await server.db
        .insertInto('projectTasks')
        .values({
          tenantId: org.tenantId,
          projectId,
          sprintId: null,
          pbiId: null,
          trackerRef: ref,
          name: `Task ${ref}`,
          type: 'Sub-task',
          status: 'done',
          trackerStateName: 'Done',
          url: `https://web.example/browse/${ref}`,
          assigneeId,
          devCycleHours: 10,
          qaKickbacks: 0,
          qaCycleHours: 2,
          ignoredReason: null,
          syncedAt: at,
          createdAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  taskId = await task(tracked.find((t) => t.identity === 'admin')!.id, 'WEB-1');
  const demoTask = await task(tracked.find((t) => t.identity === 'demo')!.id, 'WEB-2');
  const asked = await admin.api.post(`/api/task-feedback/tasks/${taskId}/requests`, { employeeIds: [demo.id] });
  expect(asked.status).toBe(201);
  const taskFeedback = await admin.api.post(`/api/task-feedback/tasks/${demoTask}/feedback`, {
    ratings: [{ attributeId, rating: 5 }],
    comment: 'Clean work',
  });
  expect(taskFeedback.status).toBe(201);
  // The demo person answers the administrator's request: real task feedback from a demo person.
  const answered = await demo.api.post(`/api/task-feedback/tasks/${taskId}/feedback`, {
    ratings: [{ attributeId, rating: 2 }],
    comment: 'Nice',
  });
  expect(answered.status).toBe(201);
});
afterAll(() => server.close());

/** Every list, feed, board, widget and picker of feedback and recognition, as the administrator reads it. */
function reads(): Record<string, string> {
  const { demo } = org.people;
  return {
    received: '/api/feedback?direction=received',
    given: '/api/feedback?direction=given',
    team: '/api/feedback?direction=received&team=true',
    colleagues: '/api/feedback/colleagues',
    colleagueById: `/api/feedback/colleagues?id=${demo.id}`,
    requestOptions: '/api/feedback-requests/options',
    requestsMine: '/api/feedback-requests/mine',
    requestsAsked: '/api/feedback-requests/asked',
    overviewPeople: '/api/feedback/overview/people',
    matrixMine: '/api/feedback-matrix/mine',
    matrixTeams: '/api/feedback-matrix/teams',
    feed: '/api/feed/posts',
    feedLikes: `/api/feed/posts/${made.post}/likes`,
    feedComments: `/api/feed/posts/${made.post}/comments`,
    badgeColleagues: '/api/badges/colleagues',
    badgesRecent: '/api/badges/given/recent',
    badgeRequests: '/api/badge-requests',
    badgeRequestsRecent: '/api/badge-requests/recent',
    recommendations: '/api/badge-requests/recommendations',
    champions: '/api/badges/champions',
    leaderboard: '/api/leaderboards/company',
    homeLeaderboard: '/api/home/leaderboard',
    homeRanking: '/api/home/employee-ranking',
    taskPeople: '/api/task-feedback/people',
    taskGiven: '/api/task-feedback/given',
    taskDetail: `/api/task-feedback/tasks/${taskId}`,
    taskColleagues: `/api/task-feedback/tasks/${taskId}/colleagues`,
    directory: '/api/employees?pageSize=100',
  };
}

/** Lists that name the demo person while demo data is on (the rest could leave them out for other reasons). */
const NAMED_WHEN_ON = [
  'received',
  'given',
  'colleagues',
  'colleagueById',
  'requestOptions',
  'requestsMine',
  'requestsAsked',
  'overviewPeople',
  'feed',
  'feedLikes',
  'feedComments',
  'badgeColleagues',
  'badgesRecent',
  'badgeRequests',
  'recommendations',
  'taskPeople',
  'taskGiven',
  'taskDetail',
  'taskColleagues',
  'directory',
];

async function readAll(api: Api) {
  const out: Record<string, string> = {};
  for (const [name, url] of Object.entries(reads())) out[name] = await ok(api, url);
  return out;
}

const unseen = async (api: Api) => (await api.get('/api/feedback/unseen-count')).body.unseen as number;
/** The administrator's own figures: what they received and gave, their post's likes, their task feedback. */
const figures = async (api: Api) => {
  const post = (await api.get(`/api/feed/posts/${made.post}`)).body;
  const tasks = (await api.get('/api/task-feedback/received')).body.items as { id: number; feedbackCount: number }[];
  const overview = (await api.get('/api/task-feedback/overview')).body;
  return {
    unseen: await unseen(api),
    received: (await api.get('/api/feedback/overview')).body.feedbackCount as number,
    given: (await api.get('/api/feedback?direction=given')).body.total as number,
    likes: post.likeCount as number,
    comments: post.commentCount as number,
    taskFeedback: tasks.find((t) => t.id === taskId)!.feedbackCount,
    tasksReceived: overview.stats.receivedTaskCount as number,
    taskAverage: overview.avgRating as number | null,
  };
};

describe('demo people while demo data is off', () => {
  it('leave every list, feed, board, widget and picker, and come back', async () => {
    const { admin } = org.people;
    const on = await readAll(admin.api);
    for (const name of NAMED_WHEN_ON) expect(on[name], name).toContain(DEMO_NAME);
    const figuresOn = await figures(admin.api);

    await setDemo(true);
    try {
      const off = await readAll(admin.api);
      for (const [name, body] of Object.entries(off)) expect.soft(body, name).not.toContain(DEMO_NAME);
      // What real people did stays: the real colleague's feedback, request and recommendation.
      expect(off['received']).toContain('Rita Real');
      expect(off['given']).toContain('Rita Real');
      expect(off['colleagues']).toContain('Rita Real');
      expect(off['requestOptions']).toContain('Rita Real');
      expect(off['taskColleagues']).toContain('Rita Real');
      // The demo person's feedback to the administrator, and theirs to her, count nowhere.
      // Nor do the demo person's like and comment on a real post, or her answer to a task request.
      expect(figuresOn).toMatchObject({ likes: 2, comments: 2, taskFeedback: 1, tasksReceived: 1, taskAverage: 2 });
      expect(await figures(admin.api)).toEqual({
        unseen: figuresOn.unseen - 1,
        received: figuresOn.received - 1,
        given: figuresOn.given - 1,
        likes: 1,
        comments: 1,
        taskFeedback: 0,
        tasksReceived: 0,
        taskAverage: null,
      });
      expect(off['feedComments']).toContain('Rita Real');
    } finally {
      await setDemo(false);
    }
    expect(await readAll(admin.api)).toEqual(on);
    expect(await figures(admin.api)).toEqual(figuresOn);
  });

  it('answers 404 for their ids and for rows naming them', async () => {
    const { admin, demo } = org.people;
    const urls = [
      `/api/feedback?direction=received&employeeId=${demo.id}`,
      `/api/feedback/${made.feedbackToDemo}`,
      `/api/feedback-requests/${made.requestOfDemo}`,
      `/api/task-feedback/received?employeeId=${demo.id}`,
      `/api/task-feedback/overview?employeeId=${demo.id}`,
    ];
    const statuses = async () => Promise.all(urls.map(async (url) => [url, (await admin.api.get(url)).status]));
    expect(await statuses()).toEqual(urls.map((url) => [url, 200]));
    await setDemo(true);
    try {
      expect(await statuses()).toEqual(urls.map((url) => [url, 404]));
    } finally {
      await setDemo(false);
    }
    expect(await statuses()).toEqual(urls.map((url) => [url, 200]));
  });

  it("reads their recent average as an unknown person's", async () => {
    const { admin, real, demo } = org.people;
    const averages = () => ok(admin.api, `/api/feedback/recent-averages?receiverIds=${real.id},${demo.id},999999`);
    const on = JSON.parse(await averages());
    expect(on.items).toEqual([
      { receiverId: real.id, average: 4 },
      { receiverId: demo.id, average: 4 },
      { receiverId: 999999, average: null },
    ]);
    await setDemo(true);
    try {
      expect(JSON.parse(await averages()).items).toEqual([
        { receiverId: real.id, average: 4 },
        { receiverId: demo.id, average: null },
        { receiverId: 999999, average: null },
      ]);
    } finally {
      await setDemo(false);
    }
    expect(JSON.parse(await averages())).toEqual(on);
  });

  it('refuses deciding a badge request for them as an unknown request, changing nothing', async () => {
    const { admin } = org.people;
    const url = `/api/badge-requests/${made.recommendation}/status`;
    const status = async () =>
      (
        await server.db
          .selectFrom('badgeRequests')
          .select('status')
          .where('id', '=', made.recommendation)
          .executeTakeFirstOrThrow()
      ).status;
    await setDemo(true);
    try {
      for (const to of ['under_review', 'rejected', 'approved'])
        expect.soft((await admin.api.put(url, { status: to })).status, to).toBe(404);
      expect(await status()).toBe('pending');
      expect((await admin.api.put('/api/badge-requests/999999/status', { status: 'rejected' })).status).toBe(404);
    } finally {
      await setDemo(false);
    }
    // With demo data on, the approver decides it as any other.
    expect((await admin.api.put(url, { status: 'under_review' })).status).toBe(200);
    expect(await status()).toBe('under_review');
  });

  it('refuses every write naming them as it refuses an unknown person, changing nothing', async () => {
    const { admin, real, demo } = org.people;
    const writes: [string, () => Promise<Reply>, string][] = [
      [
        'give feedback',
        () =>
          admin.api.post('/api/feedback', {
            receiverIds: [demo.id],
            ratings: [{ attributeId, rating: 4 }],
            comment: 'Hi',
          }),
        'receiverIds',
      ],
      [
        'ask feedback of',
        () =>
          admin.api.post('/api/feedback-requests', {
            employeeIds: [demo.id],
            attributeIds: [attributeId],
            message: 'How was it?',
          }),
        'employeeIds',
      ],
      [
        'ask feedback about',
        () =>
          admin.api.post('/api/feedback-requests', {
            subjectId: demo.id,
            employeeIds: [real.id],
            attributeIds: [attributeId],
            message: 'How was she?',
          }),
        'subjectId',
      ],
      [
        'give a badge',
        () => admin.api.post('/api/badges/given', { badgeId, employeeId: demo.id, comment: 'Again!' }),
        'employeeId',
      ],
      [
        'recommend for a badge',
        () =>
          admin.api.post('/api/badge-requests/recommendations', {
            badgeId,
            employeeId: demo.id,
            reason: 'Helped everyone',
          }),
        'employeeId',
      ],
      [
        'ask task feedback',
        () => admin.api.post(`/api/task-feedback/tasks/${taskId}/requests`, { employeeIds: [demo.id] }),
        'employeeIds',
      ],
      [
        'map a device user',
        () => admin.api.post('/api/device-user-mappings', { deviceUserId: 'demo-77', employeeId: demo.id }),
        'employeeId',
      ],
    ];
    const counts = async () => ({
      feedback: (await server.db.selectFrom('feedback').select('id').execute()).length,
      requests: (await server.db.selectFrom('feedbackRequests').select('id').execute()).length,
      badges: (await server.db.selectFrom('givenBadges').select('id').execute()).length,
      badgeRequests: (await server.db.selectFrom('badgeRequests').select('id').execute()).length,
      taskRequests: (
        await server.db.selectFrom('taskFeedbackRequests').select('id').where('status', '=', 'pending').execute()
      ).length,
      mappings: (await server.db.selectFrom('deviceUserMappings').select('id').execute()).length,
    });
    const before = await counts();
    await setDemo(true);
    try {
      for (const [what, write, field] of writes) {
        const res = await write();
        expect.soft(res.status, what).toBe(400);
        expect.soft(JSON.stringify(res.body), what).toContain(field);
      }
      expect(await counts()).toEqual(before);
      // The giver edits a group whose demo recipient they no longer see: she keeps her feedback.
      const edited = await admin.api.patch(`/api/feedback/groups/${made.groupToDemo}`, {
        receiverIds: [real.id],
        comment: 'Great, edited',
      });
      expect(edited.status).toBe(200);
      expect(await counts()).toEqual(before);
    } finally {
      await setDemo(false);
    }
    const kept = await admin.api.get(`/api/feedback/${made.feedbackToDemo}`);
    expect(kept.status).toBe(200);
    expect(kept.body.comment).toBe('Great, edited');
    // With demo data on, the demo person is a colleague like any other again.
    const mapped = await admin.api.post('/api/device-user-mappings', { deviceUserId: 'demo-77', employeeId: demo.id });
    expect(mapped.status).toBe(200);
    const given = await admin.api.post('/api/feedback', {
      receiverIds: [demo.id],
      ratings: [{ attributeId, rating: 4 }],
      comment: 'Welcome back',
    });
    expect(given.status).toBe(201);
  });
});
