/**
 * The server's Web Push end to end on loopback: the sender (web-push.ts) posts to a stand-in push service
 * (server/test/push-service.ts) that checks VAPID and decrypts with code of its own, over real sockets. Retry
 * waits are shortened (10 and 20 ms) so a whole retry sequence takes milliseconds.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/engine.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createSecretBox, serverSecretStore } from '../../security/secrets.js';
import { freePort } from '../../../test/free-port.js';
import { startPushService, type TestPushService } from '../../../test/push-service.js';
import { createPushTransport, PUSH_ADDRESS_REFUSED } from './push-transport.js';
import {
  createPushSender,
  loadOrCreateVapidKeys,
  type PushSenderOptions,
  type PushSubscriptionKeys,
  type ServerKeyStore,
  type VapidKeys,
} from './web-push.js';

const SUBJECT = 'mailto:push-admin@teambeat.example';
const secretBox = createSecretBox('web-push-test-key');

/**
 * The real store (server_secrets through serverSecretStore) on a fresh, migrated SQLite database of its
 * own; `stored` reads the table back. Closed and removed after the file's tests.
 */
const opened: { close: () => Promise<void>; dir: string }[] = [];
async function keyStore() {
  const dir = mkdtempSync(path.join(tmpdir(), 'teambeat-vapid-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'teambeat.sqlite') });
  await migrateToLatest(handle.db, handle.engine);
  opened.push({ close: handle.close, dir });
  const store: ServerKeyStore = serverSecretStore(handle.db, () => new Date());
  const stored = async () =>
    new Map(
      (await handle.db.selectFrom('serverSecrets').select(['name', 'value']).where('name', '=', 'vapid').execute()).map(
        (r) => [r.name, r.value],
      ),
    );
  return { store, stored };
}
afterAll(async () => {
  for (const { close, dir } of opened.splice(0)) {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A real pino logger writing JSON lines into memory. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines, messages: () => lines.map((line) => line['msg']) };
}

let service: TestPushService;
let keys: VapidKeys;
beforeAll(async () => {
  service = await startPushService();
  keys = await loadOrCreateVapidKeys((await keyStore()).store, secretBox);
});
afterAll(() => service?.close());

/** A sender to the loopback service with short retries; records onGone calls and the waits it asked for. */
function sender(overrides: Partial<PushSenderOptions> = {}) {
  const capture = captureLog();
  const gone: string[] = [];
  const waits: number[] = [];
  const push = createPushSender({
    vapid: { ...keys, subject: SUBJECT },
    log: capture.log,
    retryDelaysMs: [10, 20],
    timers: {
      setTimeout: (callback, ms) => {
        waits.push(ms);
        return setTimeout(callback, ms);
      },
    },
    onGone: async (endpoint) => void gone.push(endpoint),
    allowInsecureEndpoints: true,
    ...overrides,
  });
  return { push, gone, waits, ...capture };
}

const notification = { title: 'Badge received', body: 'Ayesha gave you Team Player', link: '/badges/12', id: 'n-41' };

const receivedBy = (subscription: PushSubscriptionKeys) =>
  service.messages().filter((m) => subscription.endpoint.endsWith(m.subscriptionId));
const requestsTo = (subscription: PushSubscriptionKeys) =>
  service.requests().filter((r) => subscription.endpoint.endsWith(r.subscriptionId));

describe('VAPID keys', () => {
  it('are made once, sealed, and the same for two processes starting at once', async () => {
    const { store, stored } = await keyStore();
    const [first, second] = await Promise.all([
      loadOrCreateVapidKeys(store, secretBox),
      loadOrCreateVapidKeys(store, secretBox),
    ]);
    expect(second).toEqual(first);
    expect(await loadOrCreateVapidKeys(store, secretBox)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const values = await stored();
    expect([...values.keys()]).toEqual(['vapid']);
    expect(values.get('vapid')).toContain(first.publicKey);
    expect(values.get('vapid')).not.toContain(first.privateKey);
  });

  it('are not opened with another secrets key', async () => {
    const { store } = await keyStore();
    await loadOrCreateVapidKeys(store, secretBox);
    await expect(loadOrCreateVapidKeys(store, createSecretBox('another-key'))).rejects.toThrow(/SECRETS_KEY/);
  });
});

describe('delivering a push message', () => {
  it('arrives decrypted and equal, with its TTL, urgency, topic and VAPID claims', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const { push, messages } = sender();
    push.deliver(subscription, notification, { topic: 'n-41' });
    await push.idle();
    const [message, ...others] = receivedBy(subscription);
    expect(others).toEqual([]);
    expect(JSON.parse(message!.text)).toEqual(notification);
    expect(message).toMatchObject({ ttl: 86_400, urgency: 'normal', topic: 'n-41' });
    expect(message!.vapid).toMatchObject({ publicKey: keys.publicKey, sub: SUBJECT, aud: service.url });
    expect(messages()).toContain('push delivered');
  });

  it('calls onGone for 410 and 404, without retrying', async () => {
    for (const status of [410, 404]) {
      const subscription = service.subscribe();
      const { push, gone, waits } = sender();
      service.answerNext(status);
      push.deliver(subscription, notification);
      await push.idle();
      expect(gone).toEqual([subscription.endpoint]);
      expect(requestsTo(subscription).map((r) => r.status)).toEqual([status]);
      expect(waits).toEqual([]);
      expect(receivedBy(subscription)).toEqual([]);
    }
  });

  it('retries a 503 after its Retry-After, capped at the longest delay, and then delivers', async () => {
    const subscription = service.subscribe();
    const { push, waits, messages } = sender();
    service.answerNext(503, { 'retry-after': '1' });
    push.deliver(subscription, notification);
    await push.idle();
    expect(requestsTo(subscription).map((r) => r.status)).toEqual([503, 201]);
    // One second asked for; the delays list's longest (20 ms) is the most the sender waits.
    expect(waits).toEqual([20]);
    expect(JSON.parse(receivedBy(subscription)[0]!.text)).toEqual(notification);
    expect(messages()).toEqual(['push failed; will retry', 'push delivered']);
  });

  it('retries 429 and 500 with the next delay, and gives up after the last one', async () => {
    const subscription = service.subscribe();
    const { push, waits, gone, lines } = sender();
    service.answerNext(429);
    service.answerNext(500);
    service.answerNext(503);
    push.deliver(subscription, notification);
    await push.idle();
    expect(requestsTo(subscription).map((r) => r.status)).toEqual([429, 500, 503]);
    expect(waits).toEqual([10, 20]);
    expect(gone).toEqual([]);
    expect(receivedBy(subscription)).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ msg: 'push not delivered; gave up', status: 503, attempt: 3 });
    expect(lines.at(-1)!['pushService']).toBe(service.url);
  });

  it('retries when no push service answers (connection refused), then gives up', async () => {
    const port = await freePort();
    const subscription = { ...service.subscribe(), endpoint: `http://127.0.0.1:${port}/push/nobody` };
    const { push, waits, lines } = sender();
    push.deliver(subscription, notification);
    await push.idle();
    expect(waits).toEqual([10, 20]);
    expect(lines.at(-1)).toMatchObject({ msg: 'push not delivered; gave up', code: 'ECONNREFUSED', attempt: 3 });
  });

  it('does not retry another 4xx', async () => {
    const subscription = service.subscribe();
    const { push, waits, gone, lines } = sender();
    service.answerNext(413);
    push.deliver(subscription, notification);
    await push.idle();
    expect(requestsTo(subscription).map((r) => r.status)).toEqual([413]);
    expect([waits, gone]).toEqual([[], []]);
    expect(lines.at(-1)).toMatchObject({ msg: 'push refused; not retried', status: 413 });
  });

  it('never throws at its caller, and idle() waits for deliveries started while waiting', async () => {
    const subscription = service.subscribe();
    const { push, lines } = sender({
      onGone: async () => {
        push.deliver(subscription, notification);
        throw new Error('the database is down');
      },
    });
    service.answerNext(410);
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(() => push.deliver(subscription, circular)).not.toThrow();
    expect(() => push.deliver({ endpoint: 'not a url', keys: { p256dh: '', auth: '' } }, notification)).not.toThrow();
    expect(() => push.deliver(subscription, { text: 'x'.repeat(4000) })).not.toThrow();
    push.deliver(subscription, notification);
    await push.idle();
    const messages = lines.map((line) => line['msg']);
    expect(messages).toContain('push delivery failed unexpectedly');
    expect(messages).toContain('push subscription is malformed; nothing sent');
    expect(messages).toContain('push payload is too large; nothing sent');
    // The 410 went to the first delivery that reached the service; onGone's own delivery then arrived.
    expect(requestsTo(subscription).map((r) => r.status)).toEqual([410, 201]);
  });
});

describe('the push service checks VAPID for real', () => {
  // A sender whose JWT is signed by one key while its header names another (k): only a verifier that really
  // checks the signature against k can tell.
  it('refuses a JWT not signed by the key it names (401), and the sender does not loop', async () => {
    const stranger = webpush.generateVAPIDKeys();
    const subscription = service.subscribe();
    const { push, waits, lines } = sender({
      vapid: { publicKey: keys.publicKey, privateKey: stranger.privateKey, subject: SUBJECT },
    });
    push.deliver(subscription, notification);
    await push.idle();
    expect(requestsTo(subscription)).toEqual([
      expect.objectContaining({ status: 401, refusal: 'the JWT signature does not verify with k' }),
    ]);
    expect(receivedBy(subscription)).toEqual([]);
    expect(waits).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ msg: 'push refused; not retried', status: 401 });
  });

  it('refuses a message signed with another VAPID key than the subscription was made for (403)', async () => {
    const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
    const { push } = sender({ vapid: { ...webpush.generateVAPIDKeys(), subject: SUBJECT } });
    push.deliver(subscription, notification);
    await push.idle();
    expect(requestsTo(subscription).map((r) => r.status)).toEqual([403]);
    expect(receivedBy(subscription)).toEqual([]);
  });

  /** Posts web-push's request for `subscription`, changed by `change`; answers the status. */
  async function post(
    subscription: PushSubscriptionKeys,
    change: (headers: Record<string, string>, body: Buffer) => Buffer | void,
  ) {
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(notification), {
      vapidDetails: { ...keys, subject: SUBJECT },
      contentEncoding: 'aes128gcm',
      TTL: 60,
    });
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name !== 'Content-Length')
        .map(([name, value]) => [name, String(value)]),
    );
    const body = change(headers, details.body) ?? details.body;
    const response = await fetch(subscription.endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
    await response.arrayBuffer();
    return response.status;
  }
  const vapidHeader = (audience: string, exp: number) =>
    webpush.getVapidHeaders(audience, SUBJECT, keys.publicKey, keys.privateKey, 'aes128gcm', exp).Authorization;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it.each([
    ['an unchanged message', 201, () => undefined],
    [
      'an expired JWT',
      401,
      (h: Record<string, string>) => void (h['Authorization'] = vapidHeader(service.url, inAnHour() - 7200)),
    ],
    [
      'a JWT for another push service',
      401,
      (h: Record<string, string>) => void (h['Authorization'] = vapidHeader('https://push.example', inAnHour())),
    ],
    ['no Authorization', 401, (h: Record<string, string>) => void delete h['Authorization']],
    ['no TTL', 400, (h: Record<string, string>) => void delete h['TTL']],
    ['another content encoding', 400, (h: Record<string, string>) => void (h['Content-Encoding'] = 'aesgcm')],
    [
      'a changed ciphertext',
      400,
      (_h: Record<string, string>, body: Buffer) => {
        const copy = Buffer.from(body);
        copy[copy.length - 20]! ^= 1;
        return copy;
      },
    ],
  ])('answers %s with %i, recording only a valid one', async (_name, status, change) => {
    const subscription = service.subscribe();
    expect(await post(subscription, change)).toBe(status);
    expect(receivedBy(subscription)).toHaveLength(status === 201 ? 1 : 0);
  });
});

describe('the transport', () => {
  it('refuses loopback and private endpoints unless allowed, before connecting', async () => {
    const send = createPushTransport({ allowPrivateAddresses: false });
    const subscription = service.subscribe();
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '10.1.2.3']) {
      const endpoint = `https://${host}:9/push/x`;
      await expect(
        send({ ...subscription, endpoint }, 'x', { vapidDetails: { ...keys, subject: SUBJECT } }),
      ).rejects.toMatchObject({
        code: PUSH_ADDRESS_REFUSED,
      });
    }
  });

  it('is not retried by the sender when it refuses an address', async () => {
    const { push, waits, lines } = sender({ allowInsecureEndpoints: false });
    push.deliver({ ...service.subscribe(), endpoint: 'https://127.0.0.1:9/push/x' }, notification);
    await push.idle();
    expect(waits).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ msg: 'push refused; not retried', code: PUSH_ADDRESS_REFUSED });
  });
});
