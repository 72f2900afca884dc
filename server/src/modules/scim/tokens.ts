/**
 * SCIM provisioning tokens: one or more per tenant, created and revoked by an administrator in Settings,
 * Provisioning, for the identity provider (Entra ID, Okta) to call /api/scim/v2 with. A token is 256 random
 * bits shown once; only its SHA-256 is stored (like device agent keys and refresh tokens). The provider sends
 * it as `Authorization: Bearer <token>`; the tenant comes from the token, never from the request. The prefix
 * `tbscim_` keeps it apart from a person's access token (a JWT): neither opens the other's routes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';

export type ScimClient = { tenantId: number; tokenId: number };

export const SCIM_TOKEN_PREFIX = 'tbscim_';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The tenant of a live token; null for anything else (a JWT, a revoked or unknown token). */
export async function findScimToken(db: Db, token: string | null): Promise<ScimClient | null> {
  if (!token || !token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db
    .selectFrom('scimTokens')
    .select(['id', 'tenantId'])
    .where('tokenHash', '=', hashToken(token))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row ? { tenantId: row.tenantId, tokenId: row.id } : null;
}

/** Best effort "last used" for the admin list; at most one write per token and minute. */
export async function touchScimToken(db: Db, client: ScimClient, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('scimTokens')
    .set({ lastUsedAt: now.toISOString() })
    .where('id', '=', client.tokenId)
    .where('tenantId', '=', client.tenantId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', cutoff)]))
    .execute();
}

const publicColumns = ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'] as const;

/** The SCIM tokens of one tenant, bound by the request context (`ctx.repo(scimTokenRepository)`). */
export function scimTokenRepository({ db, tenantId, now }: TenantScope) {
  return {
    async list() {
      const items = await db
        .selectFrom('scimTokens')
        .select(publicColumns)
        .where('tenantId', '=', tenantId)
        .orderBy('id', 'desc')
        .execute();
      return { items, total: items.length };
    },

    /** A new token, created by `createdBy`; the answer is the only place the token itself appears. */
    async create(createdBy: number, name: string) {
      const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db
        .insertInto('scimTokens')
        .values({
          tenantId,
          name,
          prefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 6),
          tokenHash: hashToken(token),
          createdBy,
          createdAt: now().toISOString(),
          lastUsedAt: null,
          revokedAt: null,
        })
        .returning(publicColumns)
        .executeTakeFirstOrThrow();
      return { ...row, token };
    },

    /** Revoking is final and immediate: the next request with the token is refused. False when no such token. */
    async revoke(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('scimTokens')
        .select(['id', 'revokedAt'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.revokedAt === null) {
        await db
          .updateTable('scimTokens')
          .set({ revokedAt: now().toISOString() })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
      }
      return true;
    },
  };
}
