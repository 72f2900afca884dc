/**
 * How Teambeat talks to a BioTime server (docs/devices.md, "BioTime"): its REST API, token authentication and DRF
 * paging, with every failure turned into a BiotimeError whose code tells the admin what to fix.
 *
 * - Sign-in: POST /jwt-api-token-auth/ {username, password} -> {token}, sent as `Authorization: JWT <token>`; a
 *   server without that path (404) is asked /api-token-auth/, whose general token is sent as `Token <token>`. A
 *   400 or 401 there is the credentials; a 404 on both, or an answer without a token, is not BioTime.
 * - A 401 on an API call (the JWT expired mid-pull) signs in again and repeats the call once; a second 401 is the
 *   credentials.
 * - Lists are read by page number (`page`, `page_size`); a page past the last (404 "Invalid page.") is the end
 *   (the list shrank meanwhile).
 * - Addresses on the office network (and this machine) are allowed: BioTime runs on a company's own server. A
 *   link-local address never is (169.254.0.0/16, fe80::/10: where clouds answer their metadata, credentials
 *   included), nor an unspecified, multicast or reserved one: refused before connecting, whether written or what
 *   the name resolves to (the connection goes to the address checked). The check only ever reports a code and
 *   BioTime's own `detail`, never another body.
 */
import { BlockList, isIP } from 'node:net';
import type { BiotimeErrorCode } from '../../../../shared/contracts/biotime.js';
import { addressGuard, ANSWER_TOO_LARGE, sendOutbound, type OutboundAnswer } from '../../security/outbound.js';

export class BiotimeError extends Error {
  constructor(
    readonly code: BiotimeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BiotimeError';
  }
}

export type BiotimeCredentials = { url: string; username: string; password: string };

export type BiotimePage<T> = { count: number; next: string | null; data: T[] };

/** `timeoutMs`: how long BioTime may stay silent (20 s). */
export type BiotimeClientOptions = { timeoutMs?: number };

/** A terminal as BioTime's /iclock/api/terminals/ answers it (the fields we read). */
export type BiotimeTerminalRow = { sn?: unknown; alias?: unknown; ip_address?: unknown; terminal_tz?: unknown };
/** A transaction as /iclock/api/transactions/ answers it (the fields we read). */
export type BiotimeTransactionRow = {
  id?: unknown;
  emp_code?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  punch_time?: unknown;
  terminal_sn?: unknown;
};

type Answer = { status: number; json: unknown; isJson: boolean };

const MAX_BODY = 32 * 1024 * 1024;

/** Addresses no BioTime server has (docs/devices.md "BioTime"); the office network's are not among them. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches this machine by another name
NEVER.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local: cloud metadata at 169.254.169.254
NEVER.addSubnet('224.0.0.0', 3, 'ipv4'); // multicast and reserved
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('fe80::', 10, 'ipv6'); // link-local
NEVER.addAddress('fd00:ec2::254', 'ipv6'); // EC2's metadata over IPv6
NEVER.addSubnet('ff00::', 8, 'ipv6'); // multicast

/** Whether `address` is one BioTime is never called on; IPv4-mapped IPv6 addresses are checked as IPv4. */
export function isRefusedBiotimeAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NEVER.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedHost = (host: string) =>
  new BiotimeError('bad-url', `${host} is a link-local or reserved address, which no BioTime server has`);
const guard = addressGuard(isRefusedBiotimeAddress, refusedHost);

/** BioTime's (DRF's) own words in a refusal: `detail`, or the first of `non_field_errors`; '' when none. */
export function biotimeDetail(json: unknown): string {
  if (!json || typeof json !== 'object') return '';
  const body = json as Record<string, unknown>;
  const said =
    typeof body['detail'] === 'string'
      ? body['detail']
      : Array.isArray(body['non_field_errors'])
        ? body['non_field_errors'][0]
        : '';
  const line = String(said ?? '')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function unreachable(error: unknown, url: URL): BiotimeError {
  if (error instanceof BiotimeError) return error;
  const err = error as { code?: string; message?: string };
  const code = err.code;
  if (code === 'ETIMEDOUT') return new BiotimeError('unreachable', `${url.host} did not answer in time`);
  if (code === ANSWER_TOO_LARGE)
    return new BiotimeError('not-biotime', `${url.host} answered more than 32 MiB at once`);
  if (code === 'ECONNREFUSED') return new BiotimeError('unreachable', `${url.host} refused the connection`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new BiotimeError('unreachable', `${url.hostname} was not found`);
  if (code === 'ECONNRESET') return new BiotimeError('unreachable', `${url.host} closed the connection`);
  return new BiotimeError(
    'unreachable',
    `${url.host} could not be reached (${code ?? err.message ?? 'connection failed'})`,
  );
}

export function biotimeClient(credentials: BiotimeCredentials, options: BiotimeClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let base: URL;
  try {
    base = new URL(credentials.url.replace(/\/*$/, '/'));
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new BiotimeError('bad-url', `“${credentials.url}” is not an http:// or https:// address`);
  }
  let auth: string | null = null;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const url = new URL(path.replace(/^\//, ''), base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let answer: OutboundAnswer;
    try {
      answer = await sendOutbound({
        url,
        method,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(auth && method === 'GET' ? { authorization: auth } : {}),
        },
        body: payload,
        timeoutMs,
        maxBytes: MAX_BODY,
        guard,
      });
    } catch (error) {
      throw unreachable(error, url);
    }
    try {
      return { status: answer.status, json: JSON.parse(answer.text) as unknown, isJson: true };
    } catch {
      return { status: answer.status, json: null, isJson: false };
    }
  }

  const failure = (answer: Answer, what: string): BiotimeError => {
    const said = biotimeDetail(answer.json);
    const suffix = said ? `: ${said}` : '';
    if (answer.status >= 500) return new BiotimeError('server-error', `BioTime failed (${answer.status})${suffix}`);
    if (answer.status === 401 || answer.status === 403)
      return new BiotimeError('credentials', `BioTime refused the credentials (${answer.status})${suffix}`);
    return new BiotimeError('not-biotime', `${what} answered ${answer.status}, not as BioTime does${suffix}`);
  };

  async function signIn(): Promise<void> {
    const login = { username: credentials.username, password: credentials.password };
    for (const [path, scheme] of [
      ['/jwt-api-token-auth/', 'JWT'],
      ['/api-token-auth/', 'Token'],
    ] as const) {
      const answer = await send('POST', path, login);
      if (answer.status === 404 || answer.status === 405) continue;
      if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
        if (!answer.isJson) throw failure({ ...answer, status: 404 }, base.host);
        const said = biotimeDetail(answer.json);
        throw new BiotimeError('credentials', `BioTime refused the user name or password${said ? `: ${said}` : ''}`);
      }
      if (answer.status >= 500) throw failure(answer, base.host);
      const token = (answer.json as { token?: unknown } | null)?.token;
      if (answer.status === 200 && typeof token === 'string' && token !== '') {
        auth = `${scheme} ${token}`;
        return;
      }
      throw new BiotimeError('not-biotime', `${base.host} answered the sign-in without a BioTime token`);
    }
    throw new BiotimeError('not-biotime', `${base.host} has no BioTime token endpoint (/jwt-api-token-auth/)`);
  }

  /** One page of a list; null when the page is past the last. */
  async function page<T>(path: string, query: Record<string, string | number>): Promise<BiotimePage<T> | null> {
    if (!auth) await signIn();
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const target = `${path}?${search.toString()}`;
    let answer = await send('GET', target);
    if (answer.status === 401) {
      // The token expired (JWTs live a few hours): sign in again once.
      await signIn();
      answer = await send('GET', target);
    }
    if (answer.status === 404 && biotimeDetail(answer.json) === 'Invalid page.' && Number(query['page']) > 1)
      return null;
    if (answer.status !== 200 || !answer.isJson) throw failure(answer, base.host);
    const body = answer.json as { count?: unknown; next?: unknown; data?: unknown };
    if (!body || typeof body.count !== 'number' || !Array.isArray(body.data))
      throw new BiotimeError('not-biotime', `${base.host} answered ${path} without BioTime's {count, data}`);
    return { count: body.count, next: typeof body.next === 'string' ? body.next : null, data: body.data as T[] };
  }

  return { signIn, page };
}

export type BiotimeClient = ReturnType<typeof biotimeClient>;
