/**
 * The desktop's session, split between the processes (security review #10, item 18; docs/security.md): the
 * main process alone holds the 30-day refresh token (secret-store.ts: the OS keychain), performs every
 * refresh itself against the chosen company server and hands the renderer only the short-lived access
 * token. No IPC channel returns the refresh token: the renderer gives it to main once, straight from the
 * sign-in answer (`keep`), and can afterwards only ask for an access token (`refresh`) or end the session
 * (`signOut`, `forget`).
 */
import { z } from 'zod';
import type { DesktopRefreshResult } from '../shared/platform.js';
import type { Logger } from './logger.js';
import type { SecretStore } from './secret-store.js';

export type DesktopSessionOptions = {
  store: SecretStore;
  /** The company server (server-url.ts); null before the user chose one. */
  serverUrl: () => string | null;
  /** Electron's net.fetch in the app; Node's fetch in tests. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  logger: Logger;
};

export type DesktopSession = {
  /** Stores the refresh token of a new session (sign-in, confirmed sign-up) in the keychain. */
  keep: (refreshToken: string) => Promise<void>;
  /** Exchanges the stored token for an access token, storing the rotated one. Concurrent callers share one request. */
  refresh: () => Promise<DesktopRefreshResult>;
  /** Revokes the session on the server (best effort: offline still signs out here) and deletes the token. */
  signOut: () => Promise<void>;
  /** Deletes the token without asking the server (the server already ended the session). */
  forget: () => Promise<void>;
};

const refreshAnswer = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.number().int(),
  refreshToken: z.string().min(1),
});

/** Statuses that say the token is no good (revoked, expired, reused): the session is over. */
const ENDED = new Set([400, 401, 403]);

export function createDesktopSession(options: DesktopSessionOptions): DesktopSession {
  const { store, logger } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let inFlight: Promise<DesktopRefreshResult> | null = null;

  const post = (url: string, body: unknown) =>
    options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });

  const refreshOnce = async (): Promise<DesktopRefreshResult> => {
    const server = options.serverUrl();
    const token = await store.get();
    if (!server || !token) return { ok: false, reason: 'ended' };
    let response: Response;
    try {
      response = await post(`${server}/api/auth/refresh`, { refreshToken: token, client: 'desktop' });
    } catch (error) {
      logger.warn({ err: error }, 'refresh: server unreachable');
      return { ok: false, reason: 'unreachable' };
    }
    if (ENDED.has(response.status)) {
      await store.delete();
      logger.info({ status: response.status }, 'refresh refused: session ended');
      return { ok: false, reason: 'ended' };
    }
    if (!response.ok) return { ok: false, reason: 'unreachable' };
    let answer: z.infer<typeof refreshAnswer>;
    try {
      answer = refreshAnswer.parse(await response.json());
    } catch {
      logger.warn({ status: response.status }, 'refresh: unexpected answer');
      return { ok: false, reason: 'unreachable' };
    }
    // Rotated: the previous token is spent, so the new one must be kept before anyone may ask again.
    await store.set(answer.refreshToken);
    return { ok: true, accessToken: answer.accessToken, expiresIn: answer.expiresIn };
  };

  return {
    keep: (refreshToken) => store.set(refreshToken),
    refresh: () => {
      inFlight ??= refreshOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    signOut: async () => {
      const server = options.serverUrl();
      const token = await store.get();
      if (server && token) {
        try {
          await post(`${server}/api/auth/sign-out`, { refreshToken: token });
        } catch (error) {
          logger.warn({ err: error }, 'sign-out: server unreachable; signed out on this computer only');
        }
      }
      await store.delete();
    },
    forget: () => store.delete(),
  };
}
