import type { Kysely } from 'kysely';
import { idColumn, type MigrationFactory } from '../migration-kit.js';

/**
 * SCIM 2.0 provisioning (issue #17, docs/sso.md "Provisioning (SCIM 2.0)"). The identity provider's own
 * id of an employee and of a team (`external_id`, unique per tenant where set: Entra ID and Okta find
 * their objects by it), and the bearer tokens an administrator creates for the provider, stored as a
 * SHA-256 like device agent keys.
 */
export const scim: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('employees').addColumn('external_id', 'text').execute();
    await db.schema
      .createIndex('employees_tenant_external_id')
      .unique()
      .on('employees')
      .columns(['tenant_id', 'external_id'])
      .execute();
    await db.schema.alterTable('teams').addColumn('external_id', 'text').execute();
    await db.schema
      .createIndex('teams_tenant_external_id')
      .unique()
      .on('teams')
      .columns(['tenant_id', 'external_id'])
      .execute();

    await db.schema
      .createTable('scim_tokens')
      .addColumn('id', 'integer', idColumn(engine))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('scim_tokens_tenant').on('scim_tokens').column('tenant_id').execute();
  },
});
