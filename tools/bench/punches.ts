/**
 * Benchmark of the device path: punches per second from the ZKTeco simulator to attendance rows (pull through the
 * adapter, the agent's SQLite queue, HTTP upload in the agent's own batch size, ingest into device_punches and
 * attendances), beside the SQLite insert floor measured in the same run: the same number of punch rows inserted
 * into a fresh SQLite file in transactions of the same batch size. Prints figures; not a test.
 *
 *   npx tsx tools/bench/punches.ts [--punches 100000] [--users 500] [--batch 1000]
 *
 * The simulator runs in its own process (tools/zk-sim/cli.ts), as a terminal would. The API runs in this process on
 * SQLite in a temporary folder (PostgreSQL when DATABASE_URL is set; the database must be empty or migratable).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import {
  DEFAULT_BATCH_SIZE,
  DeviceAgent,
  zkAdapterFactory,
  type AdapterFactory,
} from '../../electron/device-agent/agent.js';
import { createAgentServer, type AgentServer } from '../../electron/device-agent/http-client.js';
import { PunchQueue } from '../../electron/device-agent/queue.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/engine.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { createAgentKey } from '../../server/src/modules/devices/agent-keys.js';
import { createTenantWithRoles } from '../../server/src/seed/tenant.js';
import { flags } from './harness.js';

const {
  punches: punchCount,
  users: userCount,
  batch,
} = flags({
  punches: 100000,
  users: 500,
  batch: DEFAULT_BATCH_SIZE,
});
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const ZONE = 'Asia/Karachi';

/** The simulator in a child process; resolves with its port once it prints that it listens. */
function startSimulator(): Promise<{ port: number; stop(): void }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const cli = path.join(import.meta.dirname, '..', 'zk-sim', 'cli.ts');
  const args = ['--port', '0', '--no-udp', '--users', String(userCount), '--punches', String(punchCount)];
  const child = spawn(process.execPath, ['--import', tsx, cli, ...args, '--seed', '5', '--tz', ZONE], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /zk-sim on [\d.]+:(\d+)/.exec(out)?.[1];
      if (port) resolve({ port: Number(port), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`simulator exited (${code}): ${out}`)));
  });
}

/** The floor: punch-shaped rows inserted into a fresh SQLite file, one transaction per batch, as fast as it goes. */
function sqliteInsertFloor(file: string): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE punches (id INTEGER PRIMARY KEY, tenant_id INTEGER, device_serial TEXT, device_user_id TEXT, ' +
      'punch_at TEXT, UNIQUE (tenant_id, device_serial, device_user_id, punch_at))',
  );
  const insert = db.prepare(
    'INSERT INTO punches (tenant_id, device_serial, device_user_id, punch_at) VALUES (?, ?, ?, ?)',
  );
  const insertBatch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(1, 'BENCH-1', String(1001 + (i % userCount)), new Date(i * 1000).toISOString());
  });
  const started = performance.now();
  for (let i = 0; i < punchCount; i += batch) insertBatch(i, Math.min(punchCount, i + batch));
  const ms = performance.now() - started;
  db.close();
  return ms;
}

const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-bench-punches-'));
const handle = openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: path.join(dir, 'api.sqlite') });
const sim = await startSimulator();
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
  const port = sim.port;
  await handle.db
    .insertInto('devices')
    .values({
      tenantId,
      name: 'Bench',
      serialNo: 'BENCH-1',
      mode: 'pull',
      ipAddress: '127.0.0.1',
      port,
      timeZone: ZONE,
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

  const floorMs = sqliteInsertFloor(path.join(dir, 'floor.sqlite'));

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
  console.log(
    `Device path benchmark: ${punchCount.toLocaleString('en-US')} punches, ${userCount} users, ${handle.engine}, ` +
      `${batch} punches per upload, simulator in its own process`,
  );
  console.log(`  SQLite insert floor (same rows, ${batch}/transaction): ${floorMs.toFixed(0)} ms (${rate(floorMs)})`);
  console.log(`  pull from the simulator (adapter):      ${pullMs.toFixed(0)} ms (${rate(pullMs)})`);
  console.log(`  upload + ingest (HTTP, ${batch}/batch):      ${uploadMs.toFixed(0)} ms (${rate(uploadMs)})`);
  console.log(`  simulator to attendance rows, total:    ${totalMs.toFixed(0)} ms (${rate(totalMs)})`);
  console.log(`  ratio total ÷ SQLite insert floor: ×${(totalMs / floorMs).toFixed(1)}`);
  console.log(
    `  queued ${report.queued}, stored ${Number(stored.n)} punches, ${Number(rows.n)} attendance rows, failed devices: ${report.failed.length}`,
  );
} finally {
  sim.stop();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
