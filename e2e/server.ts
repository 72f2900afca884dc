/**
 * One Teambeat API for one Playwright worker: the real server (serving the built web app) on a free port,
 * with its own temporary DATA_DIR (a fresh SQLite database, the demo company seeded) and a clock that starts
 * at the suite's fixed instant (TEAMBEAT_TEST_NOW, see server/src/test-clock.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The built web app the servers serve: E2E_RENDERER_DIR lets two checkouts' builds be tested side by side. */
export function rendererDir(): string {
  return path.resolve(root, process.env['E2E_RENDERER_DIR'] ?? 'dist/renderer');
}

export type RunningServer = {
  baseURL: string;
  jwtSecret: string;
  /** Its DATA_DIR: the SQLite database lives there. */
  dataDir: string;
  /** The server's clock, read here: this machine's real time plus the offset the server logged at start. */
  now: () => Date;
  stop: () => Promise<void>;
};

/**
 * The server logs its clock once at start (a JSON line with pino's real `time` and the clock's `now`);
 * their difference is the clock's offset from real time, exact to the millisecond.
 */
function clockOf(output: string): () => Date {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"')) continue;
    let entry: { msg?: string; time?: number; now?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.msg?.startsWith('test clock') && entry.time && entry.now) {
      const offset = Date.parse(entry.now) - entry.time;
      return () => new Date(Date.now() + offset);
    }
  }
  throw new Error(`The API did not log its test clock:\n${output}`);
}

export async function startServer(options: { startAt: string; label: string }): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `teambeat-e2e-${options.label}-`));
  const jwtSecret = randomBytes(32).toString('hex');

  // `node --import tsx` is `npx tsx` in one process, so stopping it stops exactly the server started here.
  // PORT=0: the server takes a free port and prints its address, so parallel workers never race for one.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RENDERER_DIR: rendererDir(),
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      // Every spec signs in; the production limit of 10 a minute per address would throttle the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every answer is checked against its contract by zod as well (server/src/http/serialize.ts).
      VALIDATE_RESPONSES: 'true',
      // Projects connect to the tracker stand-ins the specs start on loopback (tools/tracker-sim).
      TRACKER_ALLOW_PRIVATE_URLS: 'true',
      TEAMBEAT_TEST_NOW: options.startAt,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  // Should the worker end without its teardown, the server must not outlive it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const address = new Promise<string>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Teambeat is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });

  const stop = async () => {
    process.off('exit', orphanGuard);
    if (exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const baseURL = await Promise.race([
      address,
      exited.then(() => Promise.reject(new Error(`The API exited before it listened:\n${output}`))),
    ]);
    const health = await fetch(`${baseURL}/api/health`);
    if (!health.ok) throw new Error(`The API answered /api/health with ${health.status}:\n${output}`);
    return { baseURL, jwtSecret, dataDir, now: clockOf(output), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
