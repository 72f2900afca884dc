import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * A person's own interface language (issue #17, docs/i18n.md): 'en' or 'fr', or null to follow the company's
 * default (the tenant setting `default_language`). It also picks the language of the e-mails they receive.
 */
export const employeeLanguage: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('employees').addColumn('language', 'text').execute();
  },
});
