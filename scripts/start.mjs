// `npm start`: builds the web app when it is missing or older than its sources, then starts the API,
// which serves it. On an installed checkout with a current build this takes a couple of seconds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'renderer', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const hasRenderer = existsSync(path.join(root, 'renderer', 'index.html'));
if (hasRenderer) {
  const sources = Math.max(newestMtime(path.join(root, 'renderer')), newestMtime(path.join(root, 'shared')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log('Building the web app (first start or sources changed)...');
    const result = spawnSync('npm', ['run', '--silent', 'build:renderer'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_PRETTY: process.stdout.isTTY ? 'true' : 'false', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
