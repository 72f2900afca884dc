import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.js';
import { createDeviceAgentHost, type AgentRuntimeConfig, type AgentRuntimeFactory } from './device-agent-host.js';
import type { PollReport } from './device-agent/agent.js';
import { AgentHttpError } from './device-agent/http-client.js';
import { silentLogger } from './logger.js';
import { memoryStore } from './secret-store.js';

const KEY = `tbagent_${'a'.repeat(43)}`;
const OTHER_KEY = `tbagent_${'b'.repeat(43)}`;

/** Records what the host asks of the agent runtime; the runtime itself is tested in device-agent/. */
function recorder() {
  const started: AgentRuntimeConfig[] = [];
  let running = 0;
  let report: ((r: PollReport | null, e?: unknown) => void) | null = null;
  const runtime: AgentRuntimeFactory = (config, onPoll) => {
    report = onPoll;
    return {
      start: () => {
        started.push(config);
        running++;
      },
      stop: async () => {
        running--;
      },
      queued: () => 7,
    };
  };
  return { runtime, started, running: () => running, report: (r: PollReport | null, e?: unknown) => report?.(r, e) };
}

function setup(opts: { serverUrl?: string | null; verify?: (url: string, key: string) => Promise<void> } = {}) {
  const keyStore = memoryStore();
  let serverUrl = opts.serverUrl === undefined ? 'https://teambeat.acme.example' : opts.serverUrl;
  const rec = recorder();
  const host = createDeviceAgentHost({
    keyStore,
    serverUrl: () => serverUrl,
    dataDir: '/data/device-agent',
    logger: silentLogger,
    runtime: rec.runtime,
    verifyKey: opts.verify ?? (async () => {}),
    now: () => new Date('2026-11-23T08:00:00Z'),
  });
  return { host, keyStore, rec, setServer: (url: string | null) => (serverUrl = url) };
}

describe('device agent host', () => {
  it('does not run without a stored key, and runs with one from the keychain at start', async () => {
    const idle = setup();
    await idle.host.start();
    expect(idle.host.status()).toMatchObject({ configured: false, running: false });
    expect(idle.rec.started).toEqual([]);

    const stored = setup();
    await stored.keyStore.set(KEY);
    await stored.host.start();
    expect(stored.rec.started).toEqual([
      { serverUrl: 'https://teambeat.acme.example', agentKey: KEY, dataDir: '/data/device-agent' },
    ]);
    expect(stored.host.status()).toMatchObject({ configured: true, running: true, queued: 7 });
    await stored.host.stop();
    expect(stored.rec.running()).toBe(0);
    expect(stored.host.status().running).toBe(false);
  });

  it('checks a new key with the server before storing it, and restarts the agent on it', async () => {
    const seen: string[] = [];
    const { host, keyStore, rec } = setup({
      verify: async (_url, key) => {
        seen.push(key);
        if (key === OTHER_KEY) throw new AgentHttpError(401, 'GET /api/agent/devices: 401');
      },
    });
    expect(await host.setKey('tbagent_short')).toEqual({ ok: false, message: MESSAGES.AGENT_KEY_INVALID });
    expect(await host.setKey(OTHER_KEY)).toEqual({ ok: false, message: MESSAGES.AGENT_KEY_INVALID });
    expect(await keyStore.get()).toBeNull();
    expect(seen).toEqual([OTHER_KEY]);

    const ok = await host.setKey(`  ${KEY}\n`);
    expect(ok).toMatchObject({ ok: true, status: { configured: true, running: true } });
    expect(await keyStore.get()).toBe(KEY);
    expect(rec.running()).toBe(1);

    // A second key replaces the first: one agent, never two on the same queue.
    const third = `tbagent_${'c'.repeat(43)}`;
    await host.setKey(third);
    expect(rec.running()).toBe(1);
    expect(rec.started.map((c) => c.agentKey)).toEqual([KEY, third]);

    expect(await host.setKey(null)).toMatchObject({ ok: true, status: { configured: false, running: false } });
    expect(await keyStore.get()).toBeNull();
    expect(rec.running()).toBe(0);
  });

  it('says so when the server cannot be reached to check the key, and keeps nothing', async () => {
    const { host, keyStore } = setup({
      verify: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await host.setKey(KEY)).toEqual({ ok: false, message: MESSAGES.UNAVAILABLE });
    expect(await keyStore.get()).toBeNull();
  });

  it('needs a company server, and follows it when it changes', async () => {
    const { host, keyStore, rec, setServer } = setup({ serverUrl: null });
    expect(await host.setKey(KEY)).toEqual({ ok: false, message: 'Choose the company server first.' });
    await keyStore.set(KEY);
    await host.start();
    expect(host.status()).toMatchObject({ configured: true, running: false });
    setServer('https://other.example');
    await host.restart();
    expect(rec.started.map((c) => c.serverUrl)).toEqual(['https://other.example']);
    expect(rec.running()).toBe(1);
  });

  it('reports the last round: devices, failures, and whether the queue reached the server', async () => {
    const { host, keyStore, rec } = setup();
    await keyStore.set(KEY);
    await host.start();
    rec.report({ devices: 3, failed: ['CJDE-2'], queued: 10, uploaded: 10, drained: true });
    expect(host.status()).toMatchObject({
      lastPollAt: '2026-11-23T08:00:00.000Z',
      devices: 3,
      failedDevices: ['CJDE-2'],
      lastError: null,
    });
    rec.report({ devices: 3, failed: [], queued: 4, uploaded: 0, drained: false });
    expect(host.status().lastError).toMatch(/could not be reached/);
    rec.report(null, new Error('disk full'));
    expect(host.status()).toMatchObject({ lastError: 'disk full', devices: 0 });
  });
});
