/**
 * The local driver's signed links: what S3's pre-signed URLs are for the S3 driver. A link carries its
 * claims (operation, key, content type, size or download name, expiry) as base64url JSON and an
 * HMAC-SHA256 of them with a server secret (`storage-links`, kept in the database like the JWT secret), so
 * nobody can change a claim without the signature failing, and every link dies at its expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const claimsSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), key: z.string(), type: z.string(), size: z.number().int().min(1), exp: z.number() }),
  z.object({ op: z.literal('get'), key: z.string(), name: z.string(), exp: z.number() }),
]);
export type LinkClaims = z.infer<typeof claimsSchema>;

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export type LinkSigner = {
  sign(claims: LinkClaims): string;
  /** The claims of an untouched, unexpired link of the operation asked. */
  verify(token: string, op: LinkClaims['op'], now: Date): LinkCheck;
};

export function createLinkSigner(secret: string): LinkSigner {
  const mac = (payload: string) => createHmac('sha256', `teambeat-storage-link:${secret}`).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, op, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: LinkClaims;
      try {
        claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.op !== op) return { ok: false, reason: 'invalid' };
      if (now.getTime() >= claims.exp * 1000) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}
