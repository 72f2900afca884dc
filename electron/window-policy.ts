/**
 * What a renderer may do: which URLs it may navigate to or open, which links go to the user's browser,
 * who may talk to main over IPC, which permissions it gets and the Content-Security-Policy of its pages.
 * Plain functions over URL strings, so every rule is tested without Electron; main.ts only attaches them
 * to webContents events.
 */
import { APP_VERSION_ARG } from '../shared/ipc.js';

/** Production renderer files are served from this origin by main's protocol handler (see app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'teambeat';
export const PACKAGED_APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Node's URL gives non-special schemes (our app://) the opaque origin "null", which would make every
 * app:// URL "same origin" as every other; compare scheme and host ourselves instead.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password || !parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

export function isAppUrl(url: string, appOrigin: string): boolean {
  const origin = originOf(url);
  return origin !== null && origin === originOf(appOrigin);
}

/** A link the user's browser may open: http(s) only, no embedded credentials. Returns the normalized URL. */
export function externalLink(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // user:pass@ links are a classic way to disguise the real host in a link's text.
  if (parsed.username || parsed.password || !parsed.hostname) return null;
  return parsed.href;
}

export type NavigationDecision = { allow: boolean; openExternally: string | null };

/** will-navigate / will-redirect / will-frame-navigate: stay on the app's origin; hand web links to the browser. */
export function decideNavigation(url: string, appOrigin: string): NavigationDecision {
  if (isAppUrl(url, appOrigin)) return { allow: true, openExternally: null };
  return { allow: false, openExternally: externalLink(url) };
}

export type WindowOpenDecision = { action: 'allow' | 'deny'; openExternally: string | null };

/** window.open and target=_blank: a window of our own origin is allowed (with our webPreferences), nothing else. */
export function decideWindowOpen(url: string, appOrigin: string): WindowOpenDecision {
  if (isAppUrl(url, appOrigin)) return { action: 'allow', openExternally: null };
  return { action: 'deny', openExternally: externalLink(url) };
}

/** IPC is answered only for the app's own pages: a frame that somehow reached another origin gets nothing. */
export function isTrustedSender(frameUrl: string | undefined, appOrigin: string): boolean {
  return frameUrl !== undefined && isAppUrl(frameUrl, appOrigin);
}

/**
 * Chromium permissions (camera, geolocation, notifications through the web API, ...). The renderer reaches
 * the desktop through the PlatformApi, so it needs none of them except writing to the clipboard.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, appOrigin: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl, appOrigin);
}

/** The webPreferences of every window we create; DESIGN.md's desktop decision in one place. */
export function secureWebPreferences(preloadPath: string, appVersion: string) {
  // Electron's WebPreferences type is not imported: this module must load without Electron.
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    additionalArguments: [`${APP_VERSION_ARG}${appVersion}`],
  };
}

export type CspOptions = {
  /** The renderer's origin (the Vite dev server in development, app://teambeat when packaged). */
  appOrigin: string;
  /** The company server, when configured: the renderer may call it directly as well as through /api. */
  serverUrl: string | null;
  development: boolean;
};

/**
 * The CSP of the renderer's documents. Styles allow 'unsafe-inline' because Fluent UI (Griffel) inserts
 * style elements at run time, as on the server's own CSP. Development additionally allows Vite's inline
 * React-refresh preamble and its HMR websocket.
 */
export function contentSecurityPolicy({ appOrigin, serverUrl, development }: CspOptions): string {
  const server = serverUrl ? originOf(serverUrl) : null;
  const connect = ["'self'", ...(server ? [server] : [])];
  const scripts = ["'self'"];
  if (development) {
    const dev = new URL(appOrigin);
    connect.push(`${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`);
    scripts.push("'unsafe-inline'");
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(server ? [server] : [])],
    // Leaderboard videos, served by the server through signed links (or the bucket's https address).
    'media-src': ["'self'", 'https:', ...(server ? [server] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
