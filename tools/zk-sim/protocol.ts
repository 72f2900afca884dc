// ZKTeco binary protocol as spoken by the terminals node-zklib 1.3.0 talks to (see the team's zkteco reference,
// section 2). Encoding and decoding only: no sockets here, so the server and the tests share one definition.

export const CMD = {
  /** Older direct table reads: the same table ids CMD_DATA_WRRQ carries, sent as commands of their own. */
  USERTEMP_RRQ: 9,
  OPTIONS_RRQ: 11,
  ATTLOG_RRQ: 13,
  CONNECT: 1000,
  EXIT: 1001,
  ENABLEDEVICE: 1002,
  DISABLEDEVICE: 1003,
  RESTART: 1004,
  GET_VERSION: 1100,
  AUTH: 1102,
  PREPARE_DATA: 1500,
  DATA: 1501,
  FREE_DATA: 1502,
  DATA_WRRQ: 1503,
  DATA_RDY: 1504,
  CLEAR_ATTLOG: 15,
  GET_FREE_SIZES: 50,
  GET_TIME: 201,
  SET_TIME: 202,
  REG_EVENT: 500,
  ACK_OK: 2000,
  ACK_ERROR: 2001,
  ACK_UNKNOWN: 65535,
} as const;

/** Event flag for attendance punches; real-time frames carry it in the session-id field. */
export const EF_ATTLOG = 1;
/** node-zklib requests chunks of at most this many bytes (constants.js MAX_CHUNK). */
export const MAX_CHUNK = 65472;
/** Data bytes per UDP packet of a bulk transfer, as terminals send them (pyzk reads 1024 + 8 per packet). */
export const UDP_DATA_BYTES = 1024;
/** Table ids inside a CMD_DATA_WRRQ request (`<b h i i>`: 1, table, fct, ext). */
export const TABLE = { USERS: 9, ATTLOG: 13 } as const;

const TCP_MAGIC = Buffer.from([0x50, 0x50, 0x82, 0x7d]);
export const TCP_PREFIX_BYTES = 8;
export const HEADER_BYTES = 8;

export type ZkPacket = {
  command: number;
  checksum: number;
  sessionId: number;
  replyId: number;
  data: Buffer;
};

/**
 * True one's-complement checksum of the ZK header + data (checksum field zeroed). node-zklib and pyzk compute
 * one less than this and never verify replies, so the simulator sends the real value and never checks inbound.
 */
export function checksum(packet: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 1 < packet.length; i += 2) sum += packet.readUInt16LE(i);
  if (packet.length % 2 === 1) sum += packet[packet.length - 1] ?? 0;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** A ZK packet (8-byte header + data) as sent over UDP, or inside a TCP frame. */
export function encodePacket(command: number, sessionId: number, replyId: number, data?: Buffer): Buffer {
  const body = data ?? Buffer.alloc(0);
  const packet = Buffer.alloc(HEADER_BYTES + body.length);
  packet.writeUInt16LE(command, 0);
  packet.writeUInt16LE(sessionId & 0xffff, 4);
  packet.writeUInt16LE(replyId & 0xffff, 6);
  body.copy(packet, HEADER_BYTES);
  packet.writeUInt16LE(checksum(packet), 2);
  return packet;
}

/** Prefix a packet with the TCP envelope `50 50 82 7D <u32 LE length>`. */
export function wrapTcp(packet: Buffer): Buffer {
  const prefix = Buffer.alloc(TCP_PREFIX_BYTES);
  TCP_MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(packet.length, 4);
  return Buffer.concat([prefix, packet]);
}

export function decodePacket(packet: Buffer): ZkPacket {
  if (packet.length < HEADER_BYTES) throw new RangeError(`ZK packet too short: ${packet.length} bytes`);
  return {
    command: packet.readUInt16LE(0),
    checksum: packet.readUInt16LE(2),
    sessionId: packet.readUInt16LE(4),
    replyId: packet.readUInt16LE(6),
    data: packet.subarray(HEADER_BYTES),
  };
}

/**
 * Splits a TCP byte stream into packets. The client sends every CMD_DATA_RDY of a chunked read back to back, so one
 * 'data' event can hold several frames, and a frame can span events. Bytes before a magic prefix are skipped so a
 * garbled stream resynchronises instead of wedging the connection.
 */
export class TcpFrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): ZkPacket[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const packets: ZkPacket[] = [];
    for (;;) {
      const start = this.pending.indexOf(TCP_MAGIC);
      if (start < 0) {
        // Keep a possible partial magic at the end.
        this.pending = this.pending.subarray(Math.max(0, this.pending.length - 3));
        return packets;
      }
      if (start > 0) this.pending = this.pending.subarray(start);
      if (this.pending.length < TCP_PREFIX_BYTES) return packets;
      const length = this.pending.readUInt32LE(4);
      if (length < HEADER_BYTES) {
        this.pending = this.pending.subarray(TCP_MAGIC.length);
        continue;
      }
      if (this.pending.length < TCP_PREFIX_BYTES + length) return packets;
      packets.push(decodePacket(this.pending.subarray(TCP_PREFIX_BYTES, TCP_PREFIX_BYTES + length)));
      this.pending = this.pending.subarray(TCP_PREFIX_BYTES + length);
    }
  }
}

// The packed device time is the agent's own definition, so the simulator cannot drift from what it decodes.
export { decodeDeviceTime, encodeDeviceTime, type WallClock } from '../../electron/device-agent/zk-time.js';

/** Parse a CMD_DATA_WRRQ request body (`01 <u16 table> <u32 fct> <u32 ext>`). */
export function decodeReadRequest(data: Buffer): { table: number; fct: number } {
  if (data.length < 3) return { table: -1, fct: 0 };
  return { table: data.readUInt16LE(1), fct: data.length >= 7 ? data.readUInt32LE(3) : 0 };
}
