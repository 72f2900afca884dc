import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * Single sign-on with OpenID Connect (docs/sso.md): one provider per tenant, the pending sign-ins (state,
 * nonce and PKCE verifier kept on the server, single use, with an expiry) and the desktop's one-time
 * hand-off codes. Secrets are stored encrypted (the client secret) or hashed (states, hand-off codes).
 */
export const singleSignOn: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tenant_sso')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
      .addColumn('provider_name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      /** AES-256-GCM ciphertext (server/src/security/secrets.ts), never the secret in clear. */
      .addColumn('client_secret', 'text', (c) => c.notNull())
      .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      /** Password sign-in refused for everyone but break-glass accounts (full administrators). */
      .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sso_requests')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      /** SHA-256 of the state sent to the provider. */
      .addColumn('state_hash', 'text', (c) => c.notNull().unique())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      /** 'web' or 'desktop'. */
      .addColumn('client', 'text', (c) => c.notNull())
      /** Web: SHA-256 of the browser-binding cookie. Desktop: the S256 challenge of the hand-off verifier. */
      .addColumn('binding', 'text', (c) => c.notNull())
      /** Desktop only: the loopback port to return to instead of the teambeat:// deep link. */
      .addColumn('loopback_port', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createTable('sso_handoffs')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      /** SHA-256 of the one-time code carried by the deep link. */
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      /** The S256 challenge of the verifier only the desktop that started the sign-in holds. */
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
  },
});
