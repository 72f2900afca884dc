/**
 * A tenant's credentials for machines, kept hashed: device agent keys (`tbagent_`, devices/agent-keys.ts) and
 * SCIM provisioning tokens (`tbscim_`, scim/tokens.ts). Created and revoked by an administrator; a key is its
 * prefix and 256 random bits, shown once, and only its SHA-256 is stored (like refresh tokens), so a database
 * leak hands out no working key. The tenant comes from the key, never from the request. The prefix keeps the
 * kinds apart: a key of one kind never opens the routes of another.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/engine.js';

/** The two key tables: the same columns but the name of the hash. */
export type ApiKeyKind =
  | { table: 'deviceAgentKeys'; hashColumn: 'keyHash'; prefix: string }
  | { table: 'scimTokens'; hashColumn: 'tokenHash'; prefix: string };

/** Either table seen as one: Kysely sends the real table and column names given by the kind. */
type KeysView = Kysely<{
  keys: {
    id: Generated<number>;
    tenantId: number;
    name: string;
    prefix: string;
    hash: string;
    createdBy: number | null;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  };
}>;

const publicColumns = ['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'] as const;

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

export function apiKeys(kind: ApiKeyKind) {
  const view = (db: Db) => db as unknown as KeysView;
  const table = kind.table as unknown as 'keys';
  const hash = kind.hashColumn as unknown as 'hash';

  return {
    /** The live key's tenant and id; null for anything else (another kind, a revoked or unknown key). */
    async find(db: Db, key: string | null): Promise<{ tenantId: number; id: number } | null> {
      if (!key || !key.startsWith(kind.prefix) || key.length > 200) return null;
      const row = await view(db)
        .selectFrom(table)
        .select(['id', 'tenantId'])
        .where(hash, '=', sha256(key))
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Best effort "last used" for the admin list; at most one write per key and minute. */
    async touch(db: Db, tenantId: number, id: number, now: Date): Promise<void> {
      const cutoff = new Date(now.getTime() - 60_000).toISOString();
      await view(db)
        .updateTable(table)
        .set({ lastUsedAt: now.toISOString() })
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', cutoff)]))
        .execute();
    },

    async list(db: Db, tenantId: number) {
      const items = await view(db)
        .selectFrom(table)
        .select(publicColumns)
        .where('tenantId', '=', tenantId)
        .orderBy('id', 'desc')
        .execute();
      return { items, total: items.length };
    },

    /** A new key, created by `createdBy`; the answer is the only place the key itself (`secret`) appears. */
    async create(db: Db, who: { tenantId: number; employeeId: number }, name: string, now: Date) {
      const secret = `${kind.prefix}${randomBytes(32).toString('base64url')}`;
      const row = await view(db)
        .insertInto(table)
        .values({
          tenantId: who.tenantId,
          name,
          prefix: secret.slice(0, kind.prefix.length + 6),
          [hash]: sha256(secret),
          createdBy: who.employeeId,
          createdAt: now.toISOString(),
          lastUsedAt: null,
          revokedAt: null,
        })
        .returning(publicColumns)
        .executeTakeFirstOrThrow();
      return { ...row, secret };
    },

    /** Revoking is final and immediate: the next request with the key is refused. False when no such key. */
    async revoke(db: Db, tenantId: number, id: number, now: Date): Promise<boolean> {
      const row = await view(db)
        .selectFrom(table)
        .select(['id', 'revokedAt'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      if (row.revokedAt === null) {
        await view(db)
          .updateTable(table)
          .set({ revokedAt: now.toISOString() })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
      }
      return true;
    },
  };
}
