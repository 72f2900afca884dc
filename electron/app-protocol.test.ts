import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, isRegularFile, routeAppRequest } from './app-protocol.js';
import { recordingLogger } from './logger.js';
import { PACKAGED_APP_ORIGIN } from './window-policy.js';

let dir: string;
let rendererDir: string;
let api: Server;
let apiUrl: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'teambeat-protocol-'));
  rendererDir = path.join(dir, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(rendererDir, 'assets', 'app-1234.js'), 'console.log("app")');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the renderer');

  // A real HTTP server standing in for the company's Teambeat API.
  api = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url?.startsWith('/base/api/gzip')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(gzipSync(JSON.stringify({ compressed: true })));
        return;
      }
      response.writeHead(request.url?.includes('missing') ? 404 : 201, {
        'content-type': 'application/json',
        'x-request-id': 'r-1',
      });
      response.end(JSON.stringify({ echoed: body || null }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  if (typeof address !== 'object' || address === null) throw new Error('the API server has no port');
  apiUrl = `http://127.0.0.1:${address.port}/base`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const route = (url: string, serverUrl: string | null = 'https://teambeat.acme.example') =>
  routeAppRequest(url, { appOrigin: PACKAGED_APP_ORIGIN, rendererDir, serverUrl, isFile: isRegularFile });

describe('routeAppRequest', () => {
  it('serves files of the renderer folder with their content type', async () => {
    expect(await route('app://teambeat/assets/app-1234.js')).toEqual({
      kind: 'file',
      filePath: path.join(rendererDir, 'assets', 'app-1234.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it('answers client-side routes with index.html, but a missing asset with 404', async () => {
    expect(await route('app://teambeat/employees/42')).toMatchObject({
      kind: 'file',
      filePath: path.join(rendererDir, 'index.html'),
    });
    expect(await route('app://teambeat/')).toMatchObject({ filePath: path.join(rendererDir, 'index.html') });
    expect(await route('app://teambeat/assets/gone.js')).toEqual({ kind: 'not-found' });
  });

  it('never leaves the renderer folder, however the path is encoded', async () => {
    for (const url of [
      'app://teambeat/..%2fsecret.txt',
      'app://teambeat/%2e%2e/secret.txt',
      'app://teambeat/assets/..%2f..%2fsecret.txt',
      'app://teambeat/%E0%A4%A',
      'app://teambeat/index.html%00.js',
    ]) {
      expect(await route(url), url).toEqual({ kind: 'not-found' });
    }
  });

  it('sends /api to the configured server, keeping its sub-path and the query', async () => {
    expect(await route('app://teambeat/api/employees?page=2', 'https://acme.example/teambeat')).toEqual({
      kind: 'api',
      target: 'https://acme.example/teambeat/api/employees?page=2',
    });
    expect(await route('app://teambeat/api/health', null)).toEqual({ kind: 'no-server' });
    // Not an API path, although it starts with the same letters.
    expect(await route('app://teambeat/apis')).toMatchObject({ kind: 'file' });
  });

  it('refuses other origins', async () => {
    expect(await route('app://evil/index.html')).toEqual({ kind: 'not-found' });
    expect(await route('https://teambeat/index.html')).toEqual({ kind: 'not-found' });
  });
});

describe('the app:// handler', () => {
  const handler = (serverUrl: string | null) =>
    createAppProtocolHandler({
      appOrigin: PACKAGED_APP_ORIGIN,
      rendererDir,
      serverUrl: () => serverUrl,
      fetch: (url, init) => fetch(url, init),
      contentSecurityPolicy: () => "default-src 'self'",
      logger: recordingLogger(),
    });

  it('serves the page with the CSP header', async () => {
    const response = await handler(apiUrl)(new Request('app://teambeat/login'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('id="root"');
  });

  it('proxies API calls to the real server: method, body, status and headers, minus cookies and origin', async () => {
    const response = await handler(apiUrl)(
      new Request('app://teambeat/api/auth/sign-in?x=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer abc', cookie: 'tb_refresh=leak' },
        body: JSON.stringify({ email: 'a@acme.example' }),
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(await response.json()).toEqual({ echoed: '{"email":"a@acme.example"}' });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/base/api/auth/sign-in?x=1' });
    expect(request.headers.authorization).toBe('Bearer abc');
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers.origin).toBeUndefined();
  });

  it('passes error statuses through and returns decoded bodies without a stale content-encoding', async () => {
    expect((await handler(apiUrl)(new Request('app://teambeat/api/missing'))).status).toBe(404);
    const gzip = await handler(apiUrl)(new Request('app://teambeat/api/gzip'));
    expect(gzip.headers.get('content-encoding')).toBeNull();
    expect(await gzip.json()).toEqual({ compressed: true });
  });

  it('answers 503 before a server is chosen and 502 when it is down, in the API error shape', async () => {
    const unconfigured = await handler(null)(new Request('app://teambeat/api/health'));
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toMatchObject({ error: { code: 'SERVER_NOT_CONFIGURED' } });

    const down = await handler('http://127.0.0.1:1')(new Request('app://teambeat/api/health'));
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ error: { code: 'SERVER_UNREACHABLE' } });
  });

  it('does not serve files outside the renderer folder', async () => {
    const response = await handler(apiUrl)(new Request('app://teambeat/..%2fsecret.txt'));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('outside the renderer');
  });
});
