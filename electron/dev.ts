/**
 * `npm run desktop:dev`: builds the shell, starts the renderer's Vite dev server (hot reload) and runs
 * Electron against it. The API is not started here: run `npm run dev:server` beside it. Changes to
 * electron/*.ts need a restart of this command; renderer changes reload by themselves.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { buildElectron } from './build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line: string) => process.stderr.write(`[desktop:dev] ${line}\n`);

function electronBinary(): string {
  try {
    // In Node, the electron package exports the path of the binary its install script downloaded.
    const binary: unknown = createRequire(import.meta.url)('electron');
    if (typeof binary === 'string') return binary;
  } catch {
    // Installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 or offline: explained below.
  }
  say('The Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1 or an offline install).');
  say('Download it with: node node_modules/electron/install.js');
  process.exit(1);
}

const binary = electronBinary();
await buildElectron();
say('dist-electron/ built');

const configFile = path.join(root, 'renderer/vite.config.ts');
if (!existsSync(configFile)) {
  say(`${path.relative(root, configFile)} not found: the renderer is needed to run the desktop app.`);
  process.exit(1);
}
const vite = await createServer({ configFile, clearScreen: false });
await vite.listen();
const devServerUrl = vite.resolvedUrls?.local[0];
if (!devServerUrl) {
  say('the Vite dev server did not report its address');
  await vite.close();
  process.exit(1);
}
say(`renderer at ${devServerUrl}`);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  TEAMBEAT_DEV_SERVER_URL: devServerUrl,
  // The first-start screen is pre-filled with the local API; a different one can still be chosen there.
  TEAMBEAT_SERVER_URL: process.env.TEAMBEAT_SERVER_URL ?? 'http://localhost:8080',
};
// Set by some editors' terminals; it would make the binary run as plain Node instead of Electron.
delete env.ELECTRON_RUN_AS_NODE;

const child = spawn(binary, ['.'], { cwd: root, env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  void vite.close().finally(() => process.exit(code ?? 0));
});
