/**
 * Benchmark of the device path: punches per second from the ZKTeco simulator to attendance rows (node-zklib pull
 * through the adapter, the agent's SQLite queue, HTTP upload, ingest into device_punches and attendances), beside
 * the raw transfer of the same bytes over a loopback socket in the same run. Prints figures; not a test.
 *
 *   npx tsx tools/bench/punches.ts [--punches 100000] [--users 500] [--batch 5000]
 *
 * The API runs in this process on SQLite in a temporary folder (PostgreSQL when DATABASE_URL is set; the database
 * must be empty or migratable).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceAgent, zkAdapterFactory, type AdapterFactory } from '../../electron/device-agent/agent.js';
import { createAgentServer, type AgentServer } from '../../electron/device-agent/http-client.js';
import { PunchQueue } from '../../electron/device-agent/queue.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/engine.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { createAgentKey } from '../../server/src/modules/devices/agent-keys.js';
import { createTenantWithRoles } from '../../server/src/seed/tenant.js';
import { ZkSimulator } from '../zk-sim/server.js';
import { flags } from './harness.js';

const { punches: punchCount, users: userCount, batch } = flags({ punches: 100000, users: 500, batch: 5000 });
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** The same bytes node-zklib receives, written by one socket and read by another on loopback. */
async function rawLoopback(bytes: Buffer): Promise<number> {
  const server = net.createServer((socket) => socket.end(bytes));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    let received = 0;
    const client = net.connect(port, '127.0.0.1');
    client.on('data', (chunk) => (received += chunk.length));
    client.on('end', () => (received === bytes.length ? resolve() : reject(new Error(`got ${received} bytes`))));
    client.on('error', reject);
  });
  const ms = performance.now() - started;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return ms;
}

const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-punches-'));
const handle = openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: path.join(dir, 'api.sqlite') });
const sim = new ZkSimulator({ users: userCount, punches: punchCount, seed: 5, udp: false });
try {
  await migrateToLatest(handle.db, handle.engine);
  const config = loadConfig({ LOG_LEVEL: 'silent', RENDERER_DIR: '/nonexistent', DATA_DIR: dir });
  const { app } = await buildApp({ config, db: handle.db, engine: handle.engine });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const stamp = new Date().toISOString();
  const { tenantId } = await createTenantWithRoles(
    handle.db,
    { name: 'Bench', emailDomain: `bench-${Date.now()}.example` },
    new Date(),
  );
  for (let i = 0; i < userCount; i += 500) {
    await handle.db
      .insertInto('employees')
      .values(
        Array.from({ length: Math.min(500, userCount - i) }, (_, j) => ({
          tenantId,
          email: `u${1001 + i + j}@bench.example`,
          name: `User ${1001 + i + j}`,
          employeeIdentificationNo: String(1001 + i + j),
          status: 'active' as const,
          allocation: 100,
          passwordHash: null,
          emailConfirmed: 1 as const,
          isSettingProfile: 0 as const,
          isDemo: 0 as const,
          failedSignIns: 0,
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();
  }
  const creator = await handle.db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow();
  const { key } = await createAgentKey(handle.db, { tenantId, employeeId: creator.id }, 'bench', new Date());
  const port = await sim.start();
  await handle.db
    .insertInto('devices')
    .values({
      tenantId,
      name: 'Bench',
      serialNo: 'BENCH-1',
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

  const bytes = sim.store.encodeAttendance('current');
  const rawMs = await rawLoopback(bytes);

  // Time the two halves of the agent's round by wrapping its collaborators.
  let pullMs = 0;
  let uploadMs = 0;
  const adapters = zkAdapterFactory(quiet, { readTimeoutMs: 300_000 });
  const timedAdapters: AdapterFactory = (device) => {
    const client = adapters(device);
    return {
      getIdentity: () => client.getIdentity(),
      getInfo: () => client.getInfo(),
      clearAttendanceLog: () => client.clearAttendanceLog(),
      close: () => client.close(),
      getAttendances: async (onProgress) => {
        const t = performance.now();
        const result = await client.getAttendances(onProgress);
        pullMs += performance.now() - t;
        return result;
      },
    };
  };
  const http = createAgentServer({ baseUrl: url, agentKey: key, timeoutMs: 300_000 });
  const timedServer: AgentServer = {
    ...http,
    uploadPunches: async (batch) => {
      const t = performance.now();
      const result = await http.uploadPunches(batch);
      uploadMs += performance.now() - t;
      return result;
    },
  };
  const queue = new PunchQueue(path.join(dir, 'agent'));
  const agent = new DeviceAgent(
    { server: timedServer, queue, logger: quiet, createAdapter: timedAdapters },
    { batchSize: batch },
  );
  const started = performance.now();
  const report = await agent.pollOnce();
  const totalMs = performance.now() - started;
  await agent.stop();
  queue.close();
  const rows = await handle.db
    .selectFrom('attendances')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow();
  const stored = await handle.db
    .selectFrom('devicePunches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow();
  await app.close();

  const rate = (ms: number) => `${Math.round((punchCount / ms) * 1000).toLocaleString('en-US')} punches/s`;
  const mib = bytes.length / 1024 / 1024;
  console.log(
    `Device path benchmark: ${punchCount.toLocaleString('en-US')} punches, ${userCount} users, ${handle.engine}`,
  );
  console.log(
    `  raw loopback transfer of the same ${mib.toFixed(1)} MiB: ${rawMs.toFixed(0)} ms (${rate(rawMs)}, ${(mib / (rawMs / 1000)).toFixed(0)} MiB/s)`,
  );
  console.log(`  node-zklib pull from the simulator:   ${pullMs.toFixed(0)} ms (${rate(pullMs)})`);
  console.log(`  upload + ingest (HTTP, ${batch}/batch):   ${uploadMs.toFixed(0)} ms (${rate(uploadMs)})`);
  console.log(`  simulator to attendance rows, total:  ${totalMs.toFixed(0)} ms (${rate(totalMs)})`);
  console.log(`  ratio total ÷ raw transfer time: ×${(totalMs / rawMs).toFixed(0)}`);
  console.log(
    `  queued ${report.queued}, stored ${Number(stored.n)} punches, ${Number(rows.n)} attendance rows, failed devices: ${report.failed.length}`,
  );
} finally {
  await sim.stop();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
