// The simulated device's storage: users and the attendance log, held in typed arrays so hundreds of thousands of
// punches cost a few megabytes, and encoders for the record layouts node-zklib 1.3.0 decodes.
import { TZDate } from '@date-fns/tz';
import { encodeDeviceTime, type WallClock } from './protocol.js';

export type SimUser = { uid: number; userId: string; name: string; role: number; password: string; cardNo: number };
/** A punch as the simulator is told about it: an instant; the device stores its wall-clock time in its zone. */
export type SimPunchInput = { userId: string; time: Date; verify?: number; state?: number };
export type SimPunch = { userSn: number; userId: string; time: Date; verify: number; state: number };

/** Deterministic PRNG (mulberry32) so generated data sets are identical across runs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateUsers(count: number): SimUser[] {
  const users: SimUser[] = [];
  for (let i = 1; i <= count; i++) {
    // uid 1 is the device administrator, as on a new terminal.
    users.push({
      uid: i,
      userId: String(1000 + i),
      name: `User ${i}`,
      role: i === 1 ? 14 : 0,
      password: '',
      cardNo: 0,
    });
  }
  return users;
}

export type GeneratePunchesOptions = { count: number; users: SimUser[]; end: Date; days?: number; seed?: number };

/**
 * Punches spread evenly over the `days` before `end`, one per time slot with seeded jitter, so times are strictly
 * increasing and every (userId, time) pair is unique: tests can check "every punch exactly once" by key.
 */
export function generatePunches(options: GeneratePunchesOptions): SimPunchInput[] {
  const { count, users } = options;
  if (count === 0) return [];
  if (users.length === 0) throw new Error('cannot generate punches without users');
  const random = prng(options.seed ?? 1);
  const endSec = Math.floor(options.end.getTime() / 1000);
  const spanSec = Math.max(count, (options.days ?? 30) * 86400);
  const step = Math.max(1, Math.floor(spanSec / count));
  const startSec = endSec - step * count;
  const punches: SimPunchInput[] = new Array<SimPunchInput>(count);
  for (let i = 0; i < count; i++) {
    const user = users[Math.floor(random() * users.length)] ?? users[0];
    const jitter = Math.floor(random() * step);
    punches[i] = { userId: user?.userId ?? '1', time: new Date((startSec + i * step + jitter) * 1000), state: i % 2 };
  }
  return punches;
}

/** UTC offset of an IANA zone at an instant, cached per hour since offsets only change on the hour or half hour. */
export class ZoneClock {
  private readonly cache = new Map<number, number>();

  constructor(readonly timeZone: string) {
    if (Number.isNaN(new TZDate(0, timeZone).getTime())) throw new RangeError(`unknown time zone ${timeZone}`);
  }

  offsetMs(epochMs: number): number {
    const bucket = Math.floor(epochMs / 1_800_000);
    let offset = this.cache.get(bucket);
    if (offset === undefined) {
      offset = -new TZDate(bucket * 1_800_000, this.timeZone).getTimezoneOffset() * 60_000;
      this.cache.set(bucket, offset);
    }
    return offset;
  }

  wallClock(epochMs: number): WallClock {
    const wall = new Date(epochMs + this.offsetMs(epochMs));
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }

  encode(epochMs: number): number {
    return encodeDeviceTime(this.wallClock(epochMs));
  }
}

// Record layouts belong to the firmware, not the transport: current firmware sends 72-byte users and 40-byte
// punches over TCP and UDP alike; old firmware 28-byte users and 16-byte punches (pyzk's layouts).
export type RecordLayout = 'current' | 'old';
const USER_BYTES = { current: 72, old: 28 } as const;
const ATTLOG_BYTES = { current: 40, old: 16 } as const;

export class DeviceStore {
  readonly users: SimUser[] = [];
  private readonly userIds: string[] = []; // interned ids referenced by the punch columns
  private readonly userIdIndex = new Map<string, number>();
  private uidOf: number[] = [];
  private userCol = new Uint32Array(1024);
  private timeCol = new Float64Array(1024); // epoch seconds
  private verifyCol = new Uint8Array(1024);
  private stateCol = new Uint8Array(1024);
  private length = 0;

  constructor(readonly zone: ZoneClock) {}

  get punchCount(): number {
    return this.length;
  }

  addUsers(users: SimUser[]): void {
    for (const user of users) {
      const existing = this.users.findIndex((u) => u.uid === user.uid);
      if (existing >= 0) this.users[existing] = user;
      else this.users.push(user);
      this.intern(user.userId, user.uid);
    }
  }

  addPunches(punches: SimPunchInput[]): void {
    this.reserve(this.length + punches.length);
    for (const punch of punches) {
      const i = this.length++;
      this.userCol[i] = this.intern(punch.userId);
      this.timeCol[i] = Math.floor(punch.time.getTime() / 1000);
      this.verifyCol[i] = punch.verify ?? 1;
      this.stateCol[i] = punch.state ?? 0;
    }
  }

  clearPunches(): void {
    this.length = 0;
  }

  punches(): SimPunch[] {
    const out: SimPunch[] = [];
    for (let i = 0; i < this.length; i++) {
      const u = this.userCol[i] ?? 0;
      out.push({
        userSn: this.uidOf[u] ?? 0,
        userId: this.userIds[u] ?? '',
        time: new Date((this.timeCol[i] ?? 0) * 1000),
        verify: this.verifyCol[i] ?? 0,
        state: this.stateCol[i] ?? 0,
      });
    }
    return out;
  }

  /** `[u32 byte count][records]`, the buffer a CMD_DATA_WRRQ for the user table returns. */
  encodeUsers(layout: RecordLayout): Buffer {
    const size = USER_BYTES[layout];
    const buf = Buffer.alloc(4 + this.users.length * size);
    buf.writeUInt32LE(this.users.length * size, 0);
    this.users.forEach((user, n) => {
      const o = 4 + n * size;
      buf.writeUInt16LE(user.uid, o);
      buf.writeUInt8(user.role, o + 2);
      if (layout === 'current') {
        buf.write(user.password.slice(0, 8), o + 3, 'ascii');
        buf.write(user.name.slice(0, 23), o + 11, 'ascii'); // 24-byte field, always NUL-terminated
        buf.writeUInt32LE(user.cardNo >>> 0, o + 35);
        buf.writeUInt8(1, o + 39); // group
        buf.write(user.userId.slice(0, 23), o + 48, 'ascii');
      } else {
        buf.write(user.password.slice(0, 5), o + 3, 'ascii');
        buf.write(user.name.slice(0, 7), o + 8, 'ascii');
        buf.writeUInt32LE(user.cardNo >>> 0, o + 16);
        buf.writeUInt32LE(Number.parseInt(user.userId, 10) >>> 0 || user.uid, o + 24);
      }
    });
    return buf;
  }

  /** `[u32 byte count][records]` for the attendance log, times as device wall-clock in the device zone. */
  encodeAttendance(layout: RecordLayout): Buffer {
    const size = ATTLOG_BYTES[layout];
    const buf = Buffer.alloc(4 + this.length * size);
    buf.writeUInt32LE(this.length * size, 0);
    const idBytes = this.userIds.map((id) => Buffer.from(id.slice(0, 23), 'ascii'));
    for (let i = 0; i < this.length; i++) {
      const o = 4 + i * size;
      const u = this.userCol[i] ?? 0;
      const time = this.zone.encode((this.timeCol[i] ?? 0) * 1000);
      if (layout === 'current') {
        buf.writeUInt16LE(this.uidOf[u] ?? 0, o);
        idBytes[u]?.copy(buf, o + 2);
        buf.writeUInt8(this.verifyCol[i] ?? 0, o + 26);
        buf.writeUInt32LE(time, o + 27);
        buf.writeUInt8(this.stateCol[i] ?? 0, o + 31);
        buf.writeUInt8(0xff, o + 36); // matches the sample record in data-record.md
      } else {
        // Old firmware: the user id as a number (u32), time, verify, state, 2 reserved bytes, work code.
        buf.writeUInt32LE(Number.parseInt(this.userIds[u] ?? '', 10) >>> 0, o);
        buf.writeUInt32LE(time, o + 4);
        buf.writeUInt8(this.verifyCol[i] ?? 0, o + 8);
        buf.writeUInt8(this.stateCol[i] ?? 0, o + 9);
      }
    }
    return buf;
  }

  private intern(userId: string, uid?: number): number {
    let index = this.userIdIndex.get(userId);
    if (index === undefined) {
      index = this.userIds.length;
      this.userIds.push(userId);
      this.userIdIndex.set(userId, index);
      this.uidOf[index] = uid ?? this.users.find((u) => u.userId === userId)?.uid ?? 0;
    } else if (uid !== undefined) {
      this.uidOf[index] = uid;
    }
    return index;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.timeCol.length) return;
    let next = this.timeCol.length;
    while (next < capacity) next *= 2;
    const grow = <T extends Uint8Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const fresh = make(next);
      fresh.set(old);
      return fresh;
    };
    this.userCol = grow(this.userCol, (n) => new Uint32Array(n));
    this.timeCol = grow(this.timeCol, (n) => new Float64Array(n));
    this.verifyCol = grow(this.verifyCol, (n) => new Uint8Array(n));
    this.stateCol = grow(this.stateCol, (n) => new Uint8Array(n));
  }
}
