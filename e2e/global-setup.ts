/**
 * Starts the real API (which serves dist/renderer) on a free port with a fresh temporary DATA_DIR, waits
 * for /api/health, and returns the teardown that stops it and removes the directory.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(`The API exited before it was healthy:\n${failure}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer ${url}/api/health within ${timeoutMs / 1000}s`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_RENDERER_DIR lets two checkouts' builds be tested side by side; the default is what build:renderer writes.
  const rendererDir = path.resolve(root, process.env['E2E_RENDERER_DIR'] ?? 'dist/renderer');
  if (!existsSync(path.join(rendererDir, 'index.html')))
    throw new Error('dist/renderer is missing: run `npm run build:renderer` first (npm run test:e2e does).');

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'teambeat-e2e-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const baseUrl = `http://127.0.0.1:${port}`;

  // `node --import tsx` is `npx tsx` in one process, so the teardown stops exactly the server it started.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RENDERER_DIR: rendererDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      // Every spec signs in; the production limit of 10 a minute per address would throttle the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exitCode: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (code) => (exitCode = code ?? -1));

  const teardown = async () => {
    if (exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, () => (exitCode === null ? null : output), 60_000);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env['E2E_BASE_URL'] = baseUrl;
  process.env['E2E_JWT_SECRET'] = jwtSecret;
  console.log(`e2e: API and web app at ${baseUrl} (data in ${dataDir})`);
  return teardown;
}
