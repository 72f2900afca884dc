/**
 * Web Push to browsers (RFC 8030 delivery, RFC 8291 message encryption, RFC 8292 VAPID): the server's VAPID
 * key pair, made once per deployment, and a sender that delivers a JSON payload to a subscription in the
 * background, retrying what a push service asks to be retried and reporting subscriptions it says are gone.
 */
import { createECDH } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { type RequestOptions } from 'web-push';
import { pushSubscriptionSchemaFor, type PushSubscriptionKeys } from '../../../../shared/contracts/push.js';
import type { SecretBox } from '../../security/secrets.js';
import { createPushTransport, PUSH_ADDRESS_REFUSED, type PushSend } from './push-transport.js';

export type { PushSubscriptionKeys } from '../../../../shared/contracts/push.js';
export type { PushSend } from './push-transport.js';

/** base64url: the public key a raw uncompressed P-256 point (65 bytes), the private key its scalar (32). */
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * Named server-wide values (the `server_secrets` table, security/secrets.ts). putIfAbsent keeps the first value written under a name
 * and answers whichever value is stored, so processes starting together agree on one.
 */
export type ServerKeyStore = {
  get(name: string): Promise<string | undefined>;
  putIfAbsent(name: string, value: string): Promise<string>;
};

const VAPID_KEY_NAME = 'vapid';
// Binds the sealed private key to its row: it cannot be opened as another secret.
const VAPID_SEAL_CONTEXT = 'server-secrets:vapid';

/** The public key of a P-256 private scalar, as a raw uncompressed point. */
function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The deployment's VAPID keys, made on first start. Both halves are one stored value, so two processes that
 * generate at once cannot end up with one's public key and the other's private key; the private key is sealed
 * with the SecretBox. Throws when the stored value cannot be opened (SECRETS_KEY changed): new keys would
 * silently invalidate every browser subscription, so that is left to a person.
 */
export async function loadOrCreateVapidKeys(store: ServerKeyStore, secretBox: SecretBox): Promise<VapidKeys> {
  let stored = await store.get(VAPID_KEY_NAME);
  if (stored === undefined) {
    const fresh = webpush.generateVAPIDKeys();
    const sealed = { publicKey: fresh.publicKey, privateKey: secretBox.seal(fresh.privateKey, VAPID_SEAL_CONTEXT) };
    stored = await store.putIfAbsent(VAPID_KEY_NAME, JSON.stringify(sealed));
  }
  const parsed = JSON.parse(stored) as Partial<Record<keyof VapidKeys, unknown>>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`The stored ${VAPID_KEY_NAME} server key is not a VAPID key pair`);
  let privateKey: string;
  try {
    privateKey = secretBox.open(parsed.privateKey, VAPID_SEAL_CONTEXT);
  } catch (error) {
    throw new Error('The VAPID private key cannot be opened: was SECRETS_KEY changed?', { cause: error });
  }
  if (publicKeyOf(privateKey) !== parsed.publicKey) throw new Error('The stored VAPID keys are not one pair');
  return { publicKey: parsed.publicKey, privateKey };
}

export type PushTimers = { setTimeout: (callback: () => void, ms: number) => unknown };

export type PushSenderOptions = {
  /** subject: a mailto: or https: URL the push service may contact about this server's messages. */
  vapid: VapidKeys & { subject: string };
  /** Defaults to node:http(s) with the private-address guard (push-transport.ts). */
  send?: PushSend;
  log: FastifyBaseLogger;
  timers?: PushTimers;
  /** The waits before the second, third... attempt; after the last one the message is dropped. */
  retryDelaysMs?: number[];
  /** The push service says the subscription no longer exists (404, 410): the caller deletes it. */
  onGone: (endpoint: string) => Promise<void>;
  /** http endpoints and private addresses, for a push service on loopback in tests. */
  allowInsecureEndpoints?: boolean;
};

export type DeliverOptions = {
  /** Replaces an undelivered message of the same topic at the push service: up to 32 base64url characters. */
  topic?: string;
};

export type PushSender = {
  /** Sends in the background: never throws and never waits. Outcomes are logged (and onGone called). */
  deliver(subscription: PushSubscriptionKeys, payload: object, options?: DeliverOptions): void;
  /** Resolves once every delivery started so far is done, retries included (tests, shutdown). */
  idle(): Promise<void>;
};

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
// A notification a day late is no longer news; the push service drops it after this.
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 30_000;
// Push services must accept 4096 octets of body: less the 86-octet header, the 16-octet tag and the padding
// delimiter, 3993 octets of payload (RFC 8291 §4). A longer one would be refused (413) on every attempt.
const MAX_PAYLOAD_BYTES = 3993;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

type Outcome =
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status?: number; retryAfterMs?: number }
  | { kind: 'stop'; status?: number };

function header(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from now. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function outcomeOf(error: unknown): Outcome {
  const failure = (error ?? {}) as { statusCode?: unknown; headers?: Record<string, unknown>; code?: unknown };
  if (typeof failure.statusCode === 'number') {
    const status = failure.statusCode;
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500)
      return { kind: 'retry', status, retryAfterMs: retryAfterMs(header(failure.headers, 'retry-after')) };
    return { kind: 'stop', status };
  }
  // No answer (refused, reset, timed out) is worth another try; a private address never is.
  return failure.code === PUSH_ADDRESS_REFUSED ? { kind: 'stop' } : { kind: 'retry' };
}

/** A short account of a failure for the log: the push service's reason, never the endpoint's secret path. */
function reasonOf(error: unknown): Record<string, unknown> {
  const failure = (error ?? {}) as { body?: unknown; code?: unknown; message?: unknown };
  return {
    ...(typeof failure.body === 'string' && failure.body ? { reason: failure.body.slice(0, 300) } : {}),
    ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
    ...(typeof failure.body !== 'string' && typeof failure.message === 'string' ? { error: failure.message } : {}),
  };
}

function originOf(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).origin : 'invalid';
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const subject = URL.canParse(options.vapid.subject) ? new URL(options.vapid.subject).protocol : '';
  if (subject !== 'mailto:' && subject !== 'https:')
    throw new Error('The VAPID subject must be a mailto: or https: URL');
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const longestDelay = Math.max(0, ...delays);
  const timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms) };
  const allowInsecure = options.allowInsecureEndpoints ?? false;
  const send = options.send ?? createPushTransport({ allowPrivateAddresses: allowInsecure });
  const schema = pushSubscriptionSchemaFor({ allowInsecureEndpoints: allowInsecure });
  const { subject: vapidSubject, publicKey, privateKey } = options.vapid;
  const inFlight = new Set<Promise<void>>();

  const sleep = (ms: number) => new Promise<void>((resolve) => void timers.setTimeout(resolve, ms));

  async function run(subscription: PushSubscriptionKeys, payload: object, extra: DeliverOptions): Promise<void> {
    const log = options.log.child({ pushService: originOf(subscription.endpoint) });
    const parsed = schema.safeParse(subscription);
    if (!parsed.success) return void log.warn('push subscription is malformed; nothing sent');
    if (extra.topic !== undefined && !TOPIC.test(extra.topic))
      return void log.error({ topic: extra.topic }, 'push topic is not 1-32 base64url characters; nothing sent');
    const body = JSON.stringify(payload);
    if (Buffer.byteLength(body) > MAX_PAYLOAD_BYTES)
      return void log.error({ bytes: Buffer.byteLength(body) }, 'push payload is too large; nothing sent');
    const requestOptions: RequestOptions = {
      vapidDetails: { subject: vapidSubject, publicKey, privateKey },
      contentEncoding: 'aes128gcm',
      TTL: TTL_SECONDS,
      urgency: 'normal',
      timeout: REQUEST_TIMEOUT_MS,
      ...(extra.topic ? { topic: extra.topic } : {}),
    };
    for (let attempt = 1; ; attempt++) {
      let outcome: Outcome;
      try {
        await send(parsed.data, body, requestOptions);
        return void log.debug({ attempt }, 'push delivered');
      } catch (error) {
        outcome = outcomeOf(error);
        if (outcome.kind === 'gone') {
          log.info({ status: outcome.status }, 'push subscription is gone');
          return await options.onGone(subscription.endpoint);
        }
        const next = delays[attempt - 1];
        if (outcome.kind === 'stop' || next === undefined) {
          const message = outcome.kind === 'stop' ? 'push refused; not retried' : 'push not delivered; gave up';
          return void log.warn({ status: outcome.status, attempt, ...reasonOf(error) }, message);
        }
        const wait = outcome.retryAfterMs === undefined ? next : Math.min(outcome.retryAfterMs, longestDelay);
        log.info({ status: outcome.status, attempt, retryInMs: wait, ...reasonOf(error) }, 'push failed; will retry');
        await sleep(wait);
      }
    }
  }

  return {
    deliver(subscription, payload, extra = {}) {
      const work = run(subscription, payload, extra).catch((error: unknown) =>
        options.log.error({ err: error }, 'push delivery failed unexpectedly'),
      );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
