/**
 * The notifications' moving parts for one API process (docs/notifications.md): the hub that hears changes,
 * the open streams, and the delivery by e-mail and Web Push (web-push.ts, with the deployment's VAPID keys). app.ts starts it when the server is ready, closes
 * the streams before the server closes (an open stream would hold the close), and stops it last.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { pushSubscriptionSchemaFor, type PushSubscriptionKeys } from '../../../../shared/contracts/push.js';
import type { Config } from '../../config.js';
import type { Db, Engine } from '../../db/engine.js';
import type { Mailer } from '../../mail/mailer.js';
import { createNotificationDelivery, type NotificationDelivery, type PushChannel } from './delivery.js';
import { createNotificationHub, type NotificationHub } from './hub.js';
import { createStreamRegistry, openStream } from './stream.js';
import { isPublicHost } from '../../security/addresses.js';
import { createPushSender, type PushSend, type VapidKeys } from './web-push.js';

export type NotificationService = {
  readonly hub: NotificationHub;
  readonly delivery: NotificationDelivery;
  openStream(reply: FastifyReply, tenantId: number, recipientId: number, expiresAt: Date): Promise<void>;
  /** Open streams of this process. */
  streamCount(): number;
  /** The VAPID public key browsers subscribe with. */
  pushPublicKey(): string;
  /**
   * Whether a push endpoint may be kept: https on a public address (resolved now; push.ts checks the address
   * again when it connects). PUSH_ALLOW_PRIVATE_ENDPOINTS admits loopback and http, for tests.
   */
  acceptsEndpoint(url: string): Promise<boolean>;
  /** A browser's PushSubscription JSON text, checked (shared/contracts/push.ts); null when it is not one. */
  parseSubscription(token: string): PushSubscriptionKeys | null;
  start(): Promise<void>;
  /** Waits for the deliveries in flight, push retries included (tests; stop does the same). */
  idle(): Promise<void>;
  closeStreams(): void;
  stop(): Promise<void>;
};

export function createNotificationService(options: {
  db: Db;
  engine: Engine;
  config: Config;
  databaseUrl: string | undefined;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Web Push: the deployment's VAPID keys (loadOrCreateVapidKeys); the sender may be replaced in tests. */
  vapid: VapidKeys;
  pushSend?: PushSend;
}): NotificationService {
  const { db } = options;
  const sender = createPushSender({
    vapid: { ...options.vapid, subject: options.config.pushContact },
    log: options.log,
    allowInsecureEndpoints: options.config.pushAllowPrivateEndpoints,
    ...(options.pushSend ? { send: options.pushSend } : {}),
    onGone: async (endpoint) => {
      await db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute();
    },
  });
  const push: PushChannel = {
    async send(tenantId, employeeId, payload) {
      const subscriptions = await db
        .selectFrom('pushSubscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employeeId)
        .execute();
      for (const s of subscriptions)
        sender.deliver({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
          topic: `n${payload.id}`,
        });
      return subscriptions.length;
    },
  };
  const hub = createNotificationHub({
    engine: options.engine,
    db: options.db,
    databaseUrl: options.databaseUrl,
    log: options.log,
  });
  const delivery = createNotificationDelivery({
    db: options.db,
    mailer: options.mailer,
    log: options.log,
    now: options.now,
    publicUrl: options.config.publicUrl,
    push,
  });
  const streams = createStreamRegistry();
  const subscriptionSchema = pushSubscriptionSchemaFor({
    allowInsecureEndpoints: options.config.pushAllowPrivateEndpoints,
  });
  let unsubscribe: (() => void) | undefined;
  return {
    hub,
    delivery,
    openStream: (reply, tenantId, recipientId, expiresAt) =>
      openStream({ reply, db: options.db, hub, registry: streams, tenantId, recipientId, expiresAt, now: options.now }),
    streamCount: () => streams.size(),
    pushPublicKey: () => options.vapid.publicKey,
    parseSubscription(token) {
      try {
        const parsed = subscriptionSchema.safeParse(JSON.parse(token));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async acceptsEndpoint(url) {
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (!parsed) return false;
      if (options.config.pushAllowPrivateEndpoints) return parsed.protocol === 'https:' || parsed.protocol === 'http:';
      if (parsed.protocol !== 'https:') return false;
      return isPublicHost(parsed.hostname);
    },
    async start() {
      unsubscribe ??= hub.onSignal((signal) => void delivery.deliver(signal));
      await hub.start();
    },
    async idle() {
      await delivery.idle();
      await sender.idle();
    },
    closeStreams: () => streams.closeAll(),
    async stop() {
      unsubscribe?.();
      streams.closeAll();
      await hub.stop();
      await delivery.idle();
      await sender.idle();
    },
  };
}
