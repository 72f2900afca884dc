/**
 * The one HTTP client. It adds the Bearer access token (kept in memory only), and on a 401 refreshes the
 * token once and retries; when the refresh is refused the session ends and the app goes to /login. A
 * network error never signs anyone out: it asks the session to verify itself instead (feedback §7).
 */
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import type { SessionResponse } from '../../../shared/contracts/auth';
import { currentLanguage } from '../i18n';
import { platform } from '../platform';
import { emitSessionEvent } from './events';

let accessToken: string | null = null;
let refreshing: Promise<string> | null = null;
/** Requests already retried once after a refresh: a second 401 is final. */
const retried = new WeakSet<InternalAxiosRequestConfig>();

/**
 * Always same-origin /api: the browser gets the app from the API itself; the packaged desktop app serves
 * it from app://teambeat, whose /api the shell forwards to the company server the user chose
 * (electron/app-protocol.ts); in development Vite proxies /api. No CORS anywhere.
 */
export const api = axios.create({ baseURL: '/api', timeout: 30_000, withCredentials: true });

export function hasAccessToken(): boolean {
  return accessToken !== null;
}

/**
 * The browser cannot see its httpOnly refresh cookie, so it keeps a hint that one was issued: without it a
 * first visit skips the refresh call (and its 401) and goes straight to sign-in. The hint is not a secret.
 */
const SESSION_HINT = 'teambeat.hasSession';

function setSessionHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_HINT, '1');
    else localStorage.removeItem(SESSION_HINT);
  } catch {
    // Storage may be disabled; the app then always tries the refresh, which is merely one extra request.
  }
}

function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT) === '1';
  } catch {
    return true;
  }
}

/**
 * Keeps a new session: the access token in memory; on the desktop the refresh token goes straight to the
 * main process (keychain), which never hands it back (electron/desktop-session.ts).
 */
export async function acceptSession(session: SessionResponse): Promise<void> {
  accessToken = session.accessToken;
  if (platform.desktopSession && session.refreshToken) await platform.desktopSession.keep(session.refreshToken);
  if (!platform.desktopSession) setSessionHint(true);
}

/**
 * The page leaves for the identity provider, and the server's callback brings it back with a refresh cookie:
 * the next start must try the refresh (a refused single sign-on costs one refused refresh, which clears this).
 */
export function expectSessionOnReturn(): void {
  if (!platform.desktopSession) setSessionHint(true);
}

export async function forgetSession(): Promise<void> {
  accessToken = null;
  await platform.desktopSession?.forget();
  if (!platform.desktopSession) setSessionHint(false);
}

/** Thrown when the server refuses the refresh token: the session is over, not merely unreachable. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended');
    this.name = 'SessionEndedError';
  }
}

export function isNetworkError(error: unknown): boolean {
  if (error instanceof Error && error.name === 'RefreshUnreachableError') return true;
  return axios.isAxiosError(error) && !error.response && !axios.isCancel(error);
}

/** The desktop's main process could not reach the server to refresh: like a network error, not a sign-out. */
export class RefreshUnreachableError extends Error {
  constructor() {
    super('The server cannot be reached');
    this.name = 'RefreshUnreachableError';
  }
}

/** The desktop: main refreshes with the token only it holds and answers the access token. */
async function refreshInMain(session: NonNullable<typeof platform.desktopSession>): Promise<string> {
  const result = await session.refresh();
  if (!result.ok) {
    if (result.reason === 'unreachable') throw new RefreshUnreachableError();
    accessToken = null;
    throw new SessionEndedError();
  }
  accessToken = result.accessToken;
  emitSessionEvent('refreshed');
  return result.accessToken;
}

/** Exchanges the refresh token for a new access token. Concurrent callers share one request. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    if (platform.desktopSession) return refreshInMain(platform.desktopSession);
    if (!hasSessionHint()) throw new SessionEndedError();
    const body = { client: 'web' as const };
    try {
      // The bare axios, not `api`: a refresh must never trigger another refresh.
      const response = await axios.post<SessionResponse>(`${api.defaults.baseURL}/auth/refresh`, body, {
        withCredentials: true,
        timeout: 30_000,
      });
      await acceptSession(response.data);
      emitSessionEvent('refreshed');
      return response.data.accessToken;
    } catch (error) {
      if (isNetworkError(error)) throw error;
      await forgetSession();
      throw new SessionEndedError();
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A streaming GET with the access token (the notifications' live stream, which axios cannot read as it
 * arrives): fetch, with one refresh and retry on 401, like every other call. The caller reads the body.
 */
export async function openStream(path: string, signal: AbortSignal): Promise<Response> {
  const attempt = (token: string | null) =>
    fetch(`${api.defaults.baseURL}${path}`, {
      headers: {
        accept: 'text/event-stream',
        'accept-language': currentLanguage(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'include',
      cache: 'no-store',
      signal,
    });
  const first = await attempt(accessToken);
  if (first.status !== 401) return first;
  await first.body?.cancel();
  return attempt(await refreshAccessToken());
}

/** Routes where a 401 is an answer about credentials, not about an expired access token. */
const CREDENTIAL_ROUTES =
  /^\/?auth\/(sign-in|sign-up|refresh|sign-out|forgot-password|reset-password|email-change|tenant)/;

api.interceptors.request.use((config) => {
  if (accessToken && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${accessToken}`);
  // The server answers messages in the interface's language (docs/i18n.md).
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) throw error;
  if (isNetworkError(error)) {
    emitSessionEvent('network-error');
    throw error;
  }
  const config = error.config;
  const retriable =
    error.response?.status === 401 && config && !retried.has(config) && !CREDENTIAL_ROUTES.test(config.url ?? '');
  if (!retriable) throw error;
  retried.add(config);
  let token: string;
  try {
    token = await refreshAccessToken();
  } catch (refreshError) {
    if (isNetworkError(refreshError)) emitSessionEvent('network-error');
    else emitSessionEvent('ended');
    throw error;
  }
  config.headers.set('Authorization', `Bearer ${token}`);
  return api.request(config);
});
