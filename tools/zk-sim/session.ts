// One client's conversation with the simulated terminal: turns a request packet into the reply units the transport
// must send. Transport-agnostic, so TCP and UDP share the command semantics and only differ in framing.
import { TZDate } from '@date-fns/tz';
import {
  CMD,
  EF_ATTLOG,
  TABLE,
  UDP_DATA_BYTES,
  decodeReadRequest,
  decodeDeviceTime,
  encodePacket,
  type ZkPacket,
} from './protocol.js';
import type { DeviceStore, RecordLayout, SimPunch } from './records.js';

export type Transport = 'tcp' | 'udp';

/** What the transport sends for one request. Bulk units are where the drop faults and coalescing apply. */
export type ReplyUnit =
  | { kind: 'packet'; packet: Buffer; closeAfter?: boolean }
  | { kind: 'direct'; sessionId: number; replyId: number; payload: Buffer }
  | { kind: 'chunk'; sessionId: number; replyId: number; payload: Buffer };

export type DeviceContext = {
  store: DeviceStore;
  deviceTimeMs(): number;
  setDeviceTimeMs(ms: number): void;
  /** Bulk data up to this many bytes is answered with one CMD_DATA; larger data goes through the chunked flow. */
  directMaxBytes: number;
  logCapacity: number;
  userCapacity: number;
  nextSessionId(): number;
  /** What CMD_OPTIONS_RRQ answers (`~SerialNumber`, `~Platform`, ...) and CMD_GET_VERSION's firmware string. */
  options: Record<string, string>;
  firmware: string;
  layout: RecordLayout;
};

export class DeviceSession {
  sessionId = 0;
  /** Event flags registered with CMD_REG_EVENT; real-time punches go only to sessions with EF_ATTLOG. */
  eventFlags = 0;
  private prepared: Buffer | null = null;

  constructor(
    private readonly device: DeviceContext,
    readonly transport: Transport,
  ) {}

  handle(request: ZkPacket): ReplyUnit[] {
    const ok = (data?: Buffer, closeAfter = false): ReplyUnit[] => [
      { kind: 'packet', packet: encodePacket(CMD.ACK_OK, this.sessionId, request.replyId, data), closeAfter },
    ];
    switch (request.command) {
      case CMD.CONNECT:
        this.sessionId = this.device.nextSessionId();
        return ok();
      case CMD.EXIT:
        return ok(undefined, true);
      case CMD.ENABLEDEVICE:
      case CMD.DISABLEDEVICE:
      case CMD.RESTART:
        return ok();
      case CMD.FREE_DATA:
        this.prepared = null;
        return ok();
      case CMD.GET_FREE_SIZES:
        return ok(this.freeSizes());
      case CMD.CLEAR_ATTLOG:
        this.device.store.clearPunches();
        return ok();
      case CMD.GET_TIME: {
        const time = Buffer.alloc(4);
        time.writeUInt32LE(this.device.store.zone.encode(this.device.deviceTimeMs()), 0);
        return ok(time);
      }
      case CMD.SET_TIME: {
        if (request.data.length >= 4) {
          const t = decodeDeviceTime(request.data.readUInt32LE(0));
          const zone = this.device.store.zone.timeZone;
          this.device.setDeviceTimeMs(
            new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, zone).getTime(),
          );
        }
        return ok();
      }
      case CMD.REG_EVENT:
        this.eventFlags = request.data.length >= 4 ? request.data.readUInt32LE(0) : 0;
        return ok();
      case CMD.OPTIONS_RRQ:
        return this.option(request);
      case CMD.GET_VERSION:
        return ok(Buffer.from(`${this.device.firmware}\0`, 'latin1'));
      case CMD.DATA_WRRQ:
        return this.prepareRead(request, decodeReadRequest(request.data).table);
      case CMD.ATTLOG_RRQ:
        return this.prepareRead(request, TABLE.ATTLOG);
      case CMD.USERTEMP_RRQ:
        return this.prepareRead(request, TABLE.USERS);
      case CMD.DATA_RDY:
        return this.sendChunk(request);
      default:
        return [{ kind: 'packet', packet: encodePacket(CMD.ACK_UNKNOWN, this.sessionId, request.replyId, undefined) }];
    }
  }

  wantsRealTime(): boolean {
    return (this.eventFlags & EF_ATTLOG) !== 0;
  }

  /** A real-time attendance event: command 500, the event flag in the session-id field, reply id 0. */
  realTimeEvent(punch: SimPunch): Buffer {
    const wall = this.device.store.zone.wallClock(punch.time.getTime());
    const time = [wall.year % 100, wall.month, wall.day, wall.hour, wall.minute, wall.second];
    if (this.transport === 'udp') {
      // Old firmware: 10 data bytes, u16 user number, status, punch, 6-byte time.
      const data = Buffer.alloc(10);
      data.writeUInt16LE((Number.parseInt(punch.userId, 10) || punch.userSn) & 0xffff, 0);
      data.writeUInt8(punch.verify, 2);
      data.writeUInt8(punch.state, 3);
      Buffer.from(time).copy(data, 4);
      return encodePacket(CMD.REG_EVENT, EF_ATTLOG, 0, data);
    }
    const data = Buffer.alloc(32);
    data.write(punch.userId.slice(0, 23), 0, 'ascii');
    data.writeUInt8(punch.verify, 24);
    data.writeUInt8(punch.state, 25);
    Buffer.from(time).copy(data, 26);
    return encodePacket(CMD.REG_EVENT, EF_ATTLOG, 0, data);
  }

  /**
   * CMD_OPTIONS_RRQ: the option name (NUL-terminated, or not: zkteco-js sends none) answered as `name=value\0`.
   * An option the device does not have is refused with ACK_ERROR.
   */
  private option(request: ZkPacket): ReplyUnit[] {
    const end = request.data.indexOf(0);
    const name = request.data.subarray(0, end < 0 ? request.data.length : end).toString('latin1');
    const value = this.device.options[name];
    const reply =
      value === undefined
        ? encodePacket(CMD.ACK_ERROR, this.sessionId, request.replyId)
        : encodePacket(CMD.ACK_OK, this.sessionId, request.replyId, Buffer.from(`${name}=${value}\0`, 'latin1'));
    return [{ kind: 'packet', packet: reply }];
  }

  private prepareRead(request: ZkPacket, table: number): ReplyUnit[] {
    const store = this.device.store;
    let data: Buffer;
    if (table === TABLE.USERS) data = store.encodeUsers(this.device.layout);
    else if (table === TABLE.ATTLOG) data = store.encodeAttendance(this.device.layout);
    else return [{ kind: 'packet', packet: encodePacket(CMD.ACK_ERROR, this.sessionId, request.replyId) }];

    // An empty chunked read would leave node-zklib waiting for a chunk that never comes: small data goes direct.
    // Over UDP a direct reply must fit one packet; anything larger is chunked, each chunk in packets of ~1 KB.
    const directMax =
      this.transport === 'udp' ? Math.min(this.device.directMaxBytes, UDP_DATA_BYTES) : this.device.directMaxBytes;
    if (data.length <= directMax || data.length <= 4) {
      this.prepared = null;
      return [{ kind: 'direct', sessionId: this.sessionId, replyId: request.replyId, payload: data }];
    }
    this.prepared = data;
    const stat = Buffer.alloc(13);
    stat.writeUInt32LE(data.length, 1);
    stat.writeUInt32LE(data.length, 5);
    return [{ kind: 'packet', packet: encodePacket(CMD.ACK_OK, this.sessionId, request.replyId, stat) }];
  }

  private sendChunk(request: ZkPacket): ReplyUnit[] {
    if (!this.prepared || request.data.length < 8) {
      return [{ kind: 'packet', packet: encodePacket(CMD.ACK_ERROR, this.sessionId, request.replyId) }];
    }
    const start = request.data.readUInt32LE(0);
    const size = request.data.readUInt32LE(4);
    const payload = this.prepared.subarray(start, start + size);
    return [{ kind: 'chunk', sessionId: this.sessionId, replyId: request.replyId, payload }];
  }

  /** CMD_GET_FREE_SIZES block (terminal.md): 20 int32 counters then 3 face counters, 92 bytes. */
  private freeSizes(): Buffer {
    const store = this.device.store;
    const fields = new Int32Array(23);
    fields[4] = store.users.length;
    fields[6] = 0; // fingerprint templates
    fields[8] = store.punchCount;
    fields[14] = 3000; // fingerprint capacity
    fields[15] = this.device.userCapacity;
    fields[16] = this.device.logCapacity;
    fields[17] = 3000;
    fields[18] = Math.max(0, this.device.userCapacity - store.users.length);
    fields[19] = Math.max(0, this.device.logCapacity - store.punchCount);
    fields[22] = 400; // face capacity
    const buf = Buffer.alloc(92);
    fields.forEach((value, i) => buf.writeInt32LE(value, i * 4));
    return buf;
  }
}

/** The 8-byte PREPARE_DATA payload node-zklib expects before each chunk: its size, then 0x10 as seen on devices. */
export function prepareData(size: number): Buffer {
  const buf = Buffer.alloc(8);
  buf.writeUInt32LE(size, 0);
  buf.writeUInt32LE(0x10, 4);
  return buf;
}
