/**
 * Auto-update policy around electron-updater: check at start and every few hours, only in a packaged app
 * outside tests; download in the background; tell the renderer once an update is ready; install only when
 * the user says so (PlatformApi.installUpdate), never silently on quit.
 */
import type { UpdateInfo } from '../shared/platform.js';
import type { Logger } from './logger.js';
import { updateFeedProblem } from './update-feed.js';

/** The part of electron-updater's AppUpdater we drive; main passes `autoUpdater`, tests a fake. */
export type Updater = {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates: () => Promise<unknown>;
  quitAndInstall: () => void;
  on: (event: 'update-downloaded', listener: (info: DownloadedUpdate) => void) => unknown;
};

/** electron-updater's UpdateInfo, as far as we read it. */
export type DownloadedUpdate = {
  version: string;
  releaseName?: string | null;
  releaseNotes?: string | ReadonlyArray<{ version: string; note: string | null }> | null;
};

export type UpdatePolicy =
  { enabled: true } | { enabled: false; reason: 'development' | 'test' | 'disabled' | 'insecure-feed' };

export type UpdateEnvironment = {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  /** The feed baked into the packaged app (app-update.yml, update-feed.ts#bakedFeedUrl); must be HTTPS. */
  feedUrl?: string | null;
};

/** Development runs from sources and tests must never reach a release feed, whatever else is set. */
export function updatePolicy({ isPackaged, env, feedUrl }: UpdateEnvironment): UpdatePolicy {
  if (env.NODE_ENV === 'test' || env.VITEST !== undefined || env.TEAMBEAT_TEST === '1') {
    return { enabled: false, reason: 'test' };
  }
  if (!isPackaged || env.NODE_ENV === 'development') return { enabled: false, reason: 'development' };
  if (env.TEAMBEAT_DISABLE_UPDATES === '1') return { enabled: false, reason: 'disabled' };
  // An installer fetched over plain http could be replaced on the way: no feed but HTTPS.
  if (updateFeedProblem(feedUrl) !== null) return { enabled: false, reason: 'insecure-feed' };
  return { enabled: true };
}

export const DEFAULT_CHECK_INTERVAL_HOURS = 4;
const MAX_NOTES = 10_000;

/** Repeats `callback` every `ms` and returns the function that stops it. */
export type Timers = { every: (ms: number, callback: () => void) => () => void };

export const realTimers: Timers = {
  every: (ms, callback) => {
    const handle = setInterval(callback, ms);
    // An update timer alone must not keep the process alive.
    handle.unref();
    return () => clearInterval(handle);
  },
};

export type UpdateControllerOptions = {
  updater: Updater;
  policy: UpdatePolicy;
  timers: Timers;
  intervalHours?: number;
  logger: Logger;
  /** Pushes the news to the renderer (PlatformApi.onUpdateAvailable). */
  onReady: (info: UpdateInfo) => void;
  /** Runs before quitAndInstall, so the window's close-to-tray does not hold the quit back. */
  beforeInstall: () => void;
};

export type UpdateController = {
  start: () => void;
  stop: () => void;
  /** A manual check (also what the timer runs); resolves false when skipped or failed. */
  check: () => Promise<boolean>;
  pending: () => UpdateInfo | null;
  /** The user's word: installs the downloaded update, or reports that there is none. */
  install: () => { ok: true } | { ok: false; message: string };
};

export function releaseNotesText(notes: DownloadedUpdate['releaseNotes']): string | undefined {
  if (!notes) return undefined;
  const text =
    typeof notes === 'string'
      ? notes
      : notes
          .map((entry) => entry.note ?? '')
          .filter(Boolean)
          .join('\n\n');
  return text.trim() === '' ? undefined : text.slice(0, MAX_NOTES);
}

export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const { updater, policy, timers, logger } = options;
  const intervalMs = (options.intervalHours ?? DEFAULT_CHECK_INTERVAL_HOURS) * 60 * 60 * 1000;
  let cancelTimer: (() => void) | null = null;
  let checking = false;
  let ready: UpdateInfo | null = null;
  let subscribed = false;

  const check = async (): Promise<boolean> => {
    if (!policy.enabled || checking) return false;
    checking = true;
    try {
      await updater.checkForUpdates();
      return true;
    } catch (error) {
      // Offline laptops and a feed being uploaded are normal: log and try again at the next interval.
      logger.warn({ err: error }, 'update check failed');
      return false;
    } finally {
      checking = false;
    }
  };

  return {
    start: () => {
      if (!policy.enabled) {
        logger.info({ reason: policy.reason }, 'auto-update off');
        return;
      }
      if (cancelTimer !== null) return;
      updater.autoDownload = true;
      // Installing on quit would install without the user's word.
      updater.autoInstallOnAppQuit = false;
      if (!subscribed) {
        subscribed = true;
        updater.on('update-downloaded', (info) => {
          ready = { version: info.version, releaseNotes: releaseNotesText(info.releaseNotes) };
          logger.info({ version: info.version }, 'update downloaded; waiting for the user');
          options.onReady(ready);
        });
      }
      void check();
      cancelTimer = timers.every(intervalMs, () => void check());
    },
    stop: () => {
      cancelTimer?.();
      cancelTimer = null;
    },
    check,
    pending: () => ready,
    install: () => {
      if (!policy.enabled || !ready) return { ok: false, message: 'No update is ready to install.' };
      logger.info({ version: ready.version }, 'installing update at the user’s request');
      options.beforeInstall();
      updater.quitAndInstall();
      return { ok: true };
    },
  };
}
