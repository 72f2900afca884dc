/**
 * Access tokens are short-lived HS256 JWTs; refresh tokens are opaque random strings of which only a
 * SHA-256 hash is stored. Verification codes are 6 digits, stored as an HMAC so a database dump does
 * not reveal them.
 */
import { createHash, createHmac, createSecretKey, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type AccessClaims = { employeeId: number; tenantId: number; familyId: string; expiresAt: Date };

export type TokenService = {
  issueAccessToken: (claims: Omit<AccessClaims, 'expiresAt'>) => Promise<{ token: string; expiresIn: number }>;
  /** Null when the token is malformed, forged or expired. */
  verifyAccessToken: (token: string) => Promise<AccessClaims | null>;
  hashCode: (code: string) => string;
};

const ISSUER = 'teambeat';

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  // A KeyObject, not raw bytes: jose would otherwise import the key again on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async issueAccessToken({ employeeId, tenantId, familyId }) {
      const token = await new SignJWT({ tid: tenantId, sid: familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(employeeId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(key);
      return { token, expiresIn: accessTtlSeconds };
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const employeeId = Number(payload.sub);
        const tenantId = payload['tid'];
        const familyId = payload['sid'];
        if (!Number.isInteger(employeeId) || typeof tenantId !== 'number' || typeof familyId !== 'string') return null;
        return { employeeId, tenantId, familyId, expiresAt: new Date((payload.exp ?? 0) * 1000) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
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
