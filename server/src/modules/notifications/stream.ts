/**
 * One signed-in session's live stream (server-sent events, docs/notifications.md "Live"). It opens with the
 * counts, then on every change of the person's notifications (hub.ts) sends each new notification and the
 * counts. It ends when the access token expires (the client reconnects with a fresh one, so a revoked
 * session stops hearing within a token's life) and when the server closes. A comment line every 25 s keeps
 * proxies from closing a quiet stream. Changes are read one refresh at a time: a change arriving during a
 * refresh runs one more, so a burst costs at most two reads.
 */
import type { FastifyReply } from 'fastify';
import type { Notification, NotificationCounts } from '../../../../shared/contracts/notifications.js';
import type { Db } from '../../db/engine.js';
import type { NotificationHub } from './hub.js';
import { notificationCounts, notificationView, openNotifications } from './repository.js';

const HEARTBEAT_MS = 25_000;
/** New notifications sent per change at most; the client reloads its list when more came at once. */
const NEW_PER_REFRESH = 20;

export type StreamRegistry = { closeAll(): void; size(): number };

export function createStreamRegistry(): StreamRegistry & { add(close: () => void): () => void } {
  const open = new Set<() => void>();
  return {
    add(close) {
      open.add(close);
      return () => open.delete(close);
    },
    closeAll() {
      for (const close of [...open]) close();
    },
    size: () => open.size,
  };
}

export async function openStream(options: {
  reply: FastifyReply;
  db: Db;
  hub: NotificationHub;
  registry: ReturnType<typeof createStreamRegistry>;
  tenantId: number;
  recipientId: number;
  expiresAt: Date;
  now: () => Date;
}): Promise<void> {
  const { reply, db, tenantId, recipientId } = options;
  const latest = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('tenantId', '=', tenantId)
    .where('recipientId', '=', recipientId)
    .executeTakeFirst();
  let lastId = Number(latest?.id ?? 0);
  const counts = await notificationCounts(db, tenantId, recipientId);

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': reply.request.id,
  });
  const send = (
    event: 'counts' | 'notification',
    data: NotificationCounts | (Notification & { counts: NotificationCounts }),
  ) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  raw.write('retry: 3000\n\n');
  send('counts', counts);

  let closed = false;
  let refreshing = false;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (closed) return;
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      do {
        again = false;
        const [fresh, now] = await Promise.all([
          openNotifications(db, tenantId, recipientId).where('n.id', '>', lastId).limit(NEW_PER_REFRESH).execute(),
          notificationCounts(db, tenantId, recipientId),
        ]);
        if (closed) return;
        if (fresh.length === 0) send('counts', now);
        for (const row of fresh.reverse()) send('notification', { ...notificationView(row), counts: now });
        lastId = Math.max(lastId, ...fresh.map((r) => r.id));
      } while (again && !closed);
    } catch (error) {
      reply.log.warn({ err: error }, 'notification stream could not read a change');
    } finally {
      refreshing = false;
    }
  };

  const unsubscribe = options.hub.subscribe(tenantId, recipientId, () => void refresh());
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const expiry = setTimeout(() => close(), Math.max(0, options.expiresAt.getTime() - options.now().getTime()));
  expiry.unref();
  const forget = options.registry.add(() => close());

  function close() {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(expiry);
    forget();
    raw.end();
  }
  raw.on('close', close);
  // A change between the first read and the subscription would otherwise wait for the next one.
  void refresh();
}
