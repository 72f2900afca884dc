/**
 * A Jira Cloud stand-in (tools/tracker-sim): a node:http server on 127.0.0.1 serving a SimData through the
 * paths and shapes of Jira Cloud's public REST APIs, platform v3 and Jira Software's agile 1.0, as Atlassian
 * documents them. Our own code, for the Jira connector's tests and the e2e:
 *
 * - Basic auth with e-mail and API token; none, a wrong one or an expired one is 401 with Jira's error body
 *   ({"errorMessages": [...], "errors": {}}); an unknown path is 404, anything but GET 405.
 * - GET /rest/api/3/myself; /rest/api/3/project/{idOrKey} (404 "No project could be found with key ..."),
 *   and its /statuses (each issue type's statuses with their status category).
 * - GET /rest/agile/1.0/board?projectKeyOrId&type: each project has a Kanban board and, when it has
 *   sprints, a Scrum board; a Kanban board's sprint list is 400 "The board does not support sprints".
 * - GET /rest/agile/1.0/board/{id}/sprint?state: id, state, name, dates (ISO, UTC), goal, originBoardId.
 * - GET /rest/agile/1.0/sprint/{id}/issue?fields&expand=changelog: sprint ids are global, so a sprint holds
 *   every project's items in it; `fields` picks the fields returned; sub-tasks and issues under an epic carry
 *   `parent`; resolution and resolutiondate are set on entering a done-category status and cleared on
 *   leaving it (a history then records a resolution change beside the status change); e-mails hidden by a
 *   person's privacy settings are left out. With expand=changelog each issue embeds at most its latest 100
 *   histories (Jira Cloud cuts the embedded changelog; `total` says how many there are) and the rest are
 *   read from GET /rest/api/3/issue/{idOrKey}/changelog (values, isLast, oldest first, 100 a page at most).
 * - Paging: startAt and maxResults; every list answers at most `pageSize` whatever maxResults asks, as Jira
 *   caps maxResults per resource and says so in the answer's maxResults; agile lists answer isLast, issue
 *   lists total.
 * - Dates as Jira writes them: 2030-06-03T09:00:00.000+0000 (sprints: 2030-06-03T09:00:00.000Z).
 * - limitNext(n, s): the next n requests are 429 with Retry-After s, X-RateLimit-Reset (yyyy-MM-ddTHH:mmZ),
 *   X-RateLimit-Limit, X-RateLimit-Remaining 0 and RateLimit-Reason, as Jira's rate-limiting page describes.
 */
import { createHash } from 'node:crypto';
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

export { jiraDemoData } from './jira-data.js';

export type JiraSimOptions = {
  /** 0 (the default): a free port chosen by the OS. */
  port?: number;
  /** The most items any page holds, whatever maxResults asks (default 50). */
  pageSize?: number;
  /** The most histories an issue embeds with expand=changelog (default 100, Jira Cloud's cut). */
  embeddedChangelogMax?: number;
};

export type JiraSim = SimControls & {
  /** The data served, live: tests may change it between requests. */
  readonly data: SimData;
};

type Json = Record<string, unknown>;
type Category = 'new' | 'indeterminate' | 'done';

/** A refusal in Jira's error shape. */
class JiraRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CATEGORIES: Record<Category, { id: number; key: Category; colorName: string; name: string }> = {
  new: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, key: 'done', colorName: 'green', name: 'Done' },
};

/** The status category of a workflow status, as a Jira admin would set it for these common names. */
function categoryOf(state: string): Category {
  const s = state.trim().toLowerCase();
  if (/^(to ?do|open|new|backlog|selected for development|ready( for dev(elopment)?)?|reopened)$/.test(s)) return 'new';
  if (/^(done|closed|resolved|released|cancell?ed|won'?t do|declined)$/.test(s)) return 'done';
  return 'indeterminate';
}

/** Jira's platform timestamp: 2030-06-03T09:00:00.000+0000. */
const jiraTime = (iso: string) => new Date(iso).toISOString().replace(/Z$/, '+0000');

/** X-RateLimit-Reset: the instant the limit ends, to the minute (rounded up), yyyy-MM-ddTHH:mmZ. */
function resetAt(seconds: number): string {
  const minute = 60_000;
  return `${new Date(Math.ceil((Date.now() + seconds * 1000) / minute) * minute).toISOString().slice(0, 16)}Z`;
}

/** A stable Jira-like account id for someone the data knows only by e-mail. */
const accountIdFor = (email: string) => `712020:${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

function nonNegativeInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new JiraRefusal(400, `The ${name} parameter is not a valid number: '${raw}'.`);
  return Number(raw);
}

export async function startJiraSim(data: SimData, options: JiraSimOptions = {}): Promise<JiraSim> {
  const pageSize = options.pageSize ?? 50;
  const embeddedMax = options.embeddedChangelogMax ?? 100;
  const limits = rateLimits();
  const statusIds = new Map<string, string>();
  const typeIds = new Map<string, string>();
  let origin = '';

  const statusId = (name: string) => {
    if (!statusIds.has(name)) statusIds.set(name, String(10_000 + statusIds.size));
    return statusIds.get(name)!;
  };
  const typeId = (name: string) => {
    if (!typeIds.has(name)) typeIds.set(name, String(10_100 + typeIds.size));
    return typeIds.get(name)!;
  };

  /** The pair of startAt and maxResults actually served. */
  function paging(query: URLSearchParams, cap = pageSize) {
    const startAt = nonNegativeInt(query, 'startAt', 0);
    const maxResults = Math.min(nonNegativeInt(query, 'maxResults', cap), cap);
    return { startAt, maxResults };
  }

  const projectIndex = (project: SimProject) => data.projects.indexOf(project);
  const projectId = (project: SimProject) => String(10_000 + projectIndex(project));
  function findProject(idOrKey: string): SimProject {
    const wanted = idOrKey.toUpperCase();
    const project = data.projects.find((p) => p.key.toUpperCase() === wanted || projectId(p) === idOrKey);
    if (!project) throw new JiraRefusal(404, `No project could be found with key '${idOrKey}'.`);
    return project;
  }

  // Boards: a Kanban board for every project (odd ids) and a Scrum board for one with sprints (even ids).
  type Board = { id: number; type: 'scrum' | 'kanban'; project: SimProject };
  function boards(): Board[] {
    return data.projects.flatMap((project, i) => [
      { id: 2 * i + 1, type: 'kanban' as const, project },
      ...(project.sprints.length > 0 ? [{ id: 2 * i + 2, type: 'scrum' as const, project }] : []),
    ]);
  }
  const boardJson = (board: Board): Json => ({
    id: board.id,
    self: `${origin}/rest/agile/1.0/board/${board.id}`,
    name: board.type === 'scrum' ? `${board.project.key} board` : `${board.project.key} Kanban`,
    type: board.type,
    location: {
      projectId: Number(projectId(board.project)),
      displayName: `${board.project.name} (${board.project.key})`,
      projectName: board.project.name,
      projectKey: board.project.key,
      projectTypeKey: 'software',
      name: `${board.project.name} (${board.project.key})`,
    },
  });

  const issueId = (project: SimProject, item: SimItem) => String((projectIndex(project) + 1) * 10_000 + item.id);
  const issueKey = (project: SimProject, item: SimItem) => `${project.key}-${item.id}`;
  function findIssue(idOrKey: string): { project: SimProject; item: SimItem } {
    for (const project of data.projects)
      for (const item of project.items)
        if (issueKey(project, item) === idOrKey.toUpperCase() || issueId(project, item) === idOrKey)
          return { project, item };
    throw new JiraRefusal(404, 'Issue does not exist or you do not have permission to see it.');
  }

  function userJson(person: SimPerson): Json {
    return {
      self: `${origin}/rest/api/3/user?accountId=${encodeURIComponent(person.id)}`,
      accountId: person.id,
      accountType: 'atlassian',
      // Left out, not null, when the person's profile hides it.
      ...(person.email === null ? {} : { emailAddress: person.email }),
      displayName: person.name,
      active: true,
      timeZone: 'Etc/UTC',
    };
  }
  const person = (id: string | undefined) => (id === undefined ? undefined : data.people.find((p) => p.id === id));

  const statusJson = (name: string): Json => {
    const category = CATEGORIES[categoryOf(name)];
    return {
      self: `${origin}/rest/api/3/status/${statusId(name)}`,
      description: '',
      name,
      untranslatedName: name,
      id: statusId(name),
      statusCategory: { self: `${origin}/rest/api/3/statuscategory/${category.id}`, ...category },
    };
  };
  const issueTypeJson = (name: string): Json => {
    const subtask = /^sub-?task$/i.test(name);
    return {
      self: `${origin}/rest/api/3/issuetype/${typeId(name)}`,
      id: typeId(name),
      name,
      subtask,
      hierarchyLevel: subtask ? -1 : /^epic$/i.test(name) ? 1 : 0,
    };
  };

  /** When the item's current resolution was set: entering a done-category status sets it, leaving clears it. */
  function resolvedAt(item: SimItem): string | null {
    let at: string | null = null;
    for (const { at: when, state } of item.history) {
      if (categoryOf(state) !== 'done') at = null;
      else if (at === null) at = when;
    }
    return at;
  }

  /** The item's changelog, oldest first: one history per state change, with the resolution it set or cleared. */
  function histories(project: SimProject, item: SimItem): Json[] {
    const author = person(item.assignee);
    return item.history.slice(1).map((change, i) => {
      const from = item.history[i]!.state;
      const wasDone = categoryOf(from) === 'done';
      const isDone = categoryOf(change.state) === 'done';
      const items: Json[] = [
        {
          field: 'status',
          fieldtype: 'jira',
          fieldId: 'status',
          from: statusId(from),
          fromString: from,
          to: statusId(change.state),
          toString: change.state,
        },
      ];
      if (wasDone !== isDone)
        items.push({
          field: 'resolution',
          fieldtype: 'jira',
          fieldId: 'resolution',
          from: wasDone ? '10000' : null,
          fromString: wasDone ? 'Done' : null,
          to: isDone ? '10000' : null,
          toString: isDone ? 'Done' : null,
        });
      return {
        id: String(Number(issueId(project, item)) * 1000 + i + 1),
        ...(author ? { author: userJson(author) } : {}),
        created: jiraTime(change.at),
        items,
      };
    });
  }

  function issueJson(project: SimProject, item: SimItem, fields: Set<string> | null, changelog: boolean): Json {
    const state = currentState(item);
    const parent = item.parentId === undefined ? undefined : project.items.find((i) => i.id === item.parentId);
    const assignee = person(item.assignee);
    const resolved = resolvedAt(item);
    const all: Json = {
      summary: item.title,
      issuetype: issueTypeJson(item.type),
      status: statusJson(state),
      assignee: assignee ? userJson(assignee) : null,
      ...(parent
        ? {
            parent: {
              id: issueId(project, parent),
              key: issueKey(project, parent),
              self: `${origin}/rest/api/3/issue/${issueId(project, parent)}`,
              fields: {
                summary: parent.title,
                status: statusJson(currentState(parent)),
                issuetype: issueTypeJson(parent.type),
              },
            },
          }
        : {}),
      project: {
        self: `${origin}/rest/api/3/project/${projectId(project)}`,
        id: projectId(project),
        key: project.key,
        name: project.name,
        projectTypeKey: 'software',
      },
      created: jiraTime(item.createdAt),
      updated: jiraTime(item.history[item.history.length - 1]!.at),
      resolution: resolved ? { self: `${origin}/rest/api/3/resolution/10000`, id: '10000', name: 'Done' } : null,
      resolutiondate: resolved ? jiraTime(resolved) : null,
    };
    const picked = fields === null ? all : Object.fromEntries(Object.entries(all).filter(([name]) => fields.has(name)));
    const issue: Json = {
      expand: 'operations,versionedRepresentations,editmeta,changelog,renderedFields',
      id: issueId(project, item),
      self: `${origin}/rest/agile/1.0/issue/${issueId(project, item)}`,
      key: issueKey(project, item),
      fields: picked,
    };
    if (changelog) {
      const all = histories(project, item);
      const embedded = all.slice(-embeddedMax);
      issue['changelog'] = { startAt: 0, maxResults: embedded.length, total: all.length, histories: embedded };
    }
    return issue;
  }

  /** The `fields` parameter: null for every field (absent, *all, *navigable), else the names asked for. */
  function fieldsAsked(query: URLSearchParams): Set<string> | null {
    const raw = query.getAll('fields').flatMap((v) => v.split(','));
    const names = raw.map((name) => name.trim()).filter((name) => name !== '');
    if (names.length === 0 || names.includes('*all') || names.includes('*navigable')) return null;
    return new Set(names.filter((name) => !name.startsWith('-')));
  }

  function agilePage<T>(values: T[], query: URLSearchParams, withTotal: boolean): Json {
    const { startAt, maxResults } = paging(query);
    const page = values.slice(startAt, startAt + maxResults);
    return {
      maxResults,
      startAt,
      ...(withTotal ? { total: values.length } : {}),
      isLast: startAt + page.length >= values.length,
      values: page,
    };
  }

  function myself(user: string): Json {
    const known = data.people.find((p) => p.email?.toLowerCase() === user.toLowerCase());
    return {
      self: `${origin}/rest/api/3/user?accountId=${encodeURIComponent(known?.id ?? accountIdFor(user))}`,
      accountId: known?.id ?? accountIdFor(user),
      accountType: 'atlassian',
      emailAddress: user,
      displayName: known?.name ?? user.split('@')[0],
      active: true,
      timeZone: 'Etc/UTC',
      locale: 'en_US',
    };
  }

  function route(path: string, query: URLSearchParams, user: string): unknown {
    let match: RegExpExecArray | null;
    if (path === '/rest/api/3/myself') return myself(user);
    if ((match = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path))) {
      const project = findProject(decodeURIComponent(match[1]!));
      return {
        self: `${origin}/rest/api/3/project/${projectId(project)}`,
        id: projectId(project),
        key: project.key,
        name: project.name,
        projectTypeKey: 'software',
        simplified: false,
        style: 'classic',
        isPrivate: false,
        issueTypes: [...new Set(project.items.map((i) => i.type))].map(issueTypeJson),
      };
    }
    if ((match = /^\/rest\/api\/3\/project\/([^/]+)\/statuses$/.exec(path))) {
      const project = findProject(decodeURIComponent(match[1]!));
      const types = [...new Set(project.items.map((i) => i.type))];
      return types.map((type) => ({
        ...issueTypeJson(type),
        statuses: [
          ...new Set(project.items.filter((i) => i.type === type).flatMap((i) => i.history.map((h) => h.state))),
        ].map(statusJson),
      }));
    }
    if (path === '/rest/agile/1.0/board') {
      const wanted = query.get('projectKeyOrId');
      const project = wanted ? findProjectForBoards(wanted) : null;
      const types = query.get('type')?.split(',') ?? null;
      const list = boards().filter((b) => (!project || b.project === project) && (!types || types.includes(b.type)));
      return agilePage(list.map(boardJson), query, true);
    }
    if ((match = /^\/rest\/agile\/1\.0\/board\/(\d+)\/sprint$/.exec(path))) {
      const board = boards().find((b) => b.id === Number(match![1]));
      if (!board) throw new JiraRefusal(404, 'Board does not exist or you do not have permission to see it.');
      if (board.type !== 'scrum') throw new JiraRefusal(400, 'The board does not support sprints');
      const states = query.get('state')?.split(',') ?? null;
      const sprints = board.project.sprints.filter((s) => !states || states.includes(s.state));
      return agilePage(
        sprints.map((sprint) => ({
          id: sprint.id,
          self: `${origin}/rest/agile/1.0/sprint/${sprint.id}`,
          state: sprint.state,
          name: sprint.name,
          ...(sprint.startDate ? { startDate: `${sprint.startDate}T09:00:00.000Z` } : {}),
          ...(sprint.endDate ? { endDate: `${sprint.endDate}T17:00:00.000Z` } : {}),
          ...(sprint.state === 'closed' && sprint.endDate ? { completeDate: `${sprint.endDate}T17:30:00.000Z` } : {}),
          originBoardId: board.id,
          ...(sprint.goal === undefined ? {} : { goal: sprint.goal }),
        })),
        query,
        false,
      );
    }
    if ((match = /^\/rest\/agile\/1\.0\/sprint\/(\d+)\/issue$/.exec(path))) {
      const sprintId = Number(match[1]);
      if (!data.projects.some((p) => p.sprints.some((s) => s.id === sprintId)))
        throw new JiraRefusal(
          404,
          `Sprint with id ${sprintId} does not exist or you do not have permission to see it.`,
        );
      const fields = fieldsAsked(query);
      const changelog = (query.get('expand') ?? '').split(',').includes('changelog');
      const inSprint = data.projects.flatMap((project) =>
        project.items.filter((item) => item.sprintId === sprintId).map((item) => ({ project, item })),
      );
      const { startAt, maxResults } = paging(query);
      return {
        expand: 'schema,names',
        startAt,
        maxResults,
        total: inSprint.length,
        issues: inSprint
          .slice(startAt, startAt + maxResults)
          .map(({ project, item }) => issueJson(project, item, fields, changelog)),
      };
    }
    if ((match = /^\/rest\/api\/3\/issue\/([^/]+)\/changelog$/.exec(path))) {
      const { project, item } = findIssue(decodeURIComponent(match[1]!));
      const all = histories(project, item);
      const { startAt, maxResults } = paging(query, Math.min(pageSize, 100));
      const page = all.slice(startAt, startAt + maxResults);
      const self = `${origin}/rest/api/3/issue/${issueKey(project, item)}/changelog`;
      const isLast = startAt + page.length >= all.length;
      return {
        self: `${self}?startAt=${startAt}&maxResults=${maxResults}`,
        ...(isLast ? {} : { nextPage: `${self}?startAt=${startAt + page.length}&maxResults=${maxResults}` }),
        maxResults,
        startAt,
        total: all.length,
        isLast,
        values: page,
      };
    }
    throw new JiraRefusal(404, 'null for uri: ' + origin + path);
  }

  function findProjectForBoards(idOrKey: string): SimProject {
    try {
      return findProject(idOrKey);
    } catch {
      throw new JiraRefusal(400, `No project could be found with key '${idOrKey}'.`);
    }
  }

  /** The account a Basic Authorization header signs in, or why not. */
  function signIn(authorization: string | undefined): string {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
    const refused = new JiraRefusal(401, 'Client must be authenticated to access this resource.');
    if (!match) throw refused;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw refused;
    const [user, token] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    const account = data.accounts.find((a) => a.user.toLowerCase() === user.toLowerCase() && a.token === token);
    if (!account || account.expired) throw refused;
    return account.user;
  }

  function answer(request: http.IncomingMessage): Answer {
    const url = new URL(request.url ?? '/', origin);
    const seconds = limits.next();
    if (seconds !== undefined)
      return {
        status: 429,
        body: { errorMessages: ['Rate limit exceeded.'], errors: {} },
        headers: {
          'retry-after': String(seconds),
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': resetAt(seconds),
          'ratelimit-reason': 'jira-burst-based',
        },
      };
    try {
      const user = signIn(request.headers.authorization);
      if (request.method !== 'GET') throw new JiraRefusal(405, `Method ${request.method} is not allowed here.`);
      return { status: 200, body: route(url.pathname, url.searchParams, user) };
    } catch (error) {
      if (!(error instanceof JiraRefusal)) throw error;
      return { status: error.status, body: { errorMessages: [error.message], errors: {} } };
    }
  }

  const served = await serve(
    {
      port: options.port,
      json: 'application/json;charset=UTF-8',
      failed: (error) => ({ status: 500, body: { errorMessages: [String(error)], errors: {} } }),
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
