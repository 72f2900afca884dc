import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, type NotificationPayload } from '../shared/ipc.js';
import type { TrayState } from '../shared/platform.js';
import { createDesktopSession } from './desktop-session.js';
import { createDeviceAgentHost } from './device-agent-host.js';
import { createIpcHandlers, IpcRefusedError } from './ipc-handlers.js';
import type { DesktopSsoOutcome } from './sso-flow.js';
import { silentLogger } from './logger.js';
import { memoryStore } from './secret-store.js';
import { createServerConnection, fileServerUrlStore } from './server-url.js';
import { createUpdateController, realTimers } from './updater.js';
import { PACKAGED_APP_ORIGIN } from './window-policy.js';

const app = { frameUrl: 'app://teambeat/feedback' };
const stranger = { frameUrl: 'https://evil.example/' };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'teambeat-ipc-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const notified: NotificationPayload[] = [];
  const opened: string[] = [];
  const trayStates: TrayState[] = [];
  const pendingLinks: (string | null)[] = ['/leave/approvals'];
  const refreshToken = memoryStore();
  const server = createServerConnection({
    store: fileServerUrlStore(path.join(dir, 'settings.json'), silentLogger),
    probe: async (url) => ({ ok: true, url }),
    refreshToken,
    defaultUrl: null,
    onChange: () => {},
    logger: silentLogger,
  });
  const updates = createUpdateController({
    updater: {
      autoDownload: false,
      autoInstallOnAppQuit: false,
      checkForUpdates: async () => null,
      quitAndInstall: () => {
        throw new Error('must not install');
      },
      on: () => {},
    },
    policy: { enabled: false, reason: 'test' },
    timers: realTimers,
    logger: silentLogger,
    onReady: () => {},
    beforeInstall: () => {},
  });
  const agentKey = memoryStore();
  const deviceAgent = createDeviceAgentHost({
    keyStore: agentKey,
    serverUrl: () => server.current(),
    dataDir: path.join(dir, 'device-agent'),
    logger: silentLogger,
    runtime: () => ({ start: () => {}, stop: async () => {}, queued: () => 0 }),
    verifyKey: async () => {},
  });
  // The flow itself is walked against the real server in sso-flow.server.test.ts; here only what IPC does with
  // its answer matters.
  const ssoCalls: string[] = [];
  let ssoResult: DesktopSsoOutcome = { ok: false, code: 'SSO_CANCELLED' };
  const sso = {
    start: async (email: string) => {
      ssoCalls.push(email);
      return ssoResult;
    },
    cancel: () => void ssoCalls.push('cancel'),
  };
  const handlers = createIpcHandlers({
    appOrigin: PACKAGED_APP_ORIGIN,
    notify: (notification) => notified.push(notification),
    takePendingLink: () => pendingLinks.shift() ?? null,
    openExternal: async (url) => {
      opened.push(url);
    },
    session: createDesktopSession({
      store: refreshToken,
      serverUrl: () => server.current(),
      // No company server in these tests: a refresh finds none to ask.
      fetch: async () => {
        throw new Error('offline');
      },
      logger: silentLogger,
    }),
    server,
    updates,
    setTrayState: (state) => trayStates.push(state),
    deviceAgent,
    sso,
    logger: silentLogger,
  });
  const answerSso = (result: DesktopSsoOutcome) => {
    ssoResult = result;
  };
  return { handlers, notified, opened, trayStates, refreshToken, agentKey, ssoCalls, answerSso };
}

describe('IPC handlers', () => {
  it('answer nothing to a frame outside the app, on every channel', async () => {
    const { handlers, refreshToken } = setup();
    await refreshToken.set('secret');
    for (const channel of INVOKE_CHANNELS) {
      await expect(handlers.invoke[channel](stranger, []), channel).rejects.toBeInstanceOf(IpcRefusedError);
      await expect(handlers.invoke[channel]({ frameUrl: undefined }, []), channel).rejects.toBeInstanceOf(
        IpcRefusedError,
      );
    }
    expect(await refreshToken.get()).toBe('secret');
  });

  it('open http(s) links in the browser and refuse javascript:, file: and the like', async () => {
    const { handlers, opened } = setup();
    expect(await handlers.invoke['open-external'](app, ['https://teambeat.example.com/help'])).toEqual({ ok: true });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'smb://host/share', 'mailto:x@example.com']) {
      expect(await handlers.invoke['open-external'](app, [url]), url).toEqual({ ok: false });
    }
    expect(opened).toEqual(['https://teambeat.example.com/help']);
  });

  it('never hand the refresh token to the renderer, on any channel (security review #10, item 18)', async () => {
    const { handlers, refreshToken } = setup();
    const secret = `rt_${'s'.repeat(43)}`;
    await refreshToken.set(secret);
    const answers: unknown[] = [];
    for (const channel of INVOKE_CHANNELS) {
      try {
        answers.push(await handlers.invoke[channel](app, []));
      } catch {
        // A channel that needs arguments refuses empty ones: it answered nothing.
      }
    }
    expect(JSON.stringify(answers)).not.toContain(secret);
    expect(INVOKE_CHANNELS).not.toContain('refresh-token:get');
  });

  it('keep the refresh token in main and forget it, answering nothing of it', async () => {
    const { handlers, refreshToken } = setup();
    expect(await handlers.invoke['session:keep'](app, ['rt_1'])).toBeUndefined();
    expect(await refreshToken.get()).toBe('rt_1');
    expect(await handlers.invoke['session:refresh'](app, [])).toEqual({ ok: false, reason: 'ended' }); // no server
    await handlers.invoke['session:forget'](app, []);
    expect(await refreshToken.get()).toBeNull();
  });

  it('keep a single sign-on’s refresh token in main and answer the access token only', async () => {
    const { handlers, refreshToken, ssoCalls, answerSso } = setup();
    const secret = `rt_${'o'.repeat(43)}`;
    answerSso({ ok: true, accessToken: 'at_1', expiresIn: 900, refreshToken: secret });
    const answer = await handlers.invoke['sso:start'](app, ['ann@acme.example']);
    expect(answer).toEqual({ ok: true, accessToken: 'at_1', expiresIn: 900 });
    expect(JSON.stringify(answer)).not.toContain(secret);
    expect(await refreshToken.get()).toBe(secret);
    answerSso({ ok: false, code: 'SSO_EMAIL_DOMAIN' });
    expect(await handlers.invoke['sso:start'](app, ['ann@acme.example'])).toEqual({
      ok: false,
      code: 'SSO_EMAIL_DOMAIN',
    });
    expect(await refreshToken.get()).toBe(secret);
    await handlers.invoke['sso:cancel'](app, []);
    await expect(handlers.invoke['sso:start'](app, [''])).rejects.toBeInstanceOf(IpcRefusedError);
    await expect(handlers.invoke['sso:start'](app, [{ email: 'x' }])).rejects.toBeInstanceOf(IpcRefusedError);
    expect(ssoCalls).toEqual(['ann@acme.example', 'ann@acme.example', 'cancel']);
  });

  it('validate arguments before any service sees them', async () => {
    const { handlers, notified } = setup();
    const bad: unknown[][] = [
      [],
      [{ title: '', body: 'x' }],
      [{ title: 'Hi' }],
      [{ title: 'Hi', body: 'x', icon: 'file:///etc/passwd' }],
      [{ title: 'x'.repeat(201), body: '' }],
      ['Hi', 'there'],
    ];
    for (const args of bad) {
      await expect(handlers.invoke.notify(app, args)).rejects.toBeInstanceOf(IpcRefusedError);
    }
    await expect(handlers.invoke['session:keep'](app, [42])).rejects.toBeInstanceOf(IpcRefusedError);
    await expect(handlers.invoke['session:keep'](app, [''])).rejects.toBeInstanceOf(IpcRefusedError);
    await expect(handlers.invoke['session:keep'](app, [null])).rejects.toBeInstanceOf(IpcRefusedError);
    await expect(
      handlers.invoke['server-url:set'](app, ['http://10.0.0.5', { confirmPlainHttp: 'yes' }]),
    ).rejects.toBeInstanceOf(IpcRefusedError);
    await handlers.invoke.notify(app, [{ title: 'Badge received', body: 'Team Player from Sara' }]);
    expect(notified).toEqual([{ title: 'Badge received', body: 'Team Player from Sara' }]);
  });

  it('take a notification’s link only when it is a path inside the app', async () => {
    const { handlers, notified } = setup();
    const refused = [
      'https://evil.example/',
      '//evil.example/leave',
      '/\\evil.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'leave/approvals',
      '/leave\napprovals',
      '',
      `/${'a'.repeat(600)}`,
      42,
      null,
    ];
    for (const link of refused) {
      await expect(
        handlers.invoke.notify(app, [{ title: 'Leave request', body: 'x', link }]),
        String(link),
      ).rejects.toBeInstanceOf(IpcRefusedError);
    }
    for (const id of [-1, 1.5, '12', Number.MAX_SAFE_INTEGER + 1]) {
      await expect(
        handlers.invoke.notify(app, [{ title: 'Leave request', body: 'x', id }]),
        String(id),
      ).rejects.toBeInstanceOf(IpcRefusedError);
    }
    expect(notified).toEqual([]);
    const valid = {
      title: 'Leave request',
      body: 'Sara asks for 2 days',
      link: '/feedback/requests/12?tab=c#3',
      id: 12,
    };
    await handlers.invoke.notify(app, [valid]);
    expect(notified).toEqual([valid]);
  });

  it('hand the link waiting for a loading page over once', async () => {
    const { handlers } = setup();
    expect(await handlers.invoke['notification:pending-link'](app, [])).toBe('/leave/approvals');
    expect(await handlers.invoke['notification:pending-link'](app, [])).toBeNull();
    await expect(handlers.invoke['notification:pending-link'](app, ['x'])).rejects.toBeInstanceOf(IpcRefusedError);
  });

  it('mirror a valid tray state and drop an invalid one', () => {
    const { handlers, trayStates } = setup();
    handlers.send['tray:set-state'](app, [{ signedIn: true, userName: 'Sara', attendance: null }]);
    handlers.send['tray:set-state'](app, [{ signedIn: 'yes' }]);
    handlers.send['tray:set-state'](stranger, [{ signedIn: false }]);
    handlers.send['tray:set-state'](app, [{ signedIn: true, attendance: { state: 'checked-in', workedMinutes: -1 } }]);
    handlers.send['tray:set-state'](app, [{ signedIn: true, actionCount: 3 }]);
    for (const actionCount of [-1, 2.5, '3', 1_000_001])
      handlers.send['tray:set-state'](app, [{ signedIn: true, actionCount }]);
    expect(trayStates).toEqual([
      { signedIn: true, userName: 'Sara', attendance: null },
      { signedIn: true, actionCount: 3 },
    ]);
  });

  it('choose the server through the connection, returning its verdict', async () => {
    const { handlers } = setup();
    expect(await handlers.invoke['server-url:get'](app, [])).toBeNull();
    expect(await handlers.invoke['server-url:set'](app, ['ftp://acme.example'])).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_SCHEME',
    });
    expect(await handlers.invoke['server-url:set'](app, ['teambeat.acme.example/'])).toEqual({
      ok: true,
      url: 'https://teambeat.acme.example',
    });
    expect(await handlers.invoke['server-url:get'](app, [])).toBe('https://teambeat.acme.example');
  });

  it('report that no update is pending and install nothing', async () => {
    const { handlers } = setup();
    expect(await handlers.invoke['update:pending'](app, [])).toBeNull();
    expect(await handlers.invoke['update:install'](app, [])).toMatchObject({ ok: false });
  });

  it('set and clear the device agent key, refusing malformed ones before the keychain sees them', async () => {
    const { handlers, agentKey } = setup();
    await handlers.invoke['server-url:set'](app, ['https://teambeat.acme.example']);
    expect(await handlers.invoke['device-agent:status'](app, [])).toMatchObject({ configured: false, running: false });
    await expect(handlers.invoke['device-agent:set-key'](app, [42])).rejects.toBeInstanceOf(IpcRefusedError);
    expect(await handlers.invoke['device-agent:set-key'](app, ['not-a-key'])).toMatchObject({ ok: false });
    expect(await agentKey.get()).toBeNull();
    const key = `tbagent_${'k'.repeat(43)}`;
    const set = await handlers.invoke['device-agent:set-key'](app, [key]);
    expect(set).toMatchObject({ ok: true, status: { configured: true, running: true } });
    expect(await agentKey.get()).toBe(key);
    const cleared = await handlers.invoke['device-agent:set-key'](app, [null]);
    expect(cleared).toMatchObject({ ok: true, status: { configured: false, running: false } });
    expect(await agentKey.get()).toBeNull();
  });
});
