import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
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

/**
 * Named server-wide values in server_secrets that a caller makes itself (the VAPID key pair): putIfAbsent
 * keeps the first value written under a name and answers the stored one, so processes starting together agree.
 */
export function serverSecretStore(db: Db, now: () => Date) {
  const get = async (name: string) =>
    (await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  return {
    get,
    async putIfAbsent(name: string, value: string): Promise<string> {
      await db
        .insertInto('serverSecrets')
        .values({ name, value, createdAt: now().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await get(name))!;
    },
  };
}

/** Encrypts secrets kept in the database; `context` binds a ciphertext to its row (a tenant), so it cannot be moved. */
export type SecretBox = { seal(plain: string, context: string): string; open(sealed: string, context: string): string };

/**
 * AES-256-GCM with a random 96-bit IV per value, the key derived by SHA-256 from SECRETS_KEY (or the generated
 * `secrets-key` server secret). Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url. A database dump without the
 * key (SECRETS_KEY set outside it) reveals no secret; docs/sso.md says what the generated key does and does not
 * protect.
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(`teambeat-secret-box:${keyMaterial}`).digest();
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
