/**
 * A monday.com stand-in (tools/tracker-sim): a node:http server on 127.0.0.1 serving a SimData through
 * monday's platform API, one GraphQL endpoint (`POST /v2`), in the 2025-01+ error format, as monday documents
 * it. The GraphQL itself is parsed, validated and executed by graphql-js against a small schema that keeps
 * monday's names and shapes for what the Monday connector reads; anything else is a validation error. Our
 * own code, for the connector's tests and the e2e:
 *
 * - A project is a board (its key the board id); each sprint a group of it (`sprint_<id>`, a closed sprint's
 *   group archived); items without a parent are the board's items, the others subitems, which live on the
 *   board's subitems board (the board id + 1) as on monday. Every item has a Priority and a Status column
 *   (both of type status, Priority first) and an Owner people column; subitems a Status and an Owner.
 * - Auth: `Authorization: <token>` (a `Bearer ` prefix is accepted too). None, an unknown or an expired
 *   token: HTTP 401 with `{"errors":[{"message":"Not Authenticated","extensions":{"code":"Unauthorized",
 *   "status_code":401}}]}`. The `API-Version` header is recorded (`operations`), not enforced.
 * - Root fields: `me`, `users(ids, emails, limit, page)`, `boards(ids, limit, page, state)` (an unknown id is
 *   simply not in the list, as on monday), `items(ids)` and `next_items_page(cursor, limit)`.
 * - `Board`: id, name, state, board_kind, items_count, url, `columns(ids, types)`, `groups(ids)` (archived
 *   groups included, with `archived: true`), `items_page(limit, cursor)` and `activity_logs(limit, page,
 *   item_ids, column_ids, group_ids, user_ids, from, to)`. `Group`: id, title, color, position, archived,
 *   deleted, `items_page`. `Item`: id, name, state, created_at, updated_at, url, creator_id, board, group,
 *   parent_item, subitems, `column_values(ids, types)` as the ColumnValue interface (`... on StatusValue {
 *   label index is_done }`, `... on PeopleValue { persons_and_teams { id kind } }`).
 * - Paging: `items_page` answers at most `limit` (default 25, at most 500, and at most the stand-in's
 *   `pageSize`) and a `cursor`, null on the last page; `next_items_page(cursor, limit)` reads on. A cursor
 *   lives 60 minutes (then CursorExpiredError); a cursor of a board deleted since answers monday's
 *   InvalidBoardIdException ("The board does not exist. Please check your board ID and try again").
 * - Activity logs, newest first, paged by `page` and `limit` (default 25): `create_pulse` when an item was
 *   made and `update_column_value` for each status change, with monday's `data` (a JSON string: pulse_id,
 *   column_id, column_type "color", value and previous_value `{label: {index, text, is_done}}`; subitems also
 *   parent_item_id), and `created_at` in monday's 17-digit form (100-nanosecond units since 1970).
 *   `logsKeptSince` drops older entries, as an account's log retention does.
 * - Application errors (an invalid cursor, a board deleted since) come with HTTP 200 and `errors` beside
 *   `data`; parse and validation errors too, with the stand-in's own codes (ParseError,
 *   GraphQLValidationFailed). A body that is not JSON, or without `query`, is 400.
 * - limitNext(n, s): the next n requests are 429 with Retry-After s and monday's RATE_LIMIT_EXCEEDED error
 *   carrying `retry_in_seconds`. exhaustComplexityNext(n, s): the next n are 200 with a ComplexityException
 *   error ("Complexity budget exhausted, ... reset in s seconds", `retry_in_seconds`) and no Retry-After,
 *   the way a spent complexity budget reaches a client as an application-level error.
 */
import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { buildSchema, execute, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import {
  currentState,
  expireToken,
  type SimControls,
  type SimData,
  type SimItem,
  type SimProject,
  type SimSprint,
} from './model.js';
import { rateLimits, serve, type Answer } from './serve.js';

export { mondayDemoData } from './monday-data.js';

export type MondaySimOptions = {
  /** 0 (the default): a free port chosen by the OS. */
  port?: number;
  /** The most items a page holds, whatever `limit` asks (default 500, monday's most). */
  pageSize?: number;
  /** Activity log entries before this instant are gone (an account's log retention); default: all kept. */
  logsKeptSince?: string;
};

export type MondaySim = SimControls & {
  /** The data served, live: tests may change it between requests. */
  readonly data: SimData;
  /** The next `count` requests are answered 200 with a ComplexityException asking for `seconds`. */
  exhaustComplexityNext(count: number, seconds: number): void;
  /** Every GraphQL request served: its operation name, variables, API-Version header and HTTP status. */
  readonly operations: {
    name: string | null;
    variables: Record<string, unknown>;
    version: string | null;
    status: number;
  }[];
};

const SCHEMA = buildSchema(`
  scalar JSON
  scalar Date
  scalar ISO8601DateTime

  enum State { active archived deleted all }
  enum BoardKind { public private share }
  enum ColumnType { name status people date text numbers timeline subtasks }
  enum Kind { person team }

  type Query {
    me: User
    users(ids: [ID!], emails: [String], limit: Int, page: Int): [User]
    boards(ids: [ID!], limit: Int, page: Int, state: State): [Board]
    items(ids: [ID!], limit: Int, page: Int): [Item]
    next_items_page(cursor: String!, limit: Int): ItemsResponse!
  }

  type User { id: ID! name: String! email: String! enabled: Boolean! }

  type Board {
    id: ID!
    name: String!
    state: State!
    board_kind: BoardKind!
    items_count: Int
    url: String!
    columns(ids: [String], types: [ColumnType!]): [Column]
    groups(ids: [String]): [Group]
    items_page(limit: Int = 25, cursor: String): ItemsResponse!
    activity_logs(
      limit: Int = 25
      page: Int = 1
      user_ids: [ID!]
      column_ids: [String]
      group_ids: [String]
      item_ids: [ID!]
      from: ISO8601DateTime
      to: ISO8601DateTime
    ): [ActivityLogType]
  }

  type Column { id: ID! title: String! type: ColumnType! archived: Boolean! settings_str: String! }

  type Group {
    id: ID!
    title: String!
    color: String!
    position: String!
    archived: Boolean
    deleted: Boolean
    items_page(limit: Int = 25, cursor: String): ItemsResponse!
  }

  type ItemsResponse { cursor: String items: [Item!]! }

  type Item {
    id: ID!
    name: String!
    state: State
    created_at: Date
    updated_at: Date
    url: String!
    creator_id: String!
    board: Board
    group: Group
    parent_item: Item
    subitems: [Item]
    column_values(ids: [String!], types: [ColumnType!]): [ColumnValue!]!
  }

  interface ColumnValue { id: ID! column: Column! text: String type: ColumnType! value: JSON }
  type StatusValue implements ColumnValue {
    id: ID!
    column: Column!
    text: String
    type: ColumnType!
    value: JSON
    label: String
    index: Int
    is_done: Boolean
  }
  type PeopleEntity { id: ID! kind: Kind }
  type PeopleValue implements ColumnValue {
    id: ID!
    column: Column!
    text: String
    type: ColumnType!
    value: JSON
    persons_and_teams: [PeopleEntity!]
  }

  type ActivityLogType {
    id: ID!
    event: String!
    entity: String!
    data: String!
    created_at: String!
    user_id: String!
    account_id: String!
  }
`);

const ACCOUNT_ID = '9070001';
const MAX_LIMIT = 500;
const CURSOR_LIFE_MS = 60 * 60_000;
/** monday's default labels keep their indexes (Working on it 0, Done 1, Stuck 2, the blank label 5). */
const DEFAULT_LABELS: Record<string, number> = { 'Working on it': 0, Done: 1, Stuck: 2, '': 5 };
const PRIORITY = 'Medium';

type Obj = Record<string, unknown>;

/** An application error in monday's form: HTTP 200, extensions.code, status_code and error_data. */
const mondayError = (message: string, code: string, errorData: Obj = {}) =>
  new GraphQLError(message, { extensions: { code, status_code: 200, error_data: errorData } });

/** monday's activity log time: 100-nanosecond units since 1970, 17 digits. */
const logTime = (iso: string) => (BigInt(Date.parse(iso)) * 10_000n).toString();
/** monday's Date: second precision, Z. */
const mondayDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startMondaySim(data: SimData, options: MondaySimOptions = {}): Promise<MondaySim> {
  const pageSize = Math.min(options.pageSize ?? MAX_LIMIT, MAX_LIMIT);
  const operations: MondaySim['operations'] = [];
  const limits = rateLimits<{ seconds: number; kind: 'http' | 'complexity' }>();
  let origin = '';

  const boardOf = (id: string) => data.projects.find((p) => p.key === id);
  const subBoardId = (project: SimProject) => String(Number(project.key) + 1);
  const projectIndex = (project: SimProject) => data.projects.indexOf(project);
  const itemId = (project: SimProject, item: SimItem) =>
    String(5_100_000_000 + projectIndex(project) * 100_000 + item.id);
  const groupId = (sprint: SimSprint) => `sprint_${sprint.id}`;
  const isSub = (item: SimItem) => item.parentId !== undefined;
  const person = (id: string | undefined) => (id === undefined ? undefined : data.people.find((p) => p.id === id));

  const labels = new Map<string, number>(Object.entries(DEFAULT_LABELS));
  const labelIndex = (label: string) => {
    if (!labels.has(label)) labels.set(label, 6 + labels.size);
    return labels.get(label)!;
  };
  const labelJson = (label: string) => ({ index: labelIndex(label), text: label, is_done: label === 'Done' });

  function findItem(id: string): { project: SimProject; item: SimItem } | null {
    for (const project of data.projects)
      for (const item of project.items) if (itemId(project, item) === id) return { project, item };
    return null;
  }

  // --- the objects graphql-js reads (fields taking arguments are functions) ---

  function userJson(p: { id: string; name: string; email: string | null }): Obj {
    return { id: p.id, name: p.name, email: p.email ?? '', enabled: true };
  }

  function columnsOf(project: SimProject, sub: boolean): Obj[] {
    const status = {
      id: 'status',
      title: 'Status',
      type: 'status',
      archived: false,
      settings_str: JSON.stringify({ labels: Object.fromEntries([...labels].map(([l, i]) => [i, l])) }),
    };
    const owner = { id: 'person', title: 'Owner', type: 'people', archived: false, settings_str: '{}' };
    if (sub) return [{ id: 'name', title: 'Name', type: 'name', archived: false, settings_str: '{}' }, owner, status];
    return [
      { id: 'name', title: 'Name', type: 'name', archived: false, settings_str: '{}' },
      { id: 'priority', title: 'Priority', type: 'status', archived: false, settings_str: '{}' },
      owner,
      status,
      {
        id: 'subitems',
        title: 'Subitems',
        type: 'subtasks',
        archived: false,
        settings_str: JSON.stringify({ boardIds: [Number(subBoardId(project))] }),
      },
    ];
  }

  function columnValues(project: SimProject, item: SimItem, args: { ids?: string[]; types?: string[] }): Obj[] {
    const columns = new Map(columnsOf(project, isSub(item)).map((c) => [c.id as string, c]));
    const state = currentState(item);
    const owner = person(item.assignee);
    const status = (id: string, label: string): Obj => ({
      __typename: 'StatusValue',
      id,
      column: columns.get(id),
      type: 'status',
      text: label,
      label,
      index: labelIndex(label),
      is_done: label === 'Done',
      value: JSON.stringify({ index: labelIndex(label), post_id: null, changed_at: item.history.at(-1)!.at }),
    });
    const values: Obj[] = [
      ...(isSub(item) ? [] : [status('priority', PRIORITY)]),
      {
        __typename: 'PeopleValue',
        id: 'person',
        column: columns.get('person'),
        type: 'people',
        text: owner?.name ?? '',
        value: owner ? JSON.stringify({ personsAndTeams: [{ id: Number(owner.id), kind: 'person' }] }) : null,
        persons_and_teams: owner ? [{ id: owner.id, kind: 'person' }] : [],
      },
      status('status', state),
    ];
    return values.filter(
      (v) => (!args.ids || args.ids.includes(v.id as string)) && (!args.types || args.types.includes(v.type as string)),
    );
  }

  function itemJson(project: SimProject, item: SimItem): Obj {
    const id = itemId(project, item);
    const board = isSub(item) ? subBoardId(project) : project.key;
    const parent = isSub(item) ? project.items.find((i) => i.id === item.parentId) : undefined;
    const top = parent ?? item;
    const sprint = project.sprints.find((s) => s.id === top.sprintId);
    return {
      id,
      name: item.title,
      state: 'active',
      created_at: mondayDate(item.createdAt),
      updated_at: mondayDate(item.history.at(-1)!.at),
      url: item.link ?? `${origin}/boards/${board}/pulses/${id}`,
      creator_id: person(item.assignee)?.id ?? me().id,
      board: () => (isSub(item) ? subBoardJson(project) : boardJson(project)),
      group: () => (sprint && !isSub(item) ? groupJson(project, sprint) : null),
      parent_item: () => (parent ? itemJson(project, parent) : null),
      subitems: () =>
        isSub(item) ? [] : project.items.filter((i) => i.parentId === item.id).map((i) => itemJson(project, i)),
      column_values: (args: { ids?: string[]; types?: string[] }) => columnValues(project, item, args),
    };
  }

  type Listing = { board: string; group: string | null; offset: number; issued: number };
  const encodeCursor = (listing: Listing) => Buffer.from(JSON.stringify(listing)).toString('base64url');
  function decodeCursor(cursor: string): Listing {
    try {
      const listing = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Listing;
      if (typeof listing.board === 'string' && typeof listing.offset === 'number') return listing;
    } catch {
      // answered below
    }
    throw mondayError('Cursor is not valid', 'CursorException', { cursor });
  }

  /** The board's items in its order (a group's only, when one is named), without subitems. */
  function listed(project: SimProject, group: string | null): SimItem[] {
    return project.items.filter((item) => {
      if (isSub(item)) return false;
      const sprint = project.sprints.find((s) => s.id === item.sprintId);
      return group === null || (sprint !== undefined && groupId(sprint) === group);
    });
  }

  function itemsPage(listing: Listing, limit: number | null | undefined): Obj {
    const asked = limit ?? 25;
    if (asked < 1 || asked > MAX_LIMIT)
      throw mondayError(`The limit must be between 1 and ${MAX_LIMIT}`, 'InvalidArgumentException', { limit: asked });
    const project = boardOf(listing.board);
    if (!project)
      throw mondayError(
        'The board does not exist. Please check your board ID and try again',
        'InvalidBoardIdException',
        {
          board_id: Number(listing.board),
        },
      );
    const all = listed(project, listing.group);
    const served = all.slice(listing.offset, listing.offset + Math.min(asked, pageSize));
    const next = listing.offset + served.length;
    return {
      cursor: next < all.length ? encodeCursor({ ...listing, offset: next }) : null,
      items: served.map((item) => itemJson(project, item)),
    };
  }

  function groupJson(project: SimProject, sprint: SimSprint): Obj {
    const index = project.sprints.indexOf(sprint);
    return {
      id: groupId(sprint),
      title: sprint.name,
      color: ['#579bfc', '#00c875', '#fdab3d', '#a25ddc'][index % 4],
      position: (65536 * (index + 1)).toFixed(3),
      archived: sprint.state === 'closed',
      deleted: false,
      items_page: (args: { limit?: number; cursor?: string }) =>
        args.cursor
          ? itemsPage(decodeCursor(args.cursor), args.limit)
          : itemsPage({ board: project.key, group: groupId(sprint), offset: 0, issued: Date.now() }, args.limit),
    };
  }

  type LogArgs = {
    limit?: number;
    page?: number;
    item_ids?: string[];
    column_ids?: string[];
    group_ids?: string[];
    user_ids?: string[];
    from?: string;
    to?: string;
  };

  /** Every activity log entry of a board (or its subitems board), newest first. */
  function activity(project: SimProject, subitems: boolean): Obj[] {
    const board = subitems ? subBoardId(project) : project.key;
    const entries: { at: string; json: Obj; item: string; column: string | null; group: string | null }[] = [];
    for (const item of project.items) {
      if (isSub(item) !== subitems) continue;
      const id = itemId(project, item);
      const parent = subitems ? project.items.find((i) => i.id === item.parentId) : undefined;
      const sprint = project.sprints.find((s) => s.id === (parent ?? item).sprintId);
      const group = sprint ? groupId(sprint) : null;
      const author = person(item.assignee)?.id ?? me().id;
      const base: Obj = {
        board_id: Number(board),
        group_id: subitems ? 'topics' : group,
        is_top_group: false,
        pulse_id: Number(id),
        pulse_name: item.title,
        ...(parent ? { parent_board_id: Number(project.key), parent_item_id: Number(itemId(project, parent)) } : {}),
      };
      const entry = (at: string, event: string, payload: Obj, column: string | null, n: number) => ({
        at,
        item: id,
        column,
        group,
        json: {
          id: createHash('sha256')
            .update(`${id}:${n}`)
            .digest('hex')
            .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5'),
          event,
          entity: 'pulse',
          data: JSON.stringify({ ...base, ...payload }),
          created_at: logTime(at),
          user_id: author,
          account_id: ACCOUNT_ID,
        },
      });
      entries.push(entry(item.createdAt, 'create_pulse', { group_name: sprint?.name ?? '' }, null, 0));
      item.history.slice(1).forEach((change, i) =>
        entries.push(
          entry(
            change.at,
            'update_column_value',
            {
              column_id: 'status',
              column_type: 'color',
              column_title: 'Status',
              value: {
                label: { ...labelJson(change.state), style: { color: '#00c875', border: '#00b461' } },
                post_id: null,
              },
              previous_value: {
                label: { ...labelJson(item.history[i]!.state), style: { color: '#c4c4c4', border: '#b0b0b0' } },
              },
              is_column_with_hide_permissions: false,
            },
            'status',
            i + 1,
          ),
        ),
      );
    }
    return entries
      .filter((e) => !options.logsKeptSince || Date.parse(e.at) >= Date.parse(options.logsKeptSince))
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
      .map((e) => ({ ...e.json, _item: e.item, _column: e.column, _group: e.group, _at: e.at }));
  }

  function activityLogs(project: SimProject, subitems: boolean, args: LogArgs): Obj[] {
    const limit = args.limit ?? 25;
    const page = args.page ?? 1;
    if (limit < 1 || page < 1) throw mondayError('limit and page must be positive', 'InvalidArgumentException');
    const kept = activity(project, subitems).filter(
      (e) =>
        (!args.item_ids || args.item_ids.includes(e['_item'] as string)) &&
        (!args.column_ids || args.column_ids.includes(e['_column'] as string)) &&
        (!args.group_ids || args.group_ids.includes(e['_group'] as string)) &&
        (!args.user_ids || args.user_ids.includes(e['user_id'] as string)) &&
        (!args.from || Date.parse(e['_at'] as string) >= Date.parse(args.from)) &&
        (!args.to || Date.parse(e['_at'] as string) <= Date.parse(args.to)),
    );
    return kept
      .slice((page - 1) * limit, page * limit)
      .map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('_'))));
  }

  function boardJson(project: SimProject): Obj {
    return {
      id: project.key,
      name: project.name,
      state: 'active',
      board_kind: 'public',
      items_count: listed(project, null).length,
      url: `${origin}/boards/${project.key}`,
      columns: (args: { ids?: string[]; types?: string[] }) =>
        columnsOf(project, false).filter(
          (c) =>
            (!args.ids || args.ids.includes(c.id as string)) && (!args.types || args.types.includes(c.type as string)),
        ),
      groups: (args: { ids?: string[] }) =>
        project.sprints.filter((s) => !args.ids || args.ids.includes(groupId(s))).map((s) => groupJson(project, s)),
      items_page: (args: { limit?: number; cursor?: string }) =>
        args.cursor
          ? itemsPage(decodeCursor(args.cursor), args.limit)
          : itemsPage({ board: project.key, group: null, offset: 0, issued: Date.now() }, args.limit),
      activity_logs: (args: LogArgs) => activityLogs(project, false, args),
    };
  }

  function subBoardJson(project: SimProject): Obj {
    return {
      id: subBoardId(project),
      name: `Subitems of ${project.name}`,
      state: 'active',
      board_kind: 'public',
      items_count: project.items.filter(isSub).length,
      url: `${origin}/boards/${subBoardId(project)}`,
      columns: () => columnsOf(project, true),
      groups: () => [],
      items_page: () => ({ cursor: null, items: [] }),
      activity_logs: (args: LogArgs) => activityLogs(project, true, args),
    };
  }

  let signedIn = '';
  function me(): Obj & { id: string } {
    const known = data.people.find((p) => p.email?.toLowerCase() === signedIn.toLowerCase());
    return {
      ...userJson(known ?? { id: '61999999', name: signedIn.split('@')[0] ?? signedIn, email: signedIn }),
      id: known?.id ?? '61999999',
    };
  }

  const root = {
    me: () => me(),
    users: (args: { ids?: string[]; emails?: string[]; limit?: number; page?: number }) => {
      const limit = args.limit ?? 200;
      const page = args.page ?? 1;
      return data.people
        .filter(
          (p) =>
            (!args.ids || args.ids.includes(p.id)) &&
            (!args.emails || args.emails.some((e) => e.toLowerCase() === p.email?.toLowerCase())),
        )
        .slice((page - 1) * limit, page * limit)
        .map(userJson);
    },
    boards: (args: { ids?: string[]; limit?: number; page?: number }) => {
      if (args.ids) {
        const found: Obj[] = [];
        for (const id of args.ids) {
          const project = boardOf(id);
          if (project) found.push(boardJson(project));
          const parent = data.projects.find((p) => subBoardId(p) === id);
          if (parent) found.push(subBoardJson(parent));
        }
        return found;
      }
      const limit = args.limit ?? 25;
      const page = args.page ?? 1;
      return data.projects.slice((page - 1) * limit, page * limit).map(boardJson);
    },
    items: (args: { ids?: string[] }) =>
      (args.ids ?? [])
        .map(findItem)
        .filter((found) => found !== null)
        .map(({ project, item }) => itemJson(project, item)),
    next_items_page: (args: { cursor: string; limit?: number }) => {
      const listing = decodeCursor(args.cursor);
      if (Date.now() - listing.issued > CURSOR_LIFE_MS)
        throw mondayError('The cursor has expired; start again from items_page', 'CursorExpiredError');
      return itemsPage(listing, args.limit);
    },
  };

  /** The token's account, or null. */
  function signIn(authorization: string | undefined): string | null {
    const token = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
    const account = data.accounts.find((a) => a.token === token);
    return token && account && !account.expired ? account.user : null;
  }

  const errorsOnly = (message: string, code: string, status: number, more: Obj = {}): Obj => ({
    errors: [{ message, extensions: { code, status_code: status, ...more } }],
    account_id: Number(ACCOUNT_ID),
  });

  function answer(request: http.IncomingMessage, raw: string, log: MondaySim['operations'][number]): Answer {
    const url = new URL(request.url ?? '/', origin);
    const limit = limits.next();
    if (limit?.kind === 'http')
      return {
        status: 429,
        body: errorsOnly('Rate Limit Exceeded', 'RATE_LIMIT_EXCEEDED', 429, { retry_in_seconds: limit.seconds }),
        headers: { 'retry-after': String(limit.seconds) },
      };
    if (limit?.kind === 'complexity')
      return {
        status: 200,
        body: errorsOnly(
          `Complexity budget exhausted, query cost 30001 budget remaining 1250 out of 10000000 reset in ${limit.seconds} seconds`,
          'ComplexityException',
          429,
          {
            complexity: 30001,
            complexity_budget_left: 1250,
            complexity_budget_limit: 10_000_000,
            retry_in_seconds: limit.seconds,
          },
        ),
      };
    const user = signIn(request.headers.authorization);
    if (user === null) return { status: 401, body: errorsOnly('Not Authenticated', 'Unauthorized', 401) };
    signedIn = user;
    if (url.pathname !== '/v2') return { status: 404, body: errorsOnly('Not Found', 'NotFound', 404) };
    if (request.method !== 'POST')
      return { status: 405, body: errorsOnly('Only POST is served here', 'MethodNotAllowed', 405) };
    let payload: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      payload = JSON.parse(raw) as typeof payload;
    } catch {
      return { status: 400, body: errorsOnly('Invalid JSON in the request body', 'JsonParseException', 400) };
    }
    if (typeof payload?.query !== 'string' || payload.query.trim() === '')
      return { status: 400, body: errorsOnly('No query string was present', 'BadRequest', 400) };
    const variables = (payload.variables ?? {}) as Record<string, unknown>;
    log.variables = variables;
    let document: DocumentNode;
    try {
      document = parse(payload.query);
    } catch (error) {
      return { status: 200, body: errorsOnly((error as Error).message, 'ParseError', 200) };
    }
    const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
    log.name = operation && 'name' in operation ? (operation.name?.value ?? null) : null;
    const invalid = validate(SCHEMA, document);
    if (invalid.length > 0)
      return {
        status: 200,
        body: {
          errors: invalid.map((e) => ({
            ...e.toJSON(),
            extensions: { code: 'GraphQLValidationFailed', status_code: 200 },
          })),
          account_id: Number(ACCOUNT_ID),
        },
      };
    const result = execute({
      schema: SCHEMA,
      document,
      rootValue: root,
      variableValues: variables,
      operationName: typeof payload.operationName === 'string' ? payload.operationName : undefined,
    });
    if (result instanceof Promise) throw new Error('the stand-in resolves synchronously');
    return {
      status: 200,
      body: {
        ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
        data: result.data ?? null,
        account_id: Number(ACCOUNT_ID),
        extensions: { request_id: randomUUID() },
      },
    };
  }

  const served = await serve(
    {
      port: options.port,
      json: 'application/json; charset=utf-8',
      failed: (error) => ({ status: 500, body: errorsOnly(String(error), 'INTERNAL_SERVER_ERROR', 500) }),
    },
    (request, raw) => {
      const log: MondaySim['operations'][number] = {
        name: null,
        variables: {},
        version: request.headers['api-version']?.toString() ?? null,
        status: 0,
      };
      let result: Answer;
      try {
        result =
          raw === null
            ? { status: 413, body: errorsOnly('Request body too large', 'PayloadTooLarge', 413) }
            : answer(request, raw, log);
      } catch (error) {
        result = { status: 500, body: errorsOnly(String(error), 'INTERNAL_SERVER_ERROR', 500) };
      }
      log.status = result.status;
      operations.push(log);
      return result;
    },
  );
  origin = served.origin;

  return {
    url: origin,
    data,
    requests: served.requests,
    operations,
    limitNext: (count, seconds) => limits.add(count, { seconds, kind: 'http' }),
    exhaustComplexityNext: (count, seconds) => limits.add(count, { seconds, kind: 'complexity' }),
    expire: (token) => expireToken(data, token),
    close: served.close,
  };
}
