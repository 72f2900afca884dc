/**
 * The outbound request of trackers and BioTime against real local servers: the answer and its headers, a
 * silent server, an answer over the limit, and an address the guard refuses, written or resolved.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressGuard, ANSWER_TOO_LARGE, sendOutbound } from './outbound.js';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/silent') return; // never answers
    if (request.url === '/large') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(4096));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      response.writeHead(201, { 'x-echo': request.method ?? '', 'set-cookie': ['a=1', 'b=2'] });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (path: string, extra: Partial<Parameters<typeof sendOutbound>[0]> = {}) =>
  sendOutbound({ url: new URL(path, base), method: 'GET', headers: {}, timeoutMs: 2000, maxBytes: 1024, ...extra });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );
const loopback = addressGuard(
  (address) => address === '127.0.0.1' || address === '::1',
  (host) => Object.assign(new Error(`${host} refused`), { code: 'REFUSED_HERE' }),
);

describe('sendOutbound', () => {
  it('answers the status, the headers (repeated ones joined) and the body as text', async () => {
    const answer = await send('/echo', { method: 'POST', body: '{"a":1}' });
    expect(answer).toMatchObject({ status: 201, text: '{"a":1}' });
    expect(answer.headers['x-echo']).toBe('POST');
    expect(answer.headers['set-cookie']).toBe('a=1, b=2');
  });

  it('gives up on a server that stays silent, and on an answer over the limit', async () => {
    expect(await codeOf(send('/silent', { timeoutMs: 200 }))).toBe('ETIMEDOUT');
    expect(await codeOf(send('/large'))).toBe(ANSWER_TOO_LARGE);
    expect((await send('/large', { maxBytes: 8192 })).text).toHaveLength(4096);
  });

  it('never connects to an address the guard refuses, written or resolved from a name', async () => {
    expect(await codeOf(send('/echo', { guard: loopback }))).toBe('REFUSED_HERE');
    const port = new URL(base).port;
    const byName = sendOutbound({
      url: new URL(`http://localhost:${port}/echo`),
      method: 'GET',
      headers: {},
      timeoutMs: 2000,
      maxBytes: 1024,
      guard: loopback,
    });
    expect(await codeOf(byName)).toBe('REFUSED_HERE');
    // Without a guard, the same name is reached.
    expect((await send(`http://localhost:${port}/echo`)).status).toBe(201);
  });
});
