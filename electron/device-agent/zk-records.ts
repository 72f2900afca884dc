// The adapter decodes the terminal's record tables itself, the same way on TCP and UDP. node-zklib 1.3.0 cuts user
// ids (PINs) to 9 characters, so 12345678901 and 12345678902 became one person (reference §2, §3.6); over UDP it
// assumes old firmware whatever the terminal sends, and reads a direct reply as 8-byte records. The record layout is
// a property of the firmware, not of the transport: like pyzk, the record size is the table's byte count divided by
// the device's own record count (CMD_GET_FREE_SIZES), and a read where that does not add up, or where any record is
// implausible, is refused whole. Nothing of it is kept; the agent reads again on its next round.
import { ZK_ERROR, ZkAdapterError } from './zk-errors.js';
import { decodeDeviceTime, formatWallClock, wallClockToInstant, type WallClock } from './zk-time.js';

/** A punch as the device stores it: the full user id and the device's wall-clock reading. */
export type RawPunch = {
  userSn: number;
  deviceUserId: string;
  wall: WallClock;
  /** The wall-clock time read in the device's zone (zk-time.ts). */
  instant: Date;
  verify: number;
  state: number;
};
export type RawUser = { uid: number; userId: string; name: string; role: number; cardNo: number };

/** Earliest plausible punch: the packed time cannot go before 2000-01-01, which is what a zeroed record decodes to. */
export const EARLIEST_PUNCH = '2000-01-02T00:00:00';
/** A device clock may run ahead of the agent's; beyond a day a time is not a reading but garbage. */
const MAX_AHEAD_MS = 24 * 3600 * 1000;
/** User ids (PINs): digits and letters as terminals allow them, at most the 24-byte field less its terminator. */
const USER_ID = /^[0-9A-Za-z_-]{1,23}$/;

/** A NUL-terminated ASCII field: up to the first NUL, the whole field when there is none. */
function text(buf: Buffer, offset: number, length: number): string {
  const field = buf.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString('latin1');
}

/**
 * wallClockToInstant for many times of few hours: a large log has about 3,000 punches per hour and the zone rules
 * cost ~60 µs a call. A time is its hour's start plus minutes and seconds whenever that hour is exactly 3,600 s
 * long in the zone (no offset change inside it); any other hour (a DST change) goes through wallClockToInstant
 * time by time. So the result is always wallClockToInstant's.
 */
export class InstantCache {
  private readonly hours = new Map<string, number>();

  constructor(private readonly timeZone: string) {}

  private hourStart(wall: WallClock, plus: number): number {
    const at = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour + plus));
    const key = at.toISOString().slice(0, 13);
    let ms = this.hours.get(key);
    if (ms === undefined) {
      const hour = {
        year: at.getUTCFullYear(),
        month: at.getUTCMonth() + 1,
        day: at.getUTCDate(),
        hour: at.getUTCHours(),
      };
      ms = wallClockToInstant({ ...hour, minute: 0, second: 0 }, this.timeZone).getTime();
      this.hours.set(key, ms);
    }
    return ms;
  }

  instant(wall: WallClock): Date {
    const start = this.hourStart(wall, 0);
    if (this.hourStart(wall, 1) - start !== 3_600_000) return wallClockToInstant(wall, this.timeZone);
    return new Date(start + (wall.minute * 60 + wall.second) * 1000);
  }
}

function refuse(label: string, why: string): never {
  throw new ZkAdapterError(ZK_ERROR.BAD_REPLY, `${label}: ${why}; read refused, nothing kept`);
}

/** `[u32 byte count][records]`: the records, after checking the count against the bytes and the device's count. */
function records(label: string, table: Buffer, expected: number, sizes: readonly number[]): { size: number } {
  if (table.length < 4) refuse(label, `${table.length} bytes is not a table`);
  const declared = table.readUInt32LE(0);
  if (declared !== table.length - 4) refuse(label, `the table says ${declared} bytes, ${table.length - 4} arrived`);
  if (expected === 0) {
    if (declared !== 0) refuse(label, `the device counts no records but sent ${declared} bytes`);
    return { size: sizes[0] ?? 1 };
  }
  const size = declared / expected;
  if (!sizes.includes(size)) {
    refuse(label, `${declared} bytes for the ${expected} records the device counts (record size ${size.toFixed(2)})`);
  }
  return { size };
}

/**
 * The attendance log: 40-byte records (current firmware: uid u16@0, user id 24 bytes @2, verify @26, time u32 @27,
 * state @31) or 16-byte ones (old firmware: numeric user id u32 @0, time @4, verify @8, state @9). 8-byte records
 * carry only the device's internal uid, not the user id, and are refused rather than guessed.
 */
export function decodeAttendanceTable(
  table: Buffer,
  expected: number,
  check: { timeZone: string; now: Date },
): RawPunch[] {
  const label = 'attendance log';
  const { size } = records(label, table, expected, [40, 16]);
  const latest = check.now.getTime() + MAX_AHEAD_MS;
  const instants = new InstantCache(check.timeZone);
  const punches: RawPunch[] = [];
  for (let n = 0; n < expected; n++) {
    const o = 4 + n * size;
    const wall = decodeDeviceTime(table.readUInt32LE(size === 40 ? o + 27 : o + 4));
    const punch: RawPunch =
      size === 40
        ? {
            userSn: table.readUInt16LE(o),
            deviceUserId: text(table, o + 2, 24),
            verify: table.readUInt8(o + 26),
            wall,
            instant: new Date(NaN),
            state: table.readUInt8(o + 31),
          }
        : {
            userSn: 0,
            deviceUserId: String(table.readUInt32LE(o)),
            wall,
            instant: new Date(NaN),
            verify: table.readUInt8(o + 8),
            state: table.readUInt8(o + 9),
          };
    const where = `record ${n + 1} of ${expected}`;
    if (!USER_ID.test(punch.deviceUserId)) {
      refuse(label, `${where} has user id ${JSON.stringify(punch.deviceUserId)}, not a device user id`);
    }
    const local = formatWallClock(punch.wall);
    if (local < EARLIEST_PUNCH) refuse(label, `${where} has the date ${local}, before ${EARLIEST_PUNCH}`);
    punch.instant = instants.instant(wall);
    if (Number.isNaN(punch.instant.getTime()) || punch.instant.getTime() > latest) {
      refuse(label, `${where} has the date ${local}, more than a day after now`);
    }
    punches.push(punch);
  }
  return punches;
}

/**
 * The user table: 72-byte records (uid u16@0, role @2, password 8 @3, name 24 @11, card u32 @35, group @39,
 * user id 24 @48) or old firmware's 28-byte ones (uid u16@0, role @2, name 8 @8, card u32 @16, user id u32 @24).
 */
export function decodeUserTable(table: Buffer, expected: number): RawUser[] {
  const label = 'user table';
  const { size } = records(label, table, expected, [72, 28]);
  const users: RawUser[] = [];
  for (let n = 0; n < expected; n++) {
    const o = 4 + n * size;
    const user: RawUser =
      size === 72
        ? {
            uid: table.readUInt16LE(o),
            role: table.readUInt8(o + 2),
            name: text(table, o + 11, 24),
            cardNo: table.readUInt32LE(o + 35),
            userId: text(table, o + 48, 24),
          }
        : {
            uid: table.readUInt16LE(o),
            role: table.readUInt8(o + 2),
            name: text(table, o + 8, 8),
            cardNo: table.readUInt32LE(o + 16),
            userId: String(table.readUInt32LE(o + 24)),
          };
    if (!USER_ID.test(user.userId)) {
      refuse(label, `record ${n + 1} of ${expected} has user id ${JSON.stringify(user.userId)}`);
    }
    users.push(user);
  }
  return users;
}
