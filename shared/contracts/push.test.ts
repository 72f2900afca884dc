import { describe, expect, it } from 'vitest';
import { pushSubscriptionSchema, pushSubscriptionSchemaFor } from './push.js';

// A browser's PushSubscription.toJSON(): a 65-byte point starting 0x04 and a 16-byte secret, unpadded.
const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]).toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');
const browser = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  expirationTime: null,
  keys: { p256dh, auth },
};

describe('push subscriptions', () => {
  it("take a browser's JSON, keeping the endpoint and keys only", () => {
    expect(pushSubscriptionSchema.parse(browser)).toEqual({ endpoint: browser.endpoint, keys: { p256dh, auth } });
  });

  it('tolerate base64 padding and answer the keys without it', () => {
    const padded = { ...browser, keys: { p256dh: `${p256dh}=`, auth: `${auth}==` } };
    expect(pushSubscriptionSchema.parse(padded).keys).toEqual({ p256dh, auth });
  });

  it('take http endpoints only when insecure endpoints are allowed', () => {
    const http = { ...browser, endpoint: 'http://127.0.0.1:4000/push/1' };
    expect(pushSubscriptionSchema.safeParse(http).success).toBe(false);
    expect(pushSubscriptionSchemaFor({ allowInsecureEndpoints: true }).safeParse(http).success).toBe(true);
    expect(
      pushSubscriptionSchemaFor({ allowInsecureEndpoints: true }).safeParse({ ...browser, endpoint: 'ftp://x/y' }),
    ).toMatchObject({ success: false });
  });

  it.each([
    ['a short p256dh', { p256dh: p256dh.slice(0, -2), auth }],
    ['a compressed point', { p256dh: Buffer.concat([Buffer.from([2]), Buffer.alloc(64)]).toString('base64url'), auth }],
    ['a long auth', { p256dh, auth: Buffer.alloc(17).toString('base64url') }],
    ['standard base64', { p256dh: p256dh.replace(/_|-/g, '+'), auth: `${auth.slice(0, -1)}/` }],
    ['no auth', { p256dh }],
  ])('refuse %s', (_name, keys) => {
    expect(pushSubscriptionSchema.safeParse({ ...browser, keys }).success).toBe(false);
  });
});
