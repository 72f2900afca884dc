/**
 * The desktop's single sign-on, as plain logic the main process drives (docs/sso.md, "Desktop"). The
 * provider's page opens in the system browser (never an embedded web view); the server's callback returns
 * through the teambeat:// deep link, or a loopback listener where the OS cannot route the scheme, with a
 * one-time code that only this process can exchange: it holds the verifier whose S256 challenge it sent.
 *
 * `createDesktopSso` runs one attempt at a time and takes everything outside itself as parameters (the
 * system browser, the loopback listener factory, the deep-link source, the timers, fetch), so
 * electron/sso-flow.server.test.ts drives it against the real server and provider over real sockets.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.js';

export const SSO_SCHEME = 'teambeat';

export type PendingSso = {
  verifier: string;
  challenge: string;
  /** What the server's return carries as `state`: derived from the challenge, which only we and the server know. */
  returnState: string;
  loopbackPort?: number;
};

/** The server's formula (server/src/modules/sso/service.ts, desktopReturnState). */
export function returnStateOf(challenge: string): string {
  return createHash('sha256').update(`teambeat-sso-return:${challenge}`).digest('base64url');
}

export function newPendingSso(loopbackPort?: number): PendingSso {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, returnState: returnStateOf(challenge), ...(loopbackPort ? { loopbackPort } : {}) };
}

/** A teambeat://sso link is a sign-in's return: never an app route, whether or not an attempt is waiting. */
export function isSsoLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${SSO_SCHEME}:` && parsed.hostname.toLowerCase() === 'sso';
  } catch {
    return false;
  }
}

/** The deep link among a second instance's arguments (Windows and Linux pass it on the command line). */
export function deepLinkFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.startsWith(`${SSO_SCHEME}://`));
}

export type SsoReturn = { code: string } | { error: string };

/**
 * Reads the callback's return: teambeat://sso?state=…&code=… or http://127.0.0.1:<the port we listen on>/sso?….
 * Anything else (another path, host or port, no attempt waiting, or a state that is not this attempt's) is not
 * ours and answers null: a link any web page can open must not end or answer our sign-in.
 */
export function parseSsoReturn(url: string, pending: PendingSso | null): SsoReturn | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const deepLink =
    parsed.protocol === `${SSO_SCHEME}:` && parsed.hostname.toLowerCase() === 'sso' && /^\/?$/.test(parsed.pathname);
  const loopback =
    parsed.protocol === 'http:' &&
    parsed.hostname === '127.0.0.1' &&
    pending?.loopbackPort !== undefined &&
    parsed.port === String(pending.loopbackPort) &&
    parsed.pathname === '/sso';
  if (!deepLink && !loopback) return null;
  if (!pending || parsed.searchParams.get('state') !== pending.returnState) return null;
  const error = parsed.searchParams.get('error');
  if (error) return { error: /^[A-Z_]{1,64}$/.test(error) ? error : 'SSO_FAILED' };
  const code = parsed.searchParams.get('code');
  return code ? { code } : null;
}

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/** Asks the server for the provider's URL; the caller opens it with shell.openExternal. */
export async function startDesktopSso(
  fetchFn: Fetch,
  serverUrl: string,
  email: string,
  pending: PendingSso,
): Promise<string> {
  const res = await fetchFn(`${serverUrl}/api/auth/sso/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      client: 'desktop',
      handoffChallenge: pending.challenge,
      ...(pending.loopbackPort ? { loopbackPort: pending.loopbackPort } : {}),
    }),
  });
  const body = (await res.json()) as { authorizationUrl?: string; error?: { code: string } };
  if (!res.ok || !body.authorizationUrl) throw new Error(body.error?.code ?? `SSO start failed (${res.status})`);
  const url = new URL(body.authorizationUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Refusing a non-web authorization URL');
  return url.href;
}

/** Exchanges the returned code with the verifier; answers the desktop session (refresh token in the body). */
export async function completeDesktopSso(
  fetchFn: Fetch,
  serverUrl: string,
  code: string,
  pending: PendingSso,
): Promise<{ accessToken: string; expiresIn: number; refreshToken: string }> {
  const res = await fetchFn(`${serverUrl}/api/auth/sso/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, verifier: pending.verifier }),
  });
  const body = (await res.json()) as {
    accessToken?: string;
    expiresIn?: number;
    refreshToken?: string;
    error?: { code: string };
  };
  if (!res.ok || !body.accessToken || !body.refreshToken) throw new Error(body.error?.code ?? 'SSO_HANDOFF_INVALID');
  return { accessToken: body.accessToken, expiresIn: body.expiresIn ?? 0, refreshToken: body.refreshToken };
}

export type DesktopSsoOutcome =
  | { ok: true; accessToken: string; expiresIn: number; refreshToken: string }
  /** An error code of the catalogue (shared/messages.ts), or SSO_CANCELLED when the person or a new attempt ended it. */
  | { ok: false; code: string };

/** A loopback listener for one attempt; `close` ends it and every connection it holds. */
export type LoopbackListener = { port: number; close: () => Promise<void> };
/** Starts a listener on 127.0.0.1 that hands each request's URL to `onRequest` (true: it was our return). */
export type ListenLoopback = (onRequest: (url: string) => boolean) => Promise<LoopbackListener>;
/** Subscribes to the teambeat:// links the OS delivers (open-url, a second instance); answers the unsubscribe. */
export type DeepLinkSource = (listener: (url: string) => boolean) => () => void;
/** The clock: a timer and its cancellation (real ones in the app, controlled ones in a test). */
export type SsoTimers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const realSsoTimers: SsoTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * How the provider's return reaches this process. A custom scheme needs the OS to know the app: the Windows
 * installer and the macOS bundle register teambeat:// (electron-builder.yml, protocols); a Linux AppImage
 * registers nothing without a desktop integration tool, and an unpackaged development run would hand the link
 * to whichever build registered last. Those return through a loopback listener instead (RFC 8252, 7.3).
 */
export function ssoReturnChannel(platform: string, isPackaged: boolean): 'deep-link' | 'loopback' {
  return isPackaged && (platform === 'win32' || platform === 'darwin') ? 'deep-link' : 'loopback';
}

export type DesktopSsoOptions = {
  /** The company server chosen in the app (server-url.ts), null before one was chosen. */
  serverUrl: () => string | null;
  fetch: Fetch;
  /** shell.openExternal: the system browser. */
  openExternal: (url: string) => Promise<void>;
  listenLoopback: ListenLoopback;
  deepLinks: DeepLinkSource;
  returnChannel: () => 'deep-link' | 'loopback';
  timers: SsoTimers;
  /** How long the person may take at the provider; the server forgets the attempt after 10 minutes anyway. */
  timeoutMs?: number;
  logger: Logger;
};

export type DesktopSso = {
  /** Opens the provider in the system browser and resolves once the return is exchanged, refused or given up. */
  start: (email: string) => Promise<DesktopSsoOutcome>;
  /** Ends the attempt waiting, if any: its start resolves with SSO_CANCELLED and its listener closes. */
  cancel: () => void;
};

const SSO_TIMEOUT_MS = 10 * 60_000;

export function createDesktopSso(options: DesktopSsoOptions): DesktopSso {
  const { logger } = options;
  let current: { end: (result: DesktopSsoOutcome) => void } | null = null;

  const attempt = async (email: string): Promise<DesktopSsoOutcome> => {
    let settle!: (value: SsoReturn | DesktopSsoOutcome) => void;
    const returned = new Promise<SsoReturn | DesktopSsoOutcome>((resolve) => (settle = resolve));
    const self = { end: (result: DesktopSsoOutcome) => settle(result) };
    current?.end({ ok: false, code: 'SSO_CANCELLED' });
    current = self;

    let pending: PendingSso | null = null;
    const onReturn = (url: string): boolean => {
      const result = parseSsoReturn(url, pending);
      if (!result) return false;
      settle(result);
      return true;
    };
    let listener: LoopbackListener | null = null;
    let unsubscribe: (() => void) | null = null;
    let timer: unknown = null;
    try {
      const server = options.serverUrl();
      if (!server) return { ok: false, code: 'UNAVAILABLE' };
      if (options.returnChannel() === 'loopback') listener = await options.listenLoopback(onReturn);
      pending = newPendingSso(listener?.port);
      unsubscribe = options.deepLinks(onReturn);
      timer = options.timers.setTimeout(
        () => settle({ ok: false, code: 'SSO_STATE_INVALID' }),
        options.timeoutMs ?? SSO_TIMEOUT_MS,
      );
      const started = await Promise.race([startDesktopSso(options.fetch, server, email, pending), returned]);
      if (typeof started !== 'string') return asResult(started);
      await options.openExternal(started);
      logger.info({ returnChannel: listener ? 'loopback' : 'deep-link' }, 'single sign-on opened in the browser');
      const back = await returned;
      if ('ok' in back) return back;
      if ('error' in back) return { ok: false, code: back.error };
      return { ok: true, ...(await completeDesktopSso(options.fetch, server, back.code, pending)) };
    } catch (error) {
      logger.warn({ err: error }, 'single sign-on failed');
      return { ok: false, code: codeOf(error) };
    } finally {
      if (timer !== null) options.timers.clearTimeout(timer);
      unsubscribe?.();
      await listener?.close();
      if (current === self) current = null;
    }
  };

  return {
    start: attempt,
    cancel: () => current?.end({ ok: false, code: 'SSO_CANCELLED' }),
  };
}

function asResult(value: SsoReturn | DesktopSsoOutcome): DesktopSsoOutcome {
  if ('ok' in value) return value;
  // A return before the browser was even opened cannot be ours; parseSsoReturn already checked its state.
  return 'error' in value ? { ok: false, code: value.error } : { ok: false, code: 'SSO_FAILED' };
}

/** The server's error code when it gave one, UNAVAILABLE when it could not be reached, SSO_FAILED otherwise. */
function codeOf(error: unknown): string {
  if (error instanceof Error && /^[A-Z_]{3,64}$/.test(error.message)) return error.message;
  if (error instanceof TypeError) return 'UNAVAILABLE';
  return 'SSO_FAILED';
}

/**
 * The real loopback listener: 127.0.0.1 on a port the OS picks, answering the browser with a short page so
 * the person knows to go back to the app. Only GET /sso?… reaches `onRequest`; anything else is 404.
 */
export const listenLoopback: ListenLoopback = async (onRequest) => {
  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    const ours = req.method === 'GET' && onRequest(`http://127.0.0.1:${port}${req.url ?? '/'}`);
    res.writeHead(ours ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'",
      connection: 'close',
    });
    res.end(ours ? LOOPBACK_PAGE : '');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** The browser tab's last page. Main-process text (no catalogue there): English and French side by side. */
const LOOPBACK_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Teambeat</title>' +
  '<p>You can close this tab and go back to Teambeat.</p>' +
  '<p lang="fr">Vous pouvez fermer cet onglet et revenir à Teambeat.</p>';
