/**
 * SCIM provisioning tokens: one or more per tenant, created and revoked by an administrator in Settings,
 * Provisioning, for the identity provider (Entra ID, Okta) to call /api/scim/v2 with. Kept hashed like device
 * agent keys (security/api-keys.ts). The provider sends one as `Authorization: Bearer <token>`; the tenant comes
 * from the token, never from the request. The prefix `tbscim_` keeps it apart from a person's access token (a
 * JWT): neither opens the other's routes.
 */
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';
import { apiKeys } from '../../security/api-keys.js';

export type ScimClient = { tenantId: number; tokenId: number };

const scimTokens = apiKeys({ table: 'scimTokens', hashColumn: 'tokenHash', prefix: 'tbscim_' });

/** The tenant of a live token; null for anything else (a JWT, a revoked or unknown token). */
export async function findScimToken(db: Db, token: string | null): Promise<ScimClient | null> {
  const found = await scimTokens.find(db, token);
  return found ? { tenantId: found.tenantId, tokenId: found.id } : null;
}

/** Best effort "last used" for the admin list; at most one write per token and minute. */
export const touchScimToken = (db: Db, client: ScimClient, now: Date) =>
  scimTokens.touch(db, client.tenantId, client.tokenId, now);

/** The SCIM tokens of one tenant, bound by the request context (`ctx.repo(scimTokenRepository)`). */
export function scimTokenRepository({ db, tenantId, now }: TenantScope) {
  return {
    list: () => scimTokens.list(db, tenantId),
    /** A new token, created by `createdBy`; the answer is the only place the token itself appears. */
    async create(createdBy: number, name: string) {
      const { secret, ...row } = await scimTokens.create(db, { tenantId, employeeId: createdBy }, name, now());
      return { ...row, token: secret };
    },
    /** Revoking is final and immediate: the next request with the token is refused. False when no such token. */
    revoke: (id: number) => scimTokens.revoke(db, tenantId, id, now()),
  };
}
