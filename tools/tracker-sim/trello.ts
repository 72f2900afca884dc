/**
 * A Trello stand-in (tools/tracker-sim): a node:http server on 127.0.0.1 serving a SimData through the paths
 * and shapes of Trello's public REST API (https://api.trello.com/1), as Atlassian documents it. Our own code,
 * for the Trello connector's tests and by hand. How the model maps onto Trello:
 *
 * - A project is a board: its key is the board's short link (the 8 characters in trello.com/b/{shortLink}),
 *   its name the board's. Sprints are not Trello's: every item of the project is a card on the board.
 * - The states items pass through are the board's lists, in the order they first appear in the items'
 *   histories; an item's current state is its card's list. Each later state is an `updateCard` action that
 *   moved the card between lists (`data.listBefore`, `data.listAfter`, `data.old.idList`), and the first is a
 *   `createCard` action in that list.
 * - Ids are Trello's 24 hex digits, the first 8 the creation time in seconds (Trello documents that a card's
 *   creation date is read from its id), so ids sort by age, as `before` and `since` rely on.
 * - Members are the model's people; an e-mail is shown only on /1/members/me, as Trello shows it only to the
 *   member themself.
 *
 * What it serves, GET only: /1/members/me; /1/boards/{id or shortLink} (?fields); its /lists (?filter
 * all|open|closed), /members, /cards and /cards/{filter} (?fields, ?limit, ?before, ?since), /actions
 * (?filter=updateCard:idList,createCard, ?limit 0..1000, default 50, ?before, ?since, newest first);
 * /1/lists/{id}/cards; /1/cards/{id} and /1/cards/{id}/actions. Paged lists answer at most `pageSize`
 * whatever `limit` asks, and say nothing of what is left: a client reads until a page comes back empty.
 *
 * Auth: the API key and the member's token, as `key` and `token` query parameters or as the header
 * `Authorization: OAuth oauth_consumer_key="{key}", oauth_token="{token}"`. Errors are Trello's plain text:
 * 401 "invalid key" (no or unknown key), 401 "unauthorized permission requested" (no token), 401 "invalid
 * token" (a wrong, expired or revoked one), 404 "The requested resource was not found." (no such board,
 * list or card), 400 "invalid id" (not an id), 400 "invalid value for limit". limitNext(n, s): the next n
 * requests are 429 with Trello's JSON body {"error":"API_TOKEN_LIMIT_EXCEEDED","message":"Rate limit
 * exceeded"}, Retry-After s and the x-rate-limit-api-token-* and x-rate-limit-api-key-* headers.
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

export { trelloDemoData } from './trello-data.js';

export type TrelloSimOptions = {
  /** 0 (the default): a free port chosen by the OS. */
  port?: number;
  /** The most cards or actions a page holds, whatever `limit` asks (default 1000, Trello's most). */
  pageSize?: number;
};

export type TrelloSim = SimControls & {
  /** The data served, live: tests may change it between requests. */
  readonly data: SimData;
  /** The 24-digit id of the board whose short link is `key`. */
  boardId(key: string): string;
};

type Json = Record<string, unknown>;

const MAX_LIMIT = 1000;
const NOT_FOUND = 'The requested resource was not found.';
const BASE62 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A refusal in Trello's plain-text error shape. */
class TrelloRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const digest = (seed: string) => createHash('sha256').update(seed).digest();

/** A Trello id: 8 hex digits of creation time in seconds, then 16 stable digits from `seed`. */
function trelloId(at: string, seed: string): string {
  const seconds = Math.floor(Date.parse(at) / 1000);
  return seconds.toString(16).padStart(8, '0') + digest(seed).toString('hex').slice(0, 16);
}

/** An 8-character short link, stable for `seed`. */
function shortLink(seed: string): string {
  return [...digest(seed).subarray(0, 8)].map((byte) => BASE62[byte % BASE62.length]).join('');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();

/** When an id was made: its first 8 hex digits are seconds since 1970. */
const idTime = (id: string) => parseInt(id.slice(0, 8), 16) * 1000;

type Board = { project: SimProject; id: string; shortLink: string; createdAt: string; lists: List[] };
type List = { id: string; name: string; pos: number };
type Card = { board: Board; item: SimItem; id: string; shortLink: string };
type Action = { id: string; date: string; card: Card; type: 'createCard' | 'updateCard'; from: List | null; to: List };

export async function startTrelloSim(data: SimData, options: TrelloSimOptions = {}): Promise<TrelloSim> {
  const pageSize = Math.min(options.pageSize ?? MAX_LIMIT, MAX_LIMIT);
  const limits = rateLimits();
  let origin = '';

  // Everything is derived from the live data at each request, so tests may change it between requests.
  function boards(): Board[] {
    return data.projects.map((project) => {
      const firstAt = project.items.map((i) => i.createdAt).sort()[0] ?? '2030-01-01T00:00:00.000Z';
      const createdAt = new Date(Date.parse(firstAt) - 86_400_000).toISOString();
      const names: string[] = [];
      for (const item of project.items)
        for (const { state } of item.history) if (!names.includes(state)) names.push(state);
      return {
        project,
        id: trelloId(createdAt, `board:${project.key}`),
        shortLink: project.key,
        createdAt,
        lists: names.map((name, i) => ({
          id: trelloId(createdAt, `list:${project.key}:${name}`),
          name,
          pos: (i + 1) * 16_384,
        })),
      };
    });
  }
  const cardsOf = (board: Board): Card[] =>
    board.project.items.map((item) => ({
      board,
      item,
      id: trelloId(item.createdAt, `card:${board.project.key}:${item.id}`),
      shortLink: shortLink(`card:${board.project.key}:${item.id}`),
    }));
  const listNamed = (board: Board, name: string) => board.lists.find((l) => l.name === name)!;

  function actionsOf(card: Card): Action[] {
    const { board, item } = card;
    return item.history.map((change, i) => ({
      id: trelloId(change.at, `action:${board.project.key}:${item.id}:${i}`),
      date: new Date(change.at).toISOString(),
      card,
      type: i === 0 ? 'createCard' : 'updateCard',
      from: i === 0 ? null : listNamed(board, item.history[i - 1]!.state),
      to: listNamed(board, change.state),
    }));
  }

  const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);
  function findBoard(idOrShortLink: string): Board {
    const board = boards().find((b) => b.id === idOrShortLink || b.shortLink === idOrShortLink);
    if (board) return board;
    if (isId(idOrShortLink) || /^[A-Za-z0-9]{8}$/.test(idOrShortLink)) throw new TrelloRefusal(404, NOT_FOUND);
    throw new TrelloRefusal(400, 'invalid id');
  }
  function findCard(idOrShortLink: string): Card {
    for (const board of boards())
      for (const card of cardsOf(board)) if (card.id === idOrShortLink || card.shortLink === idOrShortLink) return card;
    if (isId(idOrShortLink) || /^[A-Za-z0-9]{8}$/.test(idOrShortLink)) throw new TrelloRefusal(404, NOT_FOUND);
    throw new TrelloRefusal(400, 'invalid id');
  }
  function findList(id: string): { board: Board; list: List } {
    for (const board of boards()) {
      const list = board.lists.find((l) => l.id === id);
      if (list) return { board, list };
    }
    throw new TrelloRefusal(isId(id) ? 404 : 400, isId(id) ? NOT_FOUND : 'invalid id');
  }

  const person = (id: string | undefined) => (id === undefined ? undefined : data.people.find((p) => p.id === id));
  const memberJson = (p: SimPerson, withEmail = false): Json => ({
    id: p.id,
    fullName: p.name,
    username: slug(p.name).replace(/-/g, ''),
    initials: initials(p.name),
    avatarHash: null,
    activityBlocked: false,
    // Trello shows a member's e-mail to that member alone.
    ...(withEmail ? { email: p.email } : {}),
  });

  /** Only the fields asked for (and the id), as Trello's `fields` parameter does; all when absent or "all". */
  function pick(object: Json, query: URLSearchParams): Json {
    const asked = query.get('fields');
    if (asked === null || asked === '' || asked === 'all') return object;
    const names = new Set(asked.split(',').map((name) => name.trim()));
    return Object.fromEntries(Object.entries(object).filter(([name]) => name === 'id' || names.has(name)));
  }

  const boardJson = (board: Board): Json => ({
    id: board.id,
    name: board.project.name,
    desc: '',
    closed: false,
    idOrganization: '5e1f00a1c0ffee00000000aa',
    pinned: false,
    url: `https://trello.com/b/${board.shortLink}/${slug(board.project.name)}`,
    shortUrl: `https://trello.com/b/${board.shortLink}`,
    shortLink: board.shortLink,
    dateLastActivity: new Date(
      Math.max(...board.project.items.map((i) => Date.parse(i.history.at(-1)!.at)), Date.parse(board.createdAt)),
    ).toISOString(),
    prefs: { permissionLevel: 'org', background: 'blue' },
  });
  const listJson = (board: Board, list: List): Json => ({
    id: list.id,
    name: list.name,
    closed: false,
    idBoard: board.id,
    pos: list.pos,
    subscribed: false,
    softLimit: null,
  });
  const cardJson = (card: Card): Json => {
    const { board, item } = card;
    const last = item.history.at(-1)!;
    return {
      id: card.id,
      name: item.title,
      desc: '',
      closed: false,
      idBoard: board.id,
      idList: listNamed(board, currentState(item)).id,
      idMembers: item.assignee === undefined ? [] : [item.assignee],
      idLabels: [],
      idShort: item.id,
      shortLink: card.shortLink,
      shortUrl: `https://trello.com/c/${card.shortLink}`,
      url: item.link ?? `https://trello.com/c/${card.shortLink}/${item.id}-${slug(item.title)}`,
      pos: item.id * 16_384,
      due: null,
      dueComplete: false,
      start: null,
      dateLastActivity: new Date(last.at).toISOString(),
      labels: [],
    };
  };
  function actionJson(action: Action): Json {
    const { board, item } = action.card;
    const actor = person(item.assignee) ?? data.people[0];
    const cardRef = { id: action.card.id, name: item.title, idShort: item.id, shortLink: action.card.shortLink };
    const boardRef = { id: board.id, name: board.project.name, shortLink: board.shortLink };
    return {
      id: action.id,
      idMemberCreator: actor?.id ?? null,
      type: action.type,
      date: action.date,
      data:
        action.type === 'createCard'
          ? { card: cardRef, list: { id: action.to.id, name: action.to.name }, board: boardRef }
          : {
              card: { ...cardRef, idList: action.to.id },
              old: { idList: action.from!.id },
              board: boardRef,
              listBefore: { id: action.from!.id, name: action.from!.name },
              listAfter: { id: action.to.id, name: action.to.name },
            },
      appCreator: null,
      limits: {},
      ...(actor ? { memberCreator: memberJson(actor) } : {}),
    };
  }

  /** Trello's `filter` for actions: all, a type, or type:field (updateCard:idList is a move between lists). */
  function matches(action: Action, filter: string): boolean {
    const wanted = filter.split(',').map((f) => f.trim());
    return wanted.some(
      (f) => f === 'all' || f === action.type || (f === 'updateCard:idList' && action.type === 'updateCard'),
    );
  }

  /** An instant to compare ids with, from `before`/`since` as an id or a date. */
  function bound(query: URLSearchParams, name: string): { id: string } | { at: number } | null {
    const raw = query.get(name);
    if (raw === null || raw === '') return null;
    if (isId(raw)) return { id: raw };
    const at = Date.parse(raw);
    if (Number.isNaN(at)) throw new TrelloRefusal(400, `invalid value for ${name}`);
    return { at };
  }
  const olderThan = (id: string, b: { id: string } | { at: number }) => ('id' in b ? id < b.id : idTime(id) < b.at);
  const newerThan = (id: string, b: { id: string } | { at: number }) => ('id' in b ? id > b.id : idTime(id) > b.at);

  function limitOf(query: URLSearchParams, fallback: number): number {
    const raw = query.get('limit');
    if (raw === null || raw === '') return Math.min(fallback, pageSize);
    if (!/^\d+$/.test(raw) || Number(raw) > MAX_LIMIT) throw new TrelloRefusal(400, 'invalid value for limit');
    return Math.min(Number(raw), pageSize);
  }

  /** A newest-first page of ids by `before`/`since` and `limit`. */
  function page<T extends { id: string }>(all: T[], query: URLSearchParams, fallback: number): T[] {
    const before = bound(query, 'before');
    const since = bound(query, 'since');
    const limit = limitOf(query, fallback);
    return all
      .filter((x) => (!before || olderThan(x.id, before)) && (!since || newerThan(x.id, since)))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit);
  }

  function cardsAnswer(cards: Card[], query: URLSearchParams, filter: string): Json[] {
    if (!['all', 'open', 'visible', 'closed', 'none'].includes(filter)) throw new TrelloRefusal(400, 'invalid value');
    const shown = filter === 'closed' || filter === 'none' ? [] : cards;
    // Without `limit` Trello answers every card in board order; with it, pages newest first.
    const listed =
      query.has('limit') || query.has('before') || query.has('since') ? page(shown, query, MAX_LIMIT) : shown;
    return listed.map((card) => pick(cardJson(card), query));
  }

  function me(): Json {
    const self = data.people.find((p) => p.email !== null) ?? data.people[0];
    return self
      ? { ...memberJson(self, true), idBoards: boards().map((b) => b.id) }
      : { id: trelloId('2030-01-01T00:00:00Z', 'me'), fullName: 'Trello member', username: 'member' };
  }

  function route(path: string, query: URLSearchParams): unknown {
    let match: RegExpExecArray | null;
    if (path === '/1/members/me') return pick(me(), query);
    if ((match = /^\/1\/boards\/([^/]+)$/.exec(path))) return pick(boardJson(findBoard(match[1]!)), query);
    if ((match = /^\/1\/boards\/([^/]+)\/lists$/.exec(path))) {
      const board = findBoard(match[1]!);
      const filter = query.get('filter') ?? 'open';
      const lists = filter === 'closed' || filter === 'none' ? [] : board.lists;
      return lists.map((list) => pick(listJson(board, list), query));
    }
    if ((match = /^\/1\/boards\/([^/]+)\/members$/.exec(path))) {
      const board = findBoard(match[1]!);
      const ids = new Set(board.project.items.flatMap((i) => (i.assignee === undefined ? [] : [i.assignee])));
      return data.people.filter((p) => ids.has(p.id)).map((p) => pick(memberJson(p), query));
    }
    if ((match = /^\/1\/boards\/([^/]+)\/cards(?:\/([^/]+))?$/.exec(path))) {
      const board = findBoard(match[1]!);
      return cardsAnswer(cardsOf(board), query, match[2] ?? 'visible');
    }
    if ((match = /^\/1\/lists\/([^/]+)\/cards$/.exec(path))) {
      const { board, list } = findList(match[1]!);
      return cardsAnswer(
        cardsOf(board).filter((c) => currentState(c.item) === list.name),
        query,
        query.get('filter') ?? 'open',
      );
    }
    if ((match = /^\/1\/boards\/([^/]+)\/actions$/.exec(path))) {
      const board = findBoard(match[1]!);
      const filter = query.get('filter') ?? 'all';
      const actions = cardsOf(board)
        .flatMap(actionsOf)
        .filter((a) => matches(a, filter));
      return page(actions, query, 50).map(actionJson);
    }
    if ((match = /^\/1\/cards\/([^/]+)$/.exec(path))) return pick(cardJson(findCard(match[1]!)), query);
    if ((match = /^\/1\/cards\/([^/]+)\/actions$/.exec(path))) {
      const card = findCard(match[1]!);
      // A card's actions default to its comments; ask for the moves with filter=updateCard:idList.
      const filter = query.get('filter') ?? 'commentCard';
      return page(
        actionsOf(card).filter((a) => matches(a, filter)),
        query,
        50,
      ).map(actionJson);
    }
    throw new TrelloRefusal(404, `Cannot GET ${path}`);
  }

  /** Throws Trello's refusal unless the key and token (query or OAuth header) are a live account's. */
  function signIn(request: http.IncomingMessage, query: URLSearchParams): void {
    const header = request.headers.authorization ?? '';
    const oauth = (name: string) =>
      /^OAuth\s/i.test(header) ? (new RegExp(`${name}="([^"]*)"`).exec(header)?.[1] ?? null) : null;
    const key = query.get('key') ?? oauth('oauth_consumer_key');
    const token = query.get('token') ?? oauth('oauth_token');
    if (!key || !data.accounts.some((a) => a.user === key)) throw new TrelloRefusal(401, 'invalid key');
    if (!token) throw new TrelloRefusal(401, 'unauthorized permission requested');
    const account = data.accounts.find((a) => a.user === key && a.token === token);
    if (!account || account.expired) throw new TrelloRefusal(401, 'invalid token');
  }

  function answer(request: http.IncomingMessage): Answer {
    const url = new URL(request.url ?? '/', origin);
    const seconds = limits.next();
    if (seconds !== undefined)
      return {
        status: 429,
        body: { error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' },
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': String(seconds),
          'x-rate-limit-api-token-interval-ms': '10000',
          'x-rate-limit-api-token-max': '100',
          'x-rate-limit-api-token-remaining': '0',
          'x-rate-limit-api-key-interval-ms': '10000',
          'x-rate-limit-api-key-max': '300',
          'x-rate-limit-api-key-remaining': '199',
        },
      };
    try {
      if (request.method !== 'GET') throw new TrelloRefusal(404, `Cannot ${request.method} ${url.pathname}`);
      signIn(request, url.searchParams);
      const segments = url.pathname.split('/').map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          throw new TrelloRefusal(400, 'invalid id');
        }
      });
      return { status: 200, body: route(segments.join('/'), url.searchParams) };
    } catch (error) {
      if (!(error instanceof TrelloRefusal)) throw error;
      return { status: error.status, body: error.message };
    }
  }

  const served = await serve(
    {
      port: options.port,
      json: 'application/json; charset=utf-8',
      failed: (error) => ({ status: 500, body: `Internal server error: ${String(error)}` }),
    },
    (request) => answer(request),
  );
  origin = served.origin;

  return {
    url: origin,
    data,
    requests: served.requests,
    boardId: (key) => findBoard(key).id,
    limitNext: limits.add,
    expire: (token) => expireToken(data, token),
    close: served.close,
  };
}
