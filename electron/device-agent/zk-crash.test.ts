// node-zklib 1.3.0 has failures that surface as an unhandled rejection or an uncaught exception inside its own
// callbacks: the process dies. These run in child processes and prove that the raw library crashes against the
// simulator and that the adapter (or, as a safety net, the rejection guard) keeps the process alive.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const child = path.join(import.meta.dirname, 'fixtures', 'zk-leak-child.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
// node-zklib appends DDMMYYYY.err.log files to the working directory: keep them out of the repository.
const cwd = mkdtempSync(path.join(tmpdir(), 'zk-crash-'));

type Outcome = { code: number | null; stdout: string; stderr: string };

function run(mode: string, scenario: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', tsx, child, mode, scenario], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('node-zklib failures that kill the process', () => {
  it('crash the raw library, and not the adapter or the guarded process', { timeout: 30_000 }, async () => {
    const [rawSlow, rawDrop, adapterSlow, adapterDrop, guardSlow] = await Promise.all([
      run('raw', 'slow'),
      run('raw', 'drop'),
      run('adapter', 'slow'),
      run('adapter', 'drop'),
      run('guard', 'slow'),
    ]);

    // §3.2: readWithBuffer dereferences the null reply after rejecting: an unhandled rejection.
    expect(rawSlow.code).not.toBe(0);
    expect(rawSlow.stdout).not.toContain('survived');
    expect(rawSlow.stderr).toContain("reading 'subarray'");
    // Found with the simulator: a direct reply cut by a close makes a timer call removeListener on a null socket.
    expect(rawDrop.code).not.toBe(0);
    expect(rawDrop.stdout).not.toContain('survived');
    expect(rawDrop.stderr).toContain("reading 'removeListener'");

    expect(adapterSlow).toMatchObject({ code: 0 });
    expect(adapterSlow.stdout).toMatch(/failed read request: TIMEOUT waiting for the reply to CMD_DATA_WRRQ/);
    expect(adapterSlow.stdout).toContain('survived');
    expect(adapterDrop).toMatchObject({ code: 0 });
    expect(adapterDrop.stdout).toMatch(/^failed (connection lost|read request: Socket closed)/m);
    expect(adapterDrop.stdout).toContain('survived');

    expect(guardSlow).toMatchObject({ code: 0 });
    expect(guardSlow.stdout).toContain('survived');
    expect(readdirSync(cwd).every((f) => f.endsWith('.err.log'))).toBe(true);
  });
});
