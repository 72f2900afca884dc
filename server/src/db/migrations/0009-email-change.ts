import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * A changed e-mail address waits here until the code sent to it is confirmed (docs/security.md, "E-mail
 * change"); sign-in and password reset keep using `email` until then.
 */
export const emailChange: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('employees').addColumn('pending_email', 'text').execute();
  },
});
