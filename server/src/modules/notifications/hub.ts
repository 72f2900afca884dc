/**
 * The live side of notifications (docs/notifications.md "Live"): every API process learns which recipients'
 * notifications changed, whichever process (or job) changed them, and tells its open streams and its
 * delivery. On PostgreSQL a dedicated connection LISTENs to `teambeat_notifications`, which a trigger
 * NOTIFYs on commit (migration 0037), so every process hears every change once it is committed. On SQLite
 * the trigger keeps each recipient's latest change in `notification_signals` with a rising `seq`, which
 * this process reads every `pollMs`. A lost PostgreSQL connection is reopened with backoff, and every
 * stream then resynchronises, since changes made meanwhile were not heard.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, Engine } from '../../db/engine.js';

export type NotificationSignal = { tenantId: number; recipientId: number };
type Listener = () => void;

export type NotificationHub = {
  /** Calls `listener` whenever the recipient's notifications change (or after a missed stretch). */
  subscribe(tenantId: number, recipientId: number, listener: Listener): () => void;
  /** Calls `listener` for every change of anyone's (delivery). */
  onSignal(listener: (signal: NotificationSignal) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const CHANNEL = 'teambeat_notifications';

export function createNotificationHub(options: {
  engine: Engine;
  db: Db;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
  /** SQLite: how often the signal table is read. */
  pollMs?: number;
}): NotificationHub {
  const streams = new Map<string, Set<Listener>>();
  const signalListeners = new Set<(signal: NotificationSignal) => void>();
  let stopped = false;
  let stopSource: (() => Promise<void>) | undefined;

  function dispatch(signal: NotificationSignal) {
    for (const listener of streams.get(`${signal.tenantId}:${signal.recipientId}`) ?? []) listener();
    for (const listener of signalListeners) listener(signal);
  }

  function resyncAll() {
    for (const set of streams.values()) for (const listener of set) listener();
  }

  async function startSqlite(): Promise<() => Promise<void>> {
    const last = await options.db
      .selectFrom('notificationSignals')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    let seq = Number(last?.seq ?? 0);
    let polling = false;
    const timer = setInterval(() => {
      if (polling) return;
      polling = true;
      void options.db
        .selectFrom('notificationSignals')
        .select(['seq', 'tenantId', 'recipientId'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(1000)
        .execute()
        .then((rows) => {
          for (const row of rows) {
            seq = Math.max(seq, row.seq);
            dispatch({ tenantId: row.tenantId, recipientId: row.recipientId });
          }
        })
        .catch((error: unknown) => options.log.warn({ err: error }, 'notification signals could not be read'))
        .finally(() => {
          polling = false;
        });
    }, options.pollMs ?? 100);
    timer.unref();
    return async () => clearInterval(timer);
  }

  async function startPostgres(url: string): Promise<() => Promise<void>> {
    let client: pg.Client | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 500;

    const connect = async (isReconnect: boolean) => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (message) => {
        const [tenantId, recipientId] = (message.payload ?? '').split(':').map(Number);
        if (Number.isInteger(tenantId) && Number.isInteger(recipientId))
          dispatch({ tenantId: tenantId!, recipientId: recipientId! });
      });
      c.on('error', (error) => options.log.warn({ err: error }, 'notification listener connection failed'));
      c.on('end', () => {
        if (stopped || client !== c) return;
        client = undefined;
        scheduleReconnect();
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
      delay = 500;
      if (isReconnect) resyncAll();
    };

    const scheduleReconnect = () => {
      if (stopped) return;
      retry = setTimeout(() => {
        connect(true).catch((error: unknown) => {
          options.log.warn({ err: error }, 'notification listener could not reconnect; trying again');
          delay = Math.min(delay * 2, 30_000);
          scheduleReconnect();
        });
      }, delay);
      retry.unref();
    };

    await connect(false);
    return async () => {
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
  }

  return {
    subscribe(tenantId, recipientId, listener) {
      const key = `${tenantId}:${recipientId}`;
      let set = streams.get(key);
      if (!set) streams.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) streams.delete(key);
      };
    },
    onSignal(listener) {
      signalListeners.add(listener);
      return () => signalListeners.delete(listener);
    },
    async start() {
      if (stopSource || stopped) return;
      if (options.engine === 'sqlite') stopSource = await startSqlite();
      else if (options.databaseUrl) stopSource = await startPostgres(options.databaseUrl);
      // An app built around a pool it was handed (a test's second process) hears nothing live: clients poll.
      else options.log.warn('no DATABASE_URL to LISTEN on: notifications reach clients by their poll only');
    },
    async stop() {
      stopped = true;
      await stopSource?.();
    },
  };
}
