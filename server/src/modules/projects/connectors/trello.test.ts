// The Trello connector against the Trello stand-in (tools/tracker-sim/trello.ts) over real HTTP on loopback:
// the board as one sprint, cards with their moves between lists as history, paging, and every error a person
// can meet.
import { describe, expect, it } from 'vitest';
import { taskMetrics } from '../../../../../shared/projects.js';
import type { SimData, SimItem } from '../../../../../tools/tracker-sim/model.js';
import {
  startTrelloSim,
  trelloDemoData,
  type TrelloSim,
  type TrelloSimOptions,
} from '../../../../../tools/tracker-sim/trello.js';
import type { TrackerHttp, TrackerHttpOptions } from './http.js';
import { at, connectorTestKit, failure, servedPaths } from './test-kit.js';
import { createTrelloConnector } from './trello.js';
import type { TrackerConnection } from './types.js';

const NOW = '2030-06-12T12:00:00.000Z';
const kit = connectorTestKit();
const { waits } = kit;

async function start(data: SimData = trelloDemoData(), options: TrelloSimOptions = {}): Promise<TrelloSim> {
  return kit.track(await startTrelloSim(data, options));
}

function connect(sim: TrelloSim, connection: Partial<TrackerConnection> = {}, http: Partial<TrackerHttpOptions> = {}) {
  return createTrelloConnector(
    {
      tool: 'trello',
      baseUrl: `${sim.url}/`,
      projectKey: 'Qx7Lm2Pa',
      user: 'trello-demo-key',
      token: 'trello-demo-token',
      ...connection,
    },
    kit.http(http),
  );
}

const paths = servedPaths;

describe('Trello connector', () => {
  it('reads the board as one sprint and every card with its moves across pages', async () => {
    const sim = await start(trelloDemoData(), { pageSize: 2 });
    const trello = connect(sim);
    const boardId = sim.boardId('Qx7Lm2Pa');

    expect(await trello.verify()).toEqual({ name: 'Customer Portal' });
    // The board's id answers as its short link does.
    expect(await connect(sim, { projectKey: boardId }).verify()).toEqual({ name: 'Customer Portal' });
    expect(await trello.sprints()).toEqual([
      { ref: boardId, name: 'Customer Portal', goal: null, startDate: null, endDate: null, state: 'active' },
    ]);

    const items = await trello.items(boardId);
    expect(items.map((i) => [i.title, i.kind, i.parentRef, i.type, i.trackerStatus, i.status])).toEqual([
      ['Accessibility audit fixes', 'pbi', null, 'Card', 'Backlog', 'new'],
      ['Sign in with a magic link', 'pbi', null, 'Card', 'Done', 'done'],
      ['Download invoices as PDF', 'pbi', null, 'Card', 'Done', 'done'],
      ['Password reset e-mail copy', 'pbi', null, 'Card', 'Code Review', 'testing'],
      ['Usage charts on the dashboard', 'pbi', null, 'Card', 'QA', 'testing'],
    ]);
    const invoices = items[2]!;
    expect(invoices).toEqual({
      ref: expect.stringMatching(/^[0-9a-f]{24}$/),
      kind: 'pbi',
      parentRef: null,
      title: 'Download invoices as PDF',
      type: 'Card',
      status: 'done',
      trackerStatus: 'Done',
      // Trello shows nobody else a member's e-mail.
      assignee: { name: 'Ayesha Fischer', email: null },
      url: expect.stringMatching(/^https:\/\/trello\.com\/c\/[A-Za-z0-9]{8}\/3-download-invoices-as-pdf$/),
      createdAt: at('06-03', '10:00'),
      startedAt: at('06-05', '09:00'),
      finishedAt: at('06-10', '12:00'),
      history: [
        { at: at('06-03', '10:00'), to: 'new' },
        { at: at('06-05', '09:00'), to: 'in-progress' },
        { at: at('06-07', '14:00'), to: 'testing' },
        { at: at('06-10', '12:00'), to: 'done' },
      ],
    });
    expect(items[0]!.assignee).toBeNull();
    expect(items[0]!.history).toEqual([{ at: at('06-02', '16:00'), to: 'new' }]);

    // Two a page, newest first: each page asks for what is older than the last one's oldest, until one is empty.
    const befores = (pattern: RegExp) => paths(sim, pattern).map((p) => new URL(p, sim.url).searchParams.get('before'));
    const cardPages = befores(/\/cards\/all\?/);
    expect(cardPages).toHaveLength(4);
    expect(cardPages[0]).toBeNull();
    expect(new Set(cardPages).size).toBe(4);
    // 13 moves between lists: seven pages and an empty one.
    expect(befores(/\/actions\?/)).toHaveLength(8);
    expect(paths(sim, /\/actions\?/)[0]).toContain('filter=updateCard%3AidList');
    expect(sim.requests.every((r) => r.status === 200)).toBe(true);
    // The token travels in the Authorization header, never in an address a log keeps.
    expect(sim.requests.some((r) => /token=/.test(r.path))).toBe(false);
  });

  it('maps list names to statuses, and the moves into metrics with QA kickbacks', async () => {
    const sim = await start();
    const items = await connect(sim).items(sim.boardId('Qx7Lm2Pa'));
    const byTitle = (title: string) => items.find((i) => i.title === title)!;

    const magic = byTitle('Sign in with a magic link');
    expect(magic.history.map((c) => c.to)).toEqual([
      'new',
      'in-progress',
      'testing',
      'testing',
      'in-progress',
      'testing',
      'done',
    ]);
    expect(taskMetrics(magic.history, NOW)).toEqual({ devCycleHours: 30, qaKickbacks: 1, qaCycleHours: 95 });
    expect(taskMetrics(byTitle('Download invoices as PDF').history, NOW)).toEqual({
      devCycleHours: 53,
      qaKickbacks: 0,
      qaCycleHours: 70,
    });
    // In review since 10:00: QA is still open at NOW.
    const reset = byTitle('Password reset e-mail copy');
    expect(taskMetrics(reset.history, NOW)).toEqual({ devCycleHours: 25, qaKickbacks: 0, qaCycleHours: 2 });
    expect(reset.finishedAt).toBeNull();
    expect(reset.startedAt).toBe(at('06-11', '09:00'));
  });

  it('names a card’s first status by the list its first move left, as that list was named then', async () => {
    const data = trelloDemoData();
    const board = data.projects[0]!;
    // The card was made in "Ready" (a To Do list by its name), and "Ready" is gone from the board since.
    board.items.push({
      id: 6,
      type: 'Card',
      title: 'Export to CSV',
      sprintId: 1,
      createdAt: at('06-10', '10:00'),
      history: [
        { at: at('06-10', '10:00'), state: 'Ready' },
        { at: at('06-11', '10:00'), state: 'Doing' },
      ],
    });
    const sim = await start(data);
    const card = (await connect(sim).items(sim.boardId('Qx7Lm2Pa'))).find((i) => i.title === 'Export to CSV')!;
    expect(card.history).toEqual([
      { at: at('06-10', '10:00'), to: 'new' },
      { at: at('06-11', '10:00'), to: 'in-progress' },
    ]);
  });

  it('keeps no card link a page must not open: a javascript:, data: or relative one is no link', async () => {
    const data = trelloDemoData();
    const [backlog, magic, invoices, reset] = data.projects[0]!.items as [SimItem, SimItem, SimItem, SimItem];
    backlog.link = 'javascript:alert(document.cookie)';
    magic.link = 'data:text/html,<script>alert(1)</script>';
    invoices.link = '/c/Ab12Cd34/3-download-invoices-as-pdf';
    // The stand-in is reached over http, so an http link of its own is kept; an https one always is.
    reset.link = 'http://127.0.0.1/c/Ab12Cd34';
    const sim = await start(data);
    const items = await connect(sim).items(sim.boardId('Qx7Lm2Pa'));
    expect(items.map((i) => [i.title, i.url])).toEqual([
      ['Accessibility audit fixes', null],
      ['Sign in with a magic link', null],
      ['Download invoices as PDF', null],
      ['Password reset e-mail copy', 'http://127.0.0.1/c/Ab12Cd34'],
      ['Usage charts on the dashboard', expect.stringMatching(/^https:\/\/trello\.com\/c\/[A-Za-z0-9]{8}\/5-usage/)],
    ]);
  });

  it('says the credentials were refused: a wrong token or key, or a token revoked since', async () => {
    const sim = await start();
    const wrong = await failure(connect(sim, { token: 'not-the-token' }).verify());
    expect(wrong.code).toBe('credentials');
    // Trello's plain-text reason is kept.
    expect(wrong.message).toContain('invalid token');
    const key = await failure(connect(sim, { user: 'not-the-key' }).verify());
    expect(key.code).toBe('credentials');
    expect(key.message).toContain('invalid key');

    const trello = connect(sim);
    await trello.verify();
    sim.expire('trello-demo-token');
    expect((await failure(trello.sprints())).code).toBe('credentials');
    expect(sim.requests.map((r) => r.status)).toEqual([401, 401, 200, 401]);
  });

  it('says what is missing: an unknown board, a key that is no board’s, a board gone since', async () => {
    const sim = await start();
    const unknown = await failure(connect(sim, { projectKey: 'Zz9Zz9Zz' }).verify());
    expect(unknown.code).toBe('not-found');
    expect(unknown.message).toContain('no board Zz9Zz9Zz');

    // Not an id nor a short link: said without asking Trello.
    const typo = await failure(connect(sim, { projectKey: 'Customer Portal' }).sprints());
    expect(typo.code).toBe('not-found');
    expect(typo.message).toContain('short link');
    expect(sim.requests).toHaveLength(1);

    const gone = await failure(connect(sim).items('5e1f00a1c0ffee00000000ff'));
    expect(gone.code).toBe('not-found');
    expect((await failure(connect(sim).items('not-a-board'))).code).toBe('not-found');
  });

  it('honours Retry-After, and gives up with the wait Trello asks when it is too long', async () => {
    const sim = await start();
    sim.limitNext(2, 1);
    expect((await connect(sim).sprints()).map((s) => s.name)).toEqual(['Customer Portal']);
    expect(sim.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(waits).toEqual([1000, 1000]);

    sim.limitNext(1, 120);
    const limited = await failure(connect(sim, {}, { maxWaitSeconds: 30 }).items(sim.boardId('Qx7Lm2Pa')));
    expect(limited.code).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(120);
    expect(limited.message).toContain('Rate limit exceeded');
  });

  it('refuses answers Trello does not give, and reaches api.trello.com for Trello’s own address', async () => {
    const asked: { url: string; authorization: string | undefined }[] = [];
    const answering =
      (answer: (url: URL) => unknown): TrackerHttp =>
      async <T>(request: Parameters<TrackerHttp>[0]) => {
        const url = new URL(request.url);
        asked.push({ url: url.href, authorization: request.headers?.['authorization'] });
        return { status: 200, headers: {}, body: answer(url) as T };
      };
    const connection = (baseUrl: string): TrackerConnection => ({
      tool: 'trello',
      baseUrl,
      projectKey: 'Qx7Lm2Pa',
      user: 'trello-demo-key',
      token: 'trello-demo-token',
    });

    const named = createTrelloConnector(
      connection('https://trello.com'),
      answering(() => ({ id: '5e1f00a1c0ffee0000000010', name: 'Board' })),
    );
    expect(await named.verify()).toEqual({ name: 'Board' });
    expect(asked[0]).toEqual({
      url: 'https://api.trello.com/1/boards/Qx7Lm2Pa?fields=name%2Cclosed%2CshortLink',
      authorization: 'OAuth oauth_consumer_key="trello-demo-key", oauth_token="trello-demo-token"',
    });

    // Reached over https, a card's plain-http link is no link.
    const plain = createTrelloConnector(
      connection('https://api.trello.com'),
      answering((url) =>
        url.pathname.endsWith('/cards/all') && !url.searchParams.has('before')
          ? [
              {
                id: '5e1f00a1c0ffee0000000011',
                name: 'Card',
                idList: '5e1f00a1c0ffee0000000012',
                url: 'http://trello.com/c/x',
              },
            ]
          : url.pathname.endsWith('/lists')
            ? [{ id: '5e1f00a1c0ffee0000000012', name: 'Doing' }]
            : [],
      ),
    );
    expect((await plain.items('5e1f00a1c0ffee0000000010')).map((i) => i.url)).toEqual([null]);

    const nameless = createTrelloConnector(
      connection('https://api.trello.com'),
      answering(() => ({ id: 'x' })),
    );
    expect((await failure(nameless.verify())).code).toBe('bad-answer');

    // A tracker whose pages never run out (the same page again and again) is not read forever.
    const board = '5e1f00a1c0ffee0000000010';
    const endless = createTrelloConnector(
      connection('https://api.trello.com'),
      answering((url) =>
        url.pathname.endsWith('/cards/all')
          ? [{ id: '5e1f00a1c0ffee0000000011', name: 'Card', idList: '5e1f00a1c0ffee0000000012', idMembers: [] }]
          : url.pathname.endsWith('/lists')
            ? [{ id: '5e1f00a1c0ffee0000000012', name: 'Doing' }]
            : [],
      ),
    );
    expect((await failure(endless.items(board))).code).toBe('bad-answer');

    const strayList = createTrelloConnector(
      connection('https://api.trello.com'),
      answering((url) =>
        url.pathname.endsWith('/cards/all') && !url.searchParams.has('before')
          ? [{ id: '5e1f00a1c0ffee0000000011', name: 'Card', idList: '5e1f00a1c0ffee0000000099' }]
          : [],
      ),
    );
    const stray = await failure(strayList.items(board));
    expect(stray.code).toBe('bad-answer');
    expect(stray.message).toContain('a list the board does not have');
  });
});

describe('Trello stand-in', () => {
  it('answers in Trello’s shapes: plain-text refusals, key and token in the query, rate-limit headers', async () => {
    const sim = await start();
    const refused = await fetch(`${sim.url}/1/members/me`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('invalid key');
    const noToken = await fetch(`${sim.url}/1/members/me?key=trello-demo-key`);
    expect([noToken.status, await noToken.text()]).toEqual([401, 'unauthorized permission requested']);

    const auth = 'key=trello-demo-key&token=trello-demo-token';
    expect(await (await fetch(`${sim.url}/1/members/me?${auth}`)).json()).toMatchObject({
      fullName: 'Omar Iqbal',
      email: 'omar.iqbal@northwind.example',
    });
    const invalid = await fetch(`${sim.url}/1/boards/not%20a%20board?${auth}`);
    expect([invalid.status, await invalid.text()]).toEqual([400, 'invalid id']);
    const missing = await fetch(`${sim.url}/1/boards/Zz9Zz9Zz?${auth}`);
    expect([missing.status, await missing.text()]).toEqual([404, 'The requested resource was not found.']);

    // A card's moves from its own actions, newest first; fields picks what a card answers.
    const cards = (await (await fetch(`${sim.url}/1/boards/Qx7Lm2Pa/cards?fields=name&${auth}`)).json()) as any[];
    expect(Object.keys(cards[1])).toEqual(['id', 'name']);
    const moves = (await (
      await fetch(`${sim.url}/1/cards/${cards[1].id}/actions?filter=updateCard:idList&${auth}`)
    ).json()) as any[];
    expect(moves.map((m) => [m.data.listBefore.name, m.data.listAfter.name])).toEqual([
      ['QA', 'Done'],
      ['Doing', 'QA'],
      ['QA', 'Doing'],
      ['Code Review', 'QA'],
      ['Doing', 'Code Review'],
      ['To Do', 'Doing'],
    ]);
    const tooMany = await fetch(`${sim.url}/1/cards/${cards[1].id}/actions?limit=1001&${auth}`);
    expect([tooMany.status, await tooMany.text()]).toEqual([400, 'invalid value for limit']);

    sim.limitNext(1, 90);
    const limited = await fetch(`${sim.url}/1/members/me?${auth}`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'API_TOKEN_LIMIT_EXCEEDED', message: 'Rate limit exceeded' });
    expect(limited.headers.get('retry-after')).toBe('90');
    expect(limited.headers.get('x-rate-limit-api-token-remaining')).toBe('0');
  });
});
