// The device agent: reads every active pull device of its tenant on a schedule through the ZK adapter, queues new
// punches in its durable local queue, uploads them in batches (idempotent on the server: device serial, device user
// id, time), retries with backoff while the server or the network is down, and reports each device's state.
// Plain Node, no Electron: the desktop main process and the headless command (cli.ts) run this same module.
import type { AgentDevice, AgentDeviceState, AgentPunch } from '../../shared/contracts/devices.js';
import type { AgentServer } from './http-client.js';
import type { PunchQueue, QueuedPunch } from './queue.js';
import { ZkDeviceAdapter, type DeviceInfo, type DevicePunch, type Logger, type ZkDeviceConfig } from './zk-adapter.js';
import { ZK_ERROR, ZkAdapterError } from './zk-errors.js';

/** What the agent needs from a device: the adapter's methods it uses. */
export type AgentDeviceClient = Pick<
  ZkDeviceAdapter,
  'getIdentity' | 'getInfo' | 'getAttendances' | 'clearAttendanceLog' | 'close'
> &
  // The device clock, compared with the server's (docs/devices.md, "Clock drift"); setting it needs CMD_SET_TIME.
  Partial<Pick<ZkDeviceAdapter, 'getTime'>> & { setTime?: (at: Date) => Promise<void> };
export type AdapterFactory = (device: AgentDevice) => AgentDeviceClient;

export type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type DeviceAgentOptions = {
  /** Time between two reads of every device. */
  pollIntervalMs?: number;
  /** Punches per upload (the server accepts up to 5000). */
  batchSize?: number;
  /** First retry delay after a failed upload; doubled per further failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Clear a device's log once all of its punches are confirmed by the server. Off by default: irreversible. */
  clearAfterUpload?: boolean;
};

export type DeviceAgentDeps = {
  server: AgentServer;
  queue: PunchQueue;
  logger: Logger;
  createAdapter?: AdapterFactory;
  now?: () => Date;
  timers?: Timers;
  /** Told after each scheduled round (the report, or the error that ended it), for a status display. */
  onPoll?: (report: PollReport | null, error?: unknown) => void;
};

export type PollReport = {
  devices: number;
  failed: string[];
  queued: number;
  uploaded: number;
  drained: boolean;
};

const DEVICES_META = 'devices';
/** Punches per upload unless configured otherwise (the bench uses it too). */
export const DEFAULT_BATCH_SIZE = 1000;

/** The production adapter, with the adapter's own defaults for timeouts and retries. */
export function zkAdapterFactory(
  logger: Logger,
  overrides: Partial<ZkDeviceConfig> = {},
  now?: () => Date,
): AdapterFactory {
  return (device) =>
    new ZkDeviceAdapter(
      { host: device.ipAddress, port: device.port, timeZone: device.timeZone, ...overrides },
      { logger, ...(now ? { now } : {}) },
    );
}

function toPunch(p: QueuedPunch): AgentPunch {
  return {
    deviceSerial: p.deviceSerial,
    deviceUserId: p.deviceUserId,
    time: p.time,
    ...(p.localTime ? { localTime: p.localTime } : {}),
  };
}

export class DeviceAgent {
  private readonly opts: Required<DeviceAgentOptions>;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly timers: Timers;
  private readonly createAdapter: AdapterFactory;
  private readonly adapters = new Map<string, { key: string; client: AgentDeviceClient }>();
  private readonly states = new Map<string, AgentDeviceState>();
  private pollTimer: unknown = null;
  private retryTimer: unknown = null;
  private failures = 0;
  private running: Promise<unknown> = Promise.resolve();
  private draining: Promise<boolean> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: DeviceAgentDeps,
    options: DeviceAgentOptions = {},
  ) {
    this.opts = {
      pollIntervalMs: 60_000,
      batchSize: DEFAULT_BATCH_SIZE,
      initialBackoffMs: 1000,
      maxBackoffMs: 5 * 60_000,
      clearAfterUpload: false,
      ...options,
    };
    this.log = deps.logger;
    this.now = deps.now ?? (() => new Date());
    this.timers = deps.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
    this.createAdapter = deps.createAdapter ?? zkAdapterFactory(deps.logger, {}, deps.now);
  }

  /** Polls now, then every pollIntervalMs (measured from the end of a poll, so slow devices never overlap). */
  start(): void {
    this.stopped = false;
    const loop = () => {
      this.pollTimer = null;
      void this.pollOnce()
        .then((report) => this.deps.onPoll?.(report))
        .catch((err: unknown) => {
          this.log.error({ err }, 'device agent poll failed');
          this.deps.onPoll?.(null, err);
        })
        .finally(() => {
          if (!this.stopped) this.pollTimer = this.timers.setTimeout(loop, this.opts.pollIntervalMs);
        });
    };
    loop();
  }

  /** Stops the schedule, lets the running poll or upload finish, and disconnects from the devices. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer !== null) this.timers.clearTimeout(this.pollTimer);
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.pollTimer = this.retryTimer = null;
    await this.running.catch(() => undefined);
    await this.draining?.catch(() => undefined);
    await Promise.all([...this.adapters.values()].map((a) => a.client.close().catch(() => undefined)));
    this.adapters.clear();
  }

  /** One round: read every device, queue what is new, upload, report states, clear logs if configured. */
  pollOnce(): Promise<PollReport> {
    const run = this.running.then(() => this.poll());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async poll(): Promise<PollReport> {
    const devices = await this.devices();
    const report: PollReport = { devices: devices.length, failed: [], queued: 0, uploaded: 0, drained: false };
    const pulled = new Map<string, number>();
    for (const device of devices) {
      if (this.stopped) break;
      const client = this.adapterFor(device);
      try {
        const mismatch = await this.checkSerial(device, client);
        if (mismatch) {
          report.failed.push(device.serialNo);
          this.states.set(device.serialNo, { deviceSerial: device.serialNo, state: 'error', detail: mismatch });
          this.log.warn({ device: device.serialNo, address: device.ipAddress }, `${mismatch}; device not read`);
          continue;
        }
        // The clock first: a device whose clock is far off may have a log the read refuses, and setting its
        // time (asked by the server) is how that ends.
        const clockOffsetS = await this.readClock(device, client);
        const info: DeviceInfo = await client.getInfo();
        const punches: DevicePunch[] = await client.getAttendances();
        const added = this.deps.queue.recordPull(
          device.serialNo,
          punches.map((p) => ({ deviceUserId: p.deviceUserId, time: p.instant.toISOString(), localTime: p.localTime })),
          this.now(),
        );
        report.queued += added;
        pulled.set(device.serialNo, punches.length);
        this.states.set(device.serialNo, {
          deviceSerial: device.serialNo,
          state: 'online',
          detail: null,
          lastActivity: this.now().toISOString(),
          userCount: info.userCount,
          transactionCount: Math.max(info.logCount, punches.length),
          ...(clockOffsetS !== null ? { clockOffsetS } : {}),
        });
        this.log.info({ device: device.serialNo, read: punches.length, added }, 'device read');
      } catch (err) {
        report.failed.push(device.serialNo);
        const code = err instanceof ZkAdapterError ? err.code : null;
        const offline = code === ZK_ERROR.CONNECTION || code === ZK_ERROR.TIMEOUT;
        this.states.set(device.serialNo, {
          deviceSerial: device.serialNo,
          state: offline ? 'offline' : 'error',
          detail: err instanceof Error ? err.message.slice(0, 500) : String(err),
        });
        this.log.warn({ err, device: device.serialNo }, 'device read failed; its punches stay on the device');
      }
    }
    const before = this.deps.queue.size();
    report.drained = await this.drain();
    report.uploaded = before - this.deps.queue.size();
    if (report.drained && this.opts.clearAfterUpload) {
      for (const device of devices) {
        const count = pulled.get(device.serialNo);
        if (count !== undefined && count > 0) await this.clearLog(device, count);
      }
    }
    return report;
  }

  /**
   * Uploads the queue until it is empty. On failure the punches stay queued and a retry is scheduled with
   * exponential backoff; resolves false then. One drain at a time.
   */
  drain(): Promise<boolean> {
    this.draining ??= this.upload().finally(() => (this.draining = null));
    return this.draining;
  }

  private async upload(): Promise<boolean> {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    try {
      for (;;) {
        const batch = this.deps.queue.peek(this.opts.batchSize);
        if (batch.length === 0) break;
        const result = await this.deps.server.uploadPunches(batch.map(toPunch));
        const refused = new Map(result.rejected.map((r) => [r.index, r.reason]));
        if (refused.size > 0) {
          this.log.warn(
            { count: refused.size },
            'server refused punches of unknown devices; kept in the rejected table',
          );
          this.deps.queue.reject(
            batch.flatMap((punch, i) => (refused.has(i) ? [{ punch, reason: refused.get(i)! }] : [])),
            this.now(),
          );
        }
        this.deps.queue.remove(batch.filter((_, i) => !refused.has(i)).map((p) => p.id));
      }
      for (const [serial, state] of this.states) {
        await this.deps.server.reportState(state);
        this.states.delete(serial);
      }
      this.failures = 0;
      return true;
    } catch (err) {
      this.failures++;
      const delay = Math.min(this.opts.maxBackoffMs, this.opts.initialBackoffMs * 2 ** (this.failures - 1));
      this.log.warn(
        { err, queued: this.deps.queue.size(), retryInMs: delay },
        'upload failed; punches stay queued and are retried',
      );
      if (!this.stopped) {
        this.retryTimer = this.timers.setTimeout(() => {
          this.retryTimer = null;
          void this.drain();
        }, delay);
      }
      return false;
    }
  }

  /** The server's device list, or the last one it gave when it cannot be reached (devices are read regardless). */
  private async devices(): Promise<AgentDevice[]> {
    try {
      const list = await this.deps.server.listDevices();
      this.deps.queue.setMeta(DEVICES_META, JSON.stringify(list));
      return list;
    } catch (err) {
      const cached = this.deps.queue.getMeta(DEVICES_META);
      this.log.warn({ err, cached: cached !== null }, 'device list unavailable; using the last one');
      return cached ? (JSON.parse(cached) as AgentDevice[]) : [];
    }
  }

  /**
   * Sets the device clock when the server asks ("Set device time") and the adapter can, then reads it: the device
   * clock minus this machine's, in seconds, or null when the adapter cannot tell. Never fails the read.
   */
  private async readClock(device: AgentDevice, client: AgentDeviceClient): Promise<number | null> {
    try {
      if (device.setTime && client.setTime) await client.setTime(this.now());
      if (!client.getTime) return null;
      return Math.round((await client.getTime()).skewMs / 1000);
    } catch (err) {
      this.log.warn({ err, device: device.serialNo }, 'device clock not read');
      return null;
    }
  }

  /**
   * The serial a device reports is checked on every round against the one it reported the first time at that address
   * (kept in the queue's metadata): another terminal at the same address (swapped, or an address reused) is not read,
   * so its punches are never filed under this device. Returns the mismatch, or null. A first serial that differs from
   * the registered one is only logged. A device that cannot say its serial (no CMD_OPTIONS_RRQ) is read unchecked.
   */
  private async checkSerial(device: AgentDevice, client: AgentDeviceClient): Promise<string | null> {
    let reported: string;
    try {
      reported = (await client.getIdentity()).serialNumber;
    } catch (err) {
      if (!(err instanceof ZkAdapterError) || err.code !== ZK_ERROR.BAD_REPLY) throw err;
      this.log.warn({ err, device: device.serialNo }, 'device does not report its serial number; read unchecked');
      return null;
    }
    const key = `serial:${device.serialNo}@${device.ipAddress}:${device.port}`;
    const expected = this.deps.queue.getMeta(key);
    if (expected === null) {
      this.deps.queue.setMeta(key, reported);
      if (reported !== device.serialNo) {
        this.log.warn({ device: device.serialNo, reported }, 'the device reports another serial than registered');
      }
      return null;
    }
    return reported === expected ? null : `serial mismatch: expected ${expected}, device says ${reported}`;
  }

  private adapterFor(device: AgentDevice): AgentDeviceClient {
    const key = `${device.ipAddress}:${device.port}:${device.timeZone}`;
    const existing = this.adapters.get(device.serialNo);
    if (existing?.key === key) return existing.client;
    if (existing) void existing.client.close().catch(() => undefined);
    const client = this.createAdapter(device);
    this.adapters.set(device.serialNo, { key, client });
    return client;
  }

  /**
   * ZK devices cannot clear "up to" a record, so a punch made between the read and the clear would be lost. The
   * log count is read again right before clearing and the clear is skipped (until the next round) when it moved;
   * the window left is the few milliseconds between those two commands.
   */
  private async clearLog(device: AgentDevice, pulledCount: number): Promise<void> {
    if (this.deps.queue.size(device.serialNo) > 0) return;
    const client = this.adapterFor(device);
    try {
      const info = await client.getInfo();
      if (info.logCount !== pulledCount) {
        this.log.info({ device: device.serialNo }, 'new punches since the read; log cleared next round');
        return;
      }
      await client.clearAttendanceLog();
      this.log.info({ device: device.serialNo, cleared: pulledCount }, 'device log cleared after confirmed upload');
    } catch (err) {
      this.log.warn({ err, device: device.serialNo }, 'clearing the device log failed; retried next round');
    }
  }
}
