/**
 * How a connector talks to its tracker: JSON over HTTP(S) with the tracker's auth header, the tracker's
 * answers turned into TrackerErrors a person can act on, and its rate-limit hints honoured.
 *
 * - 429, and 503 with Retry-After: waits what Retry-After (seconds or an HTTP date) or Jira's
 *   X-RateLimit-Reset says, up to `maxWaitSeconds`, and tries again, at most `maxRetries` times; beyond
 *   that it fails as rate-limited with the wait still asked for, so a scheduled sync comes back then. A
 *   request may also read a limit from the body (`bodyRateLimit`: monday.com's GraphQL errors with
 *   `retry_in_seconds`, sent with 200 as often as with 429), which is honoured the same way.
 * - 401 and 403: credentials; 404: not-found; other 5xx, timeouts and socket errors: unreachable; a 2xx
 *   that is not JSON: bad-answer. A tracker's own message (Jira's errorMessages, Azure's message, Graph's
 *   error.message, Trello's short plain-text refusal) is kept, cut to one short line; the rest of an error
 *   body is never shown.
 * - The address is a person's word: unless private addresses are allowed (TRACKER_ALLOW_PRIVATE_URLS, for
 *   a TFS or Jira Server on the office network, and the tests' stand-ins), a host that is or resolves to a
 *   loopback, private or link-local address is refused before connecting (security/addresses.ts).
 * - Answers over 32 MiB are cut off as bad-answer rather than read into memory.
 */
import { isSpecialAddress } from '../../../security/addresses.js';
import { addressGuard, ANSWER_TOO_LARGE, sendOutbound, type OutboundAnswer } from '../../../security/outbound.js';
import { TrackerError } from './types.js';

export type TrackerHttpOptions = {
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  maxWaitSeconds?: number;
  /** Waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
};

export type TrackerRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string | URL;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * A rate limit said in the answer's body rather than (only) its status: monday.com's GraphQL answers a
   * spent complexity budget with 200 and an error carrying `retry_in_seconds`, and its 429s carry the same
   * field. Null when the body asks no wait; otherwise the seconds asked (null: limited, without a hint). A 2xx
   * that asks is waited for, retried and given up on as a 429 is.
   */
  bodyRateLimit?: (body: unknown) => { seconds: number | null } | null;
};

export type TrackerResponse<T> = { status: number; headers: Record<string, string>; body: T };

export type TrackerHttp = <T>(request: TrackerRequest) => Promise<TrackerResponse<T>>;

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const REFUSED = 'ERR_TRACKER_ADDRESS_REFUSED';

function refused(host: string): Error {
  return Object.assign(new Error(`${host} is not a public address`), { code: REFUSED });
}
const publicOnly = addressGuard(isSpecialAddress, refused);

/** Seconds to wait from Retry-After (delta seconds or an HTTP date) or X-RateLimit-Reset (an instant); null if none. */
export function retryAfterSeconds(headers: Record<string, string>, now = Date.now()): number | null {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const reset = headers['x-ratelimit-reset']?.trim();
  if (reset) {
    const at = /^\d+$/.test(reset) ? Number(reset) * 1000 : Date.parse(reset);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  return null;
}

/** The tracker's own explanation in an error body, one line of at most 200 characters; '' when it has none. */
export function trackerMessage(body: string): string {
  let text = '';
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const candidates = [
      Array.isArray(parsed['errorMessages']) ? parsed['errorMessages'][0] : undefined,
      parsed['message'],
      (parsed['error'] as Record<string, unknown> | undefined)?.['message'],
      parsed['error_message'],
      Array.isArray(parsed['errors'])
        ? (parsed['errors'][0] as Record<string, unknown> | undefined)?.['message']
        : undefined,
      typeof parsed['error'] === 'string' ? parsed['error'] : undefined,
    ];
    text = String(candidates.find((c) => typeof c === 'string' && c.trim() !== '') ?? '');
  } catch {
    // Trello answers its refusals in plain text ("invalid token"); an HTML page (a proxy's, a sign-in) says nothing.
    text = /^[^<{[]/.test(body.trim()) && body.length <= 500 ? body : '';
  }
  const line = text.replace(/\p{Cc}+/gu, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function send(request: TrackerRequest, options: TrackerHttpOptions): Promise<OutboundAnswer> {
  const url = new URL(request.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(
      new TrackerError('unreachable', `Only http and https addresses can be reached (${url.protocol})`),
    );
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return sendOutbound({
    url,
    method: request.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBytes: MAX_BODY_BYTES,
    guard: options.allowPrivateAddresses ? undefined : publicOnly,
  });
}

function unreachable(error: unknown, url: URL): TrackerError {
  if (error instanceof TrackerError) return error;
  const code = (error as { code?: string }).code;
  if (code === REFUSED) return new TrackerError('unreachable', (error as Error).message);
  if (code === 'ETIMEDOUT') return new TrackerError('unreachable', `${url.host} did not answer in time`);
  if (code === ANSWER_TOO_LARGE) return new TrackerError('bad-answer', 'The tracker answered more than 32 MiB at once');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new TrackerError('unreachable', `${url.hostname} was not found`);
  return new TrackerError('unreachable', `${url.host} could not be reached (${code ?? 'connection failed'})`);
}

/** The wait a 429's body asks for, when the request knows how to read it. */
function bodyHint(request: TrackerRequest, text: string): number | null {
  if (!request.bodyRateLimit) return null;
  try {
    return request.bodyRateLimit(JSON.parse(text))?.seconds ?? null;
  } catch {
    return null;
  }
}

export function trackerHttp(options: TrackerHttpOptions): TrackerHttp {
  const maxRetries = options.maxRetries ?? 3;
  const maxWait = options.maxWaitSeconds ?? 30;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async <T>(request: TrackerRequest): Promise<TrackerResponse<T>> => {
    const url = new URL(request.url);
    for (let attempt = 0; ; attempt++) {
      let answer: OutboundAnswer;
      try {
        answer = await send(request, options);
      } catch (error) {
        throw unreachable(error, url);
      }
      const { status, headers, text } = answer;
      // Azure DevOps answers a refused token with its sign-in page and 203 (unless told not to redirect).
      if (status === 203)
        throw new TrackerError('credentials', 'The tracker refused the credentials (203, a sign-in page)');
      // The tracker's own words, read only from an answer that is not a success: a successful body is parsed
      // once, below, and never again as a message (it may be megabytes).
      const suffix = () => {
        const said = trackerMessage(text);
        return said ? `: ${said}` : '';
      };
      const wait = retryAfterSeconds(headers);
      /** Waits before the next attempt, or fails as rate-limited with the wait still asked for. */
      const waitOrGiveUp = async (hint: number | null) => {
        const seconds = wait ?? hint ?? 2 ** attempt;
        if (attempt >= maxRetries || seconds > maxWait)
          throw new TrackerError(
            'rate-limited',
            `The tracker limits requests; try again in ${seconds} s${suffix()}`,
            seconds,
          );
        await sleep(seconds * 1000);
      };
      if (status >= 200 && status < 300) {
        if (text.trim() === '') return { status, headers, body: undefined as T };
        let body: T;
        try {
          body = JSON.parse(text) as T;
        } catch {
          throw new TrackerError('bad-answer', `${url.host} answered something other than JSON`);
        }
        const asked = request.bodyRateLimit?.(body) ?? null;
        if (asked === null) return { status, headers, body };
        await waitOrGiveUp(asked.seconds);
        continue;
      }
      if (status === 429 || (status === 503 && wait !== null)) {
        await waitOrGiveUp(bodyHint(request, text));
        continue;
      }
      if (status === 401 || status === 403)
        throw new TrackerError('credentials', `The tracker refused the credentials (${status})${suffix()}`);
      if (status === 404) throw new TrackerError('not-found', `The tracker has no such project or item${suffix()}`);
      if (status >= 500) throw new TrackerError('unreachable', `The tracker failed (${status})${suffix()}`);
      throw new TrackerError('bad-answer', `The tracker refused the request (${status})${suffix()}`);
    }
  };
}
