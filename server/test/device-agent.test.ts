/**
 * The device agent end to end with real parts: the ZKTeco simulator on a free port, the unmodified node-zklib
 * through the adapter, the agent's SQLite queue in a temporary folder, and the real server over HTTP.
 */
/* eslint-disable no-restricted-imports -- this end-to-end test drives the real device agent against the real server;
   the boundary rule is about product code, and the agent is reached from here only. */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeviceAgent, zkAdapterFactory, type DeviceAgentOptions } from '../../electron/device-agent/agent.js';
import { createAgentServer } from '../../electron/device-agent/http-client.js';
import { PunchQueue } from '../../electron/device-agent/queue.js';
import { ZkSimulator, type ZkSimulatorOptions } from '../../tools/zk-sim/server.js';
import {
  actualAttendance,
  addDevice,
  attendanceRows,
  deviceWorld,
  eventually,
  expectedAttendance,
  silentLogger,
  storedPunches,
  type DeviceWorld,
} from './device-fixtures.js';
import { freePort } from './free-port.js';

let world: DeviceWorld;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  world = await deviceWorld({ employees: 200 });
});
afterAll(() => world.server.close());
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
  // Each test starts from an empty tenant: no devices, punches or attendance.
  await world.server.db.deleteFrom('attendanceAudit').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('attendances').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('devicePunches').where('tenantId', '=', world.tenantId).execute();
  await world.server.db.deleteFrom('devices').where('tenantId', '=', world.tenantId).execute();
});

async function simulator(serialNo: string, options: ZkSimulatorOptions) {
  const sim = new ZkSimulator({ users: 200, seed: 7, ...options });
  const port = await sim.start();
  cleanups.push(() => sim.stop());
  await addDevice(world, { serialNo, port, timeZone: sim.timeZone });
  return sim;
}

function agentFor(options: DeviceAgentOptions & { baseUrl?: string; dataDir?: string; retries?: number } = {}): {
  agent: DeviceAgent;
  queue: PunchQueue;
  dataDir: string;
} {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'teambeat-agent-'));
  const queue = new PunchQueue(dataDir);
  const agent = new DeviceAgent(
    {
      server: createAgentServer({
        baseUrl: options.baseUrl ?? world.server.url,
        agentKey: world.agentKey,
        timeoutMs: 20_000,
      }),
      queue,
      logger: silentLogger,
      createAdapter: zkAdapterFactory(silentLogger, {
        callTimeoutMs: 3000,
        readTimeoutMs: 20_000,
        libTimeoutMs: 2000,
        retries: options.retries ?? 0,
        retryDelayMs: 20,
      }),
    },
    { batchSize: 5000, initialBackoffMs: 50, maxBackoffMs: 200, ...options },
  );
  cleanups.push(async () => {
    await agent.stop();
    queue.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return { agent, queue, dataDir };
}

/** Every simulator punch stored exactly once, and the attendance exactly what the punches say. */
async function expectDelivered(sims: ZkSimulator[], serials: string[]) {
  const stored = await storedPunches(world);
  const key = (serial: string, userId: string, at: string) => `${serial}|${userId}|${at}`;
  const got = stored.map((p) => key(p.deviceSerial, p.deviceUserId, p.punchAt));
  expect(new Set(got).size).toBe(got.length);
  const want = sims.flatMap((sim, i) => sim.punches().map((p) => key(serials[i]!, p.userId, p.time.toISOString())));
  expect(got.sort()).toEqual(want.sort());
  expect(stored.every((p) => p.status === 'applied')).toBe(true);
  const expected = expectedAttendance(
    sims.flatMap((s) => s.punches()),
    world.employees,
  );
  const rows = await attendanceRows(world);
  expect(rows.every((r) => r.source === 'device' && r.isWfo === 1 && r.createdBy === null)).toBe(true);
  expect(actualAttendance(rows)).toEqual(expected);
}

/** A TCP forwarder to the server that can be taken down (connections cut, port closed) and brought back. */
async function switchableProxy(target: string) {
  const { hostname, port: targetPort } = new URL(target);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = async () => {
    for (const s of sockets) s.destroy();
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  cleanups.push(down);
  return { url: `http://127.0.0.1:${port}`, up, down };
}

describe('device agent with the simulator and the server', () => {
  it('pulls 20,000 punches into attendance, each exactly once', async () => {
    const sim = await simulator('SIM-20K', { punches: 20_000 });
    const { agent, queue } = agentFor();
    const report = await agent.pollOnce();
    expect(report).toMatchObject({ devices: 1, failed: [], queued: 20_000, uploaded: 20_000, drained: true });
    expect(queue.size()).toBe(0);
    await expectDelivered([sim], ['SIM-20K']);
    const device = (await world.admin.get('/api/devices?searchText=SIM-20K')).body.items[0];
    expect(device).toMatchObject({ state: 'online', userCount: 200, transactionCount: 20_000 });
    expect(device.lastActivity).not.toBeNull();
    // A second round reads the same log and sends nothing again.
    expect(await agent.pollOnce()).toMatchObject({ queued: 0, uploaded: 0, drained: true });
  });

  it('resumes after a transfer dropped halfway: nothing lost, nothing doubled', async () => {
    const sim = await simulator('SIM-DROP', { punches: 3000 });
    const { agent } = agentFor();
    expect((await agent.pollOnce()).queued).toBe(3000);
    // New punches arrive; the next transfer (about 4 chunks) is cut after 2.
    sim.addPunches(
      Array.from({ length: 3000 }, (_, i) => ({
        userId: String(1001 + (i % 200)),
        time: new Date(Math.floor(Date.now() / 1000) * 1000 - (3000 - i) * 1000),
      })),
    );
    await sim.setFaults({ dropAfterChunks: 2, dropTimes: 1 });
    const failed = await agent.pollOnce();
    expect(failed.failed).toEqual(['SIM-DROP']);
    expect(failed.queued).toBe(0);
    expect(sim.stats.drops).toBe(1);
    const state = (await world.admin.get('/api/devices?searchText=SIM-DROP')).body.items[0];
    expect(state.state).toMatch(/offline|error/);
    const resumed = await agent.pollOnce();
    expect(resumed).toMatchObject({ failed: [], queued: 3000, drained: true });
    await expectDelivered([sim], ['SIM-DROP']);
  });

  it('keeps punches queued while the server is down, across an agent restart, and drains them once it is back', async () => {
    const sim = await simulator('SIM-DOWN', { punches: 1500 });
    const proxy = await switchableProxy(world.server.url);
    await proxy.up();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teambeat-agent-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = agentFor({ baseUrl: proxy.url, dataDir });
    expect((await first.agent.pollOnce()).uploaded).toBe(1500);

    await proxy.down();
    sim.addPunches(
      Array.from({ length: 500 }, (_, i) => ({
        userId: String(1001 + (i % 50)),
        time: new Date(Math.floor(Date.now() / 1000) * 1000 - (500 - i) * 2000),
      })),
    );
    const offline = await first.agent.pollOnce();
    // The device list comes from the agent's cache; the new punches are read and queued, not uploaded.
    expect(offline).toMatchObject({ devices: 1, queued: 500, uploaded: 0, drained: false });
    expect(first.queue.size()).toBe(500);
    await first.agent.stop();
    first.queue.close();

    // A new agent process over the same data folder: the queue survived, and the device is not read twice.
    const second = agentFor({ baseUrl: proxy.url, dataDir, pollIntervalMs: 3_600_000 });
    expect(second.queue.size()).toBe(500);
    second.agent.start(); // first round fails to upload and schedules retries with backoff
    await new Promise((r) => setTimeout(r, 300));
    expect(second.queue.size()).toBe(500);
    await proxy.up();
    await eventually(() => second.queue.size() === 0, 10_000);
    await expectDelivered([sim], ['SIM-DOWN']);
  });

  it('reads a device whose zone differs from the host and the tenant, and files punches on the tenant day', async () => {
    const hostZone = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo'; // node-zklib builds Dates in the host zone; the adapter must undo that
    cleanups.push(() => {
      if (hostZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = hostZone;
    });
    // 20:30 in Bogota (UTC-5) is 06:30 the next day in Karachi (UTC+5), the tenant's zone.
    const evening = new Date('2026-11-20T01:30:00Z');
    const sim = await simulator('SIM-BOG', {
      timeZone: 'America/Bogota',
      punches: [
        { userId: '1001', time: evening },
        { userId: '1001', time: new Date(evening.getTime() + 8 * 3600_000) },
        { userId: '1002', time: new Date('2026-11-19T14:00:00Z') },
      ],
    });
    const { agent } = agentFor();
    expect((await agent.pollOnce()).queued).toBe(3);
    const punches = await storedPunches(world);
    expect(punches.find((p) => p.punchAt === evening.toISOString())?.workDate).toBe('2026-11-20');
    const rows = await attendanceRows(world);
    const first = rows.find((r) => r.employeeId === world.employees.get('1001'));
    expect(first).toMatchObject({
      workDate: '2026-11-20',
      checkIn: '2026-11-20T01:30:00.000Z',
      checkOut: '2026-11-20T09:30:00.000Z',
    });
    await expectDelivered([sim], ['SIM-BOG']);
  });

  it('moves the punches of a corrected zone; reading the log again in the new zone uploads nothing', async () => {
    const sim = new ZkSimulator({ users: 200, seed: 11, punches: 600, timeZone: 'Asia/Karachi' });
    const port = await sim.start();
    cleanups.push(() => sim.stop());
    // Registered with the wrong zone: every punch is read 4 hours off.
    const device = await addDevice(world, { serialNo: 'SIM-TZ', port, timeZone: 'Asia/Tokyo' });
    const { agent } = agentFor();
    expect(await agent.pollOnce()).toMatchObject({ queued: 600, uploaded: 600 });
    const fixed = await world.admin.patch(`/api/devices/${device.id}`, { timeZone: 'Asia/Karachi' });
    expect(fixed.body).toMatchObject({ timeZone: 'Asia/Karachi', punchesMoved: 600 });
    await expectDelivered([sim], ['SIM-TZ']);
    // The agent reads the whole log again with the new zone: 600 punches with new instants, known by their local
    // times already, so it uploads nothing.
    expect(await agent.pollOnce()).toMatchObject({ failed: [], queued: 0, uploaded: 0, drained: true });
    await expectDelivered([sim], ['SIM-TZ']);
  });

  it('reports the device clock’s drift and sets the device time when asked', async () => {
    const sim = await simulator('SIM-CLOCK', { punches: 10, clockOffsetMs: 300_000 });
    const { agent } = agentFor();
    await agent.pollOnce();
    const id = (await world.admin.get('/api/devices?searchText=SIM-CLOCK')).body.items[0].id;
    // The device clock has whole seconds: 5 minutes ahead reads as 299 or 300 s depending on the millisecond.
    expect([299, 300]).toContain((await world.admin.get(`/api/devices/${id}`)).body.clockOffsetS);
    await world.admin.post(`/api/devices/${id}/set-time`);
    await agent.pollOnce();
    expect(Math.abs(sim.deviceTimeMs() - Date.now())).toBeLessThan(2000);
    const after = (await world.admin.get(`/api/devices/${id}`)).body;
    expect([-2, -1, 0]).toContain(after.clockOffsetS);
    expect(after.setTimeRequestedAt).toBeNull();
  });

  it('clears the device log only when asked, after the server confirmed every punch', async () => {
    const sim = await simulator('SIM-CLR', { punches: 400 });
    const held = sim.punches().map((p) => `${p.userId}|${p.time.toISOString()}`);
    const keep = agentFor();
    await keep.agent.pollOnce();
    expect(sim.store.punchCount).toBe(400); // off by default
    await keep.agent.stop();
    const clear = agentFor({ clearAfterUpload: true });
    expect((await clear.agent.pollOnce()).drained).toBe(true);
    expect(sim.store.punchCount).toBe(0);
    // Cleared only after the upload was confirmed: the server holds every punch, once.
    const stored = (await storedPunches(world)).map((p) => `${p.deviceUserId}|${p.punchAt}`);
    expect(stored.sort()).toEqual(held.sort());
    // A punch made after the clear is read on the next round.
    sim.addPunches([{ userId: '1003', time: new Date(Math.floor(Date.now() / 1000) * 1000) }]);
    expect((await clear.agent.pollOnce()).queued).toBe(1);
    expect(await storedPunches(world)).toHaveLength(401);
  });
});
