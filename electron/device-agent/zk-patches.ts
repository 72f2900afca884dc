// Instance-level containment of a node-zklib 1.3.0 defect that no caller can catch, because it happens inside
// node-zklib's own callbacks. It sits in `requestData`, the first step of every bulk read (CMD_DATA_WRRQ): when
// requestData rejects (no reply in time, write error), readWithBuffer still runs on and calls `reply.subarray` on
// null inside an async Promise executor, an unhandled rejection that kills the process on Node >= 15
// (reference §3.2).
//
// On TCP the adapter no longer runs node-zklib's readWithBuffer at all (zk-framing.ts reads the transfer frame by
// frame), which also removes a second defect found with the simulator: a direct reply cut by a close made
// requestData's 1-second timer call `removeListener` on a null socket, an uncaught TypeError. On UDP node-zklib still
// reads, so its requestData is wrapped: a rejection is reported to the adapter and the promise never settles, so
// readWithBuffer never reaches the null dereference.
import type { ZkTransport } from 'node-zklib';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export function containUdpRequestData(transport: ZkTransport<unknown>, onFail: (err: Error) => void): void {
  const original = transport.requestData.bind(transport);
  transport.requestData = (msg: Buffer) =>
    original(msg).catch((err: unknown) => {
      onFail(err instanceof Error ? err : new Error(String(err)));
      return never<Buffer>();
    });
}
