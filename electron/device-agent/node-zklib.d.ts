// Types for the parts of node-zklib 1.3.0 we use; the package ships none and there is no @types package. Written
// from its source (zklib.js, zklibtcp.js, zklibudp.js): see the team's zkteco reference, section 1.
declare module 'node-zklib' {
  import type { Socket } from 'node:net';
  import type { Socket as UdpSocket } from 'node:dgram';

  /** Rejections are not Error instances: node-zklib wraps the cause (zkerror.js). */
  export type ZKError = { err: Error & { code?: string }; ip: string; command: string };

  export type ZkUserRecord = {
    uid: number;
    role: number;
    password: string;
    name: string;
    cardno: number;
    userId: string;
  };

  /** recordTime is built with `new Date(y, m, d, h, mi, s)`: device wall-clock read in the HOST zone. */
  export type ZkAttendanceRecord = { userSn: number; deviceUserId: string; recordTime: Date; ip: string };

  export type ZkRealTimeRecord = { userId: string; attTime: Date };

  /** Reads return what arrived plus the error that ended them; a non-null err means the data is partial. */
  export type ZkReadResult<T> = { data: T[]; err?: Error | null };

  /** Internals reached into to contain defects (see zk-adapter.ts); both transports share this shape. */
  export type ZkTransport<S> = {
    socket: S | null;
    sessionId: number | null;
    replyId: number;
    timeout: number;
    requestData(msg: Buffer): Promise<Buffer>;
    /** CMD_DATA_WRRQ and the transfer after it; resolves with `[u32 byte count][records]` and the error that ended it. */
    readWithBuffer(request: Buffer, cb?: ((received: number, total: number) => void) | null): Promise<ZkRawRead>;
    freeData(): Promise<Buffer>;
    createSocket(cbErr?: (err: Error) => void, cbClose?: (type: 'tcp' | 'udp') => void): Promise<S>;
  };
  export type ZkRawRead = { data: Buffer; err?: Error | null };
  export type ZkTcpTransport = ZkTransport<Socket>;

  class ZKLib {
    constructor(ip: string, port: number, timeout: number, inport: number);
    connectionType: 'tcp' | 'udp' | null;
    zklibTcp: ZkTransport<Socket>;
    zklibUdp: ZkTransport<UdpSocket>;
    createSocket(cbErr?: (err: Error) => void, cbClose?: (type: 'tcp' | 'udp') => void): Promise<void>;
    getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
    getUsers(): Promise<ZkReadResult<ZkUserRecord>>;
    getAttendances(cb?: (bytesReceived: number, totalBytes: number) => void): Promise<ZkReadResult<ZkAttendanceRecord>>;
    getRealTimeLogs(cb: (record: ZkRealTimeRecord) => void): Promise<void>;
    clearAttendanceLog(): Promise<Buffer>;
    executeCmd(command: number, data?: Buffer | string): Promise<Buffer>;
    disconnect(): Promise<true>;
  }

  export default ZKLib;
}

declare module 'node-zklib/utils.js' {
  /** TCP prefix + ZK header (node-zklib's checksum) + data, with the given session and reply ids. */
  export function createTCPHeader(command: number, sessionId: number, replyId: number, data: Buffer | string): Buffer;
}

declare module 'node-zklib/constants.js' {
  /** CMD_DATA_WRRQ request bodies (`01 <u16 table> <u32 fct> <u32 ext>`): users = table 9, attendance log = 13. */
  export const REQUEST_DATA: { GET_USERS: Buffer; GET_ATTENDANCE_LOGS: Buffer; GET_REAL_TIME_EVENT: Buffer };
}
