// Proof that the device agent's reads do not depend on timing (issue 19, item 7): 100,000 punches read through the
// adapter 20 times in a row in each mode, each read complete at its first attempt. Prints one line per mode.
//
//   npx tsx tools/zk-sim/stress.ts [--punches 100000] [--runs 20]
import { parseArgs } from 'node:util';
import { ZkDeviceAdapter } from '../../electron/device-agent/zk-adapter.js';
import type { ZkFaults } from './faults.js';
import { ZkSimulator } from './server.js';

const { values } = parseArgs({
  options: { punches: { type: 'string', default: '100000' }, runs: { type: 'string', default: '20' } },
});
const punches = Number(values.punches);
const runs = Number(values.runs);
const modes: [string, Partial<ZkFaults>][] = [
  ['gap 0, coalesced (default)', {}],
  ['10 ms between frames', { coalesce: false, frameGapMs: 10 }],
  ['random TCP splits', { splitWrites: true }],
];
let warnings = 0;
const logger = { info: () => {}, debug: () => {}, error: () => {}, warn: () => void warnings++ };
let failed = false;

for (const [mode, faults] of modes) {
  const sim = new ZkSimulator({ users: 500, punches, seed: 19, faults, udp: false });
  const port = await sim.start();
  const adapter = new ZkDeviceAdapter(
    { host: '127.0.0.1', port, timeZone: sim.timeZone, retries: 0, readTimeoutMs: 300_000 },
    { logger },
  );
  const expected = new Set(sim.punches().map((p) => `${p.userId}@${p.time.getTime()}`));
  const times: number[] = [];
  let complete = 0;
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    try {
      const got = await adapter.getAttendances();
      times.push(performance.now() - started);
      const keys = new Set(got.map((p) => `${p.deviceUserId}@${p.instant.getTime()}`));
      if (got.length === punches && keys.size === punches && [...keys].every((k) => expected.has(k))) complete++;
    } catch (err) {
      console.log(`  ${mode}: run ${run} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  await adapter.close();
  await sim.stop();
  const ms = times.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? NaN;
  console.log(
    `${mode}: ${complete}/${runs} reads of ${punches.toLocaleString('en-US')} punches complete at the first ` +
      `attempt (transfers ${sim.stats.transfers}), median ${median.toFixed(0)} ms, slowest ${(ms.at(-1) ?? NaN).toFixed(0)} ms`,
  );
  if (complete !== runs || sim.stats.transfers !== runs) failed = true;
}
console.log(`warnings logged by the adapter: ${warnings}`);
process.exit(failed || warnings > 0 ? 1 : 0);
