// A typed adapter over node-zklib 1.3.0 that contains its defects (team zkteco reference, §1-§3): calls are
// serialised on one connection per device, each attempt is bounded by an outer timeout, TCP frames are reassembled
// by our own framing (zk-framing.ts) whatever the timing, record tables are decoded and checked by us (zk-records.ts),
// partial or implausible reads are failures that are retried on a fresh connection, leaked rejections are stopped at
// their source, and device wall-clock times are converted to UTC instants in the device's own zone.
import ZKLib from 'node-zklib';
import { REQUEST_DATA } from 'node-zklib/constants.js';
import { ZK_ERROR, ZkAdapterError, describeZkFailure } from './zk-errors.js';
import { framedReadWithBuffer, installFraming } from './zk-framing.js';
import { containUdpRequestData } from './zk-patches.js';
import { decodeAttendanceTable, decodeUserTable } from './zk-records.js';
import {
  assertTimeZone,
  decodeDeviceTime,
  encodeDeviceTime,
  formatWallClock,
  instantToWallClock,
  wallClockFromHostDate,
  wallClockToInstant,
} from './zk-time.js';

export type Logger = {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  debug(obj: object | string, msg?: string): void;
};

/** What the adapter needs from a node-zklib instance (a ZKLib, or a test double with the same shape). */
export type ZkClient = Pick<
  ZKLib,
  | 'connectionType'
  | 'zklibTcp'
  | 'zklibUdp'
  | 'createSocket'
  | 'getInfo'
  | 'getUsers'
  | 'getAttendances'
  | 'getRealTimeLogs'
  | 'clearAttendanceLog'
  | 'executeCmd'
  | 'disconnect'
>;

export type ZkClientFactory = (host: string, port: number, timeoutMs: number, localUdpPort: number) => ZkClient;

export type ZkDeviceConfig = {
  host: string;
  port: number;
  /** IANA zone the device clock is set to (the tenant's zone unless the device says otherwise). */
  timeZone: string;
  /** Outer bound on one attempt of a short command, connection included. */
  callTimeoutMs?: number;
  /** Outer bound on one attempt of a bulk read (users, attendance log). */
  readTimeoutMs?: number;
  /** node-zklib's own reply timeout; keep it below callTimeoutMs so its errors surface before ours. */
  libTimeoutMs?: number;
  /** Further attempts after a failed one, each on a fresh connection. */
  retries?: number;
  retryDelayMs?: number;
  /** Local UDP port for node-zklib's UDP fallback; 0 lets the OS choose. */
  localUdpPort?: number;
  /** Pause after registering for real-time events: node-zklib never reads that ACK, the next command would. */
  realTimeSettleMs?: number;
};

export type ZkAdapterDeps = {
  logger: Logger;
  createClient?: ZkClientFactory;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

export type DeviceInfo = { userCount: number; logCount: number; logCapacity: number };
export type DeviceUser = { uid: number; userId: string; name: string; role: number; cardNo: number };
/** A punch: `localTime` is the device's own reading, `instant` the UTC moment it denotes in the device zone. */
export type DevicePunch = { userSn: number; deviceUserId: string; localTime: string; instant: Date };
export type DeviceTime = { localTime: string; instant: Date; skewMs: number };
/** What the terminal says it is (CMD_OPTIONS_RRQ ~SerialNumber and ~Platform, CMD_GET_VERSION). */
export type DeviceIdentity = { serialNumber: string; platform: string; firmware: string };
export type RealTimePunch = { deviceUserId: string; localTime: string; instant: Date };
export type RealTimeSubscription = { close(): Promise<void> };

type Connection = { client: ZkClient; connected: boolean; closing: boolean };
type Abort = { reject(err: ZkAdapterError): void };

const CMD_GET_TIME = 201;
const CMD_SET_TIME = 202;
const CMD_OPTIONS_RRQ = 11;
const CMD_GET_VERSION = 1100;
const CMD_ACK_OK = 2000;

const defaultFactory: ZkClientFactory = (host, port, timeoutMs, localUdpPort) =>
  new ZKLib(host, port, timeoutMs, localUdpPort);

export class ZkDeviceAdapter {
  private readonly cfg: Required<ZkDeviceConfig>;
  private readonly log: Logger;
  private readonly createClient: ZkClientFactory;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();
  private conn: Connection | null = null;
  private abort: Abort | null = null;
  private realTime: ((punch: RealTimePunch) => void) | null = null;
  private closed = false;

  constructor(config: ZkDeviceConfig, deps: ZkAdapterDeps) {
    assertTimeZone(config.timeZone);
    this.cfg = {
      callTimeoutMs: 10_000,
      readTimeoutMs: 120_000,
      libTimeoutMs: 5_000,
      retries: 2,
      retryDelayMs: 500,
      localUdpPort: 0,
      realTimeSettleMs: 200,
      ...config,
    };
    this.log = deps.logger;
    this.createClient = deps.createClient ?? defaultFactory;
    this.now = deps.now ?? (() => new Date());
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  getInfo(): Promise<DeviceInfo> {
    return this.run('getInfo', this.cfg.callTimeoutMs, async (client) => {
      const info = await client.getInfo();
      return { userCount: info.userCounts, logCount: info.logCounts, logCapacity: info.logCapacity };
    });
  }

  /** The user table, decoded by the adapter: full user ids (node-zklib keeps 9 characters). */
  getUsers(): Promise<DeviceUser[]> {
    return this.run(
      'getUsers',
      this.cfg.readTimeoutMs,
      async (client) => {
        const expected = (await client.getInfo()).userCounts;
        const table = await this.readTable(client, 'getUsers', REQUEST_DATA.GET_USERS);
        return decodeUserTable(table, expected);
      },
      { recycle: true },
    );
  }

  /**
   * The whole attendance log, or a failure (after retries): never part of it. The transfer is read frame by frame
   * (zk-framing.ts) on TCP and by node-zklib on UDP; either way the adapter decodes the records itself, with full user
   * ids, and refuses a table whose size does not match the device's own record count (CMD_GET_FREE_SIZES just
   * before) or that holds an implausible record (zk-records.ts).
   */
  getAttendances(onProgress?: (received: number, total: number) => void): Promise<DevicePunch[]> {
    return this.run(
      'getAttendances',
      this.cfg.readTimeoutMs,
      async (client) => {
        const expected = (await client.getInfo()).logCounts;
        const table = await this.readTable(client, 'getAttendances', REQUEST_DATA.GET_ATTENDANCE_LOGS, onProgress);
        return decodeAttendanceTable(table, expected, { timeZone: this.cfg.timeZone, now: this.now() }).map((r) => ({
          userSn: r.userSn,
          deviceUserId: r.deviceUserId,
          localTime: formatWallClock(r.wall),
          instant: r.instant,
        }));
      },
      { recycle: true },
    );
  }

  /**
   * Serial number, platform and firmware version, as the terminal reports them. The serial is what identifies a
   * device: the agent compares it with the registered one before reading (a swapped terminal at the same address).
   */
  getIdentity(): Promise<DeviceIdentity> {
    return this.run('getIdentity', this.cfg.callTimeoutMs, async (client) => {
      const option = async (name: string) => {
        const reply = await client.executeCmd(CMD_OPTIONS_RRQ, Buffer.from(`~${name}\0`, 'latin1'));
        const value = replyText('getIdentity', reply);
        const prefix = `~${name}=`;
        if (!value.startsWith(prefix)) {
          throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `getIdentity: asked for ${name}, device said ${value}`);
        }
        return value.slice(prefix.length);
      };
      const serialNumber = await option('SerialNumber');
      const platform = await option('Platform');
      const firmware = replyText('getIdentity', await client.executeCmd(CMD_GET_VERSION, ''));
      return { serialNumber, platform, firmware };
    });
  }

  /** Device clock via CMD_GET_TIME (201): 1.3.0 has no getTime; the reply carries the packed time at offset 8. */
  getTime(): Promise<DeviceTime> {
    return this.run('getTime', this.cfg.callTimeoutMs, async (client) => {
      const reply = await client.executeCmd(CMD_GET_TIME, '');
      if (reply.length < 12 || reply.readUInt16LE(0) !== CMD_ACK_OK) {
        throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `getTime: unexpected reply ${reply.toString('hex')}`);
      }
      const wall = decodeDeviceTime(reply.readUInt32LE(8));
      const instant = wallClockToInstant(wall, this.cfg.timeZone);
      return { localTime: formatWallClock(wall), instant, skewMs: instant.getTime() - this.now().getTime() };
    });
  }

  /** Sets the device clock to `at` on the device's zone, via CMD_SET_TIME (202): 1.3.0 has no setTime. */
  setTime(at: Date): Promise<void> {
    return this.run('setTime', this.cfg.callTimeoutMs, async (client) => {
      const packed = Buffer.alloc(4);
      packed.writeUInt32LE(encodeDeviceTime(instantToWallClock(at, this.cfg.timeZone)), 0);
      const reply = await client.executeCmd(CMD_SET_TIME, packed);
      if (reply.length < 8 || reply.readUInt16LE(0) !== CMD_ACK_OK) {
        throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `setTime: unexpected reply ${reply.toString('hex')}`);
      }
    });
  }

  /** node-zklib returns the raw reply without checking it: a refusal must not pass for a cleared log. */
  clearAttendanceLog(): Promise<void> {
    return this.run('clearAttendanceLog', this.cfg.callTimeoutMs, async (client) => {
      const reply = await client.clearAttendanceLog();
      if (reply.length < 8 || reply.readUInt16LE(0) !== CMD_ACK_OK) {
        throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `clearAttendanceLog: device answered ${reply.toString('hex')}`);
      }
    });
  }

  /**
   * Real-time punches. The registration is renewed on every fresh connection (bulk reads recycle the connection,
   * because node-zklib's leaked chunk listeners stop getRealTimeLogs from attaching its own).
   */
  async subscribeRealTime(onPunch: (punch: RealTimePunch) => void): Promise<RealTimeSubscription> {
    try {
      await this.run('subscribeRealTime', this.cfg.callTimeoutMs, async () => {
        this.realTime = onPunch;
        // A fresh connection: on a used one, getRealTimeLogs may silently not attach its listener.
        await this.dropConnection(true);
        await this.connection();
      });
    } catch (err) {
      if (this.realTime === onPunch) this.realTime = null;
      throw err;
    }
    return {
      close: () =>
        this.serialize(async () => {
          if (this.realTime !== onPunch) return;
          this.realTime = null;
          await this.dropConnection(true);
        }),
    };
  }

  /** Finishes queued calls, says goodbye to the device and refuses further calls. */
  async close(): Promise<void> {
    await this.serialize(async () => {
      this.closed = true;
      this.realTime = null;
      await this.dropConnection(true);
    });
  }

  /** Runs `fn` after every earlier call has settled: node-zklib cannot multiplex one socket. */
  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.queue.then(fn);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private run<T>(
    label: string,
    timeoutMs: number,
    op: (client: ZkClient) => Promise<T>,
    options: { recycle?: boolean } = {},
  ): Promise<T> {
    return this.serialize(async () => {
      if (this.closed) throw new ZkAdapterError(ZK_ERROR.CLOSED, `${label}: adapter closed`);
      let last: ZkAdapterError | null = null;
      for (let attempt = 1; attempt <= this.cfg.retries + 1; attempt++) {
        if (attempt > 1) await this.sleep(this.cfg.retryDelayMs * (attempt - 1));
        try {
          const value = await this.attempt(label, timeoutMs, op);
          if (options.recycle) await this.recycle(label);
          return value;
        } catch (err) {
          last = toAdapterError(label, err);
          this.log.warn({ err: last, code: last.code, attempt, device: this.deviceLabel() }, `${label} failed`);
          // Whatever node-zklib still has pending on that socket (timers, listeners) must not touch the next try.
          await this.dropConnection(false);
        }
      }
      const failure = last ?? new ZkAdapterError(ZK_ERROR.CONNECTION, `${label} failed`);
      throw new ZkAdapterError(failure.code, `${failure.message} (after ${this.cfg.retries + 1} attempts)`, {
        ...failure.details,
        attempts: this.cfg.retries + 1,
        cause: failure,
      });
    });
  }

  /**
   * After a bulk read node-zklib leaves its chunk listeners and timers on the socket (reference §3.3), so the
   * connection is replaced; a real-time registration is renewed on the new one, best effort.
   */
  private async recycle(label: string): Promise<void> {
    await this.dropConnection(true);
    if (!this.realTime) return;
    try {
      await this.attempt(`${label}: renew real-time registration`, this.cfg.callTimeoutMs, async () => undefined);
    } catch (err) {
      this.log.warn({ err, device: this.deviceLabel() }, 'real-time registration not renewed; retried on next call');
      await this.dropConnection(false);
    }
  }

  /** One attempt, raced against the outer timeout and against the connection breaking underneath it. */
  private async attempt<T>(label: string, timeoutMs: number, op: (client: ZkClient) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const aborted = new Promise<never>((_, reject) => {
      this.abort = { reject };
      timer = setTimeout(
        () => reject(new ZkAdapterError(ZK_ERROR.TIMEOUT, `${label} timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const work = (async () => op((await this.connection()).client))();
    // Whichever loses the race still settles later: handle it here so it is never an unhandled rejection.
    work.catch(() => undefined);
    aborted.catch(() => undefined);
    try {
      return await Promise.race([work, aborted]);
    } finally {
      clearTimeout(timer);
      this.abort = null;
    }
  }

  private async connection(): Promise<Connection> {
    if (this.conn?.connected) return this.conn;
    const client = this.createClient(this.cfg.host, this.cfg.port, this.cfg.libTimeoutMs, this.cfg.localUdpPort);
    const conn: Connection = { client, connected: false, closing: false };
    this.conn = conn;
    this.containReadLeak(conn);
    const broken = (why: string) => {
      if (conn.closing || !conn.connected) return;
      conn.connected = false;
      if (this.conn === conn) this.conn = null;
      this.log.warn({ device: this.deviceLabel(), why }, 'device connection lost');
      this.abort?.reject(new ZkAdapterError(ZK_ERROR.CONNECTION, `connection lost: ${why}`));
    };
    try {
      await client.createSocket(
        (err) => broken(err.message),
        () => broken('closed by the device'),
      );
    } catch (err) {
      throw new ZkAdapterError(ZK_ERROR.CONNECTION, `connect: ${describeZkFailure(err)}`, { cause: err });
    }
    conn.connected = true;
    if (client.connectionType === 'udp') {
      this.log.warn({ device: this.deviceLabel() }, 'TCP refused, using UDP: node-zklib decodes UDP as old firmware');
    }
    if (this.realTime) {
      const listener = this.realTime;
      await client.getRealTimeLogs((record) => {
        const wall = wallClockFromHostDate(record.attTime);
        listener({
          deviceUserId: record.userId,
          localTime: formatWallClock(wall),
          instant: wallClockToInstant(wall, this.cfg.timeZone),
        });
      });
      await this.sleep(this.cfg.realTimeSettleMs);
    }
    return conn;
  }

  /**
   * A record table (`[u32 byte count][records]`) between two CMD_FREE_DATA, as node-zklib's getUsers and
   * getAttendances do, without their decoding. TCP: our frame-by-frame read; UDP: node-zklib's, whose datagrams are
   * whole packets already. A transfer that ended early is a failure.
   */
  private async readTable(
    client: ZkClient,
    label: string,
    request: Buffer,
    onProgress?: (received: number, total: number) => void,
  ): Promise<Buffer> {
    const udp = client.connectionType === 'udp';
    const transport = udp ? client.zklibUdp : client.zklibTcp;
    await transport.freeData();
    const result = udp
      ? await transport.readWithBuffer(request, onProgress ?? null)
      : await framedReadWithBuffer(client.zklibTcp, request, this.cfg.libTimeoutMs, onProgress);
    if (result.err) {
      throw new ZkAdapterError(ZK_ERROR.PARTIAL_READ, `${label}: ${result.err.message} (${result.data.length} bytes)`, {
        cause: result.err,
      });
    }
    await transport.freeData();
    return result.data;
  }

  /**
   * Every TCP frame reaches node-zklib whole and alone (zk-framing.ts), and UDP bulk-read failures inside node-zklib
   * become an abort of the current attempt (zk-patches.ts).
   */
  private containReadLeak(conn: Connection): void {
    const tcp = conn.client.zklibTcp;
    const createSocket = tcp.createSocket.bind(tcp);
    tcp.createSocket = (cbErr, cbClose) => {
      const created = createSocket(cbErr, cbClose);
      if (tcp.socket) installFraming(tcp.socket); // node-zklib creates the socket synchronously, before connecting
      return created;
    };
    containUdpRequestData(conn.client.zklibUdp, (err: Error) => {
      if (this.conn !== conn) return;
      const code = err.message.startsWith('TIMEOUT') ? ZK_ERROR.TIMEOUT : ZK_ERROR.CONNECTION;
      this.abort?.reject(new ZkAdapterError(code, `read request: ${err.message}`, { cause: err }));
    });
  }

  /** Graceful: CMD_EXIT, bounded (node-zklib waits up to 2 s twice). Forced: just destroy the sockets. */
  private async dropConnection(graceful: boolean): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    conn.closing = true;
    if (graceful && conn.connected) {
      const bye = conn.client.disconnect().catch(() => true);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([bye, new Promise((resolve) => (timer = setTimeout(resolve, this.cfg.callTimeoutMs)))]);
      clearTimeout(timer);
    }
    conn.connected = false;
    conn.client.zklibTcp.socket?.destroy();
    try {
      conn.client.zklibUdp.socket?.close();
    } catch {
      // already closed
    }
  }

  private deviceLabel(): string {
    return `${this.cfg.host}:${this.cfg.port}`;
  }
}

/** A reply's data as text up to its first NUL, after checking it is an ACK_OK. */
function replyText(label: string, reply: Buffer): string {
  if (reply.length < 8 || reply.readUInt16LE(0) !== CMD_ACK_OK) {
    throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `${label}: unexpected reply ${reply.subarray(0, 64).toString('hex')}`);
  }
  const data = reply.subarray(8);
  const end = data.indexOf(0);
  return data.subarray(0, end < 0 ? data.length : end).toString('latin1');
}

function toAdapterError(label: string, err: unknown): ZkAdapterError {
  if (err instanceof ZkAdapterError) return err;
  return new ZkAdapterError(ZK_ERROR.CONNECTION, `${label}: ${describeZkFailure(err)}`, { cause: err });
}
