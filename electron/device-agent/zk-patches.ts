// Instance-level containment of two node-zklib 1.3.0 defects that no caller can catch, because they happen inside
// node-zklib's own callbacks. Both sit in `requestData`, the first step of every bulk read (CMD_DATA_WRRQ):
//
// 1. When requestData rejects (no reply in time, write error), readWithBuffer still runs on and calls
//    `reply.subarray` on null inside an async Promise executor: an unhandled rejection (reference §3.2).
// 2. (Found with the simulator, not in the reference.) When the connection closes during a direct CMD_DATA reply,
//    requestData's 1-second "silence" timer later calls `this.socket.removeListener` after node-zklib's own
//    'close' handler has set `this.socket = null`: an uncaught TypeError thrown from a timer. Either one kills the
//    process on Node >= 15.
//
// The TCP requestData is replaced, per instance, by an equivalent that keeps node-zklib's wire behaviour (ignore
// real-time event frames, a direct CMD_DATA reply ends after 1 s of silence, any other reply with data ends at once)
// and differs only in failure handling: it holds on to the socket it started with, also ends a direct reply as soon
// as its declared length has arrived, and on failure reports to the adapter and never settles, so readWithBuffer
// never reaches the null dereference. The UDP one only needs the rejection turned into "never settles".
import type { Socket } from 'node:net';
import type { ZkTransport } from 'node-zklib';

const TCP_MAGIC = 0x7d825050; // 50 50 82 7D read as u32 LE
const CMD_DATA = 1501;
const CMD_REG_EVENT = 500;
const EF_ATTLOG = 1;
const DIRECT_REPLY_SILENCE_MS = 1000; // node-zklib's own value

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** checkNotEventTCP: a real-time attendance event is command 500 with EF_ATTLOG in the session-id field. */
function isRealTimeEvent(chunk: Buffer): boolean {
  const packet = chunk.length >= 8 && chunk.readUInt32LE(0) === TCP_MAGIC ? chunk.subarray(8) : chunk;
  return packet.length >= 6 && packet.readUInt16LE(0) === CMD_REG_EVENT && packet.readUInt16LE(4) === EF_ATTLOG;
}

export function containTcpRequestData(
  transport: ZkTransport<Socket>,
  timeoutMs: number,
  onFail: (err: Error) => void,
): void {
  transport.requestData = (msg: Buffer): Promise<Buffer> => {
    const socket = transport.socket;
    if (!socket || socket.destroyed) {
      onFail(new Error("Socket isn't connected"));
      return never();
    }
    return new Promise<Buffer>((resolve) => {
      let reply = Buffer.alloc(0);
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const cleanup = () => {
        settled = true;
        clearTimeout(timer);
        socket.removeListener('data', onData);
        socket.removeListener('close', onClose);
      };
      const fail = (err: Error) => {
        if (settled) return;
        cleanup();
        onFail(err); // the promise stays pending on purpose: see the file comment
      };
      const done = (data: Buffer) => {
        if (settled) return;
        cleanup();
        resolve(data);
      };
      const arm = (ms: number, then: () => void) => {
        clearTimeout(timer);
        timer = setTimeout(then, ms);
      };
      const onClose = () => fail(new Error('Socket closed during a read request'));
      const onData = (chunk: Buffer) => {
        reply = Buffer.concat([reply, chunk]);
        if (isRealTimeEvent(chunk)) return;
        if (reply.length < 16) {
          arm(timeoutMs, () => fail(new Error('TIMEOUT_ON_RECEIVING_REQUEST_DATA')));
          return;
        }
        if (reply.readUInt16LE(8) === CMD_DATA) {
          if (reply.length >= 8 + reply.readUInt32LE(4)) done(reply);
          else arm(DIRECT_REPLY_SILENCE_MS, () => done(reply));
          return;
        }
        arm(timeoutMs, () => fail(new Error('TIMEOUT_ON_RECEIVING_REQUEST_DATA')));
        if (chunk.length >= 6 && chunk.readUInt16LE(4) > 8) done(chunk);
      };
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.write(msg, (err) => {
        if (err) fail(err);
        else if (!settled && !timer) {
          arm(timeoutMs, () => fail(new Error('TIMEOUT_IN_RECEIVING_RESPONSE_AFTER_REQUESTING_DATA')));
        }
      });
    });
  };
}

export function containUdpRequestData(transport: ZkTransport<unknown>, onFail: (err: Error) => void): void {
  const original = transport.requestData.bind(transport);
  transport.requestData = (msg: Buffer) =>
    original(msg).catch((err: unknown) => {
      onFail(err instanceof Error ? err : new Error(String(err)));
      return never<Buffer>();
    });
}
