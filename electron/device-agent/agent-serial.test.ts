// The agent checks the serial number a terminal reports before reading it: another terminal at the same address is
// not read, and the device's state says why. Real parts: the simulator, node-zklib through the adapter, the agent's
// SQLite queue, and the real server over HTTP on SQLite in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/engine.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { createAgentKey } from '../../server/src/modules/devices/agent-keys.js';
import { createTenantWithRoles } from '../../server/src/seed/tenant.js';
import { ZkSimulator } from '../../tools/zk-sim/server.js';
import { DeviceAgent, zkAdapterFactory } from './agent.js';
import { createAgentServer } from './http-client.js';
import { PunchQueue } from './queue.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-agent-serial-'));
const handle = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'api.sqlite') });
const sim = new ZkSimulator({ users: 3, punches: 5, seed: 3, serialNumber: 'SERIAL-A', udp: false });
let close: () => Promise<void> = async () => {};
let agentKey = '';
let baseUrl = '';
let tenantId = 0;

beforeAll(async () => {
  await migrateToLatest(handle.db, handle.engine);
  const config = loadConfig({ LOG_LEVEL: 'silent', RENDERER_DIR: '/nonexistent', DATA_DIR: dir });
  const { app } = await buildApp({ config, db: handle.db, engine: handle.engine });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const now = new Date();
  const stamp = now.toISOString();
  ({ tenantId } = await createTenantWithRoles(handle.db, { name: 'Serial', emailDomain: 'serial.example' }, now));
  const admin = await handle.db
    .insertInto('employees')
    .values({
      tenantId,
      email: 'admin@serial.example',
      name: 'Admin',
      employeeIdentificationNo: '1',
      status: 'active',
      allocation: 100,
      passwordHash: null,
      emailConfirmed: 1,
      isSettingProfile: 0,
      isDemo: 0,
      failedSignIns: 0,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ({ key: agentKey } = await createAgentKey(handle.db, { tenantId, employeeId: admin.id }, 'test', now));
  const port = await sim.start();
  await handle.db
    .insertInto('devices')
    .values({
      tenantId,
      name: 'Door',
      serialNo: 'SERIAL-A',
      mode: 'pull',
      ipAddress: '127.0.0.1',
      port,
      timeZone: sim.timeZone,
      lastActivity: null,
      userCount: 0,
      transactionCount: 0,
      isActive: 1,
      state: 'unknown',
      stateDetail: null,
      admsStamp: null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await sim.stop();
  await close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the serial number check on connect', () => {
  it('reads the registered terminal, then refuses another one at the same address and says so', async () => {
    const queue = new PunchQueue(path.join(dir, 'agent'));
    const server = createAgentServer({ baseUrl, agentKey });
    const agent = new DeviceAgent({ server, queue, logger: quiet, createAdapter: zkAdapterFactory(quiet) });
    const device = () =>
      handle.db
        .selectFrom('devices')
        .select(['state', 'stateDetail'])
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
    const stored = async () =>
      Number(
        (
          await handle.db
            .selectFrom('devicePunches')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('tenantId', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      const first = await agent.pollOnce();
      expect(first).toMatchObject({ devices: 1, failed: [], queued: 5, uploaded: 5, drained: true });
      expect(await device()).toEqual({ state: 'online', stateDetail: null });
      expect(await stored()).toBe(5);

      // The terminal is swapped: same address, another serial, new punches.
      sim.serialNumber = 'SERIAL-B';
      sim.addPunches([{ userId: '1002', time: new Date(Date.now() - 60_000) }]);
      const second = await agent.pollOnce();
      expect(second).toMatchObject({ devices: 1, failed: ['SERIAL-A'], queued: 0, drained: true });
      expect(await device()).toEqual({
        state: 'error',
        stateDetail: 'serial mismatch: expected SERIAL-A, device says SERIAL-B',
      });
      expect(await stored()).toBe(5);
      expect(sim.stats.transfers).toBe(1); // the swapped terminal's log was never read

      // The registered terminal is back: read again, its new punch included.
      sim.serialNumber = 'SERIAL-A';
      expect(await agent.pollOnce()).toMatchObject({ failed: [], queued: 1, uploaded: 1 });
      expect(await device()).toEqual({ state: 'online', stateDetail: null });
      expect(await stored()).toBe(6);
    } finally {
      await agent.stop();
      queue.close();
    }
  }, 60_000);
});
