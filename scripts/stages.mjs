// `npm test`: runs the named npm scripts one after the other and says how long each took, so a slow CI run
// shows where its time went. Usage: node scripts/stages.mjs <stage> [<stage> ...]
//   <stage>  an npm script name, e.g. lint or test:unit
//   a+b      scripts run at the same time (their output lines are prefixed with the script name)
// After each stage it prints "stage <name>: <seconds> s", at the end a table of all of them. The first stage that
// fails stops the run (a concurrent partner is stopped too) and the runner exits with that stage's exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { performance } from 'node:perf_hooks';

const groups = process.argv.slice(2).map((arg) => arg.split('+').filter(Boolean));
if (groups.length === 0 || groups.some((g) => g.length === 0)) {
  console.error('usage: node scripts/stages.mjs <npm script>[+<npm script> ...] ...');
  process.exit(2);
}

// Under `npm test`, npm_execpath is the npm that started us: the same npm on the same Node runs every stage.
const npm = process.env.npm_execpath
  ? { cmd: process.execPath, args: [process.env.npm_execpath] }
  : { cmd: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };

const running = new Set();
let stopping = false;
const results = [];
let firstFailure = null;

function stop(signal) {
  stopping = true;
  for (const child of running) {
    try {
      // Each stage leads its own process group: npm, the shell and the tool it started all get the signal.
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop(signal);
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}

/** Copies a stream to `out`, each line prefixed, without cutting lines that arrive in pieces. */
function prefixLines(stream, out, prefix) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`${prefix}${rest}\n`);
  });
}

function runStage(name, prefixed) {
  const started = performance.now();
  return new Promise((resolve) => {
    // npm is only the launcher here: its own warnings (config it does not know, such as nodedir) are noise.
    const child = spawn(npm.cmd, [...npm.args, 'run', '--loglevel=error', name], {
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: process.platform !== 'win32',
    });
    running.add(child);
    if (prefixed) {
      prefixLines(child.stdout, process.stdout, `[${name}] `);
      prefixLines(child.stderr, process.stderr, `[${name}] `);
    }
    const finish = (code) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      const result = { name, seconds, code, stopped: code !== 0 && stopping };
      results.push(result);
      if (code !== 0) firstFailure ??= result;
      const status = code === 0 ? '' : stopping ? ' (stopped)' : ` (failed, exit code ${code})`;
      console.log(`stage ${name}: ${seconds.toFixed(1)} s${status}`);
      resolve(result);
    };
    child.on('error', (err) => {
      console.error(`stage ${name}: could not start npm: ${err.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

function summary(total) {
  const width = Math.max(5, ...results.map((r) => r.name.length));
  const rows = results.map(
    (r) =>
      `${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(8)}  ${r.code === 0 ? 'ok' : r.stopped ? 'stopped' : `exit ${r.code}`}`,
  );
  const rule = '-'.repeat(width + 16);
  console.log(
    ['', 'stage times', `${'stage'.padEnd(width)}  ${'seconds'.padStart(8)}  result`, rule, ...rows, rule]
      .concat(`${'total'.padEnd(width)}  ${total.toFixed(1).padStart(8)}`)
      .join('\n'),
  );
}

const startedAll = performance.now();
let exitCode = 0;
for (const group of groups) {
  const concurrent = group.length > 1;
  const outcomes = group.map((name) => runStage(name, concurrent));
  if (concurrent) {
    // The first failure stops its partners: there is no point waiting for them.
    for (const outcome of outcomes) {
      outcome.then((r) => {
        if (r.code !== 0) stop('SIGTERM');
      });
    }
  }
  await Promise.all(outcomes);
  if (firstFailure) {
    exitCode = firstFailure.code;
    break;
  }
}
summary((performance.now() - startedAll) / 1000);
process.exit(exitCode);
