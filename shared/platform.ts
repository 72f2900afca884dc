/**
 * What the renderer may ask of the platform it runs on. The desktop preload implements it over IPC
 * (electron/preload.ts); the browser build implements it with web APIs (renderer/src/platform/web.ts).
 * Renderer code imports only this type and reaches the implementation through `window.teambeat`
 * (desktop) or the web module. Each implementation ends in `satisfies PlatformApi`.
 */
import type { Language } from './i18n/languages.js';

export type TrayState = {
  signedIn: boolean;
  /** Name shown in the tray menu's header, when signed in. */
  userName?: string | undefined;
  /** Today's attendance (state and minutes worked so far, breaks excluded); null while unknown. */
  attendance?: { state: 'not-checked-in' | 'checked-in' | 'on-break' | 'checked-out'; workedMinutes: number } | null;
  /** The interface's language, which the tray's menu speaks too (docs/i18n.md). */
  language?: Language | undefined;
  /**
   * How many things wait for the person (unread actions of the notifications feed): a line in the tray's
   * menu, the tooltip, and the dock or launcher badge. 0 or absent shows nothing.
   */
  actionCount?: number | undefined;
};

/**
 * A notification for the person at the computer. `link` is the in-app page a click opens (a path such as
 * `/leave/approvals`, shared/in-app-link.ts; the shell refuses anything else). `id` is the notification's
 * id: showing the same id again replaces the one on screen instead of adding a duplicate.
 */
export type NotificationPayload = {
  title: string;
  body: string;
  link?: string | undefined;
  id?: number | undefined;
};

export type TrayCommand = 'sign-out' | 'check-in' | 'check-out' | 'start-break' | 'end-break' | 'open';

export type UpdateInfo = { version: string; releaseNotes?: string | undefined };

/** The device agent inside the desktop app: it pulls the office's ZKTeco terminals when given an agent key. */
export type DeviceAgentStatus = {
  /** An agent key is stored in this computer's keychain. */
  configured: boolean;
  running: boolean;
  /** The company server the agent uploads to (the app's server). */
  serverUrl: string | null;
  /** When the last read of the devices ended (ISO), and what it found. */
  lastPollAt: string | null;
  devices: number;
  failedDevices: string[];
  /** Punches read but not yet confirmed by the server. */
  queued: number;
  lastError: string | null;
};

export type DeviceAgentApi = {
  status: () => Promise<DeviceAgentStatus>;
  /** Stores the key in the keychain and (re)starts the agent; null removes the key and stops it. */
  setKey: (key: string | null) => Promise<DeviceAgentStatus>;
};

/** What the main process answers a refresh: an access token, never the refresh token. */
export type DesktopRefreshResult =
  { ok: true; accessToken: string; expiresIn: number } | { ok: false; reason: 'ended' | 'unreachable' };

export type DesktopSessionApi = {
  /** Hands the refresh token of a new session (the sign-in answer) to main; there is no way to read it back. */
  keep: (refreshToken: string) => Promise<void>;
  /** Main refreshes with the stored token and answers the access token. */
  refresh: () => Promise<DesktopRefreshResult>;
  /** Main revokes the session on the server with the stored token and deletes it. */
  signOut: () => Promise<void>;
  /** Main deletes the stored token (the server already ended the session). */
  forget: () => Promise<void>;
};

/**
 * The desktop's single sign-on answer (electron/sso-flow.ts): the main process kept the refresh token, so only
 * the access token comes back. `code` is an error code of the catalogue (shared/messages.ts), or SSO_CANCELLED.
 */
export type DesktopSsoResult = { ok: true; accessToken: string; expiresIn: number } | { ok: false; code: string };

export type DesktopSsoApi = {
  /** Opens the provider in the system browser; resolves when the sign-in came back, failed or was cancelled. */
  start: (email: string) => Promise<DesktopSsoResult>;
  /** Ends the attempt waiting for the browser, if any. */
  cancel: () => Promise<void>;
};

export type PlatformApi = {
  kind: 'web' | 'desktop';
  appVersion: string;
  /** A native notification (desktop) or a browser Notification (web, when the user allowed it). */
  notify: (notification: NotificationPayload) => Promise<void>;
  /**
   * The in-app link of a native notification the person clicked (desktop): the shell has brought the window
   * up and the renderer navigates to it. Returns an unsubscribe function. A no-op subscription on the web,
   * where the service worker handles a click on a push notification.
   */
  onOpenLink: (listener: (link: string) => void) => () => void;
  /** Opens an http(s) link in the user's browser; other schemes are refused. */
  openExternal: (url: string) => Promise<void>;
  /**
   * The desktop's session (electron/desktop-session.ts): the main process keeps the refresh token in the OS
   * keychain and refreshes itself; the renderer only ever gets access tokens. The browser keeps its refresh
   * token in an httpOnly cookie the renderer never sees, so the web implementation is null.
   */
  desktopSession: DesktopSessionApi | null;
  /** The company server's URL: chosen on first start on the desktop; the page's own origin on the web. */
  getServerUrl: () => Promise<string | null>;
  /**
   * Rejects with a message for people. Plain http is refused unless the address is loopback or a private
   * LAN address (shared/server-address.ts), and then needs `confirmPlainHttp` (the connect screen asks).
   */
  setServerUrl: (url: string, options?: { confirmPlainHttp?: boolean }) => Promise<void>;
  /** Mirrors the session into the tray (desktop); a no-op on the web. */
  setTrayState: (state: TrayState) => void;
  /** Tray menu actions for the renderer to carry out; returns an unsubscribe function. */
  onTrayCommand: (listener: (command: TrayCommand) => void) => () => void;
  /** Auto-update (desktop, packaged only): the renderer tells the user and installs on their word. */
  onUpdateAvailable: (listener: (info: UpdateInfo) => void) => () => void;
  installUpdate: () => Promise<void>;
  /** The desktop's device agent; null on the web (use the headless agent on an office machine instead). */
  deviceAgent: DeviceAgentApi | null;
  /**
   * Single sign-on through the system browser (desktop). Null on the web, where the page itself goes to the
   * provider and comes back (renderer/src/api/hooks/auth.ts, useStartSso).
   */
  singleSignOn: DesktopSsoApi | null;
};
