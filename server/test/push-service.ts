/**
 * A browser push service on loopback, for the Web Push tests: it hands out subscriptions as a browser's
 * PushManager would (a real P-256 key pair and a 16-byte auth secret per subscription) and accepts messages
 * for them as RFC 8030 says, after checking them as a real one does. Everything is checked by code of its
 * own on node:crypto, never by the web-push library the server sends with, so a bug in how the server uses
 * that library shows here:
 *
 * - Authorization `vapid t=<JWT>, k=<key>` (RFC 8292): the JWT is ES256 and its signature verifies against
 *   k; `aud` is this service's origin, `exp` is in the future and at most 24 hours ahead, `sub` is a mailto:
 *   or https: URL (401 otherwise); a subscription made with an applicationServerKey takes only that key (403).
 * - `Content-Encoding: aes128gcm` and a TTL header (400 otherwise).
 * - The body decrypts (RFC 8291 with RFC 8188): one record, keyid the sender's ECDH public key, the padding
 *   ended by 0x02 (400 otherwise).
 *
 * A refused message is not recorded; an accepted one is, decrypted, and answered 201, unless the test
 * scripted the next answer (answerNext: a 410 for an expired subscription, a 503 with Retry-After).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionKeys } from '../../shared/contracts/push.js';

/** A message the service accepted, as the browser's service worker would receive it. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload as text. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID claims and key that signed it. */
  vapid: { publicKey: string; sub: string; aud: string; exp: number };
};

/** Every POST the service answered, accepted or not, with why it was refused. */
export type PushRequestRecord = { subscriptionId: string; status: number; refusal?: string };

export type BrowserSubscription = PushSubscriptionKeys & { expirationTime: null };

export type TestPushService = {
  /** The service's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** A new subscription, as PushSubscription.toJSON() gives it; restricted to one VAPID key when given. */
  subscribe(options?: { applicationServerKey?: string }): BrowserSubscription;
  messages(): ReceivedPush[];
  requests(): PushRequestRecord[];
  /** The next valid message is answered with this status (and headers) and not recorded; queued in order. */
  answerNext(status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
};

type Subscription = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; applicationServerKey?: string };

/** Thrown while checking a message: the status to answer and why. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_BODY_BYTES = 4096;
const MAX_EXP_AHEAD_SECONDS = 24 * 60 * 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function base64url(text: string, what: string, status: number): Buffer {
  if (!BASE64URL.test(text)) throw new Refusal(status, `${what} is not base64url`);
  return Buffer.from(text, 'base64url');
}

/** A raw uncompressed P-256 point as a KeyObject (through its JWK: x and y are the point's two halves). */
function p256PublicKey(point: Buffer) {
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('not an uncompressed P-256 point');
  const [x, y] = [point.subarray(1, 33), point.subarray(33)].map((half) => half.toString('base64url'));
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
}

/** RFC 8292: checks the Authorization header of a message to `origin`; answers the claims and the key. */
function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new Refusal(401, 'no vapid Authorization');
  const params = new Map(
    match[1]!.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refusal(401, 'vapid needs t and k');
  let publicKey;
  try {
    publicKey = p256PublicKey(base64url(key, 'k', 401));
  } catch {
    throw new Refusal(401, 'k is not a P-256 public key');
  }
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'the JWT does not have three parts');
  const [head, body, signature] = parts.map((part) => base64url(part, 'a JWT part', 401)) as [Buffer, Buffer, Buffer];
  let header: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header = JSON.parse(head.toString('utf8'));
    claims = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Refusal(401, 'the JWT is not JSON');
  }
  if (header.alg !== 'ES256') throw new Refusal(401, 'the JWT is not ES256');
  // JWS carries ECDSA signatures as r || s (64 bytes), not DER.
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature))
    throw new Refusal(401, 'the JWT signature does not verify with k');
  if (claims.aud !== origin) throw new Refusal(401, `aud is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + MAX_EXP_AHEAD_SECONDS)
    throw new Refusal(401, 'exp is not within the next 24 hours');
  const sub = typeof claims.sub === 'string' && URL.canParse(claims.sub) ? new URL(claims.sub) : null;
  if (!sub || (sub.protocol !== 'mailto:' && sub.protocol !== 'https:'))
    throw new Refusal(401, 'sub is not a mailto: or https: URL');
  return { publicKey: key, sub: claims.sub as string, aud: claims.aud, exp: claims.exp };
}

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm push message to `subscription`. */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  if (body.length < 21) throw new Refusal(400, 'the body is shorter than its header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Refusal(400, 'keyid is not a 65-byte public key');
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  // A push message is a single record: at least the delimiter and the tag, and no more than rs.
  if (rs < 18 || record.length < 17 || record.length > rs) throw new Refusal(400, 'not one record of size rs');
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  } catch {
    throw new Refusal(400, 'keyid is not a P-256 public key');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  // The nonce of record 0 is the derived nonce itself (XOR with the sequence number 0).
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  let padded: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'the body does not decrypt');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x02) throw new Refusal(400, 'the last record does not end with 0x02');
  return padded.subarray(0, end);
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY_BYTES ? reject(new Refusal(413, 'the body is over 4096 bytes')) : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

export async function startPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const requests: PushRequestRecord[] = [];
  const script: { status: number; headers: Record<string, string> }[] = [];
  let origin = '';

  async function accept(request: http.IncomingMessage, subscriptionId: string): Promise<ReceivedPush> {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Refusal(404, 'no such subscription');
    if (request.method !== 'POST') throw new Refusal(405, 'push messages are POSTed');
    const vapid = checkVapid(request.headers.authorization, origin);
    if (subscription.applicationServerKey && subscription.applicationServerKey !== vapid.publicKey)
      throw new Refusal(403, 'the subscription belongs to another application server key');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(400, 'not aes128gcm');
    const ttl = request.headers['ttl'];
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refusal(400, 'no TTL');
    const urgency = request.headers['urgency'] as string | undefined;
    if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(urgency))
      throw new Refusal(400, 'unknown Urgency');
    const topic = request.headers['topic'] as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Refusal(400, 'Topic is not base64url');
    const text = decrypt(await readBody(request), subscription).toString('utf8');
    return { subscriptionId, text, ttl: Number(ttl), urgency, topic, vapid };
  }

  const server = http.createServer((request, response) => {
    const subscriptionId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const answer = (status: number, headers: Record<string, string> = {}, refusal?: string) => {
      requests.push({ subscriptionId, status, ...(refusal ? { refusal } : {}) });
      response.writeHead(status, headers).end(refusal ? JSON.stringify({ reason: refusal }) : undefined);
    };
    accept(request, subscriptionId).then(
      (message) => {
        const scripted = script.shift();
        if (scripted) return answer(scripted.status, scripted.headers);
        received.push(message);
        answer(201, { location: `${origin}/message/${randomUUID()}` });
      },
      (error: unknown) => {
        // A refused request's body may not have been read; the connection is not reused for it.
        request.resume();
        if (error instanceof Refusal) answer(error.status, { connection: 'close' }, error.message);
        else answer(500, { connection: 'close' }, String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe(options = {}) {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, applicationServerKey: options.applicationServerKey });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    messages: () => [...received],
    requests: () => [...requests],
    answerNext(status, headers = {}) {
      script.push({ status, headers });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
