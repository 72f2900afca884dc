/**
 * Trello: a board's cards with their moves between lists, through Trello's public REST API
 * (https://api.trello.com/1) with the API key and the member's token in the OAuth header. What the API does
 * that this relies on (docs/projects.md, "Trello"):
 *
 * - Trello has no sprints: the board is one rolling sprint (ref the board's id, open while the board is, with
 *   no dates). The project's key is the board's id or its short link (trello.com/b/{shortLink}/…).
 * - Cards are PBIs (an assigned card is its first member's task, by the PBI-without-tasks rule); checklist
 *   items are not read. Archived cards and lists are read too: a card done and archived is still work done.
 * - Status: the name of the card's list through statusFromTrackerState. The history is the board's
 *   `updateCard:idList` actions (each names the lists before and after, as they were named then), so dev
 *   cycle time and QA kickbacks are real. A card's creation time is read from its id (its first 8 hex digits
 *   are seconds), and its first status from the list its first move left (its list now if it never moved).
 * - Cards and actions are paged newest first with `limit` and `before` (the oldest id of the page before);
 *   Trello does not say whether more remain, so pages are read until one comes back empty.
 * - Members' e-mails are shown by Trello to nobody but the member: assignees come with their full name only,
 *   and are mapped to employees by hand.
 */
import { statusFromTrackerState, type StatusChange } from '../../../../../shared/projects.js';
import type { TrackerHttp } from './http.js';
import { answerShape, MAX_LISTED, milestones, text, trackerLink } from './shape.js';
import {
  TrackerError,
  type TrackerConnection,
  type TrackerConnector,
  type TrackerItem,
  type TrackerPerson,
  type TrackerSprint,
} from './types.js';

/** What a page asks for: Trello's most. */
const PAGE = 1000;
/**
 * The most moves between lists read, above the common MAX_LISTED: a board is one rolling sprint, so its moves
 * pile up over the board's whole life rather than one sprint's (5,000 cards moved ten times are 50,000 moves,
 * on a board a team keeps for years). Cards keep the common cap.
 */
const MAX_MOVES = 200_000;
const BOARD_ID = /^[0-9a-f]{24}$/;
const SHORT_LINK = /^[A-Za-z0-9]{8}$/;

type TrelloBoard = { id?: unknown; name?: unknown; closed?: unknown };
type TrelloList = { id?: unknown; name?: unknown };
type TrelloMember = { id?: unknown; fullName?: unknown; username?: unknown };
type TrelloCard = { id?: unknown; name?: unknown; idList?: unknown; idMembers?: unknown; url?: unknown };
type TrelloAction = {
  id?: unknown;
  date?: unknown;
  data?: { card?: { id?: unknown }; listBefore?: { name?: unknown }; listAfter?: { name?: unknown } };
};

const { badAnswer, instant } = answerShape('Trello');

/** When a Trello object was made: its id begins with the seconds since 1970 in 8 hex digits. */
function createdFromId(id: string): string {
  if (!BOARD_ID.test(id)) throw badAnswer(`an id (${id})`);
  return new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString();
}

/** The API's address: https://api.trello.com for Trello's own site, else the address as given (a stand-in). */
function apiBase(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '').replace(/\/1$/, '');
  if (!URL.canParse(base)) return base;
  const host = new URL(base).hostname.toLowerCase();
  return host === 'trello.com' || host === 'www.trello.com' ? 'https://api.trello.com' : base;
}

export function createTrelloConnector(connection: TrackerConnection, http: TrackerHttp): TrackerConnector {
  const base = apiBase(connection.baseUrl);
  const key = connection.projectKey.trim();
  const quote = (value: string) => value.replace(/["\\]/g, '');
  const authorization = `OAuth oauth_consumer_key="${quote(connection.user.trim())}", oauth_token="${quote(connection.token)}"`;

  async function get<T>(path: string, query: Record<string, string | number> = {}, notFound?: string): Promise<T> {
    if (!URL.canParse(base + path)) throw new TrackerError('unreachable', `${connection.baseUrl} is not a web address`);
    const url = new URL(base + path);
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

  const noBoard = (board: string) =>
    `Trello has no board ${board}, or this token may not read it (the key is the board's id or the short link in its address, trello.com/b/{short link})`;

  async function board(idOrShortLink: string): Promise<{ id: string; name: string; closed: boolean }> {
    if (!BOARD_ID.test(idOrShortLink) && !SHORT_LINK.test(idOrShortLink))
      throw new TrackerError('not-found', noBoard(idOrShortLink));
    const body = await get<TrelloBoard>(
      `/1/boards/${idOrShortLink}`,
      { fields: 'name,closed,shortLink' },
      noBoard(idOrShortLink),
    );
    const id = text(body.id);
    const name = text(body.name);
    if (id === null || name === null) throw badAnswer('the board');
    return { id, name, closed: body.closed === true };
  }

  /** Every entry of a newest-first list paged with limit and before, until a page comes back empty. */
  async function paged<T extends { id?: unknown }>(
    path: string,
    query: Record<string, string>,
    notFound: string,
    cap: number,
  ) {
    const all: T[] = [];
    let before: string | null = null;
    for (;;) {
      const page: T[] = await get<T[]>(path, { ...query, limit: PAGE, ...(before ? { before } : {}) }, notFound);
      if (!Array.isArray(page)) throw badAnswer(path);
      if (page.length === 0) return all;
      all.push(...page);
      if (all.length > cap) throw badAnswer(`${path} (more than ${cap} entries)`);
      const oldest: string | null = page
        .map((entry) => text(entry.id))
        .reduce<string | null>((min, id) => (id === null ? min : min === null || id < min ? id : min), null);
      if (oldest === null || oldest === before) throw badAnswer(path);
      before = oldest;
    }
  }

  return {
    tool: 'trello',

    async verify() {
      return { name: (await board(key)).name };
    },

    async sprints(): Promise<TrackerSprint[]> {
      const found = await board(key);
      return [
        {
          ref: found.id,
          name: found.name,
          goal: null,
          startDate: null,
          endDate: null,
          state: found.closed ? 'closed' : 'active',
        },
      ];
    },

    async items(sprintRef) {
      if (!BOARD_ID.test(sprintRef)) throw new TrackerError('not-found', `Trello has no board ${sprintRef}`);
      const path = `/1/boards/${sprintRef}`;
      const gone = noBoard(sprintRef);
      const lists = await get<TrelloList[]>(`${path}/lists`, { filter: 'all', fields: 'name' }, gone);
      const members = await get<TrelloMember[]>(`${path}/members`, { fields: 'fullName,username' }, gone);
      if (!Array.isArray(lists) || !Array.isArray(members)) throw badAnswer('the board’s lists or members');
      const listNames = new Map<string, string>();
      for (const list of lists) {
        const id = text(list.id);
        const name = text(list.name);
        if (id === null || name === null) throw badAnswer('a list');
        listNames.set(id, name);
      }
      const people = new Map<string, TrackerPerson>();
      for (const member of members) {
        const id = text(member.id);
        const name = text(member.fullName) || text(member.username);
        if (id !== null && name) people.set(id, { name, email: null });
      }

      const cards = await paged<TrelloCard>(
        `${path}/cards/all`,
        { fields: 'name,idList,idMembers,url' },
        gone,
        MAX_LISTED,
      );
      const actions = await paged<TrelloAction>(`${path}/actions`, { filter: 'updateCard:idList' }, gone, MAX_MOVES);
      const moves = new Map<string, { at: string; from: string | null; to: string }[]>();
      for (const action of actions) {
        const cardId = text(action.data?.card?.id);
        const to = text(action.data?.listAfter?.name);
        if (cardId === null || to === null) throw badAnswer('a move between lists');
        const list = moves.get(cardId) ?? [];
        list.push({ at: instant(action.date, 'a move’s date'), from: text(action.data?.listBefore?.name), to });
        moves.set(cardId, list);
      }

      const seen = new Set<string>();
      const items: TrackerItem[] = [];
      // Oldest card first, as they were made.
      for (const card of [...cards].sort((a, b) => String(a.id).localeCompare(String(b.id)))) {
        const id = text(card.id);
        const listId = text(card.idList);
        if (id === null || listId === null) throw badAnswer('a card');
        if (seen.has(id)) continue;
        seen.add(id);
        const listName = listNames.get(listId);
        if (listName === undefined) throw badAnswer(`a card in a list the board does not have (${listId})`);
        const createdAt = createdFromId(id);
        // Stable: moves at the same instant keep Trello's order (newest first, so reversed).
        const cardMoves = [...(moves.get(id) ?? [])].reverse().sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
        const history: StatusChange[] = [
          { at: createdAt, to: statusFromTrackerState(cardMoves[0]?.from ?? listName) },
          ...cardMoves.map((move) => ({ at: move.at, to: statusFromTrackerState(move.to) })),
        ];
        const status = statusFromTrackerState(listName);
        const memberIds = Array.isArray(card.idMembers) ? card.idMembers.map(text).filter((m) => m !== null) : [];
        const first = memberIds[0];
        items.push({
          ref: id,
          kind: 'pbi',
          parentRef: null,
          title: text(card.name) ?? '',
          type: 'Card',
          status,
          trackerStatus: listName,
          // A member who left the board is still on the card: named by id until someone maps them.
          assignee: first === undefined ? null : (people.get(first) ?? { name: first, email: null }),
          url: trackerLink(text(card.url) ?? `https://trello.com/c/${id}`, connection.baseUrl),
          createdAt,
          ...milestones(history, status),
          history,
        });
      }
      return items;
    },
  };
}
