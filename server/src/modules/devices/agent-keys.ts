/**
 * Device agent keys: one or more per tenant, created and revoked by an admin. A key is 256 random bits shown once;
 * only its SHA-256 is stored (like refresh tokens), so a database leak does not hand out working keys. The agent
 * sends it as `Authorization: Agent <key>`; the tenant comes from the key, never from the request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';

export type AgentContext = { tenantId: number; keyId: number };

const KEY_PREFIX = 'tbagent_';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function findAgentKey(db: Db, key: string | null): Promise<AgentContext | null> {
  if (!key || !key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const row = await db
    .selectFrom('deviceAgentKeys')
    .select(['id', 'tenantId'])
    .where('keyHash', '=', hashKey(key))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row ? { tenantId: row.tenantId, keyId: row.id } : null;
}

const publicColumns = ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'] as const;

export async function listAgentKeys(db: Db, tenantId: number) {
  const items = await db
    .selectFrom('deviceAgentKeys')
    .select(publicColumns)
    .where('tenantId', '=', tenantId)
    .orderBy('id', 'desc')
    .execute();
  return { items, total: items.length };
}

export async function createAgentKey(db: Db, who: { tenantId: number; employeeId: number }, name: string, now: Date) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('deviceAgentKeys')
    .values({
      tenantId: who.tenantId,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: hashKey(key),
      createdBy: who.employeeId,
      createdAt: now.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/** Revoking is final and immediate: the next request with the key is refused. False when no such key. */
export async function revokeAgentKey(db: Db, tenantId: number, id: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('deviceAgentKeys')
    .select(['id', 'revokedAt'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  if (row.revokedAt === null) {
    await db
      .updateTable('deviceAgentKeys')
      .set({ revokedAt: now.toISOString() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
  return true;
}

/** Best effort "last used" for the admin list; at most one write per key and minute. */
export async function touchAgentKey(db: Db, agent: AgentContext, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('deviceAgentKeys')
    .set({ lastUsedAt: now.toISOString() })
    .where('id', '=', agent.keyId)
    .where('tenantId', '=', agent.tenantId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', cutoff)]))
    .execute();
}

/** The agent keys of one tenant, bound by the request context (`ctx.repo(agentKeysRepository)`). */
export function agentKeysRepository({ db, tenantId, now }: TenantScope) {
  return {
    list: () => listAgentKeys(db, tenantId),
    /** A new key, created by `createdBy`; the answer is the only place the key itself appears. */
    create: (createdBy: number, name: string) => createAgentKey(db, { tenantId, employeeId: createdBy }, name, now()),
    revoke: (id: number) => revokeAgentKey(db, tenantId, id, now()),
    touch: (keyId: number) => touchAgentKey(db, { tenantId, keyId }, now()),
  };
}
