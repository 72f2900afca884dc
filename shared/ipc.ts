/**
 * The typed IPC map between the desktop shell's main process (electron/main.ts) and its preload
 * (electron/preload.ts). Both sides derive their channel names and payload types from here, so a renamed
 * channel or a changed payload is a compile error on both ends instead of a silent no-op at run time.
 *
 * Pure types and constants: shared/ imports neither Node nor DOM, and the preload bundles this file.
 */
import type {
  DesktopRefreshResult,
  DesktopSsoResult,
  DeviceAgentStatus,
  NotificationPayload,
  TrayCommand,
  TrayState,
  UpdateInfo,
} from './platform.js';

export type { NotificationPayload };

/** Why a server address was refused; the preload turns `message` into the rejected promise's error. */
export type ServerUrlErrorCode =
  'INVALID_URL' | 'UNSUPPORTED_SCHEME' | 'INSECURE_HTTP' | 'HTTP_NEEDS_CONFIRMATION' | 'UNREACHABLE' | 'NOT_TEAMBEAT';
/** The user's explicit word that an http (unencrypted) server on the office network is meant. */
export type ServerUrlOptions = { confirmPlainHttp?: boolean };
export type SetServerUrlResult = { ok: true; url: string } | { ok: false; code: ServerUrlErrorCode; message: string };

export type InstallUpdateResult = { ok: true } | { ok: false; message: string };

export type SetAgentKeyResult = { ok: true; status: DeviceAgentStatus } | { ok: false; message: string };

/** Renderer asks, main answers (ipcRenderer.invoke / ipcMain.handle). */
export type IpcInvokeMap = {
  notify: { args: [notification: NotificationPayload]; result: void };
  /**
   * The link of a notification clicked while the window was missing or loading (the event below would have
   * been lost), once: the preload asks when the renderer first subscribes to notification:open.
   */
  'notification:pending-link': { args: []; result: string | null };
  'open-external': { args: [url: string]; result: { ok: boolean } };
  /**
   * The refresh token goes into main once and never comes back (electron/desktop-session.ts): no channel
   * answers it. Main refreshes itself and answers access tokens only.
   */
  'session:keep': { args: [refreshToken: string]; result: void };
  'session:refresh': { args: []; result: DesktopRefreshResult };
  'session:sign-out': { args: []; result: void };
  'session:forget': { args: []; result: void };
  'server-url:get': { args: []; result: string | null };
  'server-url:set': { args: [url: string, options?: ServerUrlOptions]; result: SetServerUrlResult };
  /** The update that finished downloading before the renderer subscribed, if any. */
  'update:pending': { args: []; result: UpdateInfo | null };
  'update:install': { args: []; result: InstallUpdateResult };
  'device-agent:status': { args: []; result: DeviceAgentStatus };
  /** The key is checked against the server before it is stored; null removes it and stops the agent. */
  'device-agent:set-key': { args: [key: string | null]; result: SetAgentKeyResult };
  /**
   * Single sign-on in the system browser (electron/sso-flow.ts). Main keeps the session's refresh token, as
   * with session:keep, and answers the access token only.
   */
  'sso:start': { args: [email: string]; result: DesktopSsoResult };
  'sso:cancel': { args: []; result: void };
};

/** Renderer tells, nobody answers (ipcRenderer.send / ipcMain.on). */
export type IpcSendMap = {
  'tray:set-state': { args: [state: TrayState] };
};

/** Main tells the renderer (webContents.send / ipcRenderer.on). */
export type IpcEventMap = {
  'tray:command': TrayCommand;
  'update:available': UpdateInfo;
  /** A native notification was clicked: the renderer navigates to its in-app link (shared/in-app-link.ts). */
  'notification:open': { link: string };
};

export type InvokeChannel = keyof IpcInvokeMap;
export type SendChannel = keyof IpcSendMap;
export type EventChannel = keyof IpcEventMap;

/** Every invoke channel, so main can check at start-up that each one has a handler. */
export const INVOKE_CHANNELS = [
  'notify',
  'notification:pending-link',
  'open-external',
  'session:keep',
  'session:refresh',
  'session:sign-out',
  'session:forget',
  'server-url:get',
  'server-url:set',
  'update:pending',
  'update:install',
  'device-agent:status',
  'device-agent:set-key',
  'sso:start',
  'sso:cancel',
] as const satisfies readonly InvokeChannel[];

/**
 * The sandboxed preload cannot read package.json, so main passes the version as a command-line switch of
 * the renderer process (webPreferences.additionalArguments) and the preload reads it from process.argv.
 */
export const APP_VERSION_ARG = '--teambeat-app-version=';

// Compile-time completeness check: a channel added to IpcInvokeMap but not to INVOKE_CHANNELS fails here.
const _everyInvokeChannelListed: Record<Exclude<InvokeChannel, (typeof INVOKE_CHANNELS)[number]>, never> = {};
