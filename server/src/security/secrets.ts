import type { Db } from '../db/engine.js';
import { newSecret } from './tokens.js';

/**
 * A server secret generated on first start and kept in the database, so every instance of one
 * deployment (and every restart) signs with the same key without any setup.
 */
export async function ensureSecret(db: Db, name: string, now: () => Date): Promise<string> {
  const existing = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('serverSecrets')
    .values({ name, value: newSecret(), createdAt: now().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
