// The device agent as a headless command, for an office machine without a desktop session:
//
//   npx tsx electron/device-agent/cli.ts --config agent.json
//   TEAMBEAT_SERVER_URL=https://teambeat.example.com TEAMBEAT_AGENT_KEY=tbagent_... \
//     TEAMBEAT_AGENT_DATA_DIR=/var/lib/teambeat-agent npx tsx electron/device-agent/cli.ts
//
// The JSON file has serverUrl, agentKey, dataDir and optionally pollIntervalMs, batchSize, clearAfterUpload;
// environment variables override it. The same DeviceAgent runs inside the desktop app.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { clockFrom, TEST_NOW_VARIABLE } from '../../shared/test-clock.js';
import { DeviceAgent, zkAdapterFactory } from './agent.js';
import { createAgentServer } from './http-client.js';
import { PunchQueue } from './queue.js';
import { installZklibRejectionGuard } from './zk-errors.js';

const configSchema = z.object({
  serverUrl: z.url(),
  agentKey: z.string().min(10),
  dataDir: z.string().min(1),
  pollIntervalMs: z.coerce.number().int().min(5_000).optional(),
  batchSize: z.coerce.number().int().min(1).max(5000).optional(),
  clearAfterUpload: z.boolean().optional(),
});

const { values } = parseArgs({ options: { config: { type: 'string' }, once: { type: 'boolean', default: false } } });
const logger = pino({ name: 'device-agent', level: process.env['LOG_LEVEL'] ?? 'info' });

const fromFile = values.config ? (JSON.parse(readFileSync(values.config, 'utf8')) as Record<string, unknown>) : {};
const env = process.env;
const parsed = configSchema.safeParse({
  ...fromFile,
  ...(env['TEAMBEAT_SERVER_URL'] ? { serverUrl: env['TEAMBEAT_SERVER_URL'] } : {}),
  ...(env['TEAMBEAT_AGENT_KEY'] ? { agentKey: env['TEAMBEAT_AGENT_KEY'] } : {}),
  ...(env['TEAMBEAT_AGENT_DATA_DIR'] ? { dataDir: env['TEAMBEAT_AGENT_DATA_DIR'] } : {}),
  ...(env['TEAMBEAT_POLL_INTERVAL_MS'] ? { pollIntervalMs: env['TEAMBEAT_POLL_INTERVAL_MS'] } : {}),
});
if (!parsed.success) {
  logger.fatal({ issues: parsed.error.issues }, 'invalid configuration: serverUrl, agentKey and dataDir are needed');
  process.exit(2);
}
const config = parsed.data;
const dataDir = path.resolve(config.dataDir);

// Tests only: TEAMBEAT_TEST_NOW puts the agent on the test server's clock (shared/test-clock.ts).
let now: () => Date;
try {
  now = clockFrom(env[TEST_NOW_VARIABLE]);
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(2);
}
if (env[TEST_NOW_VARIABLE]) logger.warn({ now: now().toISOString() }, `test clock set by ${TEST_NOW_VARIABLE}`);

installZklibRejectionGuard(logger);
const queue = new PunchQueue(dataDir);
// node-zklib appends error logs to the working directory (adapter README): keep them in the data folder.
process.chdir(dataDir);

const agent = new DeviceAgent(
  {
    server: createAgentServer({ baseUrl: config.serverUrl, agentKey: config.agentKey }),
    queue,
    logger,
    now,
    createAdapter: zkAdapterFactory(logger, {}, now),
  },
  {
    ...(config.pollIntervalMs ? { pollIntervalMs: config.pollIntervalMs } : {}),
    ...(config.batchSize ? { batchSize: config.batchSize } : {}),
    clearAfterUpload: config.clearAfterUpload ?? false,
  },
);

const shutdown = async () => {
  logger.info('stopping');
  await agent.stop();
  queue.close();
  process.exit(0);
};

if (values.once) {
  const report = await agent.pollOnce();
  logger.info(report, 'poll done');
  await agent.stop();
  queue.close();
  process.exit(report.drained ? 0 : 1);
} else {
  logger.info({ server: config.serverUrl, dataDir, queued: queue.size() }, 'device agent started');
  agent.start();
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
