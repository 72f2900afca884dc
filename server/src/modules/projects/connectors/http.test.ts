// trackerHttp (http.ts) against a small server on loopback answering what each case needs: a successful body
// is read once, and a limit asked in a successful body or a 429 is waited for, then given up on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackerHttp } from './http.js';
import { failure } from './test-kit.js';

type Reply = { status: number; body: string; headers?: Record<string, string> };
const servers: http.Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A server answering `replies` in turn (the last one again once they run out). */
async function answering(...replies: Reply[]): Promise<{ url: string; served: () => number }> {
  let count = 0;
  const server = http.createServer((request, response) => {
    const reply = replies[Math.min(count++, replies.length - 1)]!;
    request.resume();
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, served: () => count };
}

function client(waits: number[] = []) {
  return trackerHttp({
    allowPrivateAddresses: true,
    maxRetries: 2,
    maxWaitSeconds: 30,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

describe('trackerHttp', () => {
  it('parses a successful body once (it may be megabytes), not again as an error message', async () => {
    const body = JSON.stringify({
      message: 'a field some answers carry',
      values: Array.from({ length: 100 }, (_, i) => i),
    });
    const { url } = await answering({ status: 200, body });
    const parse = vi.spyOn(JSON, 'parse');
    const answer = await client()<{ values: number[] }>({ url });
    expect(answer.body.values).toHaveLength(100);
    expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1);
  });

  it('waits for a limit asked in a successful body, then gives up with the wait and the tracker’s words', async () => {
    const limited = {
      status: 200,
      body: JSON.stringify({ errors: [{ message: 'Budget spent', retry_in_seconds: 7 }] }),
    };
    const bodyRateLimit = (body: unknown) => {
      const seconds = (body as { errors?: { retry_in_seconds?: number }[] }).errors?.[0]?.retry_in_seconds;
      return seconds === undefined ? null : { seconds };
    };
    const waits: number[] = [];
    const server = await answering(limited, limited, { status: 200, body: '{"data":1}' });
    expect((await client(waits)<{ data: number }>({ url: server.url, bodyRateLimit })).body).toEqual({ data: 1 });
    expect(waits).toEqual([7000, 7000]);

    const always = await answering(limited);
    const error = await failure(client()({ url: always.url, bodyRateLimit }));
    expect([error.code, error.retryAfterSeconds, error.message]).toEqual([
      'rate-limited',
      7,
      'The tracker limits requests; try again in 7 s: Budget spent',
    ]);
    // The first try and two retries.
    expect(always.served()).toBe(3);
  });

  it('gives up at once on a 429 asking longer than it waits, and retries a short one with backing off', async () => {
    const long = await answering({ status: 429, body: '{"message":"Slow down"}', headers: { 'retry-after': '120' } });
    const error = await failure(client()({ url: long.url }));
    expect([error.code, error.retryAfterSeconds, error.message]).toEqual([
      'rate-limited',
      120,
      'The tracker limits requests; try again in 120 s: Slow down',
    ]);
    expect(long.served()).toBe(1);

    const waits: number[] = [];
    const bare = await answering({ status: 429, body: '' }, { status: 429, body: '' }, { status: 200, body: '[]' });
    expect((await client(waits)({ url: bare.url })).body).toEqual([]);
    // No hint: 1 s, then 2 s.
    expect(waits).toEqual([1000, 2000]);
  });
});
