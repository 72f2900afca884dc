// Fault injection for the simulator. Faults are plain data so tests and the CLI can change them while the
// simulator runs; the server consults them at every reply.

export type RefuseMode = 'reset' | 'closed';

export type ZkFaults = {
  /** Delay before every reply (a slow device or link). */
  replyDelayMs: number;
  /** Restrict replyDelayMs to these command codes (request side); empty = every command. */
  delayCommands: number[];
  /** Close the connection once this many bytes of bulk data (CMD_DATA payload) went out in one transfer. */
  dropAfterBytes: number | null;
  /** Close the connection once this many chunks of one chunked transfer went out. */
  dropAfterChunks: number | null;
  /** How many transfers the drop applies to before the device behaves again (Infinity = every transfer). */
  dropTimes: number;
  /**
   * Write each chunk's PREPARE_DATA + DATA + ACK_OK in one TCP write, as busy devices do. node-zklib handles one
   * frame per 'data' event and discards the rest, so this reproduces its "TIME OUT !! N PACKETS REMAIN" bug.
   * On by default: the hardest case is the one to test against.
   */
  coalesce: boolean;
  /**
   * Cut every TCP write into pieces of random size (seeded), each its own write after a turn of the event loop, as a
   * congested link or a small receive window does: frames arrive split anywhere, headers included.
   */
  splitWrites: boolean;
  /**
   * 'reset': accept TCP connections and reset them at once (ECONNRESET, like a terminal busy with another client).
   * 'closed': stop listening on TCP (ECONNREFUSED: node-zklib then falls back to UDP on the same port).
   */
  refuse: RefuseMode | null;
  /** Pause between writes. 0 by default (a terminal does not wait); node-zklib needs a few ms (friendlyPacing). */
  frameGapMs: number;
};

export const defaultFaults = (): ZkFaults => ({
  replyDelayMs: 0,
  delayCommands: [],
  dropAfterBytes: null,
  dropAfterChunks: null,
  dropTimes: 1,
  coalesce: true,
  splitWrites: false,
  refuse: null,
  frameGapMs: 0,
});

/**
 * The pacing node-zklib 1.3.0 and the clients derived from it need to read at all: one frame per write, a short
 * pause between writes. Not what terminals do; for tests of those clients' own behaviour, never of the agent's.
 */
export const friendlyPacing = (): Pick<ZkFaults, 'coalesce' | 'frameGapMs'> => ({ coalesce: false, frameGapMs: 2 });

/** Per-transfer drop bookkeeping: counts bytes and chunks and says when (and where) to cut the connection. */
export class DropTracker {
  private bytes = 0;
  private chunks = 0;
  dropsDone = 0;

  constructor(private readonly faults: () => ZkFaults) {}

  startTransfer(): void {
    this.bytes = 0;
    this.chunks = 0;
  }

  private armed(): boolean {
    const f = this.faults();
    return this.dropsDone < f.dropTimes && (f.dropAfterBytes !== null || f.dropAfterChunks !== null);
  }

  /** Before a chunk is sent: true when the chunk budget is already spent and the connection must close now. */
  dropBeforeChunk(): boolean {
    const limit = this.faults().dropAfterChunks;
    if (!this.armed() || limit === null || this.chunks < limit) return false;
    this.dropsDone++;
    return true;
  }

  chunkSent(): void {
    this.chunks++;
  }

  /**
   * Before `payloadBytes` of bulk data go out: how many of them may be sent before the connection is cut, or null
   * when the whole payload may go.
   */
  allowedPayload(payloadBytes: number): number | null {
    const limit = this.faults().dropAfterBytes;
    if (!this.armed() || limit === null) {
      this.bytes += payloadBytes;
      return null;
    }
    if (this.bytes + payloadBytes <= limit) {
      this.bytes += payloadBytes;
      return null;
    }
    this.dropsDone++;
    return Math.max(0, limit - this.bytes);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wait `ms`, then until the event loop has passed a poll phase. When client and simulator share a process (the
 * tests), a timer alone can fire before the client has read the previous frame; setImmediate runs after the poll
 * phase, so the client has drained its socket before the next frame is written.
 */
export async function frameGap(ms: number): Promise<void> {
  if (ms > 0) await sleep(ms);
  await new Promise<void>((resolve) => setImmediate(resolve));
}
