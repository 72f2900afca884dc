// The adapter's own TCP framing for ZK terminals, replacing node-zklib 1.3.0's stream handling while node-zklib stays
// the protocol library (it builds the packets; zk-records.ts decodes the records).
//
// node-zklib treats each socket 'data' event as one reply, or as "the rest of a chunk", and discards what follows in
// the same event (reference §2, §3.1). TCP does not keep write boundaries: a terminal on a busy LAN, or one that
// writes PREPARE_DATA + DATA + ACK_OK at once, or a link that splits a frame, makes node-zklib return partial data,
// take one reply for the next, or time out. Here every ZK TCP frame (`50 50 82 7D`, u32 LE length, packet) is
// reassembled whole before node-zklib sees it, one frame per 'data' event, however the bytes arrived; and the bulk
// read (CMD_DATA_WRRQ) is ours: it asks for one chunk at a time and collects each chunk frame by frame until the
// chunk's ACK_OK, so neither pacing nor coalescing can change what it reads.
import type { Socket } from 'node:net';
import type { ZkTcpTransport } from 'node-zklib';
import { createTCPHeader } from 'node-zklib/utils.js';
import { ZK_ERROR, ZkAdapterError } from './zk-errors.js';

const MAGIC = Buffer.from([0x50, 0x50, 0x82, 0x7d]);
const PREFIX_BYTES = 8;
const HEADER_BYTES = 8;
/** Longest packet accepted: a whole chunk (65,472 bytes) plus headers, with room to spare. A longer length is noise. */
const MAX_PACKET_BYTES = 1 << 20;

export const ZK_CMD = {
  PREPARE_DATA: 1500,
  DATA: 1501,
  DATA_WRRQ: 1503,
  DATA_RDY: 1504,
  REG_EVENT: 500,
  ACK_OK: 2000,
  ACK_ERROR: 2001,
} as const;
const EF_ATTLOG = 1;
/** node-zklib's MAX_CHUNK: the largest chunk a terminal is asked for. */
export const MAX_CHUNK = 65_472;

/** Reassembles whole TCP frames (prefix included) from arbitrary pieces of the stream. */
export class ZkFrameAssembler {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    for (;;) {
      const start = this.pending.indexOf(MAGIC);
      if (start < 0) {
        // Keep a possible partial magic at the end; anything before it is not a frame.
        this.pending = this.pending.subarray(Math.max(0, this.pending.length - (MAGIC.length - 1)));
        return frames;
      }
      if (start > 0) this.pending = this.pending.subarray(start);
      if (this.pending.length < PREFIX_BYTES) return frames;
      const length = this.pending.readUInt32LE(4);
      if (length < HEADER_BYTES || length > MAX_PACKET_BYTES) {
        this.pending = this.pending.subarray(MAGIC.length); // not a real prefix: look for the next one
        continue;
      }
      if (this.pending.length < PREFIX_BYTES + length) return frames;
      // A copy: the frame outlives this buffer, which the next push may reuse.
      frames.push(Buffer.from(this.pending.subarray(0, PREFIX_BYTES + length)));
      this.pending = this.pending.subarray(PREFIX_BYTES + length);
    }
  }
}

const framed = new WeakSet<Socket>();

/**
 * From now on every 'data' listener of `socket` (node-zklib's included) receives exactly one whole frame per event.
 * Done by intercepting the socket's own emit, so node-zklib's listeners need no change.
 */
export function installFraming(socket: Socket): void {
  if (framed.has(socket)) return;
  framed.add(socket);
  const assembler = new ZkFrameAssembler();
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'data') return emit(event, ...args);
    const chunk = args[0];
    if (!Buffer.isBuffer(chunk)) return emit(event, ...args);
    for (const frame of assembler.push(chunk)) {
      if (socket.destroyed) break;
      emit('data', frame);
    }
    return true;
  }) as Socket['emit'];
}

type Frame = { command: number; sessionId: number; replyId: number; data: Buffer };

function parseFrame(frame: Buffer): Frame {
  return {
    command: frame.readUInt16LE(PREFIX_BYTES),
    sessionId: frame.readUInt16LE(PREFIX_BYTES + 4),
    replyId: frame.readUInt16LE(PREFIX_BYTES + 6),
    data: frame.subarray(PREFIX_BYTES + HEADER_BYTES),
  };
}

/** A real-time attendance event: command 500 with EF_ATTLOG in the session-id field (node-zklib's checkNotEventTCP). */
function isRealTimeEvent(frame: Frame): boolean {
  return frame.command === ZK_CMD.REG_EVENT && frame.sessionId === EF_ATTLOG;
}

const readFailure = (code: typeof ZK_ERROR.TIMEOUT | typeof ZK_ERROR.CONNECTION, what: string) =>
  new ZkAdapterError(code, `read request: ${what}`);

/**
 * Frame-by-frame reading on a framed socket: `next()` resolves with the next frame that is not a real-time event
 * (those belong to node-zklib's real-time listener, which sees every frame too), or rejects on silence or close.
 */
class FrameReader {
  private readonly frames: Frame[] = [];
  private waiter: { resolve(f: Frame): void; reject(e: Error): void } | null = null;
  private failure: Error | null = null;
  private readonly onData = (frame: Buffer) => {
    const parsed = parseFrame(frame);
    if (isRealTimeEvent(parsed)) return;
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve(parsed);
    } else this.frames.push(parsed);
  };
  private readonly onClose = () => this.fail(readFailure(ZK_ERROR.CONNECTION, 'Socket closed during a read'));

  constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', this.onData);
    socket.once('close', this.onClose);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(err);
  }

  next(what: string): Promise<Frame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(readFailure(ZK_ERROR.TIMEOUT, `TIMEOUT waiting for ${what}`));
      }, this.timeoutMs);
      this.waiter = {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  send(transport: ZkTcpTransport, command: number, data: Buffer): Promise<void> {
    transport.replyId++;
    const message = createTCPHeader(command, transport.sessionId ?? 0, transport.replyId, data);
    return new Promise<void>((resolve, reject) => {
      this.socket.write(message, (err) => {
        if (err) reject(readFailure(ZK_ERROR.CONNECTION, err.message));
        else resolve();
      });
    });
  }

  dispose(): void {
    this.socket.removeListener('data', this.onData);
    this.socket.removeListener('close', this.onClose);
    this.fail(readFailure(ZK_ERROR.CONNECTION, 'read ended'));
  }
}

/**
 * node-zklib's readWithBuffer, on whole frames: CMD_DATA_WRRQ, then either a direct CMD_DATA reply (complete as soon
 * as its frame is, no 1-second wait for silence) or, for large data, CMD_DATA_RDY for one chunk at a time, each
 * answered by PREPARE_DATA, one or more CMD_DATA and ACK_OK. Resolves with the whole buffer (`[u32 byte count]`
 * then the records) and `err: null`, as node-zklib does; any failure rejects with a ZkAdapterError instead of
 * returning part of the data. Leaves no listener or timer behind.
 */
export async function framedReadWithBuffer(
  transport: ZkTcpTransport,
  request: Buffer,
  timeoutMs: number,
  onProgress?: (received: number, total: number) => void,
): Promise<{ data: Buffer; err: null }> {
  const socket = transport.socket;
  if (!socket || socket.destroyed) throw readFailure(ZK_ERROR.CONNECTION, "Socket isn't connected");
  const reader = new FrameReader(socket, timeoutMs);
  try {
    await reader.send(transport, ZK_CMD.DATA_WRRQ, request);
    const reply = await reader.next('the reply to CMD_DATA_WRRQ');
    if (reply.command === ZK_CMD.DATA) return { data: Buffer.from(reply.data), err: null };
    if ((reply.command !== ZK_CMD.ACK_OK && reply.command !== ZK_CMD.PREPARE_DATA) || reply.data.length < 5) {
      throw new ZkAdapterError(
        ZK_ERROR.BAD_REPLY,
        `read request: the device answered command ${reply.command} with ${reply.data.length} bytes`,
      );
    }
    const size = reply.data.readUInt32LE(1);
    const data = Buffer.alloc(size);
    let received = 0;
    while (received < size) {
      const want = Math.min(MAX_CHUNK, size - received);
      const ask = Buffer.alloc(8);
      ask.writeUInt32LE(received, 0);
      ask.writeUInt32LE(want, 4);
      await reader.send(transport, ZK_CMD.DATA_RDY, ask);
      let got = 0;
      for (;;) {
        const frame = await reader.next(`chunk at byte ${received} of ${size}`);
        if (frame.command === ZK_CMD.PREPARE_DATA) continue;
        if (frame.command === ZK_CMD.DATA) {
          if (got + frame.data.length > want) {
            throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `read request: chunk of ${want} bytes overflowed`);
          }
          frame.data.copy(data, received + got);
          got += frame.data.length;
          continue;
        }
        if (frame.command === ZK_CMD.ACK_OK) break;
        throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `read request: command ${frame.command} inside a chunk`);
      }
      if (got !== want) {
        throw new ZkAdapterError(ZK_ERROR.PARTIAL_READ, `read request: chunk of ${want} bytes brought ${got}`);
      }
      received += got;
      onProgress?.(received, size);
    }
    return { data, err: null };
  } finally {
    reader.dispose();
  }
}
