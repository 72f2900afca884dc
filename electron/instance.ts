/**
 * One Teambeat per user session: a second launch or a teambeat:// link focuses the running window
 * (Windows and Linux deliver links as a second launch's argv, macOS as an open-url event). Closing the
 * window hides it to the tray; only Quit (tray, Cmd+Q, an update install) ends the app.
 */
import type { Logger } from './logger.js';

export const DEEP_LINK_SCHEME = 'teambeat';

// App routes are plain paths; anything else in a link from outside is not ours to interpret.
const SAFE_PATH = /^\/[A-Za-z0-9/_\-.~]*$/;

/**
 * teambeat://feedback/42?tab=given -> "/feedback/42?tab=given". Returns null for other schemes and for
 * paths with traversal or unusual characters, because the link may come from any web page.
 */
export function parseDeepLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  if (url.username || url.password) return null;
  const route = `/${url.host}${url.pathname === '/' ? '' : url.pathname}`.replace(/\/{2,}/g, '/');
  if (!SAFE_PATH.test(route) || route.split('/').includes('..')) return null;
  return `${route}${url.search}`;
}

/** The first teambeat:// argument of a command line (Windows passes the link as an argument). */
export function findDeepLink(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) {
      const route = parseDeepLink(arg);
      if (route !== null) return route;
    }
  }
  return null;
}

export type InstanceCoordinatorOptions = {
  /** Restore if minimized, show if hidden, focus. */
  showWindow: () => void;
  /** A validated app route from a deep link. */
  openRoute: (route: string) => void;
  logger: Logger;
};

export type InstanceCoordinator = {
  /** app.on('second-instance'): another launch, maybe carrying a link. */
  onSecondInstance: (argv: readonly string[]) => void;
  /** app.on('open-url') on macOS. */
  onOpenUrl: (url: string) => void;
};

export function createInstanceCoordinator(options: InstanceCoordinatorOptions): InstanceCoordinator {
  const handle = (route: string | null, source: string) => {
    options.showWindow();
    if (route !== null) {
      options.logger.info({ route, source }, 'deep link');
      options.openRoute(route);
    }
  };
  return {
    onSecondInstance: (argv) => handle(findDeepLink(argv), 'second-instance'),
    onOpenUrl: (url) => {
      const route = parseDeepLink(url);
      if (route === null) options.logger.warn({ url }, 'ignored a link that is not a Teambeat route');
      handle(route, 'open-url');
    },
  };
}

export type CloseEvent = { preventDefault: () => void };

export type QuitGuard = {
  /** app.on('before-quit') and anything that quits on purpose (tray Quit, update install). */
  markQuitting: () => void;
  isQuitting: () => boolean;
  /** BrowserWindow 'close': hide to the tray unless the app is quitting or there is no tray to come back from. */
  onWindowClose: (event: CloseEvent, hide: () => void) => void;
};

export function createQuitGuard(trayAvailable: () => boolean): QuitGuard {
  let quitting = false;
  return {
    markQuitting: () => {
      quitting = true;
    },
    isQuitting: () => quitting,
    onWindowClose: (event, hide) => {
      if (quitting || !trayAvailable()) return;
      event.preventDefault();
      hide();
    },
  };
}
