/**
 * The desktop app's device agent host with its real parts: the real agent runtime (SQLite queue, node-zklib through
 * the adapter, the agent API over HTTP), the key check against the real server, the ZKTeco simulator. Only the
 * keychain is the in-memory layer of the secret store, since there is no OS keychain here.
 */
/* eslint-disable no-restricted-imports -- drives the desktop's agent host against the real server; the boundary rule
   is about product code. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { createDeviceAgentHost, realAgentRuntime, verifyAgentKey } from '../../electron/device-agent-host.js';
import { memoryStore, type SecretStore } from '../../electron/secret-store.js';
import { ZkSimulator } from '../../tools/zk-sim/server.js';
import {
  addDevice,
  deviceWorld,
  eventually,
  silentLogger,
  storedPunches,
  type DeviceWorld,
} from './device-fixtures.js';

let world: DeviceWorld;
let sim: ZkSimulator;
let dataDir: string;
beforeAll(async () => {
  world = await deviceWorld({ employees: 20 });
  sim = new ZkSimulator({ users: 20, punches: 300, seed: 11, timeZone: 'Asia/Dubai' });
  const port = await sim.start();
  await addDevice(world, { serialNo: 'DESK-1', port, timeZone: 'Asia/Dubai' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-desktop-agent-'));
});
afterAll(async () => {
  await sim.stop();
  await world.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The host as the desktop app makes it, on this server and data folder, keeping its key in `keyStore`. */
const hostOf = (keyStore: SecretStore) =>
  createDeviceAgentHost({
    keyStore,
    serverUrl: () => world.server.url,
    dataDir,
    logger: silentLogger,
    runtime: realAgentRuntime(silentLogger),
    verifyKey: verifyAgentKey,
  });

describe('the desktop device agent host', () => {
  it('refuses a key the server does not know, then pulls the device with a real one until stopped', async () => {
    const keyStore = memoryStore();
    const host = hostOf(keyStore);
    await host.start();
    expect(host.status()).toMatchObject({ configured: false, running: false });

    const wrong = await host.setKey(`tbagent_${'z'.repeat(43)}`);
    expect(wrong).toEqual({ ok: false, message: MESSAGES.AGENT_KEY_INVALID });
    expect(await keyStore.get()).toBeNull();

    const set = await host.setKey(world.agentKey);
    expect(set).toMatchObject({ ok: true, status: { configured: true, running: true, serverUrl: world.server.url } });
    await eventually(async () => (await storedPunches(world)).length === 300, 30_000);
    await eventually(() => host.status().lastPollAt !== null, 10_000);
    expect(host.status()).toMatchObject({ devices: 1, failedDevices: [], queued: 0, lastError: null });
    const device = (await world.admin.get('/api/devices?searchText=DESK-1')).body.items[0];
    expect(device).toMatchObject({ state: 'online', userCount: 20, transactionCount: 300 });

    await host.stop();
    expect(host.status().running).toBe(false);
    // The key stays in the keychain: the next app start pulls again without asking.
    expect(await keyStore.get()).toBe(world.agentKey);
    const again = hostOf(keyStore);
    await again.start();
    expect(again.status()).toMatchObject({ configured: true, running: true });
    // Removing the key stops it and forgets it; nothing was uploaded twice.
    expect(await again.setKey(null)).toMatchObject({ ok: true, status: { configured: false, running: false } });
    expect(await keyStore.get()).toBeNull();
    expect(await storedPunches(world)).toHaveLength(300);
  });
});
