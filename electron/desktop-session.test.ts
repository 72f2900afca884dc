import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createDesktopSession } from './desktop-session.js';
import { silentLogger } from './logger.js';
import { memoryStore } from './secret-store.js';

/** A stand-in company server over real HTTP: rotates refresh tokens like the API (one use each). */
const servers: Server[] = [];
async function authServer(options: { status?: number; drop?: boolean } = {}) {
  const seen: { url: string; body: Record<string, unknown> }[] = [];
  let valid = 'rt_1';
  let n = 1;
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      seen.push({ url: request.url ?? '', body });
      if (options.drop) return void request.socket.destroy();
      if (options.status) return void response.writeHead(options.status).end('{}');
      if (request.url === '/api/auth/refresh') {
        if (body['refreshToken'] !== valid) return void response.writeHead(401).end('{}');
        n += 1;
        valid = `rt_${n}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(
          JSON.stringify({ accessToken: `at_${n}`, tokenType: 'Bearer', expiresIn: 900, refreshToken: valid }),
        );
      }
      response.writeHead(204).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, seen };
}
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function setup(options: { status?: number; drop?: boolean } = {}) {
  const server = await authServer(options);
  const store = memoryStore();
  const session = createDesktopSession({
    store,
    serverUrl: () => server.url,
    fetch: (url, init) => fetch(url, init),
    timeoutMs: 2_000,
    logger: silentLogger,
  });
  return { server, store, session };
}

describe('the desktop session in the main process (security review #10, item 18)', () => {
  it('refreshes itself, keeps the rotated token and answers only the access token', async () => {
    const { server, store, session } = await setup();
    await session.keep('rt_1');
    const answer = await session.refresh();
    expect(answer).toEqual({ ok: true, accessToken: 'at_2', expiresIn: 900 });
    expect(JSON.stringify(answer)).not.toContain('rt_');
    expect(await store.get()).toBe('rt_2');
    expect(server.seen[0]).toEqual({ url: '/api/auth/refresh', body: { refreshToken: 'rt_1', client: 'desktop' } });
    expect((await session.refresh()).ok).toBe(true);
    expect(await store.get()).toBe('rt_3');
  });

  it('shares one request between concurrent refreshes, so a rotation is never presented twice', async () => {
    const { server, session } = await setup();
    await session.keep('rt_1');
    const answers = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(server.seen).toHaveLength(1);
  });

  it('a refused token ends the session and is deleted; an unreachable server keeps it', async () => {
    const refused = await setup();
    await refused.session.keep('rt_stolen');
    expect(await refused.session.refresh()).toEqual({ ok: false, reason: 'ended' });
    expect(await refused.store.get()).toBeNull();

    const down = await setup({ drop: true });
    await down.session.keep('rt_1');
    expect(await down.session.refresh()).toEqual({ ok: false, reason: 'unreachable' });
    expect(await down.store.get()).toBe('rt_1');
    const failing = await setup({ status: 503 });
    await failing.session.keep('rt_1');
    expect(await failing.session.refresh()).toEqual({ ok: false, reason: 'unreachable' });
    expect(await failing.store.get()).toBe('rt_1');
  });

  it('without a stored token there is no session', async () => {
    const { server, session } = await setup();
    expect(await session.refresh()).toEqual({ ok: false, reason: 'ended' });
    expect(server.seen).toHaveLength(0);
  });

  it('signs out on the server with the stored token and deletes it, also when offline', async () => {
    const { server, store, session } = await setup();
    await session.keep('rt_1');
    await session.signOut();
    expect(server.seen).toEqual([{ url: '/api/auth/sign-out', body: { refreshToken: 'rt_1' } }]);
    expect(await store.get()).toBeNull();
    const offline = await setup({ drop: true });
    await offline.session.keep('rt_1');
    await offline.session.signOut();
    expect(await offline.store.get()).toBeNull();
  });
});
