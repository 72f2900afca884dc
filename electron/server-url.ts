/**
 * The company server the desktop talks to: typed by the user on first start, checked to be a reachable
 * Teambeat server before it is kept, remembered in userData (per install and OS user). The address is not a
 * secret, so it is a plain JSON file; the refresh token is not, see secret-store.ts.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerUrlErrorCode, ServerUrlOptions, SetServerUrlResult } from '../shared/ipc.js';
import { serverAddressSecurity } from '../shared/server-address.js';
import type { Logger } from './logger.js';
import type { SecretStore } from './secret-store.js';

export type ServerUrlCheck = { ok: true; url: string } | { ok: false; code: ServerUrlErrorCode; message: string };

const MESSAGES: Record<ServerUrlErrorCode, string> = {
  INVALID_URL: 'Enter the address of your company server, for example https://teambeat.example.com',
  UNSUPPORTED_SCHEME: 'The address must start with https:// (or http:// on your office network)',
  INSECURE_HTTP:
    'Use https://. Plain http:// is allowed only for this computer or a private office network address (10.x, 172.16–31.x, 192.168.x).',
  HTTP_NEEDS_CONFIRMATION:
    'This address uses plain http://: nothing you send is encrypted. Confirm that it is your office network server.',
  UNREACHABLE: 'The server cannot be reached. Check the address and your connection.',
  NOT_TEAMBEAT: 'That address does not answer like a Teambeat server. Check the address with your administrator.',
};

function refuse(code: ServerUrlErrorCode): ServerUrlCheck {
  return { ok: false, code, message: MESSAGES[code] };
}

/**
 * Normalizes what a person types: "teambeat.example.com" means https; a pasted ".../api" or trailing slash
 * is dropped; a sub-path (a server behind a reverse proxy at /teambeat) is kept. The result has no trailing
 * slash, so `${url}/api/...` is always well formed.
 */
export function normalizeServerUrl(input: string): ServerUrlCheck {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 2048) return refuse('INVALID_URL');
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(\/|$)/.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return refuse('INVALID_URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('UNSUPPORTED_SCHEME');
  if (!url.hostname || url.username || url.password || url.search || url.hash) return refuse('INVALID_URL');
  const base = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
  return { ok: true, url: `${url.origin}${base}` };
}

/**
 * normalizeServerUrl plus the http rule (shared/server-address.ts): https always; http only to a loopback or
 * private LAN address, and only with the user's confirmation.
 */
export function checkServerUrl(input: string, options: { confirmedPlainHttp: boolean }): ServerUrlCheck {
  const normalized = normalizeServerUrl(input);
  if (!normalized.ok) return normalized;
  const security = serverAddressSecurity(new URL(normalized.url));
  if (security === 'plain-http-refused') return refuse('INSECURE_HTTP');
  if (security === 'plain-http-confirm' && !options.confirmedPlainHttp) return refuse('HTTP_NEEDS_CONFIRMATION');
  return normalized;
}

export type ProbeOptions = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  timeoutMs: number;
};

/** Asks the server's public health route; any Teambeat server answers {"status":"ok"}. */
export async function probeServer(serverUrl: string, options: ProbeOptions): Promise<ServerUrlCheck> {
  let response: Response;
  try {
    response = await options.fetch(`${serverUrl}/api/health`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    return refuse('UNREACHABLE');
  }
  // 503 is a Teambeat server whose database is down: still the right address, so keep it.
  if (response.status === 503) return { ok: true, url: serverUrl };
  if (!response.ok) return refuse('NOT_TEAMBEAT');
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'status' in body && body.status === 'ok') {
      return { ok: true, url: serverUrl };
    }
  } catch {
    // Not JSON: some other web server answered.
  }
  return refuse('NOT_TEAMBEAT');
}

export type ServerUrlStore = {
  get: () => Promise<string | null>;
  set: (url: string) => Promise<void>;
};

/** settings.json in userData; a stored value is validated again on read, so a hand-edited file cannot inject a scheme. */
export function fileServerUrlStore(filePath: string, logger: Logger): ServerUrlStore {
  return {
    get: async () => {
      let text: string;
      try {
        text = await readFile(filePath, 'utf8');
      } catch {
        return null;
      }
      try {
        const settings: unknown = JSON.parse(text);
        if (typeof settings === 'object' && settings !== null && 'serverUrl' in settings) {
          const stored = settings.serverUrl;
          if (typeof stored === 'string') {
            // Stored only after the user confirmed an http address; a public http host is never trusted.
            const check = checkServerUrl(stored, { confirmedPlainHttp: true });
            if (check.ok) return check.url;
          }
        }
      } catch (error) {
        logger.warn({ err: error, filePath }, 'settings file unreadable; asking for the server again');
      }
      return null;
    },
    set: async (url) => {
      await mkdir(path.dirname(filePath), { recursive: true });
      const temporary = `${filePath}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify({ serverUrl: url }, null, 2)}\n`);
      await rename(temporary, filePath);
    },
  };
}

export type ServerConnectionOptions = {
  store: ServerUrlStore;
  probe: (url: string) => Promise<ServerUrlCheck>;
  /** The refresh token belongs to one server: it is dropped when the user switches to another. */
  refreshToken: SecretStore;
  /** Used when nothing is stored yet: TEAMBEAT_SERVER_URL, for development and pre-configured installs. */
  defaultUrl: string | null;
  onChange: (url: string) => void;
  logger: Logger;
};

export type ServerConnection = {
  /** Cached after the first read, because the app:// protocol handler asks on every request. */
  current: () => string | null;
  load: () => Promise<string | null>;
  change: (input: string, options?: ServerUrlOptions) => Promise<SetServerUrlResult>;
};

export function createServerConnection(options: ServerConnectionOptions): ServerConnection {
  let current: string | null = null;
  // Pre-configured by whoever installed the app, which is its confirmation; still never http to a public host.
  const fallback = options.defaultUrl ? checkServerUrl(options.defaultUrl, { confirmedPlainHttp: true }) : null;

  return {
    current: () => current,
    load: async () => {
      current = (await options.store.get()) ?? (fallback?.ok ? fallback.url : null);
      return current;
    },
    change: async (input, changeOptions = {}) => {
      const normalized = checkServerUrl(input, { confirmedPlainHttp: changeOptions.confirmPlainHttp === true });
      if (!normalized.ok) return normalized;
      const reachable = await options.probe(normalized.url);
      if (!reachable.ok) return reachable;
      if (current !== null && current !== normalized.url) {
        await options.refreshToken.delete();
        options.logger.info({ from: current, to: normalized.url }, 'server changed; signed out of the previous one');
      }
      await options.store.set(normalized.url);
      current = normalized.url;
      options.onChange(normalized.url);
      return { ok: true, url: normalized.url };
    },
  };
}
