/**
 * Device agent keys: one or more per tenant, created and revoked by an admin, kept hashed like SCIM tokens
 * (security/api-keys.ts). The agent sends one as `Authorization: Agent <key>`; the tenant comes from the key,
 * never from the request.
 */
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';
import { apiKeys } from '../../security/api-keys.js';

export type AgentContext = { tenantId: number; keyId: number };

const agentKeys = apiKeys({ table: 'deviceAgentKeys', hashColumn: 'keyHash', prefix: 'tbagent_' });

export async function findAgentKey(db: Db, key: string | null): Promise<AgentContext | null> {
  const found = await agentKeys.find(db, key);
  return found ? { tenantId: found.tenantId, keyId: found.id } : null;
}

export async function createAgentKey(db: Db, who: { tenantId: number; employeeId: number }, name: string, now: Date) {
  const { secret, ...row } = await agentKeys.create(db, who, name, now);
  return { ...row, key: secret };
}

/** The agent keys of one tenant, bound by the request context (`ctx.repo(agentKeysRepository)`). */
export function agentKeysRepository({ db, tenantId, now }: TenantScope) {
  return {
    list: () => agentKeys.list(db, tenantId),
    /** A new key, created by `createdBy`; the answer is the only place the key itself appears. */
    create: (createdBy: number, name: string) => createAgentKey(db, { tenantId, employeeId: createdBy }, name, now()),
    revoke: (id: number) => agentKeys.revoke(db, tenantId, id, now()),
    touch: (keyId: number) => agentKeys.touch(db, tenantId, keyId, now()),
  };
}
