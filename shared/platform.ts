/**
 * What the renderer may ask of the platform it runs on. The desktop preload implements it over IPC
 * (electron/preload.ts); the browser build implements it with web APIs (renderer/src/platform/web.ts).
 * Renderer code imports only this type and reaches the implementation through `window.teambeat`
 * (desktop) or the web module. Each implementation ends in `satisfies PlatformApi`.
 */

export type TrayState = {
  signedIn: boolean;
  /** Name shown in the tray menu's header, when signed in. */
  userName?: string | undefined;
  /** Today's attendance (state and minutes worked so far, breaks excluded); null while unknown. */
  attendance?: { state: 'not-checked-in' | 'checked-in' | 'on-break' | 'checked-out'; workedMinutes: number } | null;
};

export type TrayCommand = 'sign-out' | 'check-in' | 'check-out' | 'start-break' | 'end-break' | 'open';

export type UpdateInfo = { version: string; releaseNotes?: string | undefined };

export type PlatformApi = {
  kind: 'web' | 'desktop';
  appVersion: string;
  /** A native notification (desktop) or a browser Notification (web, when the user allowed it). */
  notify: (notification: { title: string; body: string }) => Promise<void>;
  /** Opens an http(s) link in the user's browser; other schemes are refused. */
  openExternal: (url: string) => Promise<void>;
  /**
   * Where the refresh token lives. The desktop keeps it in the OS keychain; the browser keeps it in an
   * httpOnly cookie the renderer never sees, so the web implementation is null.
   */
  refreshTokenStore: {
    get: () => Promise<string | null>;
    set: (token: string | null) => Promise<void>;
  } | null;
  /** The company server's URL: chosen on first start on the desktop; the page's own origin on the web. */
  getServerUrl: () => Promise<string | null>;
  setServerUrl: (url: string) => Promise<void>;
  /** Mirrors the session into the tray (desktop); a no-op on the web. */
  setTrayState: (state: TrayState) => void;
  /** Tray menu actions for the renderer to carry out; returns an unsubscribe function. */
  onTrayCommand: (listener: (command: TrayCommand) => void) => () => void;
  /** Auto-update (desktop, packaged only): the renderer tells the user and installs on their word. */
  onUpdateAvailable: (listener: (info: UpdateInfo) => void) => () => void;
  installUpdate: () => Promise<void>;
};
