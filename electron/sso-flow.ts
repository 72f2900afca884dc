/**
 * The desktop's single sign-on, as plain logic the main process drives (docs/sso.md, "Desktop"). The
 * provider's page opens in the system browser (never an embedded web view); the server's callback returns
 * through the teambeat:// deep link, or a loopback listener where the OS cannot route the scheme, with a
 * one-time code that only this process can exchange: it holds the verifier whose S256 challenge it sent.
 */
import { createHash, randomBytes } from 'node:crypto';

export const SSO_SCHEME = 'teambeat';

export type PendingSso = { verifier: string; challenge: string; loopbackPort?: number };

export function newPendingSso(loopbackPort?: number): PendingSso {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, ...(loopbackPort ? { loopbackPort } : {}) };
}

/** The deep link among a second instance's arguments (Windows and Linux pass it on the command line). */
export function deepLinkFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.startsWith(`${SSO_SCHEME}://`));
}

export type SsoReturn = { code: string } | { error: string };

/**
 * Reads the callback's return: teambeat://sso?code=… or http://127.0.0.1:<the port we listen on>/sso?code=….
 * Anything else (another path, host or port) is not ours and answers null.
 */
export function parseSsoReturn(url: string, pending: PendingSso | null): SsoReturn | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const deepLink = parsed.protocol === `${SSO_SCHEME}:` && parsed.hostname === 'sso' && /^\/?$/.test(parsed.pathname);
  const loopback =
    parsed.protocol === 'http:' &&
    parsed.hostname === '127.0.0.1' &&
    pending?.loopbackPort !== undefined &&
    parsed.port === String(pending.loopbackPort) &&
    parsed.pathname === '/sso';
  if (!deepLink && !loopback) return null;
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
