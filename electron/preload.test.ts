/**
 * Builds the real preload bundle and runs it the way a sandboxed renderer does: a fresh context whose
 * `require` knows only `electron`, with stand-ins for contextBridge and ipcRenderer (Electron cannot run
 * here). Proves the bundle is self-contained CommonJS and that window.teambeat speaks the IPC map.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformApi, TrayCommand, UpdateInfo } from '../shared/platform.js';
import { buildPreload } from './build.js';

let dir: string;
let source: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'teambeat-preload-'));
  source = await readFile(await buildPreload(dir), 'utf8');
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Listener = (event: unknown, payload: unknown) => void;

function loadPreload(answers: Record<string, (...args: unknown[]) => unknown> = {}) {
  const exposed: { key: string; api: PlatformApi }[] = [];
  const invoked: { channel: string; args: unknown[] }[] = [];
  const sent: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const required: string[] = [];
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push({ channel, args });
      return answers[channel]?.(...args);
    },
    send: (channel: string, ...args: unknown[]) => sent.push({ channel, args }),
    on: (channel: string, listener: Listener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    },
    removeListener: (channel: string, listener: Listener) => listeners.get(channel)?.delete(listener),
  };
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: PlatformApi) => exposed.push({ key, api }) },
    ipcRenderer,
  };
  const sandboxRequire = (name: string) => {
    required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found in the sandbox: ${name}`);
  };
  const module = { exports: {} };
  runInNewContext(source, {
    require: sandboxRequire,
    module,
    exports: module.exports,
    process: { argv: ['electron', '--type=renderer', '--teambeat-app-version=1.4.2'] },
  });
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer }, payload);
  };
  return { exposed, invoked, sent, listeners, required, emit };
}

describe('the sandboxed preload bundle', () => {
  it('requires nothing but electron and exposes exactly one object, window.teambeat', () => {
    const { exposed, required } = loadPreload();
    expect(required).toEqual(['electron']);
    expect(exposed.map((entry) => entry.key)).toEqual(['teambeat']);
    const api = exposed[0]!.api;
    expect(api.kind).toBe('desktop');
    expect(api.appVersion).toBe('1.4.2');
    expect(Object.keys(api).sort()).toEqual(
      [
        'appVersion',
        'deviceAgent',
        'getServerUrl',
        'installUpdate',
        'kind',
        'notify',
        'onOpenLink',
        'onTrayCommand',
        'onUpdateAvailable',
        'openExternal',
        'desktopSession',
        'setServerUrl',
        'setTrayState',
        'singleSignOn',
      ].sort(),
    );
  });

  it('maps each PlatformApi call to its IPC channel, passing only the declared fields', async () => {
    const { exposed, invoked, sent } = loadPreload({
      'session:refresh': () => ({ ok: true, accessToken: 'at_1', expiresIn: 900 }),
      'server-url:get': () => 'https://teambeat.acme.example',
      'open-external': () => ({ ok: true }),
      'server-url:set': (url: unknown) => ({ ok: true, url }),
      'sso:start': () => ({ ok: true, accessToken: 'at_2', expiresIn: 900 }),
    });
    const api = exposed[0]!.api;
    const notification = { title: 'Hi', body: 'there', onclick: 'evil' };
    await api.notify(notification);
    await api.notify({ title: 'Leave request', body: 'Sara', link: '/leave/approvals', id: 7 });
    await api.desktopSession!.keep('rt_1');
    expect(await api.desktopSession!.refresh()).toEqual({ ok: true, accessToken: 'at_1', expiresIn: 900 });
    await api.desktopSession!.signOut();
    await api.desktopSession!.forget();
    expect(await api.getServerUrl()).toBe('https://teambeat.acme.example');
    await api.setServerUrl('http://192.168.1.20:8080', { confirmPlainHttp: true });
    await api.openExternal('https://example.com');
    expect(await api.singleSignOn!.start('sara@acme.example')).toEqual({
      ok: true,
      accessToken: 'at_2',
      expiresIn: 900,
    });
    await api.singleSignOn!.cancel();
    api.setTrayState({ signedIn: true, userName: 'Sara' });
    expect(invoked).toEqual([
      { channel: 'notify', args: [{ title: 'Hi', body: 'there' }] },
      { channel: 'notify', args: [{ title: 'Leave request', body: 'Sara', link: '/leave/approvals', id: 7 }] },
      { channel: 'session:keep', args: ['rt_1'] },
      { channel: 'session:refresh', args: [] },
      { channel: 'session:sign-out', args: [] },
      { channel: 'session:forget', args: [] },
      { channel: 'server-url:get', args: [] },
      { channel: 'server-url:set', args: ['http://192.168.1.20:8080', { confirmPlainHttp: true }] },
      { channel: 'open-external', args: ['https://example.com'] },
      { channel: 'sso:start', args: ['sara@acme.example'] },
      { channel: 'sso:cancel', args: [] },
    ]);
    expect(sent).toEqual([{ channel: 'tray:set-state', args: [{ signedIn: true, userName: 'Sara' }] }]);
  });

  it("turns main's refusals into rejected promises with a message for people", async () => {
    const { exposed } = loadPreload({
      'open-external': () => ({ ok: false }),
      'server-url:set': () => ({ ok: false, code: 'UNREACHABLE', message: 'The server cannot be reached.' }),
      'update:install': () => ({ ok: false, message: 'No update is ready to install.' }),
      'device-agent:set-key': () => ({ ok: false, message: 'The device agent key is missing, invalid or revoked.' }),
    });
    const api = exposed[0]!.api;
    await expect(api.deviceAgent!.setKey('tbagent_x')).rejects.toThrow('The device agent key is missing');
    await expect(api.openExternal('javascript:alert(1)')).rejects.toThrow('Only http and https links');
    await expect(api.setServerUrl('https://down.example')).rejects.toThrow('The server cannot be reached.');
    await expect(api.installUpdate()).rejects.toThrow('No update is ready');
  });

  it('hands tray commands to the renderer without the IPC event, until unsubscribed', () => {
    const { exposed, emit, listeners } = loadPreload();
    const received: unknown[][] = [];
    const unsubscribe = exposed[0]!.api.onTrayCommand((...args: unknown[]) => received.push(args));
    emit('tray:command', 'check-in' satisfies TrayCommand);
    unsubscribe();
    emit('tray:command', 'sign-out' satisfies TrayCommand);
    expect(received).toEqual([['check-in']]);
    expect(listeners.get('tray:command')?.size).toBe(0);
  });

  it('hands a clicked notification’s link to the renderer without the IPC event, until unsubscribed', async () => {
    const { exposed, emit, invoked } = loadPreload({ 'notification:pending-link': () => null });
    const api = exposed[0]!.api;
    const received: unknown[][] = [];
    const unsubscribe = api.onOpenLink((...args: unknown[]) => received.push(args));
    await new Promise((resolve) => setTimeout(resolve, 0));
    emit('notification:open', { link: '/leave/approvals' });
    unsubscribe();
    emit('notification:open', { link: '/feedback/requests/12' });
    expect(received).toEqual([['/leave/approvals']]);
    // Main is asked once per page for a link clicked while it loaded.
    api.onOpenLink(() => {});
    expect(invoked.filter((call) => call.channel === 'notification:pending-link')).toHaveLength(1);
  });

  it('keeps a link that came before any listener, and the one main kept while the page loaded, for the first one', async () => {
    const early = loadPreload({ 'notification:pending-link': () => null });
    early.emit('notification:open', { link: '/leave/approvals' });
    const first: string[] = [];
    early.exposed[0]!.api.onOpenLink((link) => first.push(link));
    expect(first).toEqual(['/leave/approvals']);
    const second: string[] = [];
    early.exposed[0]!.api.onOpenLink((link) => second.push(link));
    expect(second).toEqual([]);

    // React's StrictMode subscribes, unsubscribes and subscribes again before main answers.
    const loading = loadPreload({ 'notification:pending-link': () => '/feedback/requests/12' });
    const api = loading.exposed[0]!.api;
    const received: string[] = [];
    api.onOpenLink((link) => received.push(`first ${link}`))();
    api.onOpenLink((link) => received.push(`second ${link}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual(['second /feedback/requests/12']);
  });

  it('replays an update that was ready before the renderer subscribed, once', async () => {
    const ready: UpdateInfo = { version: '1.5.0', releaseNotes: 'Tray attendance' };
    const { exposed, emit } = loadPreload({ 'update:pending': () => ready });
    const received: UpdateInfo[] = [];
    exposed[0]!.api.onUpdateAvailable((info) => received.push(info));
    await new Promise((resolve) => setTimeout(resolve, 0));
    emit('update:available', ready);
    emit('update:available', { version: '1.5.1' });
    expect(received).toEqual([ready, { version: '1.5.1' }]);
  });
});
