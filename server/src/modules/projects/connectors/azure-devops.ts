/**
 * Azure DevOps Services and Azure DevOps Server (TFS) through the public REST API, version 7.1. The project's
 * address is the organisation or collection (https://dev.azure.com/acme, https://tfs.acme.local/tfs/Default
 * Collection), the project its name, and the token a personal access token sent as Basic auth.
 *
 * - verify: GET _apis/projects/{project}.
 * - sprints: the default team's iterations (GET {project}/_apis/work/teamsettings/iterations), the
 *   iteration's GUID as ref and its timeFrame (past, current, future) as state.
 * - items: the iteration's work items and their parent links (GET .../iterations/{id}/workitems), the
 *   items' fields in batches of at most 200 (POST _apis/wit/workitemsbatch), and every item's updates
 *   (GET _apis/wit/workItems/{id}/updates, paged with $top/$skip) for the history of System.State. The time
 *   of a change is its System.ChangedDate: an update's revisedDate is when it was superseded.
 * - Every request asks Azure not to redirect to its sign-in page (X-TFS-FedAuthRedirect: Suppress), so a
 *   refused PAT answers 401; a server that still answers its sign-in page (203, or HTML) is told as refused
 *   credentials too.
 */
import { statusFromTrackerState, type StatusChange, type TrackerTaskStatus } from '../../../../../shared/projects.js';
import type { TrackerHttp, TrackerResponse } from './http.js';
import {
  answerShape,
  filledText as text,
  isFinished,
  milestones,
  parseInstant as instant,
  trackerLink,
} from './shape.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerPerson,
  type TrackerSprint,
} from './types.js';

const API_VERSION = '7.1';
/** Azure's limit of ids in one workitemsbatch call. */
const BATCH_SIZE = 200;
/** Updates asked for per page; the server may answer fewer. */
const UPDATES_PAGE = 200;
/** Pages of one item's updates before the answer is taken as broken (a server ignoring $skip). */
const MAX_UPDATE_PAGES = 200;
/** Items whose updates are read at once. */
const CONCURRENCY = 4;

const BACKLOG_TYPES = new Set(['product backlog item', 'user story', 'requirement', 'bug', 'issue']);
const TASK_TYPES = new Set(['task']);
const HIERARCHY_FORWARD = 'System.LinkTypes.Hierarchy-Forward';

const FIELDS = [
  'System.Id',
  'System.Title',
  'System.WorkItemType',
  'System.State',
  'System.AssignedTo',
  'System.CreatedDate',
  'System.Parent',
  'Microsoft.VSTS.Common.ActivatedDate',
  'Microsoft.VSTS.Common.ClosedDate',
];

type Identity = { displayName?: unknown; uniqueName?: unknown };
type WorkItem = {
  id: number;
  rev?: number;
  fields: Record<string, unknown>;
  _links?: { html?: { href?: unknown } };
};
type FieldChange = { oldValue?: unknown; newValue?: unknown };
type Update = { rev?: unknown; fields?: Record<string, FieldChange | undefined> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const { badAnswer } = answerShape('Azure DevOps');

/** The `value` list of an Azure list answer ({count, value}). */
function list(body: unknown, what: string): unknown[] {
  // The iterations reference shows `values`; the service answers `value`. Either is read.
  const value = isRecord(body) ? (body['value'] ?? body['values']) : undefined;
  if (!Array.isArray(value)) throw badAnswer(what);
  return value;
}

const earliest = (...instants: (string | null)[]): string | null =>
  instants.filter((i): i is string => i !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;

/**
 * Teambeat's status for an Azure state. Removed (the state category of cut work) is not covered by the shared
 * words, which would call it in progress; in a history it means work stopped, so it counts as new.
 */
function azureStatus(state: string): TrackerTaskStatus {
  return /^\s*removed\s*$/i.test(state) ? 'new' : statusFromTrackerState(state);
}

/** An IdentityRef (or the "Name <e-mail>" string older versions answer) as a person. */
function person(value: unknown): TrackerPerson | null {
  if (typeof value === 'string') {
    const match = /^(.*?)\s*<([^>]+)>$/.exec(value.trim());
    const name = (match ? match[1]! : value).trim();
    const email = match && match[2]!.includes('@') ? match[2]! : null;
    return name ? { name, email } : null;
  }
  if (!isRecord(value)) return null;
  const { displayName, uniqueName } = value as Identity;
  const unique = text(uniqueName);
  const email = unique !== null && unique.includes('@') ? unique : null;
  const name = text(displayName) ?? email;
  return name ? { name, email } : null;
}

/** Runs `task` over `inputs`, at most `limit` at a time, answering in order. */
async function mapLimit<T, R>(inputs: readonly T[], limit: number, task: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await task(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

export function createAzureDevOpsConnector(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  const base = connection.baseUrl.trim().replace(/\/+$/, '');
  const project = encodeURIComponent(connection.projectKey.trim());
  const headers = {
    authorization: `Basic ${Buffer.from(`${connection.user}:${connection.token}`).toString('base64')}`,
    // Without it a refused PAT is answered with the sign-in page (203) instead of 401.
    'x-tfs-fedauthredirect': 'Suppress',
  };

  function url(path: string, query: Record<string, string | number> = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) params.set(name, String(value));
    params.set('api-version', API_VERSION);
    return `${base}/${path}?${params}`;
  }

  /** One request; the sign-in page, whatever its status, means the PAT was refused. */
  async function call<T>(method: 'GET' | 'POST', target: string, body?: unknown): Promise<T> {
    let response: TrackerResponse<T>;
    try {
      response = await http<T>({ method, url: target, headers, ...(body === undefined ? {} : { body }) });
    } catch (error) {
      // trackerHttp turns any 2xx that is not JSON into bad-answer; from Azure that is its sign-in page.
      if (error instanceof TrackerError && error.code === 'bad-answer' && /other than JSON/.test(error.message))
        throw signInPage();
      throw error;
    }
    if (response.status === 203) throw signInPage();
    return response.body;
  }

  const signInPage = () =>
    new TrackerError(
      'credentials',
      'Azure DevOps answered with its sign-in page: the personal access token was refused (wrong, expired, or without Work Items read access)',
    );

  async function workItems(ids: number[]): Promise<WorkItem[]> {
    const found: WorkItem[] = [];
    for (let start = 0; start < ids.length; start += BATCH_SIZE) {
      const body = await call<unknown>('POST', url(`${project}/_apis/wit/workitemsbatch`), {
        ids: ids.slice(start, start + BATCH_SIZE),
        fields: FIELDS,
        // An item deleted since the iteration was read comes back as null rather than failing the batch.
        errorPolicy: 'omit',
      });
      for (const entry of list(body, 'work items')) {
        if (entry === null) continue;
        if (!isRecord(entry) || typeof entry['id'] !== 'number' || !isRecord(entry['fields']))
          throw badAnswer('work items');
        found.push(entry as WorkItem);
      }
    }
    return found;
  }

  /** Every update of one item up to its current revision, all pages read. */
  async function updates(item: WorkItem): Promise<Update[]> {
    const all: Update[] = [];
    for (let page = 0; page < MAX_UPDATE_PAGES; page++) {
      const body = await call<unknown>(
        'GET',
        url(`${project}/_apis/wit/workItems/${item.id}/updates`, { $top: UPDATES_PAGE, $skip: all.length }),
      );
      const value = list(body, 'work item updates');
      if (value.length === 0) return all;
      for (const entry of value) {
        if (!isRecord(entry)) throw badAnswer('work item updates');
        all.push(entry as Update);
      }
      // Updates after the item's current revision only add links: its states are all read.
      const lastRev = Math.max(...all.map((update) => (typeof update.rev === 'number' ? update.rev : 0)));
      if (typeof item.rev === 'number' && lastRev >= item.rev) return all;
    }
    throw badAnswer('work item updates (pages without end)');
  }

  /** The item's state changes, oldest first, consecutive repeats of one status dropped. */
  function historyOf(all: Update[]): StatusChange[] {
    const changes: { at: string; to: TrackerTaskStatus }[] = [];
    for (const update of all) {
      const state = text(update.fields?.['System.State']?.newValue);
      if (state === null) continue;
      // Not revisedDate: that is when this revision was superseded (9999-01-01 for the latest).
      const at = instant(update.fields?.['System.ChangedDate']?.newValue);
      if (at === null) continue;
      changes.push({ at, to: azureStatus(state) });
    }
    changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return changes.filter((change, index) => index === 0 || changes[index - 1]!.to !== change.to);
  }

  function created(item: WorkItem, history: StatusChange[]): string {
    const at = instant(item.fields['System.CreatedDate']) ?? history[0]?.at;
    if (at === undefined) throw badAnswer(`work item ${item.id} (no created date)`);
    return at;
  }

  function kindOf(type: string, isChild: boolean): TrackerItem['kind'] {
    const name = type.trim().toLowerCase();
    if (BACKLOG_TYPES.has(name)) return 'pbi';
    if (TASK_TYPES.has(name)) return 'task';
    return isChild ? 'task' : 'pbi';
  }

  return {
    tool: 'azure-devops',

    async verify() {
      const body = await call<unknown>('GET', url(`_apis/projects/${project}`));
      const name = isRecord(body) ? text(body['name']) : null;
      if (name === null) throw badAnswer('the project');
      return { name };
    },

    async sprints() {
      const body = await call<unknown>('GET', url(`${project}/_apis/work/teamsettings/iterations`));
      const sprints = list(body, 'iterations').map((entry): TrackerSprint => {
        if (!isRecord(entry)) throw badAnswer('iterations');
        const ref = text(entry['id']);
        if (ref === null) throw badAnswer('iterations');
        const attributes = isRecord(entry['attributes']) ? entry['attributes'] : {};
        const day = (value: unknown) => instant(value)?.slice(0, 10) ?? null;
        const timeFrame = text(attributes['timeFrame'])?.toLowerCase();
        return {
          ref,
          name: text(entry['name']) ?? ref,
          goal: null,
          startDate: day(attributes['startDate']),
          endDate: day(attributes['finishDate']),
          state: timeFrame === 'past' ? 'closed' : timeFrame === 'current' ? 'active' : 'future',
        };
      });
      // Oldest first; iterations without dates keep their order after the dated ones.
      return sprints
        .map((sprint, index) => ({ sprint, index }))
        .sort((a, b) => {
          const [x, y] = [a.sprint.startDate, b.sprint.startDate];
          if (x !== null && y !== null && x !== y) return x < y ? -1 : 1;
          if ((x === null) !== (y === null)) return x === null ? 1 : -1;
          return a.index - b.index;
        })
        .map(({ sprint }) => sprint);
    },

    async items(sprintRef) {
      const body = await call<unknown>(
        'GET',
        url(`${project}/_apis/work/teamsettings/iterations/${encodeURIComponent(sprintRef)}/workitems`),
      );
      const relations = isRecord(body) ? body['workItemRelations'] : undefined;
      if (!Array.isArray(relations)) throw badAnswer('the iteration');
      const ids: number[] = [];
      const parents = new Map<number, number>();
      for (const relation of relations) {
        if (!isRecord(relation) || !isRecord(relation['target']) || typeof relation['target']['id'] !== 'number')
          throw badAnswer('the iteration');
        const id = relation['target']['id'];
        if (!ids.includes(id)) ids.push(id);
        const source = relation['source'];
        if (relation['rel'] === HIERARCHY_FORWARD && isRecord(source) && typeof source['id'] === 'number')
          parents.set(id, source['id']);
      }

      // Removed is Azure's state of work cut from the plan: not part of the sprint's work.
      const found = (await workItems(ids)).filter(
        (item) => !/^\s*removed\s*$/i.test(String(item.fields['System.State'])),
      );
      const histories = await mapLimit(found, CONCURRENCY, updates);
      return found.map((item, index): TrackerItem => {
        const fields = item.fields;
        const type = text(fields['System.WorkItemType']) ?? 'Work item';
        const state = text(fields['System.State']) ?? '';
        const history = historyOf(histories[index]!);
        const parent = typeof fields['System.Parent'] === 'number' ? fields['System.Parent'] : parents.get(item.id);
        const kind = kindOf(type, parent !== undefined);
        const status = azureStatus(state);
        const fromHistory = milestones(history, status);
        return {
          ref: String(item.id),
          kind,
          parentRef: kind === 'task' && parent !== undefined ? String(parent) : null,
          title: text(fields['System.Title']) ?? `#${item.id}`,
          type,
          status,
          trackerStatus: state,
          assignee: person(fields['System.AssignedTo']),
          url: trackerLink(
            text(item._links?.html?.href) ?? `${base}/${project}/_workitems/edit/${item.id}`,
            connection.baseUrl,
          ),
          createdAt: created(item, history),
          // ActivatedDate is the latest activation (cleared on a move back to New); the history keeps the first.
          startedAt: earliest(instant(fields['Microsoft.VSTS.Common.ActivatedDate']), fromHistory.startedAt),
          finishedAt: isFinished(status)
            ? (instant(fields['Microsoft.VSTS.Common.ClosedDate']) ?? fromHistory.finishedAt)
            : null,
          history,
        };
      });
    },
  };
}
