import { createServer, type RequestListener, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from './logger.js';
import { memoryStore } from './secret-store.js';
import {
  checkServerUrl,
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
    // The test servers are plain http on loopback: allowed once the user confirms.
    expect(await server.change(`${url}/`, { confirmPlainHttp: true })).toEqual({ ok: true, url });
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
    const confirmed = { confirmPlainHttp: true };
    await server.change(first, confirmed);
    await refreshToken.set('token-of-first-server');
    await server.change(first, confirmed);
    expect(await refreshToken.get()).toBe('token-of-first-server');
    await server.change(second, confirmed);
    expect(await refreshToken.get()).toBeNull();
  });

  it('TEAMBEAT_SERVER_URL pre-configures an install until the user chooses', async () => {
    const { server } = await connection({ defaultUrl: 'teambeat.acme.example' });
    expect(server.current()).toBe('https://teambeat.acme.example');
  });
});

describe('plain http: loopback and private LAN addresses only, and only after an explicit confirmation', () => {
  // https always; http to a loopback or private address (IP literal, or localhost) after the user confirms;
  // http to anything else (public, link-local, carrier-grade NAT, a host name that could resolve anywhere) never.
  const table: [string, 'https' | 'confirm' | 'refused'][] = [
    ['https://teambeat.acme.example', 'https'],
    ['https://203.0.113.9', 'https'],
    ['https://192.168.1.20', 'https'],
    ['http://localhost:8080', 'confirm'],
    ['http://127.0.0.1:8080', 'confirm'],
    ['http://127.8.9.10', 'confirm'],
    ['http://[::1]:8080', 'confirm'],
    ['http://10.0.0.5', 'confirm'],
    ['http://10.255.255.255', 'confirm'],
    ['http://172.16.0.1', 'confirm'],
    ['http://172.31.255.254', 'confirm'],
    ['http://192.168.1.20:8080', 'confirm'],
    ['http://[fc00::1]', 'confirm'],
    ['http://[fd12:3456::1]:8080', 'confirm'],
    ['http://172.15.255.255', 'refused'],
    ['http://172.32.0.1', 'refused'],
    ['http://192.169.0.1', 'refused'],
    ['http://11.0.0.1', 'refused'],
    ['http://203.0.113.9', 'refused'],
    ['http://8.8.8.8', 'refused'],
    ['http://169.254.169.254', 'refused'],
    ['http://[fe80::1]', 'refused'],
    ['http://100.64.0.1', 'refused'],
    ['http://0.0.0.0', 'refused'],
    ['http://[::]', 'refused'],
    ['http://[::ffff:192.168.1.1]', 'refused'],
    ['http://[2001:db8::1]', 'refused'],
    ['http://[fbff::1]', 'refused'],
    ['http://teambeat.acme.example', 'refused'],
    ['http://teambeat.local', 'refused'],
    ['http://intranet', 'refused'],
    ['http://10.0.0.5.nip.io', 'refused'],
    ['http://localhost.acme.example', 'refused'],
  ];
  it.each(table)('%s is %s', (url, expected) => {
    const code = (confirmedPlainHttp: boolean) => {
      const check = checkServerUrl(url, { confirmedPlainHttp });
      return check.ok ? 'ok' : check.code;
    };
    if (expected === 'https') {
      expect([code(false), code(true)]).toEqual(['ok', 'ok']);
    } else if (expected === 'confirm') {
      expect([code(false), code(true)]).toEqual(['HTTP_NEEDS_CONFIRMATION', 'ok']);
    } else {
      expect([code(false), code(true)]).toEqual(['INSECURE_HTTP', 'INSECURE_HTTP']);
    }
  });

  it('the connection refuses http to a public host and unconfirmed http before probing', async () => {
    const probed: string[] = [];
    const server = createServerConnection({
      store: fileServerUrlStore(path.join(dir, 'settings.json'), silentLogger),
      probe: async (url) => {
        probed.push(url);
        return { ok: true, url };
      },
      refreshToken: memoryStore(),
      defaultUrl: null,
      onChange: () => {},
      logger: silentLogger,
    });
    await server.load();
    expect(await server.change('http://203.0.113.9')).toMatchObject({ ok: false, code: 'INSECURE_HTTP' });
    expect(await server.change('http://192.168.1.20:8080')).toMatchObject({
      ok: false,
      code: 'HTTP_NEEDS_CONFIRMATION',
    });
    expect(probed).toEqual([]);
    expect(server.current()).toBeNull();
    expect(await server.change('http://192.168.1.20:8080', { confirmPlainHttp: true })).toEqual({
      ok: true,
      url: 'http://192.168.1.20:8080',
    });
    expect(await server.change('http://203.0.113.9', { confirmPlainHttp: true })).toMatchObject({
      code: 'INSECURE_HTTP',
    });
    expect(server.current()).toBe('http://192.168.1.20:8080');
  });

  it('never trusts a stored or pre-configured http address of a public host', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ serverUrl: 'http://203.0.113.9' }));
    expect(await fileServerUrlStore(file, silentLogger).get()).toBeNull();
    await writeFile(file, JSON.stringify({ serverUrl: 'http://10.1.2.3:8080' }));
    expect(await fileServerUrlStore(file, silentLogger).get()).toBe('http://10.1.2.3:8080');
    const preconfigured = createServerConnection({
      store: fileServerUrlStore(path.join(dir, 'none.json'), silentLogger),
      probe: async (url) => ({ ok: true, url }),
      refreshToken: memoryStore(),
      defaultUrl: 'http://teambeat.acme.example',
      onChange: () => {},
      logger: silentLogger,
    });
    expect(await preconfigured.load()).toBeNull();
  });
});
