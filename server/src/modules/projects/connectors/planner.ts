/**
 * Microsoft Planner: a plan's tasks through Microsoft Graph v1.0 (https://graph.microsoft.com/v1.0) with a
 * Microsoft Entra access token as Bearer. What the API does that this relies on (docs/projects.md,
 * "Microsoft Planner"):
 *
 * - Planner has no sprints: the plan is one rolling sprint (ref the plan's id, with no dates). The project's
 *   key is the plan's id; its address Graph's (https://graph.microsoft.com, or a national cloud's).
 * - Tasks are PBIs (an assigned task is its assignee's task too, by the PBI-without-tasks rule); checklist
 *   items live in each task's details and are not read.
 * - Status: percentComplete is Planner's own (0 not started, 1 to 99 in progress, 100 completed); the
 *   bucket's name refines it where it names a state past development (Review, QA: testing; UAT: uat;
 *   Released, Closed: completed, for a completed task), since buckets are often a board's columns. Any
 *   other bucket (Design, Marketing) says nothing of progress.
 * - Planner keeps no history of a task: the history is empty, so dev cycle time and QA kickbacks are not
 *   available; completedDateTime is when it was finished.
 * - Collections are paged with an absolute @odata.nextLink, followed only on Graph's own address: the token
 *   is never sent elsewhere.
 * - Assignees come from /users/{id}: displayName, and mail (or the sign-in name where it has no mailbox and
 *   is not a guest) to match employees by e-mail. A user deleted since is named by id.
 */
import { statusFromTrackerState, type TrackerTaskStatus } from '../../../../../shared/projects.js';
import type { TrackerHttp } from './http.js';
import { answerShape, MAX_LISTED, text, trackerLink } from './shape.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerPerson,
  type TrackerSprint,
} from './types.js';

/** Pages followed at most for one collection (Graph's pages hold up to 100 tasks; empty ones count too). */
const MAX_PAGES = 1_000;
const PLAN_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Collection = { value?: unknown; '@odata.nextLink'?: unknown };
type GraphPlan = { id?: unknown; title?: unknown };
type GraphBucket = { id?: unknown; name?: unknown };
type GraphTask = {
  id?: unknown;
  title?: unknown;
  bucketId?: unknown;
  percentComplete?: unknown;
  createdDateTime?: unknown;
  completedDateTime?: unknown;
  assignments?: unknown;
};
type GraphUser = { displayName?: unknown; mail?: unknown; userPrincipalName?: unknown };

const { badAnswer, instant } = answerShape('Microsoft Graph');

const PROGRESS = ['Not started', 'In progress', 'Completed'] as const;

/** A task's status from its percentComplete and its bucket's name (see above). */
export function plannerStatus(percent: number, bucket: string | null): TrackerTaskStatus {
  const said = bucket === null ? null : statusFromTrackerState(bucket);
  if (percent >= 100) return said === 'completed' ? 'completed' : 'done';
  if (said === 'testing' || said === 'uat') return said;
  return percent > 0 ? 'in-progress' : 'new';
}

export function createPlannerConnector(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  const base = connection.baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v1\.0$/i, '');
  const planId = connection.projectKey.trim();
  const authorization = `Bearer ${connection.token}`;
  const people = new Map<string, Promise<TrackerPerson>>();

  async function get<T extends object>(url: URL, notFound?: string): Promise<T> {
    try {
      const { body } = await http<T>({ url, headers: { authorization } });
      if (body === null || typeof body !== 'object') throw badAnswer(url.pathname);
      return body;
    } catch (error) {
      if (notFound && error instanceof TrackerError && error.code === 'not-found')
        throw new TrackerError('not-found', notFound);
      throw error;
    }
  }
  function address(path: string, query: Record<string, string> = {}): URL {
    if (!URL.canParse(`${base}/v1.0${path}`))
      throw new TrackerError('unreachable', `${connection.baseUrl} is not a web address`);
    const url = new URL(`${base}/v1.0${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  const noPlan = (id: string) =>
    `Microsoft Planner has no plan ${id}, or this token may not read it (the key is the plan's id, as in the plan's address)`;

  async function plan(id: string): Promise<{ id: string; title: string }> {
    if (!PLAN_ID.test(id)) throw new TrackerError('not-found', noPlan(id));
    const body = await get<GraphPlan>(address(`/planner/plans/${id}`), noPlan(id));
    const found = text(body.id);
    const title = text(body.title);
    if (found === null || title === null) throw badAnswer('the plan');
    return { id: found, title };
  }

  /** Every value of a collection, following @odata.nextLink on Graph's own address only. */
  async function all<T>(path: string, notFound: string): Promise<T[]> {
    const values: T[] = [];
    const origin = address('/').origin;
    let url: URL | null = address(path);
    // Pages are bounded as entries are: a chain of empty pages linking in a circle must end too.
    for (let pages = 1; url; pages++) {
      if (pages > MAX_PAGES) throw badAnswer(`${path} (more than ${MAX_PAGES} pages)`);
      const page: Collection = await get<Collection>(url, notFound);
      if (!Array.isArray(page.value)) throw badAnswer(path);
      values.push(...(page.value as T[]));
      if (values.length > MAX_LISTED) throw badAnswer(`${path} (more than ${MAX_LISTED} entries)`);
      const next = page['@odata.nextLink'];
      if (next === undefined || next === null) return values;
      const nextUrl = text(next);
      if (nextUrl === null || !URL.canParse(nextUrl) || new URL(nextUrl).origin !== origin || nextUrl === url.href)
        throw badAnswer(`${path}'s next page`);
      url = new URL(nextUrl);
    }
    return values;
  }

  function person(userId: string): Promise<TrackerPerson> {
    let found = people.get(userId);
    if (!found) {
      found = get<GraphUser>(
        address(`/users/${encodeURIComponent(userId)}`, { $select: 'id,displayName,mail,userPrincipalName' }),
      ).then(
        (user) => {
          const upn = text(user.userPrincipalName);
          const email = text(user.mail) || (upn && upn.includes('@') && !upn.includes('#EXT#') ? upn : null);
          return { name: text(user.displayName) || email || userId, email };
        },
        (error: unknown) => {
          // A user deleted since is still on old tasks: named by id until someone maps them.
          if (error instanceof TrackerError && error.code === 'not-found') return { name: userId, email: null };
          throw error;
        },
      );
      people.set(userId, found);
    }
    return found;
  }

  /** The task's first assignee: the one assigned earliest. */
  function firstAssignee(assignments: unknown): string | null {
    if (assignments === null || typeof assignments !== 'object') return null;
    const entries = Object.entries(assignments as Record<string, { assignedDateTime?: unknown }>);
    const when = (value: { assignedDateTime?: unknown }) => Date.parse(text(value?.assignedDateTime) ?? '') || 0;
    entries.sort(([, a], [, b]) => when(a) - when(b));
    return entries[0]?.[0] ?? null;
  }

  return {
    tool: 'planner',

    async verify() {
      return { name: (await plan(planId)).title };
    },

    async sprints(): Promise<TrackerSprint[]> {
      const found = await plan(planId);
      return [{ ref: found.id, name: found.title, goal: null, startDate: null, endDate: null, state: 'active' }];
    },

    async items(sprintRef) {
      if (!PLAN_ID.test(sprintRef)) throw new TrackerError('not-found', noPlan(sprintRef));
      const buckets = await all<GraphBucket>(`/planner/plans/${sprintRef}/buckets`, noPlan(sprintRef));
      const tasks = await all<GraphTask>(`/planner/plans/${sprintRef}/tasks`, noPlan(sprintRef));
      const bucketNames = new Map<string, string>();
      for (const bucket of buckets) {
        const id = text(bucket.id);
        const name = text(bucket.name);
        if (id === null || name === null) throw badAnswer('a bucket');
        bucketNames.set(id, name);
      }
      const items: TrackerItem[] = [];
      for (const task of tasks) {
        const id = text(task.id);
        const percent = task.percentComplete;
        if (id === null || typeof percent !== 'number') throw badAnswer('a task');
        const bucket = bucketNames.get(text(task.bucketId) ?? '') ?? null;
        const status = plannerStatus(percent, bucket);
        const progress = PROGRESS[percent >= 100 ? 2 : percent > 0 ? 1 : 0];
        const assigneeId = firstAssignee(task.assignments);
        items.push({
          ref: id,
          kind: 'pbi',
          parentRef: null,
          title: text(task.title) ?? '',
          type: 'Task',
          status,
          trackerStatus: bucket === null ? progress : `${progress} (${bucket})`,
          assignee: assigneeId === null ? null : await person(assigneeId),
          url: trackerLink(`https://tasks.office.com/Home/Task/${encodeURIComponent(id)}`, connection.baseUrl),
          createdAt: instant(task.createdDateTime, `task ${id}'s creation`),
          startedAt: null,
          finishedAt:
            percent >= 100 && task.completedDateTime
              ? instant(task.completedDateTime, `task ${id}'s completion`)
              : null,
          // Planner keeps no history of a task.
          history: [],
        });
      }
      return items;
    },
  };
}
