/**
 * The desktop's native notifications (the renderer's `notify`, validated in ipc-handlers.ts). A click brings
 * the window up and opens the notification's in-app link. Plain module: main.ts passes Electron's
 * Notification and its window helpers, the tests pass stand-ins.
 *
 * Electron's Notification is an ordinary JavaScript object: once nothing references it, it is garbage
 * collected and its click handler with it, so a click on a notification still on screen (or in the
 * Windows Action Center, the macOS Notification Center) silently does nothing. The notifier therefore keeps
 * every notification it shows until it is clicked, closed or fails, and at most `keep` of them (the oldest
 * is closed beyond that: better gone than on screen and dead to clicks).
 */
import type { NotificationPayload } from '../shared/platform.js';
import type { Logger } from './logger.js';

/** What the notifier needs of Electron's Notification. */
export type NativeNotification = {
  on(event: 'click' | 'close' | 'failed', listener: () => void): void;
  show(): void;
  close(): void;
};

export type NativeNotificationOptions = { title: string; body: string; silent?: boolean };

export type DesktopNotifierDeps = {
  /** Electron's Notification.isSupported(). */
  isSupported: () => boolean;
  /** `new Notification(options)`. */
  create: (options: NativeNotificationOptions) => NativeNotification;
  /** Restores and focuses the app's window, creating it if there is none. */
  showWindow: () => void;
  /** Tells the renderer to navigate to an in-app link (createLinkDelivery below). */
  openLink: (link: string) => void;
  log: Logger;
  /** How many shown notifications stay referenced, the newest ones (default KEPT_NOTIFICATIONS). */
  keep?: number;
};

export type DesktopNotifier = {
  notify: (payload: NotificationPayload) => void;
  /** Closes every notification still shown (the session ended: they belong to the person who left). */
  closeAll: () => void;
};

export const KEPT_NOTIFICATIONS = 20;

type Shown = { notification: NativeNotification; id: number | undefined };

export function createDesktopNotifier(deps: DesktopNotifierDeps): DesktopNotifier {
  const { log } = deps;
  const keep = Math.max(1, deps.keep ?? KEPT_NOTIFICATIONS);
  /** Oldest first. */
  const shown: Shown[] = [];
  let unsupportedLogged = false;

  const forget = (notification: NativeNotification) => {
    const index = shown.findIndex((entry) => entry.notification === notification);
    if (index >= 0) shown.splice(index, 1);
  };
  const dismiss = (entry: Shown) => {
    forget(entry.notification);
    try {
      entry.notification.close();
    } catch (error) {
      log.debug({ err: error }, 'closing a notification failed');
    }
  };

  return {
    notify({ title, body, link, id }) {
      if (!deps.isSupported()) {
        // Once per run: the renderer may notify often, and the answer will not change.
        if (!unsupportedLogged) log.warn('native notifications are not supported here; none is shown');
        unsupportedLogged = true;
        return;
      }
      // The same notification again (the live stream reconnected, or it was updated): replace it quietly.
      const previous = id === undefined ? undefined : shown.find((entry) => entry.id === id);
      if (previous) dismiss(previous);
      const notification = deps.create(previous ? { title, body, silent: true } : { title, body });
      notification.on('click', () => {
        forget(notification);
        deps.showWindow();
        if (link !== undefined) deps.openLink(link);
      });
      // Electron does not promise 'close' for every way a notification goes: the cap below is the backstop.
      notification.on('close', () => forget(notification));
      notification.on('failed', () => {
        forget(notification);
        log.warn({ id }, 'a native notification could not be shown');
      });
      shown.push({ notification, id });
      while (shown.length > keep) dismiss(shown[0]!);
      notification.show();
    },
    closeAll() {
      for (const entry of [...shown]) dismiss(entry);
    },
  };
}

export type LinkDeliveryDeps = {
  /** The window exists and its page has loaded, so its preload listens to notification:open. */
  rendererReady: () => boolean;
  /** webContents.send('notification:open', { link }). */
  send: (link: string) => void;
  now: () => number;
  /** How long a link waits for a page that was loading when it was clicked (default 60 s). */
  maxWaitMs?: number;
};

export type LinkDelivery = {
  /** The notifier's `openLink`. */
  open: (link: string) => void;
  /** The link waiting for the page, once (IPC notification:pending-link); null when none or too old. */
  takePending: () => string | null;
};

/**
 * A click may come while there is no window (showWindow has just created one) or while the page is
 * (re)loading: an event sent then reaches no listener. Such a link waits here until the new page asks for it.
 * A link older than `maxWaitMs` is dropped: a page that took that long did not load because of the click.
 */
export function createLinkDelivery(deps: LinkDeliveryDeps): LinkDelivery {
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  let pending: { link: string; at: number } | null = null;
  return {
    open(link) {
      if (deps.rendererReady()) {
        pending = null;
        deps.send(link);
      } else {
        pending = { link, at: deps.now() };
      }
    },
    takePending() {
      const waiting = pending;
      pending = null;
      return waiting && deps.now() - waiting.at <= maxWaitMs ? waiting.link : null;
    },
  };
}
