/**
 * The browser's PlatformApi. The refresh token is an httpOnly cookie the page never sees, the server is
 * the page's own origin, and there is no tray or updater; notifications use the Notification API.
 */
import type { PlatformApi, TrayCommand, UpdateInfo } from '../../../shared/platform';

const noop = () => undefined;

export const webPlatform = {
  kind: 'web',
  appVersion: import.meta.env['VITE_APP_VERSION'] ?? '0.1.0',
  async notify({ title, body, id }) {
    // Only once the person allowed it: the permission is asked by the notification settings' push switch
    // (a click), never here, so no page load prompts; denied or unsupported shows nothing (§8).
    if (typeof Notification === 'undefined') return;
    // The same id again replaces the one shown (the tag), as on the desktop and the service worker.
    if (Notification.permission === 'granted')
      new Notification(title, { body, icon: '/favicon.svg', ...(id === undefined ? {} : { tag: `teambeat-${id}` }) });
  },
  async openExternal(url) {
    const parsed = new URL(url, window.location.href);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('Only http(s) links open');
    window.open(parsed.href, '_blank', 'noopener,noreferrer');
  },
  desktopSession: null,
  async getServerUrl() {
    return window.location.origin;
  },
  async setServerUrl() {
    // The web app always talks to the server that served it.
  },
  setTrayState: noop,
  onTrayCommand: (_listener: (command: TrayCommand) => void) => noop,
  // A click on a push notification is the service worker's to handle: it focuses or opens the page itself.
  onOpenLink: (_listener: (link: string) => void) => noop,
  onUpdateAvailable: (_listener: (info: UpdateInfo) => void) => noop,
  async installUpdate() {},
  // Browsers cannot open TCP sockets to the terminals: the desktop app or the headless agent pulls them.
  deviceAgent: null,
  // The page goes to the provider itself (useStartSso).
  singleSignOn: null,
} satisfies PlatformApi;
