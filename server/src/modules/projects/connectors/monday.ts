/**
 * monday.com through its platform API: one GraphQL endpoint (https://api.monday.com/v2), a personal API token
 * in `Authorization` (no Bearer), and `API-Version` pinned so that errors keep the 2025-01 form. The project's
 * key is the board id; its address the account (https://acme.monday.com) or https://api.monday.com, both
 * served by the one API host (any other address is taken as a stand-in or proxy and gets `/v2` appended).
 *
 * - verify: `boards(ids)`, which leaves out a board that does not exist or that the token's user may not
 *   see (an empty list, not an error).
 * - sprints: the board's groups, the way monday teams plan a sprint a group; an archived group is a closed
 *   sprint, the others active. Groups have no dates or goal. Closed first, then in the board's order.
 * - items: the group's `items_page`, then `next_items_page` with the cursor until it is null; each item with
 *   its Status and people columns and its subitems (on the board's subitems board). Items are PBIs, subitems
 *   their tasks. The Status column is the one with id `status`, else the one titled Status, else the first
 *   status column (a Priority column is a status column too); its label goes through statusFromTrackerState,
 *   `is_done` counting as the done category and the blank label as new.
 * - history: `activity_logs` of each board (the subitems board for subitems) for those items and Status
 *   columns, paged by `page`: every `update_column_value` gives a change (time in 100-nanosecond units,
 *   previous and new label). Logs are kept as long as the account's plan says: an item whose changes are no
 *   longer all logged has the history the log still holds, and one with none left has none (no metrics
 *   rather than wrong ones), unless it never left a new status.
 * - Errors: monday answers most with HTTP 200 and `errors` (extensions.code): UserUnauthorizedException and
 *   its kin are refused credentials, InvalidBoardIdException and ResourceNotFoundException not found; a spent
 *   complexity budget or rate limit (ComplexityException, COMPLEXITY_BUDGET_EXHAUSTED, RATE_LIMIT_EXCEEDED,
 *   ...), with 200 or 429, is waited for by `retry_in_seconds` through trackerHttp's retries.
 */
import { statusFromTrackerState, type StatusChange, type TrackerTaskStatus } from '../../../../../shared/projects.js';
import type { TrackerHttp } from './http.js';
import { answerShape, MAX_LISTED, milestones, parseInstant, text, trackerLink } from './shape.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerPerson,
  type TrackerSprint,
} from './types.js';

const API_VERSION = '2025-04';
const API_URL = 'https://api.monday.com/v2';
/** Items asked per page (monday serves at most 500; subitems nested in each make a page heavy). */
const PAGE = 100;
/** Activity log entries per page, and items named per activity log query. */
const LOG_PAGE = 100;
const LOG_ITEMS = 100;
const USERS_CHUNK = 100;

const RATE_LIMIT_CODES = new Set([
  'ComplexityException',
  'COMPLEXITY_BUDGET_EXHAUSTED',
  'maxComplexityExceeded',
  'RATE_LIMIT_EXCEEDED',
  'Rate Limit Exceeded',
  'maxConcurrencyExceeded',
  'IP_RATE_LIMIT_EXCEEDED',
  'DAILY_LIMIT_EXCEEDED',
  'API_TEMPORARILY_BLOCKED',
]);
const CREDENTIAL_CODES = new Set([
  'Unauthorized',
  'UNAUTHORIZED',
  'UserUnauthorizedException',
  'USER_UNAUTHORIZED',
  'USER_ACCESS_DENIED',
  'missingRequiredPermissions',
]);
const NOT_FOUND_CODES = new Set(['InvalidBoardIdException', 'ResourceNotFoundException', 'InvalidItemIdException']);

const VALUES = `fragment Values on ColumnValue {
  id
  type
  text
  column { title }
  ... on StatusValue { label is_done }
  ... on PeopleValue { persons_and_teams { id kind } }
}`;
const ITEM_FIELDS = `fragment ItemFields on Item {
  id
  name
  created_at
  url
  column_values(types: [status, people]) { ...Values }
  subitems {
    id
    name
    created_at
    url
    board { id }
    column_values(types: [status, people]) { ...Values }
  }
}
${VALUES}`;

const BOARD_QUERY = `query Board($board: [ID!]) { boards(ids: $board) { id name state } }`;
const GROUPS_QUERY = `query Groups($board: [ID!]) {
  boards(ids: $board) { id groups { id title position archived deleted } }
}`;
const GROUP_ITEMS_QUERY = `query GroupItems($board: [ID!], $group: [String], $limit: Int!) {
  boards(ids: $board) { id groups(ids: $group) { id items_page(limit: $limit) { cursor items { ...ItemFields } } } }
}
${ITEM_FIELDS}`;
const NEXT_ITEMS_QUERY = `query NextItems($cursor: String!, $limit: Int!) {
  next_items_page(cursor: $cursor, limit: $limit) { cursor items { ...ItemFields } }
}
${ITEM_FIELDS}`;
const USERS_QUERY = `query Users($ids: [ID!], $limit: Int) { users(ids: $ids, limit: $limit) { id name email } }`;
const LOGS_QUERY = `query StatusLogs($board: [ID!], $items: [ID!], $columns: [String], $limit: Int!, $page: Int!) {
  boards(ids: $board) {
    activity_logs(item_ids: $items, column_ids: $columns, limit: $limit, page: $page) { id event data created_at }
  }
}`;

type Json = Record<string, unknown>;
type ColumnValue = {
  id?: unknown;
  type?: unknown;
  text?: unknown;
  column?: { title?: unknown } | null;
  label?: unknown;
  is_done?: unknown;
  persons_and_teams?: unknown;
};
type MondayItem = {
  id?: unknown;
  name?: unknown;
  created_at?: unknown;
  url?: unknown;
  board?: { id?: unknown } | null;
  column_values?: unknown;
  subitems?: unknown;
};
type ItemsPage = { cursor?: unknown; items?: unknown };
/** One status change as the activity log tells it. */
type LoggedChange = { at: string; from: { label: string; done: boolean } | null; to: { label: string; done: boolean } };

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** An id monday answers as a string (ID) or, in older shapes and logs, a number. */
const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const { badAnswer } = answerShape('monday.com');

/** A tracker's words for a person: one line, at most 200 characters. */
function oneLine(message: string): string {
  const line = message.replace(/\p{Cc}+/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The first error of an answer, in the 2025-01 form ({errors: [{message, extensions}]}) or the older one. */
function firstError(
  body: unknown,
): { message: string; code: string | null; status: number | null; extensions: Json } | null {
  if (!isRecord(body)) return null;
  const errors = body['errors'];
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    const error = isRecord(first) ? first : { message: String(first) };
    const extensions = isRecord(error['extensions']) ? error['extensions'] : {};
    const status = extensions['status_code'];
    return {
      message: text(error['message']) ?? '',
      code: text(extensions['code']),
      status: typeof status === 'number' ? status : null,
      extensions,
    };
  }
  // Before 2025-01 some errors came as {error_code, error_message, status_code}.
  if (typeof body['error_code'] === 'string' || typeof body['error_message'] === 'string') {
    const status = body['status_code'];
    return {
      message: text(body['error_message']) ?? '',
      code: text(body['error_code']),
      status: typeof status === 'number' ? status : null,
      extensions: isRecord(body['error_data']) ? body['error_data'] : {},
    };
  }
  return null;
}

/** monday's rate limits and spent complexity budgets, said in the body with 200 or 429 (trackerHttp waits). */
export function mondayRateLimit(body: unknown): { seconds: number | null } | null {
  const error = firstError(body);
  if (!error || !((error.code !== null && RATE_LIMIT_CODES.has(error.code)) || error.status === 429)) return null;
  const retry = error.extensions['retry_in_seconds'];
  if (typeof retry === 'number' && Number.isFinite(retry) && retry >= 0) return { seconds: Math.ceil(retry) };
  const said = /reset in (\d+) seconds?/i.exec(error.message);
  return { seconds: said ? Number(said[1]) : null };
}

/** An instant from monday's Date (ISO) or activity log time (17 digits, 100-nanosecond units since 1970). */
function instant(value: unknown, what: string): string {
  const raw = idOf(value);
  const at =
    raw !== null && /^\d{16,18}$/.test(raw) ? new Date(Number(BigInt(raw) / 10_000n)).toISOString() : parseInstant(raw);
  if (at === null) throw badAnswer(what);
  return at;
}

/** Teambeat's status for a Status label: the blank label is new; monday's done label is the done category. */
function mondayStatus(label: string, done: boolean): TrackerTaskStatus {
  if (label.trim() === '') return 'new';
  return statusFromTrackerState(label, done ? 'done' : null);
}

/** The API endpoint for the project's address: monday's API host for any monday.com address. */
function endpointFor(address: string): string {
  if (!URL.canParse(address)) throw new TrackerError('unreachable', `${address} is not a web address`);
  const url = new URL(address);
  if (url.hostname === 'monday.com' || url.hostname.endsWith('.monday.com')) return API_URL;
  return /\/v2$/.test(address) ? address : `${address}/v2`;
}

export function createMondayConnector(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  const address = connection.baseUrl.trim().replace(/\/+$/, '');
  const board = connection.projectKey.trim();
  const headers = { authorization: connection.token.trim(), 'api-version': API_VERSION };
  const noBoard = `monday.com has no board ${board}, or the token's user may not see it`;

  async function query<T extends Json>(operation: string, variables: Json): Promise<T> {
    const { body } = await http<unknown>({
      method: 'POST',
      url: endpointFor(address),
      headers,
      body: { query: operation, variables },
      bodyRateLimit: mondayRateLimit,
    });
    const error = firstError(body);
    if (error) {
      const said = oneLine(error.message) || error.code || 'no reason given';
      if ((error.code !== null && CREDENTIAL_CODES.has(error.code)) || error.status === 401 || error.status === 403)
        throw new TrackerError('credentials', `monday.com refused the token: ${said}`);
      if ((error.code !== null && NOT_FOUND_CODES.has(error.code)) || error.status === 404)
        throw new TrackerError('not-found', `${noBoard} (${said})`);
      throw new TrackerError('bad-answer', `monday.com refused the query: ${said}`);
    }
    const data = isRecord(body) ? body['data'] : undefined;
    if (!isRecord(data)) throw badAnswer('a query');
    return data as T;
  }

  /** The project's board as `boards(ids)` answers it; not found when the list is empty. */
  async function boardRecord<T extends Json>(operation: string, variables: Json = {}): Promise<T> {
    if (!/^\d+$/.test(board))
      throw new TrackerError(
        'not-found',
        `monday.com board ids are numbers (the digits after /boards/ in the board's address), not ${board}`,
      );
    const data = await query<{ boards?: unknown }>(operation, { board: [board], ...variables });
    if (!Array.isArray(data.boards)) throw badAnswer('the board');
    const found: unknown = data.boards.find((b) => isRecord(b) && idOf(b['id']) === board) ?? data.boards[0];
    if (found === undefined || found === null) throw new TrackerError('not-found', noBoard);
    if (!isRecord(found)) throw badAnswer('the board');
    if (found['state'] === 'deleted') throw new TrackerError('not-found', noBoard);
    return found as T;
  }

  function itemsOf(page: unknown, what: string): { cursor: string | null; items: MondayItem[] } {
    if (!isRecord(page) || !Array.isArray((page as ItemsPage).items)) throw badAnswer(what);
    const cursor = page['cursor'];
    if (cursor !== null && cursor !== undefined && typeof cursor !== 'string') throw badAnswer(what);
    return { cursor: cursor || null, items: page['items'] as MondayItem[] };
  }

  /** Every item of a group, all pages read. */
  async function groupItems(group: string): Promise<MondayItem[]> {
    const found = await boardRecord<{ groups?: unknown }>(GROUP_ITEMS_QUERY, { group: [group], limit: PAGE });
    if (!Array.isArray(found.groups)) throw badAnswer('the board groups');
    const match: unknown = found.groups.find((g) => isRecord(g) && g['id'] === group);
    if (!isRecord(match))
      throw new TrackerError('not-found', `monday.com board ${board} has no group ${group} any more`);
    let page = itemsOf(match['items_page'], 'the group items');
    const items = [...page.items];
    while (page.cursor !== null) {
      const next = await query<{ next_items_page?: unknown }>(NEXT_ITEMS_QUERY, { cursor: page.cursor, limit: PAGE });
      page = itemsOf(next.next_items_page, 'the next items page');
      if (page.items.length === 0) break;
      items.push(...page.items);
      if (items.length > MAX_LISTED) throw badAnswer(`the group items (more than ${MAX_LISTED})`);
    }
    return items;
  }

  /** The item's Status column (id status, else titled Status, else the first status column) and owner. */
  function columnsOf(item: MondayItem, what: string) {
    if (!Array.isArray(item.column_values)) throw badAnswer(what);
    const values = item.column_values.filter(isRecord) as ColumnValue[];
    const statuses = values.filter((v) => v.type === 'status');
    const status =
      statuses.find((v) => v.id === 'status') ??
      statuses.find((v) => /^\s*status\s*$/i.test(text(v.column?.title) ?? '')) ??
      statuses[0];
    const people = values.find((v) => v.type === 'people');
    const owners = Array.isArray(people?.persons_and_teams) ? (people.persons_and_teams as Json[]) : [];
    const owner = owners.find((p) => isRecord(p) && p['kind'] !== 'team');
    return {
      statusColumn: status ? (idOf(status.id) ?? 'status') : null,
      label: text(status?.label) ?? text(status?.text) ?? '',
      done: status?.is_done === true,
      ownerId: owner ? idOf(owner['id']) : null,
      ownerText: text(people?.text)?.split(',')[0]?.trim() || null,
    };
  }

  async function people(ids: string[]): Promise<Map<string, TrackerPerson>> {
    const found = new Map<string, TrackerPerson>();
    for (let start = 0; start < ids.length; start += USERS_CHUNK) {
      const chunk = ids.slice(start, start + USERS_CHUNK);
      const data = await query<{ users?: unknown }>(USERS_QUERY, { ids: chunk, limit: chunk.length });
      if (!Array.isArray(data.users)) throw badAnswer('the users');
      for (const user of data.users) {
        if (!isRecord(user)) continue;
        const id = idOf(user['id']);
        const name = text(user['name']);
        if (id !== null && name !== null) found.set(id, { name, email: text(user['email']) || null });
      }
    }
    return found;
  }

  /** Every logged change of the given items' Status columns on one board, by item id, oldest first. */
  async function statusLogs(boardId: string, itemIds: string[], columns: string[]) {
    const changes = new Map<string, LoggedChange[]>();
    for (let start = 0; start < itemIds.length; start += LOG_ITEMS) {
      const items = itemIds.slice(start, start + LOG_ITEMS);
      for (let page = 1; ; page++) {
        const data = await query<{ boards?: unknown }>(LOGS_QUERY, {
          board: [boardId],
          items,
          columns,
          limit: LOG_PAGE,
          page,
        });
        const found: unknown = Array.isArray(data.boards) ? data.boards[0] : undefined;
        if (!isRecord(found) || !Array.isArray(found['activity_logs'])) throw badAnswer('the activity logs');
        const logs = found['activity_logs'] as unknown[];
        for (const log of logs) {
          if (!isRecord(log) || log['event'] !== 'update_column_value') continue;
          let entry: unknown;
          try {
            entry = JSON.parse(text(log['data']) ?? '');
          } catch {
            throw badAnswer('an activity log entry');
          }
          if (!isRecord(entry)) throw badAnswer('an activity log entry');
          const item = idOf(entry['pulse_id']);
          const column = idOf(entry['column_id']);
          if (item === null || column === null || !columns.includes(column)) continue;
          const labelOf = (value: unknown) => {
            const label = isRecord(value) && isRecord(value['label']) ? value['label'] : null;
            return label ? { label: text(label['text']) ?? '', done: label['is_done'] === true } : null;
          };
          const change = {
            at: instant(log['created_at'], 'an activity log time'),
            from: labelOf(entry['previous_value']),
            // A cleared Status (value null) is back to the blank label.
            to: labelOf(entry['value']) ?? { label: '', done: false },
          };
          changes.set(item, [...(changes.get(item) ?? []), change]);
        }
        if (logs.length < LOG_PAGE) break;
        if (page * LOG_PAGE > MAX_LISTED) throw badAnswer(`the activity logs (more than ${MAX_LISTED})`);
      }
    }
    // Newest first from monday; stable, so changes logged at the same instant keep their relative order.
    for (const list of changes.values()) list.reverse().sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    return changes;
  }

  /**
   * The item's history from its logged changes. When the oldest kept change leaves a new status the log
   * reaches back to the start, so the history starts at creation; otherwise older changes are past the log's
   * retention and the history starts at the oldest kept one (nothing is guessed for the time before). Without
   * any logged change, an item still new never moved; any other has no history.
   */
  function historyOf(createdAt: string, label: string, done: boolean, logged: LoggedChange[]): StatusChange[] {
    if (logged.length === 0) return mondayStatus(label, done) === 'new' ? [{ at: createdAt, to: 'new' }] : [];
    const changes = logged.map((change) => ({ at: change.at, to: mondayStatus(change.to.label, change.to.done) }));
    const first = logged[0]!.from;
    const fromNew = first === null || mondayStatus(first.label, first.done) === 'new';
    return fromNew ? [{ at: createdAt, to: 'new' }, ...changes] : changes;
  }

  return {
    tool: 'monday',

    async verify() {
      const found = await boardRecord<{ name?: unknown }>(BOARD_QUERY);
      const name = text(found.name);
      if (name === null) throw badAnswer('the board');
      return { name };
    },

    async sprints() {
      const found = await boardRecord<{ groups?: unknown }>(GROUPS_QUERY);
      if (!Array.isArray(found.groups)) throw badAnswer('the board groups');
      const sprints: TrackerSprint[] = [];
      for (const group of found.groups) {
        if (!isRecord(group)) throw badAnswer('a group');
        const id = text(group['id']);
        const title = text(group['title']);
        if (id === null || title === null) throw badAnswer('a group');
        if (group['deleted'] === true) continue;
        sprints.push({
          ref: id,
          name: title,
          goal: null,
          startDate: null,
          endDate: null,
          state: group['archived'] === true ? 'closed' : 'active',
        });
      }
      // Closed first; otherwise the board's order (groups carry no dates).
      return sprints
        .map((sprint, index) => ({ sprint, index }))
        .sort((a, b) => Number(b.sprint.state === 'closed') - Number(a.sprint.state === 'closed') || a.index - b.index)
        .map(({ sprint }) => sprint);
    },

    async items(sprintRef) {
      type Row = {
        raw: MondayItem;
        id: string;
        board: string;
        parent: string | null;
        columns: ReturnType<typeof columnsOf>;
      };
      const rows: Row[] = [];
      for (const raw of await groupItems(sprintRef)) {
        const id = idOf(raw.id);
        if (id === null) throw badAnswer('an item');
        rows.push({ raw, id, board, parent: null, columns: columnsOf(raw, `item ${id}`) });
        if (raw.subitems !== null && raw.subitems !== undefined && !Array.isArray(raw.subitems))
          throw badAnswer(`item ${id}'s subitems`);
        for (const sub of (raw.subitems as MondayItem[] | null | undefined) ?? []) {
          const subId = idOf(sub?.id);
          const subBoard = idOf(sub?.board?.id);
          if (subId === null || subBoard === null) throw badAnswer(`item ${id}'s subitems`);
          rows.push({ raw: sub, id: subId, board: subBoard, parent: id, columns: columnsOf(sub, `subitem ${subId}`) });
        }
      }

      const owners = await people([...new Set(rows.map((r) => r.columns.ownerId).filter((id) => id !== null))]);
      const logged = new Map<string, LoggedChange[]>();
      for (const boardId of [...new Set(rows.map((r) => r.board))]) {
        const onBoard = rows.filter((r) => r.board === boardId && r.columns.statusColumn !== null);
        const columns = [...new Set(onBoard.map((r) => r.columns.statusColumn!))];
        if (onBoard.length === 0) continue;
        for (const [item, changes] of await statusLogs(
          boardId,
          onBoard.map((r) => r.id),
          columns,
        ))
          logged.set(item, changes);
      }

      return rows.map(({ raw, id, board: itemBoard, parent, columns }): TrackerItem => {
        const createdAt = instant(raw.created_at, `item ${id}'s creation`);
        const status = mondayStatus(columns.label, columns.done);
        const history = historyOf(createdAt, columns.label, columns.done, logged.get(id) ?? []);
        const owner = columns.ownerId === null ? undefined : owners.get(columns.ownerId);
        const assignee = owner ?? (columns.ownerText ? { name: columns.ownerText, email: null } : null);
        return {
          ref: id,
          kind: parent === null ? 'pbi' : 'task',
          parentRef: parent,
          title: text(raw.name) ?? '',
          type: parent === null ? 'Item' : 'Subitem',
          status,
          trackerStatus: columns.label,
          assignee,
          url: trackerLink(text(raw.url) ?? `${address}/boards/${itemBoard}/pulses/${id}`, connection.baseUrl),
          createdAt,
          ...milestones(history, status),
          history,
        };
      });
    },
  };
}
