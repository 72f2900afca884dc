/**
 * "At most one run of a job at a time", across every API process on one database. PostgreSQL: a
 * session advisory lock on a connection held for the run (released when the run ends, or by the server
 * when the process dies with its connection). SQLite: a lock row per job with an expiry that the holder
 * renews while it runs, so a crashed process's lock lapses instead of blocking the job for ever.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Engine } from '../db/engine.js';

/** A stable 31-bit key per job name for pg_try_advisory_lock(classid, objid). */
function lockKey(job: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < job.length; i += 1) {
    hash ^= job.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}
/** The classid half of Teambeat's advisory locks, so other applications' locks on the database differ. */
const TEAMBEAT_LOCK_CLASS = 0x7462;

export type LockOptions = {
  engine: Engine;
  db: Db;
  /** Which runner (process) holds a SQLite lock row; each acquisition adds its own id to it. */
  owner: string;
  now: () => Date;
  /** How long a SQLite lock row lasts without renewal. */
  ttlMs: number;
};

/**
 * Runs `work` while holding the job's lock, or answers `{ ran: false }` at once when another process
 * holds it. The lock is released when `work` ends, whether it succeeded or threw.
 */
export async function withJobLock<T>(
  options: LockOptions,
  job: string,
  work: (db: Db) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return options.engine === 'postgres' ? withAdvisoryLock(options, job, work) : withLockRow(options, job, work);
}

async function withAdvisoryLock<T>(
  { db }: LockOptions,
  job: string,
  work: (db: Db) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const key = lockKey(job);
  // One pooled connection holds the session lock for the whole run; the work itself uses the pool.
  return db.connection().execute(async (conn) => {
    const got = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${TEAMBEAT_LOCK_CLASS}, ${key}) as locked`.execute(conn);
    if (!got.rows[0]?.locked) return { ran: false as const };
    try {
      return { ran: true as const, value: await work(db) };
    } finally {
      await sql`select pg_advisory_unlock(${TEAMBEAT_LOCK_CLASS}, ${key})`.execute(conn);
    }
  });
}

async function withLockRow<T>(
  { db, owner: runner, now, ttlMs }: LockOptions,
  job: string,
  work: (db: Db) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  // One owner per acquisition: two runs in the same process exclude each other as well.
  const owner = `${runner}/${randomUUID()}`;
  const expiry = () => new Date(now().getTime() + ttlMs).toISOString();
  const current = now().toISOString();
  // Take the row when it is free or its holder's lease has lapsed; otherwise the update matches nothing.
  await db
    .insertInto('jobLocks')
    .values({ job, owner, expiresAt: expiry() })
    .onConflict((oc) =>
      oc.column('job').doUpdateSet({ owner, expiresAt: expiry() }).where('jobLocks.expiresAt', '<', current),
    )
    .execute();
  const holder = await db.selectFrom('jobLocks').select('owner').where('job', '=', job).executeTakeFirst();
  if (holder?.owner !== owner) return { ran: false };
  const renew = setInterval(
    () =>
      void db
        .updateTable('jobLocks')
        .set({ expiresAt: expiry() })
        .where('job', '=', job)
        .where('owner', '=', owner)
        .execute()
        .catch(() => undefined),
    Math.max(1000, Math.floor(ttlMs / 3)),
  );
  renew.unref();
  try {
    return { ran: true, value: await work(db) };
  } finally {
    clearInterval(renew);
    await db.deleteFrom('jobLocks').where('job', '=', job).where('owner', '=', owner).execute();
  }
}
