import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger, silentLogger } from './logger.js';
import { bakedFeedUrl, updateFeedProblem } from './update-feed.js';
import {
  createUpdateController,
  realTimers,
  releaseNotesText,
  updatePolicy,
  type DownloadedUpdate,
  type UpdatePolicy,
  type Updater,
} from './updater.js';

/** electron-updater's autoUpdater cannot run outside a packaged Electron app; this one records what it is asked. */
function fakeUpdater(options: { failChecks?: boolean } = {}) {
  let downloaded: ((info: DownloadedUpdate) => void) | null = null;
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    checks: 0,
    installs: 0,
    checkForUpdates: async () => {
      updater.checks += 1;
      if (options.failChecks) throw new Error('net::ERR_INTERNET_DISCONNECTED');
      return null;
    },
    quitAndInstall: () => {
      updater.installs += 1;
    },
    on: (_event: 'update-downloaded', listener: (info: DownloadedUpdate) => void) => {
      downloaded = listener;
    },
    finishDownload: (info: DownloadedUpdate) => downloaded?.(info),
  } satisfies Updater & Record<string, unknown>;
  return updater;
}

const ENABLED: UpdatePolicy = { enabled: true };
const HOUR = 60 * 60 * 1000;

describe('updatePolicy', () => {
  it('never updates in development or in tests', () => {
    expect(updatePolicy({ isPackaged: false, env: {} })).toEqual({ enabled: false, reason: 'development' });
    expect(updatePolicy({ isPackaged: true, env: { NODE_ENV: 'test' } })).toEqual({ enabled: false, reason: 'test' });
    expect(updatePolicy({ isPackaged: true, env: { VITEST: 'true' } })).toEqual({ enabled: false, reason: 'test' });
    expect(updatePolicy({ isPackaged: true, env: { TEAMBEAT_TEST: '1' } })).toEqual({ enabled: false, reason: 'test' });
    expect(updatePolicy({ isPackaged: true, env: { TEAMBEAT_DISABLE_UPDATES: '1' } })).toEqual({
      enabled: false,
      reason: 'disabled',
    });
  });

  it('updates a packaged app in normal use, from its HTTPS feed', () => {
    expect(
      updatePolicy({ isPackaged: true, env: { NODE_ENV: 'production' }, feedUrl: 'https://updates.acme.example/tb/' }),
    ).toEqual({ enabled: true });
  });

  it('never updates from a feed that is not HTTPS, or from none (security review #10, item 18)', () => {
    for (const feedUrl of ['http://updates.acme.example/tb/', 'http://192.168.1.5/tb/', 'ftp://x/', 'garbage', null]) {
      expect(updatePolicy({ isPackaged: true, env: {}, feedUrl }), String(feedUrl)).toEqual({
        enabled: false,
        reason: 'insecure-feed',
      });
    }
  });
});

describe('the update feed', () => {
  it.each([
    ['https://updates.acme.example/teambeat/', null],
    ['https://updates.acme.example', null],
    ['http://updates.acme.example/teambeat/', 'must be https'],
    ['http://localhost:8000/', 'must be https'],
    ['https://user:secret@updates.acme.example/', 'credentials'],
    ['updates.acme.example', 'not a URL'],
    ['', 'missing'],
    [undefined, 'missing'],
  ])('%s: %s', (url, problem) => {
    const found = updateFeedProblem(url);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('reads the feed electron-builder baked into app-update.yml', () => {
    const yml = 'provider: generic\nurl: https://updates.acme.example/teambeat/\nchannel: latest\n';
    expect(bakedFeedUrl(yml)).toBe('https://updates.acme.example/teambeat/');
    expect(bakedFeedUrl("provider: generic\nurl: 'http://x.example/'\n")).toBe('http://x.example/');
    expect(bakedFeedUrl('provider: github\n')).toBeNull();
  });

  it('the installer build refuses to start without an HTTPS feed', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    const build = pkg.scripts['desktop:build']!;
    expect(build.indexOf('electron/check-update-feed.ts')).toBeGreaterThanOrEqual(0);
    expect(build.indexOf('electron/check-update-feed.ts')).toBeLessThan(build.indexOf('electron-builder'));
    const config = await readFile('electron-builder.yml', 'utf8');
    expect(config).toMatch(/publish:\s*\n\s+provider: generic\s*\n\s+url: \$\{env\.TEAMBEAT_UPDATE_URL\}/);
  });
});

describe('the update controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const controller = (updater: ReturnType<typeof fakeUpdater>, policy: UpdatePolicy = ENABLED) => {
    const ready: string[] = [];
    const quitting: boolean[] = [];
    const control = createUpdateController({
      updater,
      policy,
      timers: realTimers,
      intervalHours: 4,
      logger: silentLogger,
      onReady: (info) => ready.push(info.version),
      beforeInstall: () => quitting.push(true),
    });
    return { control, ready, quitting };
  };

  it('in development never checks, not at start and not later', async () => {
    const updater = fakeUpdater();
    const { control } = controller(updater, updatePolicy({ isPackaged: false, env: {} }));
    control.start();
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(await control.check()).toBe(false);
    expect(updater.checks).toBe(0);
  });

  it('checks at start and then every 4 hours, downloading in the background but never installing on quit', async () => {
    const updater = fakeUpdater();
    const { control } = controller(updater);
    control.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.checks).toBe(1);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);

    await vi.advanceTimersByTimeAsync(4 * HOUR - 1);
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(8 * HOUR);
    expect(updater.checks).toBe(4);

    control.stop();
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(updater.checks).toBe(4);
  });

  it('a failed check (offline) is logged and retried at the next interval', async () => {
    const updater = fakeUpdater({ failChecks: true });
    const logger = recordingLogger();
    const control = createUpdateController({
      updater,
      policy: ENABLED,
      timers: realTimers,
      logger,
      onReady: () => {},
      beforeInstall: () => {},
    });
    control.start();
    await vi.advanceTimersByTimeAsync(4 * HOUR);
    expect(updater.checks).toBe(2);
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(2);
  });

  it('tells the renderer when an update is ready and installs only after the user agrees', async () => {
    const updater = fakeUpdater();
    const { control, ready, quitting } = controller(updater);
    control.start();

    expect(control.install()).toEqual({ ok: false, message: 'No update is ready to install.' });
    expect(updater.installs).toBe(0);

    updater.finishDownload({ version: '1.4.0', releaseNotes: 'Faster sign-in' });
    expect(ready).toEqual(['1.4.0']);
    expect(control.pending()).toEqual({ version: '1.4.0', releaseNotes: 'Faster sign-in' });
    // Days may pass: nothing is installed until the user says so.
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(updater.installs).toBe(0);

    expect(control.install()).toEqual({ ok: true });
    expect(quitting).toEqual([true]);
    expect(updater.installs).toBe(1);
  });

  it('installs nothing when updates are off, even if asked', () => {
    const updater = fakeUpdater();
    const { control } = controller(updater, { enabled: false, reason: 'test' });
    control.start();
    updater.finishDownload({ version: '9.9.9' });
    expect(control.install()).toMatchObject({ ok: false });
    expect(updater.installs).toBe(0);
  });
});

describe('releaseNotesText', () => {
  it('flattens the notes of several versions and drops empty ones', () => {
    expect(releaseNotesText(null)).toBeUndefined();
    expect(releaseNotesText('  ')).toBeUndefined();
    expect(
      releaseNotesText([
        { version: '1.4.0', note: 'Tray attendance' },
        { version: '1.3.1', note: null },
        { version: '1.3.0', note: 'Dark theme' },
      ]),
    ).toBe('Tray attendance\n\nDark theme');
  });
});
