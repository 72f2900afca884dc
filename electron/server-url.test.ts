import { createServer, type RequestListener, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from './logger.js';
import { memoryStore } from './secret-store.js';
import {
  createServerConnection,
  fileServerUrlStore,
  normalizeServerUrl,
  probeServer,
  type ServerUrlCheck,
} from './server-url.js';

const servers: Server[] = [];
async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const teambeat: RequestListener = (request, response) => {
  if (request.url === '/api/health') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  } else {
    response.writeHead(404).end();
  }
};
const probe = (url: string, timeoutMs = 2_000) => probeServer(url, { fetch: (u, init) => fetch(u, init), timeoutMs });

describe('normalizeServerUrl', () => {
  const ok = (input: string) => {
    const check = normalizeServerUrl(input);
    return check.ok ? check.url : check.code;
  };

  it('turns what people type into a base URL without a trailing slash', () => {
    expect(ok('teambeat.acme.example')).toBe('https://teambeat.acme.example');
    expect(ok('  https://Teambeat.Acme.Example/  ')).toBe('https://teambeat.acme.example');
    expect(ok('https://acme.example/teambeat/')).toBe('https://acme.example/teambeat');
    expect(ok('https://acme.example/teambeat/api')).toBe('https://acme.example/teambeat');
    expect(ok('http://192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(ok('localhost:8080')).toBe('https://localhost:8080');
  });

  it('refuses other schemes, credentials, queries and garbage', () => {
    expect(ok('javascript:alert(1)')).toBe('UNSUPPORTED_SCHEME');
    expect(ok('file:///etc/passwd')).toBe('UNSUPPORTED_SCHEME');
    expect(ok('ftp://files.acme.example')).toBe('UNSUPPORTED_SCHEME');
    expect(ok('https://admin:secret@acme.example')).toBe('INVALID_URL');
    expect(ok('https://acme.example/?next=evil')).toBe('INVALID_URL');
    expect(ok('https://acme.example/#x')).toBe('INVALID_URL');
    expect(ok('')).toBe('INVALID_URL');
    expect(ok('http://')).toBe('INVALID_URL');
    expect(ok(`https://acme.example/${'a'.repeat(2100)}`)).toBe('INVALID_URL');
  });
});

describe('probeServer against real HTTP servers', () => {
  it('accepts a server whose /api/health answers like Teambeat', async () => {
    const url = await serve(teambeat);
    expect(await probe(url)).toEqual({ ok: true, url });
  });

  it('refuses another web server', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>It works!</html>');
    });
    expect(await probe(url)).toMatchObject({ ok: false, code: 'NOT_TEAMBEAT' });
  });

  it('reports an address where nothing listens, or that never answers, as unreachable', async () => {
    const closed = await serve(teambeat);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await probe(closed)).toMatchObject({ ok: false, code: 'UNREACHABLE' });

    const silent = await serve(() => {
      // Accepts the connection and never answers.
    });
    expect(await probe(silent, 200)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
  });
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'teambeat-server-url-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the remembered server', () => {
  it('survives a restart in settings.json', async () => {
    const file = path.join(dir, 'userData', 'settings.json');
    await fileServerUrlStore(file, silentLogger).set('https://teambeat.acme.example');
    expect(await fileServerUrlStore(file, silentLogger).get()).toBe('https://teambeat.acme.example');
  });

  it('ignores a corrupt or hand-edited file instead of trusting it', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '{"serverUrl": "javascript:alert(1)"}');
    expect(await fileServerUrlStore(file, silentLogger).get()).toBeNull();
    await writeFile(file, '{not json');
    expect(await fileServerUrlStore(file, silentLogger).get()).toBeNull();
  });
});

describe('choosing the server', () => {
  const connection = async (
    options: { probe?: (url: string) => Promise<ServerUrlCheck>; defaultUrl?: string } = {},
  ) => {
    const file = path.join(dir, 'settings.json');
    const refreshToken = memoryStore();
    const changes: string[] = [];
    const server = createServerConnection({
      store: fileServerUrlStore(file, silentLogger),
      probe: options.probe ?? ((url) => probe(url)),
      refreshToken,
      defaultUrl: options.defaultUrl ?? null,
      onChange: (url) => changes.push(url),
      logger: silentLogger,
    });
    await server.load();
    return { server, refreshToken, changes, file };
  };

  it('first start: nothing chosen; a reachable Teambeat server is kept and announced', async () => {
    const url = await serve(teambeat);
    const { server, changes, file } = await connection();
    expect(server.current()).toBeNull();
    expect(await server.change(`${url}/`)).toEqual({ ok: true, url });
    expect(server.current()).toBe(url);
    expect(changes).toEqual([url]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverUrl: url });
  });

  it('an invalid address is refused before any request; an unreachable one is not saved', async () => {
    const probed: string[] = [];
    const { server, file } = await connection({
      probe: async (url) => {
        probed.push(url);
        return { ok: false, code: 'UNREACHABLE', message: 'down' };
      },
    });
    expect(await server.change('javascript:alert(1)')).toMatchObject({ ok: false, code: 'UNSUPPORTED_SCHEME' });
    expect(probed).toEqual([]);
    expect(await server.change('https://down.acme.example')).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(server.current()).toBeNull();
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('switching to another server signs out of the previous one', async () => {
    const first = await serve(teambeat);
    const second = await serve(teambeat);
    const { server, refreshToken } = await connection();
    await server.change(first);
    await refreshToken.set('token-of-first-server');
    await server.change(first);
    expect(await refreshToken.get()).toBe('token-of-first-server');
    await server.change(second);
    expect(await refreshToken.get()).toBeNull();
  });

  it('TEAMBEAT_SERVER_URL pre-configures an install until the user chooses', async () => {
    const { server } = await connection({ defaultUrl: 'teambeat.acme.example' });
    expect(server.current()).toBe('https://teambeat.acme.example');
  });
});
