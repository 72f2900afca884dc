import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * The company logo lives in the storage module (docs/storage.md, "The company logo"): `logo_key` is the
 * confirmed storage key of the current logo, or null. A logo saved before as a data URL in `logo` stays there
 * and is still shown until the company uploads another or removes it; nothing new is written to `logo`.
 */
export const tenantLogo: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tenants').addColumn('logo_key', 'text').execute();
  },
});
