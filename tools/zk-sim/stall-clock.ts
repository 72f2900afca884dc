// For tests: node-zklib 1.3.0 gives up on a stalled chunked read only after 10 s without a frame (readWithBuffer's
// own `const timeout = 10000`, which no option changes). The tests that prove that give-up need not sit through it:
// while `work` runs, setTimeout is on a fake clock that otherwise keeps pace with real time, and once the simulator
// has sent its last chunk and stayed quiet, the clock jumps those 10 s ahead. node-zklib's own timer still decides
// when it gives up; only the silence is skipped.
import { vi } from 'vitest';
import type { ZkSimulator } from './server.js';

/** readWithBuffer's stall timeout in node-zklib 1.3.0. */
export const ZKLIB_STALL_TIMEOUT_MS = 10_000;
/** How long the simulator must have sent nothing before the silence counts as a stall. */
const QUIET_MS = 200;

// Saved before any test fakes the clock: the polling below runs on real time.
const realSetTimeout = globalThis.setTimeout;
const realSleep = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

export async function skipStalledTransfer<T>(sim: ZkSimulator, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    const before = sim.stats.chunksSent;
    let settled = false;
    const result = work();
    result.then(
      () => (settled = true),
      () => (settled = true),
    );
    let chunks = before;
    let quietSince = performance.now();
    let skipped = false;
    while (!settled) {
      await realSleep(25);
      if (sim.stats.chunksSent !== chunks) {
        chunks = sim.stats.chunksSent;
        quietSince = performance.now();
      } else if (!skipped && chunks > before && performance.now() - quietSince >= QUIET_MS) {
        // Once only: a second jump would also run out the caller's own outer timeouts.
        skipped = true;
        await vi.advanceTimersByTimeAsync(ZKLIB_STALL_TIMEOUT_MS);
      }
    }
    return await result;
  } finally {
    vi.useRealTimers();
  }
}
