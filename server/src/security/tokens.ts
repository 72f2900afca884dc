/**
 * Access tokens are short-lived HS256 JWTs; refresh tokens are opaque random strings of which only a
 * SHA-256 hash is stored. Verification codes are 6 digits, stored as an HMAC so a database dump does
 * not reveal them.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export type AccessClaims = { employeeId: number; tenantId: number; familyId: string; expiresAt: Date };

export type TokenService = {
  issueAccessToken: (claims: Omit<AccessClaims, 'expiresAt'>) => Promise<{ token: string; expiresIn: number }>;
  /** Null when the token is malformed, forged or expired. */
  verifyAccessToken: (token: string) => Promise<AccessClaims | null>;
  hashCode: (code: string) => string;
};

const ISSUER = 'teambeat';

/** Verified tokens kept per process: see `createTokenService`. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  const key = Buffer.from(secret, 'utf8');
  // fast-jwt signs and verifies with node:crypto synchronously. jose goes through WebCrypto, whose promise
  // round trip cost about a tenth of a small request (issue #18). A verified token's claims are kept until
  // it expires, so the next request with it only looks them up. They are kept under the token's own text:
  // a forged or altered token never matches one, and fast-jwt's own cache hashed every token with SHA-256
  // to find it, which cost more than the rest of the check.
  const sign = createSigner({ key, algorithm: 'HS256', iss: ISSUER, expiresIn: accessTtlSeconds * 1000 });
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'exp', 'iss'],
  });
  const verified = new Map<string, AccessClaims>();
  return {
    async issueAccessToken({ employeeId, tenantId, familyId }) {
      const token = sign({ sub: String(employeeId), tid: tenantId, sid: familyId });
      return { token, expiresIn: accessTtlSeconds };
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      // Valid up to its expiry second included, as fast-jwt checks it.
      if (known && Date.now() <= known.expiresAt.getTime()) return known;
      if (known) verified.delete(token);
      let payload: Record<string, unknown>;
      try {
        payload = verify(token) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof TokenError) return null;
        throw error;
      }
      const employeeId = Number(payload['sub']);
      const tenantId = payload['tid'];
      const familyId = payload['sid'];
      const exp = payload['exp'];
      if (!Number.isInteger(employeeId) || typeof tenantId !== 'number' || typeof familyId !== 'string') return null;
      if (typeof exp !== 'number') return null;
      const claims = Object.freeze({ employeeId, tenantId, familyId, expiresAt: new Date(exp * 1000) });
      // The oldest goes first (a Map iterates in insertion order); most have expired by then.
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },
    hashCode(code) {
      return createHmac('sha256', key).update(code).digest('hex');
    },
  };
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newFamilyId(): string {
  return randomBytes(16).toString('hex');
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}
