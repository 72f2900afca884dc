import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Sessions get an absolute end (SESSION_MAX_DAYS after sign-in, kept by every token of the family), and
 * outbox e-mails an expiry after which they are deleted (docs/security.md, "Codes by e-mail").
 */
export const sessionLimits: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    /** When the session (the token's family) ends however often it is refreshed. */
    await db.schema.alterTable('refresh_tokens').addColumn('session_expires_at', 'text').execute();
    // Sessions started before this migration end when their current token does.
    await sql`update refresh_tokens set session_expires_at = expires_at`.execute(db);
    /** When the row is deleted; null only for rows written before this migration. */
    await db.schema.alterTable('outbox_emails').addColumn('expires_at', 'text').execute();
    await db.schema.createIndex('outbox_emails_expiry').on('outbox_emails').columns(['expires_at']).execute();
  },
});
