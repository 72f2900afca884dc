/**
 * Jira Cloud: sprints from the project's Scrum boards and the sprint's issues with their status history,
 * through Jira's public REST APIs (platform v3, Jira Software agile 1.0) with Basic auth (e-mail and API
 * token). What the API does that this relies on:
 *
 * - Every list is paged with startAt and maxResults, and Jira may answer fewer than asked (it caps
 *   maxResults per resource): pages advance by what came back, until isLast (agile lists) or total (issues).
 * - Sprints live on Scrum boards (a Kanban board's sprint list is an error); a sprint shared by boards is
 *   listed once. Its dates are ISO instants; we keep the calendar day Jira wrote.
 * - A sprint may hold other projects' issues: only this project's are answered. Epics are skipped;
 *   sub-tasks are tasks under their parent's key; every other type (Story, Bug, Task) is a PBI.
 * - Status: Jira's own name with its category (new, indeterminate, done) through statusFromTrackerState.
 *   The changelog names past statuses without their category, so the categories come from the project's
 *   statuses (/project/{key}/statuses) and the issues' current statuses; a status renamed or removed since
 *   falls back to its name alone.
 * - expand=changelog embeds only the latest histories (100, fewer on some sites); when `total` says there
 *   are more, the whole changelog is read from /issue/{key}/changelog.
 * - Timestamps come as 2030-06-03T09:00:00.000+0000 and are answered as ISO instants (…Z).
 */
import { statusFromTrackerState, type StateCategory, type StatusChange } from '../../../../../shared/projects.js';
import type { TrackerHttp } from './http.js';
import { answerShape, MAX_LISTED, milestones, text, trackerLink } from './shape.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerSprint,
} from './types.js';

/** What a page asks for; Jira answers fewer when it caps a resource lower. */
const PAGE = 50;
const CHANGELOG_PAGE = 100;
const ISSUE_FIELDS = ['summary', 'issuetype', 'status', 'assignee', 'parent', 'project', 'created', 'resolutiondate'];

type JiraStatus = { name?: unknown; statusCategory?: { key?: unknown } };
type JiraUser = { displayName?: unknown; emailAddress?: unknown };
type JiraHistory = { created?: unknown; items?: unknown };
type JiraIssue = {
  id?: unknown;
  key?: unknown;
  fields?: {
    summary?: unknown;
    issuetype?: { name?: unknown; subtask?: unknown; hierarchyLevel?: unknown };
    status?: JiraStatus;
    assignee?: JiraUser | null;
    parent?: { key?: unknown };
    project?: { key?: unknown };
    created?: unknown;
    resolutiondate?: unknown;
  };
  changelog?: { total?: unknown; histories?: unknown };
};
type JiraSprint = {
  id?: unknown;
  name?: unknown;
  state?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  goal?: unknown;
};
type AgilePage = { values?: unknown; isLast?: unknown; total?: unknown };
type IssuePage = { issues?: unknown; total?: unknown; maxResults?: unknown };
type ChangelogPage = { values?: unknown; isLast?: unknown; total?: unknown };

/** Instants come as Jira's 2030-06-03T09:00:00.000+0000 (or any ISO 8601 form). */
const { badAnswer, instant } = answerShape('Jira');

/** The calendar day Jira wrote for a sprint's date, YYYY-MM-DD; null when it has none. */
function day(value: unknown): string | null {
  return /^\d{4}-\d\d-\d\d/.exec(text(value) ?? '')?.[0] ?? null;
}

function categoryOf(status: JiraStatus | undefined): StateCategory {
  const key = status?.statusCategory?.key;
  return key === 'new' ? 'new' : key === 'indeterminate' ? 'in-progress' : key === 'done' ? 'done' : null;
}

export function createJiraConnector(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  const site = connection.baseUrl.trim().replace(/\/+$/, '');
  const key = connection.projectKey.trim();
  const authorization = `Basic ${Buffer.from(`${connection.user}:${connection.token}`, 'utf8').toString('base64')}`;
  /** Status name (lower case) to category, learnt once per connector. */
  let categories: Promise<Map<string, StateCategory>> | null = null;

  async function get<T extends object>(
    path: string,
    query: Record<string, string | number> = {},
    notFound?: string,
  ): Promise<T> {
    if (!URL.canParse(site + path)) throw new TrackerError('unreachable', `${connection.baseUrl} is not a web address`);
    const url = new URL(site + path);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    try {
      const { body } = await http<T>({ url, headers: { authorization } });
      if (body === null || typeof body !== 'object') throw badAnswer(path);
      return body;
    } catch (error) {
      if (notFound && error instanceof TrackerError && error.code === 'not-found')
        throw new TrackerError('not-found', notFound);
      throw error;
    }
  }

  const projectPath = `/rest/api/3/project/${encodeURIComponent(key)}`;
  const noProject = `Jira has no project ${key} at ${site}, or ${connection.user || 'this account'} may not browse it`;

  async function project(): Promise<{ name: string }> {
    const body = await get<{ name?: unknown }>(projectPath, {}, noProject);
    const name = text(body.name);
    if (name === null) throw badAnswer('the project');
    return { name };
  }

  /** Every value of a paged agile list. */
  async function agileValues<T>(path: string, query: Record<string, string | number>, notFound: string) {
    const values: T[] = [];
    for (;;) {
      const page = await get<AgilePage>(path, { ...query, startAt: values.length, maxResults: PAGE }, notFound);
      if (!Array.isArray(page.values)) throw badAnswer(path);
      values.push(...(page.values as T[]));
      if (values.length > MAX_LISTED) throw badAnswer(`${path} (more than ${MAX_LISTED} entries)`);
      const total = typeof page.total === 'number' ? page.total : null;
      if (page.isLast === true || page.values.length === 0 || (total !== null && values.length >= total)) return values;
    }
  }

  async function scrumBoards(): Promise<number[]> {
    await project();
    const boards = await agileValues<{ id?: unknown; type?: unknown }>(
      '/rest/agile/1.0/board',
      { projectKeyOrId: key, type: 'scrum' },
      noProject,
    );
    const ids = boards.filter((b) => b.type === 'scrum' && typeof b.id === 'number').map((b) => b.id as number);
    if (ids.length === 0)
      throw new TrackerError(
        'not-found',
        `Jira project ${key} has no Scrum board; sprints live on a Scrum board, so the project needs one`,
      );
    return ids;
  }

  function learnCategories(): Promise<Map<string, StateCategory>> {
    categories ??= get<unknown[]>(`${projectPath}/statuses`, {}, noProject).then((types) => {
      const map = new Map<string, StateCategory>();
      if (!Array.isArray(types)) throw badAnswer('the project statuses');
      for (const type of types as { statuses?: unknown }[])
        for (const status of Array.isArray(type.statuses) ? (type.statuses as JiraStatus[]) : []) {
          const name = text(status.name);
          if (name !== null) map.set(name.toLowerCase(), categoryOf(status));
        }
      return map;
    });
    return categories;
  }

  /** Every status change of an issue, oldest first: from the embedded changelog, or all of it when cut. */
  async function statusChanges(issue: JiraIssue, issueKey: string) {
    let histories: JiraHistory[];
    const embedded = issue.changelog?.histories;
    const total = issue.changelog?.total;
    if (Array.isArray(embedded) && (typeof total !== 'number' || total <= embedded.length)) {
      histories = embedded as JiraHistory[];
    } else {
      histories = [];
      const path = `/rest/api/3/issue/${encodeURIComponent(issueKey)}/changelog`;
      for (;;) {
        const page = await get<ChangelogPage>(path, { startAt: histories.length, maxResults: CHANGELOG_PAGE });
        if (!Array.isArray(page.values)) throw badAnswer(path);
        histories.push(...(page.values as JiraHistory[]));
        if (histories.length > MAX_LISTED) throw badAnswer(`${path} (more than ${MAX_LISTED} entries)`);
        const all = typeof page.total === 'number' ? page.total : null;
        if (page.isLast === true || page.values.length === 0 || (all !== null && histories.length >= all)) break;
      }
    }
    const changes: { at: string; from: string | null; to: string }[] = [];
    for (const history of histories) {
      const items = Array.isArray(history.items) ? (history.items as Record<string, unknown>[]) : [];
      for (const item of items) {
        if (item['field'] !== 'status' && item['fieldId'] !== 'status') continue;
        const to = text(item['toString']);
        if (to === null) continue;
        changes.push({ at: instant(history.created, `${issueKey}'s changelog`), from: text(item['fromString']), to });
      }
    }
    // Stable: changes made at the same instant keep Jira's order.
    return changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  async function toItem(issue: JiraIssue, known: Map<string, StateCategory>): Promise<TrackerItem | null> {
    const issueKey = text(issue.key);
    const fields = issue.fields;
    const type = fields?.issuetype;
    const typeName = text(type?.name);
    const statusName = text(fields?.status?.name);
    if (issueKey === null || !fields || typeName === null || statusName === null) throw badAnswer('an issue');
    const projectKey = text(fields.project?.key);
    if (projectKey !== null && projectKey.toUpperCase() !== key.toUpperCase()) return null;
    const level = typeof type?.hierarchyLevel === 'number' ? type.hierarchyLevel : null;
    if ((level ?? (/^epic$/i.test(typeName) ? 1 : 0)) >= 1) return null;
    const isTask = type?.subtask === true || level === -1;

    const statusOf = (name: string) => {
      const category = known.has(name.toLowerCase()) ? known.get(name.toLowerCase())! : null;
      return statusFromTrackerState(name, category);
    };
    const status = statusFromTrackerState(statusName, categoryOf(fields.status));
    const createdAt = instant(fields.created, `${issueKey}'s creation`);
    const changes = await statusChanges(issue, issueKey);
    const history: StatusChange[] = [
      { at: createdAt, to: statusOf(changes[0]?.from ?? statusName) },
      ...changes.map((change) => ({ at: change.at, to: statusOf(change.to) })),
    ];
    const resolved = fields.resolutiondate ? instant(fields.resolutiondate, `${issueKey}'s resolution`) : null;
    const { startedAt, finishedAt } = milestones(history, status);
    const assignee = fields.assignee;
    const assigneeName = text(assignee?.displayName);
    return {
      ref: issueKey,
      kind: isTask ? 'task' : 'pbi',
      parentRef: isTask ? text(fields.parent?.key) : null,
      title: text(fields.summary) ?? '',
      type: typeName,
      status,
      trackerStatus: statusName,
      assignee: assigneeName === null ? null : { name: assigneeName, email: text(assignee?.emailAddress) },
      url: trackerLink(`${site}/browse/${encodeURIComponent(issueKey)}`, connection.baseUrl),
      createdAt,
      startedAt,
      finishedAt: resolved ?? finishedAt,
      history,
    };
  }

  return {
    tool: 'jira',

    verify: project,

    async sprints() {
      const seen = new Map<number, TrackerSprint>();
      for (const board of await scrumBoards()) {
        const sprints = await agileValues<JiraSprint>(
          `/rest/agile/1.0/board/${board}/sprint`,
          {},
          `Jira has no board ${board} any more`,
        );
        for (const sprint of sprints) {
          const name = text(sprint.name);
          const state = sprint.state;
          if (typeof sprint.id !== 'number' || name === null) throw badAnswer('a sprint');
          if (state !== 'future' && state !== 'active' && state !== 'closed') throw badAnswer('a sprint state');
          seen.set(sprint.id, {
            ref: String(sprint.id),
            name,
            goal: text(sprint.goal)?.trim() || null,
            startDate: day(sprint.startDate),
            endDate: day(sprint.endDate),
            state,
          });
        }
      }
      // Oldest first: by start date, sprints not yet planned last, then in the order Jira made them.
      return [...seen.values()].sort(
        (a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || Number(a.ref) - Number(b.ref),
      );
    },

    async items(sprintRef) {
      if (!/^\d+$/.test(sprintRef)) throw new TrackerError('not-found', `Jira has no sprint ${sprintRef}`);
      const known = new Map(await learnCategories());
      const issues: JiraIssue[] = [];
      const path = `/rest/agile/1.0/sprint/${sprintRef}/issue`;
      for (;;) {
        const page = await get<IssuePage>(
          path,
          { startAt: issues.length, maxResults: PAGE, fields: ISSUE_FIELDS.join(','), expand: 'changelog' },
          `Jira has no sprint ${sprintRef}, or ${connection.user || 'this account'} may not see it`,
        );
        if (!Array.isArray(page.issues)) throw badAnswer(path);
        issues.push(...(page.issues as JiraIssue[]));
        if (issues.length > MAX_LISTED) throw badAnswer(`${path} (more than ${MAX_LISTED} entries)`);
        const total = typeof page.total === 'number' ? page.total : null;
        const served = typeof page.maxResults === 'number' ? page.maxResults : PAGE;
        if (page.issues.length === 0 || (total === null ? page.issues.length < served : issues.length >= total)) break;
      }
      // An issue's current status carries its category: the surest word on that status.
      for (const issue of issues) {
        const name = text(issue.fields?.status?.name);
        if (name !== null) known.set(name.toLowerCase(), categoryOf(issue.fields?.status));
      }
      const items: TrackerItem[] = [];
      for (const issue of issues) {
        const item = await toItem(issue, known);
        if (item) items.push(item);
      }
      return items;
    },
  };
}
