/**
 * The HTTP side every tracker stand-in shares (tools/tracker-sim): a node:http server on 127.0.0.1 that reads
 * each request's body, asks the stand-in for its answer, logs what it served (the `requests` of SimControls)
 * and writes the answer; and the queue of rate-limited answers `limitNext` fills. What a stand-in answers
 * (paths, paging, auth, error bodies, rate-limit headers) stays its own, as its tracker's API documents it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimControls } from './model.js';

/** One answer: a string body is sent as it is (text/plain unless `headers` say otherwise), anything else as JSON. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Request bodies are read up to this size; a larger one is answered `null` (each stand-in says 413 its way). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type ServeOptions = {
  /** 0 or absent: a free port chosen by the OS. */
  port?: number;
  /** The content type of a JSON answer, as the tracker writes it. */
  json: string;
  /** Headers every answer carries besides its own (Graph's request-id). */
  everyAnswer?: () => Record<string, string>;
  /** The answer when the stand-in itself fails: the tracker's 500 in its own error shape. */
  failed: (error: unknown) => Answer;
};

/**
 * Answers a request; `body` is the request's body as text ('' for none), null when over MAX_BODY_BYTES. An answer
 * may come later (a stand-in holding its requests while a test looks at what waits on them).
 */
export type Handler = (request: http.IncomingMessage, body: string | null) => Answer | Promise<Answer>;

export type Served = Pick<SimControls, 'requests' | 'close'> & {
  /** http://127.0.0.1:{port}, the origin the stand-in's absolute links are written on. */
  origin: string;
};

/** Starts the server; `handle` may read `served.origin` (set before the first request comes). */
export async function serve(options: ServeOptions, handle: Handler): Promise<Served> {
  const requests: SimControls['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', async () => {
      let result: Answer;
      try {
        result = await handle(request, size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = options.failed(error);
      }
      requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', status: result.status });
      const text = typeof result.body === 'string';
      response
        .writeHead(result.status, {
          'content-type': text ? 'text/plain; charset=utf-8' : options.json,
          ...options.everyAnswer?.(),
          ...result.headers,
        })
        .end(text ? (result.body as string) : JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The rate limits `limitNext` (and monday's `exhaustComplexityNext`) queue: each request takes the next one. */
export function rateLimits<T = number>() {
  const queue: T[] = [];
  return {
    /** The next `count` requests are limited with `value` (the seconds to wait, or what the stand-in needs). */
    add(count: number, value: T): void {
      for (let i = 0; i < count; i++) queue.push(value);
    },
    /** The limit of the request being answered, if any; taken off the queue. */
    next: (): T | undefined => queue.shift(),
  };
}
