// The device agent's durable state, one SQLite file in the data folder it is given: punches waiting for upload, the
// punches already seen per device by their local time (so a re-read log yields only new ones, even after the
// device's zone is corrected), a watermark per device, punches the
// server refused, and the last device list (so devices are still read while the server is unreachable).
// Every change is one transaction: a crash between "read from the device" and "queued" loses nothing, because the
// device still holds the punches and they are not marked seen until they are queued.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type QueuedPunch = {
  id: number;
  deviceSerial: string;
  deviceUserId: string;
  time: string;
  localTime: string | null;
};
export type PulledPunch = { deviceUserId: string; time: string; localTime: string | null };
export type Watermark = { lastTime: string | null; logCount: number; pulledAt: string };

const SCHEMA = `
create table if not exists queue (
  id integer primary key autoincrement,
  device_serial text not null, device_user_id text not null, time text not null, local_time text,
  unique (device_serial, device_user_id, time)
);
create table if not exists seen (
  device_serial text not null, device_user_id text not null, moment text not null, time text not null,
  primary key (device_serial, device_user_id, moment)
) without rowid;
create table if not exists watermarks (
  device_serial text primary key, last_time text, log_count integer not null, pulled_at text not null
);
create table if not exists rejected (
  id integer primary key, device_serial text not null, device_user_id text not null, time text not null,
  local_time text, reason text not null, at text not null
);
create table if not exists meta (key text primary key, value text not null);
`;

const keyOf = (userId: string, moment: string) => `${userId}\u0000${moment}`;

/**
 * What identifies a seen punch: the device's local time, as the server identifies it (docs/devices.md, "Identity
 * of a punch"), so a log read again after its zone is corrected (other instants) yields nothing new. A punch
 * without a local time, or one seen before version 1 of this file, is known by its instant (`@` + ISO time).
 */
const momentOf = (p: { time: string; localTime: string | null }) => p.localTime ?? `@${p.time}`;

/** user_version of the file: 1 = `seen` keyed by the local time (before, by the instant). */
const VERSION = 1;

/**
 * Brings an older file to VERSION: its seen punches keep their instant as their key, and take their local time the
 * first time a read meets them again (recordPull), before any zone change can have moved them.
 */
function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= VERSION) return;
  db.transaction(() => {
    const old = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'seen'").get();
    if (old) {
      db.exec(`alter table seen rename to seen_v0;
        create table seen (
          device_serial text not null, device_user_id text not null, moment text not null, time text not null,
          primary key (device_serial, device_user_id, moment)
        ) without rowid;
        insert or ignore into seen (device_serial, device_user_id, moment, time)
          select device_serial, device_user_id, '@' || time, time from seen_v0;
        drop table seen_v0;`);
    }
    db.pragma(`user_version = ${VERSION}`);
  })();
}

export class PunchQueue {
  private readonly db: Database.Database;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, 'device-agent.sqlite'));
    this.db.pragma('journal_mode = WAL');
    // FULL: an acknowledged enqueue survives a power cut, which is the point of the queue.
    this.db.pragma('synchronous = FULL');
    migrate(this.db);
    this.db.exec(SCHEMA);
  }

  /**
   * Records a complete read of a device's log: queues the punches not seen before, marks them seen, forgets seen
   * punches the device no longer holds (its log was cleared), and moves the watermark. Returns how many were new.
   */
  recordPull(serial: string, punches: PulledPunch[], pulledAt: Date): number {
    const run = this.db.transaction(() => {
      const seenRows = this.db
        .prepare('select device_user_id as u, moment as m from seen where device_serial = ?')
        .all(serial) as { u: string; m: string }[];
      const seen = new Set(seenRows.map((r) => keyOf(r.u, r.m)));
      const current = new Set<string>();
      const enqueue = this.db.prepare(
        'insert or ignore into queue (device_serial, device_user_id, time, local_time) values (?, ?, ?, ?)',
      );
      const markSeen = this.db.prepare(
        'insert or ignore into seen (device_serial, device_user_id, moment, time) values (?, ?, ?, ?)',
      );
      const learnLocal = this.db.prepare(
        'update or ignore seen set moment = ? where device_serial = ? and device_user_id = ? and moment = ?',
      );
      let added = 0;
      let last: string | null = null;
      for (const p of punches) {
        const moment = momentOf(p);
        const key = keyOf(p.deviceUserId, moment);
        current.add(key);
        if (last === null || p.time > last) last = p.time;
        if (seen.has(key)) continue;
        const byInstant = keyOf(p.deviceUserId, `@${p.time}`);
        if (moment !== `@${p.time}` && seen.has(byInstant)) {
          // Seen before this file knew local times: it is known by its local time from now on.
          learnLocal.run(moment, serial, p.deviceUserId, `@${p.time}`);
          seen.delete(byInstant);
          seen.add(key);
          continue;
        }
        seen.add(key);
        enqueue.run(serial, p.deviceUserId, p.time, p.localTime);
        markSeen.run(serial, p.deviceUserId, moment, p.time);
        added++;
      }
      const forget = this.db.prepare('delete from seen where device_serial = ? and device_user_id = ? and moment = ?');
      for (const r of seenRows) if (!current.has(keyOf(r.u, r.m))) forget.run(serial, r.u, r.m);
      const previous = this.watermark(serial);
      const lastTime = previous?.lastTime && (last === null || previous.lastTime > last) ? previous.lastTime : last;
      this.db
        .prepare(
          `insert into watermarks (device_serial, last_time, log_count, pulled_at) values (?, ?, ?, ?)
           on conflict (device_serial) do update set last_time = excluded.last_time, log_count = excluded.log_count,
           pulled_at = excluded.pulled_at`,
        )
        .run(serial, lastTime, punches.length, pulledAt.toISOString());
      return added;
    });
    return run();
  }

  watermark(serial: string): Watermark | null {
    const row = this.db
      .prepare(
        'select last_time as lastTime, log_count as logCount, pulled_at as pulledAt from watermarks where device_serial = ?',
      )
      .get(serial) as Watermark | undefined;
    return row ?? null;
  }

  /** The oldest queued punches, in the order they were read. */
  peek(limit: number): QueuedPunch[] {
    return this.db
      .prepare(
        `select id, device_serial as deviceSerial, device_user_id as deviceUserId, time, local_time as localTime
         from queue order by id limit ?`,
      )
      .all(limit) as QueuedPunch[];
  }

  /** After the server confirmed them: one statement for the whole batch (row by row took 1.6 s per 100,000). */
  remove(ids: number[]): void {
    if (ids.length === 0) return;
    this.db.prepare('delete from queue where id in (select value from json_each(?))').run(JSON.stringify(ids));
  }

  /** Punches the server refused for good (unknown serial): kept here, out of the queue's way, for an operator. */
  reject(items: { punch: QueuedPunch; reason: string }[], at: Date): void {
    const add = this.db.prepare(
      'insert into rejected (device_serial, device_user_id, time, local_time, reason, at) values (?, ?, ?, ?, ?, ?)',
    );
    const del = this.db.prepare('delete from queue where id = ?');
    this.db.transaction(() => {
      for (const { punch, reason } of items) {
        add.run(punch.deviceSerial, punch.deviceUserId, punch.time, punch.localTime, reason, at.toISOString());
        del.run(punch.id);
      }
    })();
  }

  size(serial?: string): number {
    const row = (
      serial === undefined
        ? this.db.prepare('select count(*) as n from queue').get()
        : this.db.prepare('select count(*) as n from queue where device_serial = ?').get(serial)
    ) as { n: number };
    return row.n;
  }

  rejectedCount(): number {
    return (this.db.prepare('select count(*) as n from rejected').get() as { n: number }).n;
  }

  getMeta(key: string): string | null {
    const row = this.db.prepare('select value from meta where key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value')
      .run(key, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
