/**
 * A browser's Web Push subscription as its PushSubscription.toJSON() gives it (RFC 8030, RFC 8291): the push
 * service's endpoint and the two keys the server encrypts each message with. The renderer sends it
 * JSON-encoded as a device's push token; the server checks it with this schema before keeping it and again
 * before sending. Only the shape is checked here (isomorphic): whether p256dh is a point on P-256 is found
 * out when the server encrypts.
 */
import { z } from 'zod';

/** p256dh: an uncompressed P-256 point (0x04, x, y); auth: the 16-byte authentication secret (RFC 8291 §3). */
export const PUSH_KEY_BYTES = { p256dh: 65, auth: 16 } as const;

export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** How many bytes unpadded base64url text decodes to, or null when no byte string has that length. */
function decodedLength(text: string): number | null {
  return text.length % 4 === 1 ? null : Math.floor((text.length * 3) / 4);
}

/**
 * base64url of exactly `bytes` bytes. Trailing '=' padding is tolerated: browsers send none, but a
 * subscription that went through another encoder may carry it.
 */
function base64urlBytes(bytes: number, first?: { letter: string; meaning: string }) {
  return z
    .string()
    .transform((text) => text.replace(/=+$/, ''))
    .superRefine((text, ctx) => {
      if (!BASE64URL.test(text) || decodedLength(text) !== bytes)
        ctx.addIssue({ code: 'custom', message: `Expected base64url of ${bytes} bytes` });
      // The first six bits of 0x04 encode as 'B'.
      else if (first && !text.startsWith(first.letter)) ctx.addIssue({ code: 'custom', message: first.meaning });
    });
}

/**
 * The schema, with https endpoints only unless `allowInsecureEndpoints` (tests against a push service on
 * loopback): a push service is always reached over TLS, and the message's confidentiality does not make
 * its metadata (who is notified, when) fit for plain http.
 */
export function pushSubscriptionSchemaFor(options: { allowInsecureEndpoints?: boolean } = {}) {
  const schemes = options.allowInsecureEndpoints ? ['https:', 'http:'] : ['https:'];
  return z.object({
    endpoint: z
      .string()
      .max(2048)
      .refine((text) => URL.canParse(text) && schemes.includes(new URL(text).protocol), {
        message: `The endpoint must be an ${schemes.join(' or ')} URL`,
      }),
    // The browser's JSON also carries expirationTime (usually null); it is not kept.
    keys: z.object({
      p256dh: base64urlBytes(PUSH_KEY_BYTES.p256dh, { letter: 'B', meaning: 'p256dh must be an uncompressed point' }),
      auth: base64urlBytes(PUSH_KEY_BYTES.auth),
    }),
  }) satisfies z.ZodType<PushSubscriptionKeys>;
}

/** Browsers' subscriptions: https endpoints only. */
export const pushSubscriptionSchema = pushSubscriptionSchemaFor();
