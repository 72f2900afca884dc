// The Jira connector against the Jira Cloud stand-in (tools/tracker-sim/jira.ts) over real HTTP on loopback:
// paging, statuses and their history, the long-changelog fallback, and every error a person can meet.
import { describe, expect, it } from 'vitest';
import { taskMetrics } from '../../../../../shared/projects.js';
import {
  jiraDemoData,
  startJiraSim,
  type JiraSim,
  type JiraSimOptions,
} from '../../../../../tools/tracker-sim/jira.js';
import type { SimData, SimItem } from '../../../../../tools/tracker-sim/model.js';
import { trackerHttp, type TrackerHttpOptions } from './http.js';
import { at, connectorTestKit, failure, servedPaths } from './test-kit.js';
import { createJiraConnector } from './jira.js';
import type { TrackerConnection } from './types.js';

const NOW = '2030-06-12T12:00:00.000Z';
const kit = connectorTestKit();
const { waits } = kit;

async function start(data: SimData = jiraDemoData(), options: JiraSimOptions = {}): Promise<JiraSim> {
  return kit.track(await startJiraSim(data, options));
}

function connect(sim: JiraSim, connection: Partial<TrackerConnection> = {}, http: Partial<TrackerHttpOptions> = {}) {
  return createJiraConnector(
    {
      tool: 'jira',
      // A site address as people paste it, with a trailing slash.
      baseUrl: `${sim.url}/`,
      projectKey: 'WEB',
      user: 'po@northwind.example',
      token: 'jira-demo-token',
      ...connection,
    },
    kit.http(http),
  );
}

const paths = servedPaths;

describe('Jira connector', () => {
  it('reads the project, every sprint and every issue of a sprint across pages', async () => {
    const data = jiraDemoData();
    // A future sprint, unplanned and without a goal, listed first by the board: it still comes last.
    data.projects[0]!.sprints.unshift({ id: 3, name: 'WEB Sprint 3', goal: '', state: 'future' });
    const sim = await start(data, { pageSize: 2 });
    const jira = connect(sim);

    expect(await jira.verify()).toEqual({ name: 'Web Platform' });
    expect(await jira.sprints()).toEqual([
      {
        ref: '1',
        name: 'WEB Sprint 1',
        goal: 'Guest checkout and saved cards ready for the beta',
        startDate: '2030-05-27',
        endDate: '2030-06-07',
        state: 'closed',
      },
      {
        ref: '2',
        name: 'WEB Sprint 2',
        goal: 'Customers find their past orders',
        startDate: '2030-06-10',
        endDate: '2030-06-21',
        state: 'active',
      },
      { ref: '3', name: 'WEB Sprint 3', goal: null, startDate: null, endDate: null, state: 'future' },
    ]);

    const items = await jira.items('1');
    // The Epic in the sprint is skipped; a story under it is a PBI of its own.
    expect(items.map((i) => [i.ref, i.kind, i.parentRef, i.type])).toEqual([
      ['WEB-2', 'pbi', null, 'Story'],
      ['WEB-3', 'task', 'WEB-2', 'Sub-task'],
      ['WEB-4', 'task', 'WEB-2', 'Sub-task'],
      ['WEB-5', 'pbi', null, 'Story'],
      ['WEB-6', 'task', 'WEB-5', 'Sub-task'],
      ['WEB-7', 'task', 'WEB-5', 'Sub-task'],
    ]);
    expect(items.find((i) => i.ref === 'WEB-4')).toEqual({
      ref: 'WEB-4',
      kind: 'task',
      parentRef: 'WEB-2',
      title: 'Guest checkout form',
      type: 'Sub-task',
      status: 'done',
      trackerStatus: 'Done',
      assignee: { name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
      url: `${sim.url}/browse/WEB-4`,
      createdAt: at('05-26', '10:20'),
      startedAt: at('05-28', '09:00'),
      finishedAt: at('06-02', '16:00'),
      history: [
        { at: at('05-26', '10:20'), to: 'new' },
        { at: at('05-28', '09:00'), to: 'in-progress' },
        { at: at('05-29', '11:00'), to: 'testing' },
        { at: at('05-30', '09:30'), to: 'testing' },
        { at: at('06-02', '16:00'), to: 'done' },
      ],
    });

    // The stand-in served two a page whatever the connector asked: every page was read.
    const starts = (pattern: RegExp) => paths(sim, pattern).map((p) => new URL(p, sim.url).searchParams.get('startAt'));
    expect(starts(/^\/rest\/agile\/1\.0\/board\/\d+\/sprint\?/)).toEqual(['0', '2']);
    expect(starts(/^\/rest\/agile\/1\.0\/sprint\/1\/issue\?/)).toEqual(['0', '2', '4', '6']);
    expect(paths(sim, /^\/rest\/agile\/1\.0\/board\?/)[0]).toContain('type=scrum');
    expect(sim.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('maps Jira statuses by category and name, and its changelog into metrics with QA kickbacks', async () => {
    const data = jiraDemoData();
    // "Selected for Development" is a To Do status by category; its name alone would read as work started.
    data.projects[0]!.items.push({
      id: 13,
      type: 'Story',
      title: 'Reorder from history',
      sprintId: 2,
      createdAt: at('06-09', '10:00'),
      history: [
        { at: at('06-09', '10:00'), state: 'To Do' },
        { at: at('06-10', '09:00'), state: 'Selected for Development' },
        { at: at('06-11', '09:00'), state: 'In Progress' },
      ],
    });
    const jira = connect(await start(data));

    const closed = await jira.items('1');
    const api = closed.find((i) => i.ref === 'WEB-3')!;
    expect(api.history.map((c) => c.to)).toEqual([
      'new',
      'in-progress',
      'testing',
      'testing',
      'in-progress',
      'testing',
      'testing',
      'done',
    ]);
    expect(taskMetrics(api.history, NOW)).toEqual({ devCycleHours: 29, qaKickbacks: 1, qaCycleHours: 118.5 });
    const form = closed.find((i) => i.ref === 'WEB-4')!;
    expect(taskMetrics(form.history, NOW)).toEqual({ devCycleHours: 26, qaKickbacks: 0, qaCycleHours: 101 });

    const active = await jira.items('2');
    expect(active.map((i) => [i.ref, i.trackerStatus, i.status])).toEqual([
      ['WEB-8', 'QA', 'testing'],
      ['WEB-9', 'In Review', 'testing'],
      ['WEB-10', 'To Do', 'new'],
      ['WEB-11', 'In Progress', 'in-progress'],
      ['WEB-12', 'To Do', 'new'],
      ['WEB-13', 'In Progress', 'in-progress'],
    ]);
    const endpoint = active.find((i) => i.ref === 'WEB-9')!;
    // Kicked back from QA on the 11th, in review again since the 12th at 10:00: QA is still open at NOW.
    expect(taskMetrics(endpoint.history, NOW)).toEqual({ devCycleHours: 23, qaKickbacks: 1, qaCycleHours: 10 });
    expect(endpoint.finishedAt).toBeNull();
    const untouched = active.find((i) => i.ref === 'WEB-10')!;
    expect(untouched.history).toEqual([{ at: at('06-09', '09:20'), to: 'new' }]);
    expect(untouched.startedAt).toBeNull();
    expect(active.find((i) => i.ref === 'WEB-12')!.assignee).toBeNull();
    const selected = active.find((i) => i.ref === 'WEB-13')!;
    expect(selected.history.map((c) => c.to)).toEqual(['new', 'new', 'in-progress']);
    expect(selected.startedAt).toBe(at('06-11', '09:00'));
  });

  it('reads the whole changelog when Jira embeds only its latest histories', async () => {
    const data = jiraDemoData();
    const moves = Array.from({ length: 128 }, (_, i) => ({
      at: new Date(Date.parse(at('06-10', '09:00')) + (i + 1) * 600_000).toISOString(),
      state: i % 2 === 0 ? 'In Progress' : 'QA',
    }));
    const busy: SimItem = {
      id: 20,
      type: 'Story',
      title: 'Flaky payment retries',
      sprintId: 2,
      createdAt: at('06-10', '09:00'),
      history: [{ at: at('06-10', '09:00'), state: 'To Do' }, ...moves, { at: at('06-12', '09:00'), state: 'Done' }],
    };
    data.projects[0]!.items.push(busy);
    const sim = await start(data, { pageSize: 40 });

    const item = (await connect(sim).items('2')).find((i) => i.ref === 'WEB-20')!;
    expect(item.history).toHaveLength(130);
    expect(item.history[0]).toEqual({ at: at('06-10', '09:00'), to: 'new' });
    expect(item.history[1]).toEqual({ at: moves[0]!.at, to: 'in-progress' });
    expect(item.history.at(-1)).toEqual({ at: at('06-12', '09:00'), to: 'done' });
    expect(taskMetrics(item.history, NOW).qaKickbacks).toBe(63);
    // 129 histories, 40 a page: four pages of the changelog, and only for the issue that needed them.
    expect(paths(sim, /\/changelog/)).toEqual(
      [0, 40, 80, 120].map((start) => `/rest/api/3/issue/WEB-20/changelog?startAt=${start}&maxResults=100`),
    );
  });

  it('answers only the project’s issues of a shared sprint, and no e-mail where Jira hides it', async () => {
    const data = jiraDemoData();
    data.people.push({ id: '712020:hidden-ines', name: 'Ines Moreau', email: null });
    data.projects[0]!.items.find((i) => i.id === 12)!.assignee = '712020:hidden-ines';
    data.projects.push({
      key: 'APP',
      name: 'Mobile App',
      sprints: [],
      items: [
        {
          id: 1,
          type: 'Story',
          title: 'Share an order',
          sprintId: 2,
          createdAt: at('06-09', '09:00'),
          history: [{ at: at('06-09', '09:00'), state: 'To Do' }],
        },
      ],
    });
    const sim = await start(data);

    const items = await connect(sim).items('2');
    expect(items.map((i) => i.ref)).toEqual(['WEB-8', 'WEB-9', 'WEB-10', 'WEB-11', 'WEB-12']);
    expect(items.find((i) => i.ref === 'WEB-12')!.assignee).toEqual({ name: 'Ines Moreau', email: null });
    // The sprint did hold APP-1: the connector left it out.
    const raw = await trackerHttp({ allowPrivateAddresses: true })<{ issues: { key: string }[] }>({
      url: `${sim.url}/rest/agile/1.0/sprint/2/issue?fields=summary`,
      headers: { authorization: `Basic ${Buffer.from('po@northwind.example:jira-demo-token').toString('base64')}` },
    });
    expect(raw.body.issues.map((i) => i.key)).toContain('APP-1');
  });

  it('says the credentials were refused: a wrong token, or one that expired', async () => {
    const sim = await start();
    const wrong = await failure(connect(sim, { token: 'not-the-token' }).verify());
    expect(wrong.code).toBe('credentials');
    expect(wrong.message).toContain('Client must be authenticated');

    const jira = connect(sim);
    await jira.verify();
    sim.expire('jira-demo-token');
    expect((await failure(jira.sprints())).code).toBe('credentials');
    expect(sim.requests.map((r) => r.status)).toEqual([401, 200, 401]);
  });

  it('says what is missing: an unknown project, a project without a Scrum board, an unknown sprint', async () => {
    const data = jiraDemoData();
    data.projects.push({ key: 'OPS', name: 'Operations', sprints: [], items: [] });
    const sim = await start(data);

    const unknown = await failure(connect(sim, { projectKey: 'NOPE' }).verify());
    expect(unknown.code).toBe('not-found');
    expect(unknown.message).toContain('no project NOPE');
    expect((await failure(connect(sim, { projectKey: 'NOPE' }).sprints())).code).toBe('not-found');

    const kanbanOnly = await failure(connect(sim, { projectKey: 'OPS' }).sprints());
    expect(kanbanOnly.code).toBe('not-found');
    expect(kanbanOnly.message).toContain('no Scrum board');

    const sprint = await failure(connect(sim).items('999'));
    expect(sprint.code).toBe('not-found');
    expect(sprint.message).toContain('no sprint 999');
  });

  it('honours Retry-After, and gives up with the wait Jira asks when it is too long', async () => {
    const sim = await start();
    sim.limitNext(2, 1);
    const sprints = await connect(sim).sprints();
    expect(sprints.map((s) => s.ref)).toEqual(['1', '2']);
    expect(sim.requests.slice(0, 3).map((r) => [r.path, r.status])).toEqual([
      ['/rest/api/3/project/WEB', 429],
      ['/rest/api/3/project/WEB', 429],
      ['/rest/api/3/project/WEB', 200],
    ]);
    expect(waits).toEqual([1000, 1000]);

    sim.limitNext(1, 120);
    const limited = await failure(connect(sim, {}, { maxWaitSeconds: 30 }).items('2'));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(120);
  });
});

describe('Jira stand-in', () => {
  const auth = { authorization: `Basic ${Buffer.from('po@northwind.example:jira-demo-token').toString('base64')}` };

  it('answers in Jira’s shapes: error bodies, timestamps, picked fields and rate-limit headers', async () => {
    const sim = await start();
    const refused = await fetch(`${sim.url}/rest/api/3/myself`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      errorMessages: ['Client must be authenticated to access this resource.'],
      errors: {},
    });
    expect(await (await fetch(`${sim.url}/rest/api/3/myself`, { headers: auth })).json()).toMatchObject({
      emailAddress: 'po@northwind.example',
      accountType: 'atlassian',
    });

    const page = await fetch(`${sim.url}/rest/agile/1.0/sprint/1/issue?fields=summary,created&maxResults=1000`, {
      headers: auth,
    });
    const body = (await page.json()) as any;
    expect(body).toMatchObject({ startAt: 0, maxResults: 50, total: 7 });
    expect(Object.keys(body.issues[1].fields)).toEqual(['summary', 'created']);
    expect(body.issues[1].fields.created).toBe('2030-05-26T10:00:00.000+0000');
    expect(body.issues[1].changelog).toBeUndefined();

    sim.limitNext(1, 90);
    const limited = await fetch(`${sim.url}/rest/api/3/myself`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('90');
    expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    expect(Date.parse(limited.headers.get('x-ratelimit-reset')!)).toBeGreaterThanOrEqual(Date.now() + 89_000);
  });
});
