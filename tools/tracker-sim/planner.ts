/**
 * A Microsoft Planner stand-in (tools/tracker-sim): a node:http server on 127.0.0.1 serving a SimData through
 * the paths and shapes of Microsoft Graph v1.0's Planner and users APIs, as Microsoft documents them. Our own
 * code, for the Planner connector's tests and by hand. How the model maps onto Planner:
 *
 * - A project is a plan: its key is the plan's id, its name the plan's title. Sprints are not Planner's:
 *   every item of the project is a task of the plan.
 * - The states items pass through are the plan's buckets, in the order they first appear in the items'
 *   histories; a task is in the bucket of its current state. Planner keeps no history: only the current
 *   bucket shows, and percentComplete from the state's name as a team would set it (To do, Not started,
 *   Backlog, New: 0; Done, Complete, Completed, Closed: 100, with completedDateTime the time it got there;
 *   anything else: 50, Planner's "In progress").
 * - Assignees are directory users (the model's people, by id); `mail` is null where the person has none.
 *
 * What it serves, GET only: /v1.0/me; /v1.0/users/{id} ($select); /v1.0/planner/plans/{id}, its /buckets and
 * /tasks, each a collection {"@odata.context", value} paged at `pageSize` with an absolute
 * "@odata.nextLink" carrying an opaque $skiptoken; /v1.0/planner/tasks/{id}.
 *
 * Auth: `Authorization: Bearer {token}`; none, a malformed or unknown one, or an expired one is 401 with
 * Graph's error body {"error": {"code": "InvalidAuthenticationToken", "message", "innerError": {date,
 * request-id, client-request-id}}} and a WWW-Authenticate header. An unknown plan or task is 404 itemNotFound,
 * an unknown user 404 Request_ResourceNotFound, an unknown segment 400 BadRequest. limitNext(n, s): the next n
 * requests are 429 TooManyRequests with Retry-After s.
 */
import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import {
  currentState,
  expireToken,
  type SimControls,
  type SimData,
  type SimItem,
  type SimPerson,
  type SimProject,
} from './model.js';
import { rateLimits, serve, type Answer } from './serve.js';

export { plannerDemoData } from './planner-data.js';

export type PlannerSimOptions = {
  /** 0 (the default): a free port chosen by the OS. */
  port?: number;
  /** The most entries a page of a collection holds (default 100). */
  pageSize?: number;
};

export type PlannerSim = SimControls & {
  /** The data served, live: tests may change it between requests. */
  readonly data: SimData;
};

type Json = Record<string, unknown>;

/** A refusal in Graph's error shape. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A Planner-like id (28 characters of base64url), stable for `seed`. */
const plannerId = (seed: string) => createHash('sha256').update(seed).digest('base64url').slice(0, 28);
/** A Graph GUID, stable for `seed`. */
function guid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const etag = (seed: string) => `W/"${Buffer.from(`1-${plannerId(seed)}`).toString('base64')}"`;

/** How far along a team marks a task in a bucket of this name. */
function percentOf(state: string): number {
  const s = state.trim().toLowerCase();
  if (/^(to ?do|not started|backlog|new)$/.test(s)) return 0;
  if (/^(done|complete|completed|closed)$/.test(s)) return 100;
  return 50;
}

type Bucket = { id: string; name: string; orderHint: string };
type Plan = { project: SimProject; id: string; groupId: string; createdAt: string; buckets: Bucket[] };

export async function startPlannerSim(data: SimData, options: PlannerSimOptions = {}): Promise<PlannerSim> {
  const pageSize = options.pageSize ?? 100;
  const limits = rateLimits();
  let origin = '';

  function plans(): Plan[] {
    return data.projects.map((project) => {
      const names: string[] = [];
      for (const item of project.items)
        for (const { state } of item.history) if (!names.includes(state)) names.push(state);
      const firstAt = project.items.map((i) => i.createdAt).sort()[0] ?? '2030-01-01T00:00:00.000Z';
      return {
        project,
        id: project.key,
        groupId: guid(`group:${project.key}`),
        createdAt: new Date(Date.parse(firstAt) - 86_400_000).toISOString(),
        buckets: names.map((name, i) => ({
          id: plannerId(`bucket:${project.key}:${name}`),
          name,
          orderHint: `8585${String(900 - i * 10).padStart(4, '0')}P!`,
        })),
      };
    });
  }
  function findPlan(id: string): Plan {
    const plan = plans().find((p) => p.id === id);
    if (!plan) throw new GraphError(404, 'itemNotFound', 'The requested item is not found.');
    return plan;
  }
  const taskId = (plan: Plan, item: SimItem) => plannerId(`task:${plan.id}:${item.id}`);
  const person = (id: string | undefined) => (id === undefined ? undefined : data.people.find((p) => p.id === id));
  const me = () => data.people[0];

  const identity = (p: SimPerson | undefined) => ({ user: { displayName: null, id: p?.id ?? guid('someone') } });

  function taskJson(plan: Plan, item: SimItem): Json {
    const state = currentState(item);
    const percent = percentOf(state);
    const bucket = plan.buckets.find((b) => b.name === state)!;
    const last = item.history.at(-1)!;
    const assignee = person(item.assignee);
    const assignedAt = item.history.find((h) => percentOf(h.state) > 0)?.at ?? item.createdAt;
    return {
      '@odata.etag': etag(`${taskId(plan, item)}:${item.history.length}`),
      planId: plan.id,
      bucketId: bucket.id,
      title: item.title,
      orderHint: `8585${String(item.id).padStart(4, '0')}Xj`,
      assigneePriority: '',
      percentComplete: percent,
      priority: 5,
      startDateTime: null,
      createdDateTime: new Date(item.createdAt).toISOString(),
      dueDateTime: null,
      hasDescription: false,
      previewType: 'automatic',
      completedDateTime: percent === 100 ? new Date(last.at).toISOString() : null,
      completedBy: percent === 100 ? identity(assignee ?? me()) : null,
      referenceCount: 0,
      checklistItemCount: 0,
      activeChecklistItemCount: 0,
      conversationThreadId: null,
      id: taskId(plan, item),
      createdBy: identity(me()),
      appliedCategories: {},
      // A user deleted from the directory since stays assigned, by id.
      assignments: item.assignee
        ? {
            [item.assignee]: {
              '@odata.type': '#microsoft.graph.plannerAssignment',
              assignedDateTime: new Date(assignedAt).toISOString(),
              orderHint: '8585269241124967003',
              assignedBy: identity(me()),
            },
          }
        : {},
    };
  }

  function userJson(p: SimPerson): Json {
    const local = p.name.toLowerCase().replace(/[^a-z]+/g, '.');
    return {
      businessPhones: [],
      displayName: p.name,
      givenName: p.name.split(' ')[0] ?? p.name,
      jobTitle: null,
      mail: p.email,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-US',
      surname: p.name.split(' ').slice(1).join(' ') || null,
      userPrincipalName: p.email ?? `${local}@northwind.onmicrosoft.com`,
      id: p.id,
    };
  }

  /** Graph's $select: only the properties asked for (Graph answers them in its own order). */
  function select(object: Json, query: URLSearchParams): Json {
    const asked = query.get('$select');
    if (!asked) return object;
    const names = new Set(asked.split(',').map((name) => name.trim()));
    return Object.fromEntries(Object.entries(object).filter(([name]) => name.startsWith('@') || names.has(name)));
  }

  /** One page of a collection, with an absolute nextLink while more remain. */
  function collection(path: string, context: string, values: Json[], query: URLSearchParams): Json {
    const token = query.get('$skiptoken');
    let start = 0;
    if (token !== null) {
      const decoded = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
      if (!decoded) throw new GraphError(400, 'BadRequest', 'The $skiptoken is not valid.');
      start = Number(decoded[1]);
    }
    const page = values.slice(start, start + pageSize);
    const next = start + page.length < values.length;
    return {
      '@odata.context': `${origin}/v1.0/$metadata#${context}`,
      ...(next
        ? {
            '@odata.nextLink': `${origin}${path}?$skiptoken=${Buffer.from(`offset:${start + page.length}`).toString('base64url')}`,
          }
        : {}),
      value: page,
    };
  }

  function route(path: string, query: URLSearchParams): unknown {
    let match: RegExpExecArray | null;
    if (path === '/v1.0/me') {
      const self = me();
      if (!self) throw new GraphError(404, 'Request_ResourceNotFound', 'The signed-in user is not in the directory.');
      return { '@odata.context': `${origin}/v1.0/$metadata#users/$entity`, ...select(userJson(self), query) };
    }
    if ((match = /^\/v1\.0\/users\/([^/]+)$/.exec(path))) {
      const id = match[1]!;
      const found = data.people.find((p) => p.id === id || p.email?.toLowerCase() === id.toLowerCase());
      if (!found)
        throw new GraphError(
          404,
          'Request_ResourceNotFound',
          `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
        );
      return { '@odata.context': `${origin}/v1.0/$metadata#users/$entity`, ...select(userJson(found), query) };
    }
    if ((match = /^\/v1\.0\/planner\/plans\/([^/]+)$/.exec(path))) {
      const plan = findPlan(match[1]!);
      return {
        '@odata.context': `${origin}/v1.0/$metadata#planner/plans/$entity`,
        '@odata.etag': etag(`plan:${plan.id}`),
        createdDateTime: plan.createdAt,
        owner: plan.groupId,
        title: plan.project.name,
        id: plan.id,
        createdBy: identity(me()),
        container: {
          containerId: plan.groupId,
          type: 'group',
          url: `${origin}/v1.0/groups/${plan.groupId}`,
        },
      };
    }
    if ((match = /^\/v1\.0\/planner\/plans\/([^/]+)\/buckets$/.exec(path))) {
      const plan = findPlan(match[1]!);
      const values = plan.buckets.map((b) => ({
        '@odata.etag': etag(`bucket:${b.id}`),
        name: b.name,
        planId: plan.id,
        orderHint: b.orderHint,
        id: b.id,
      }));
      return collection(path, `planner/plans('${plan.id}')/buckets`, values, query);
    }
    if ((match = /^\/v1\.0\/planner\/plans\/([^/]+)\/tasks$/.exec(path))) {
      const plan = findPlan(match[1]!);
      const values = plan.project.items.map((item) => taskJson(plan, item));
      return collection(path, `planner/plans('${plan.id}')/tasks`, values, query);
    }
    if ((match = /^\/v1\.0\/planner\/tasks\/([^/]+)$/.exec(path))) {
      for (const plan of plans())
        for (const item of plan.project.items)
          if (taskId(plan, item) === match[1])
            return {
              '@odata.context': `${origin}/v1.0/$metadata#planner/tasks/$entity`,
              ...taskJson(plan, item),
            };
      throw new GraphError(404, 'itemNotFound', 'The requested item is not found.');
    }
    const segment = path.split('/').filter(Boolean).at(-1) ?? '';
    throw new GraphError(400, 'BadRequest', `Resource not found for the segment '${segment}'.`);
  }

  function signIn(authorization: string | undefined): void {
    const challenge = {
      'www-authenticate':
        'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
    };
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer) throw new GraphError(401, 'InvalidAuthenticationToken', 'Access token is empty.', challenge);
    const account = data.accounts.find((a) => a.token === bearer);
    if (!account)
      throw new GraphError(
        401,
        'InvalidAuthenticationToken',
        'CompactToken parsing failed with error code: 80049217',
        challenge,
      );
    if (account.expired)
      throw new GraphError(
        401,
        'InvalidAuthenticationToken',
        'Lifetime validation failed, the token is expired.',
        challenge,
      );
  }

  const errorBody = (error: GraphError) => ({
    error: {
      code: error.code,
      message: error.message,
      innerError: {
        date: new Date().toISOString().slice(0, 19),
        'request-id': randomUUID(),
        'client-request-id': randomUUID(),
      },
    },
  });

  function answer(request: http.IncomingMessage): Answer {
    const url = new URL(request.url ?? '/', origin);
    try {
      const seconds = limits.next();
      if (seconds !== undefined)
        throw new GraphError(
          429,
          'TooManyRequests',
          'The request has been throttled. Please retry after the time in the Retry-After header.',
          { 'retry-after': String(seconds) },
        );
      signIn(request.headers.authorization);
      if (request.method !== 'GET')
        throw new GraphError(405, 'MethodNotAllowed', `The HTTP method '${request.method}' is not allowed here.`);
      return { status: 200, body: route(decodeURIComponent(url.pathname), url.searchParams) };
    } catch (error) {
      if (error instanceof GraphError) return { status: error.status, body: errorBody(error), headers: error.headers };
      if (error instanceof URIError)
        return { status: 400, body: errorBody(new GraphError(400, 'BadRequest', 'The request URI is not valid.')) };
      throw error;
    }
  }

  const served = await serve(
    {
      port: options.port,
      json: 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8',
      everyAnswer: () => ({ 'request-id': randomUUID() }),
      failed: (error) => ({ status: 500, body: errorBody(new GraphError(500, 'InternalServerError', String(error))) }),
    },
    (request) => answer(request),
  );
  origin = served.origin;

  return {
    url: origin,
    data,
    requests: served.requests,
    limitNext: limits.add,
    expire: (token) => expireToken(data, token),
    close: served.close,
  };
}
