import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * An upload's confirm claims its row first (docs/storage.md "Confirming"): `status` may now be `confirming`,
 * and `claimed_at` says since when. Two confirms of one upload at once both read it pending; without a claim
 * both asked the storage module to check and move the same object, and the loser deleted the row the winner
 * was making ready. A claim older than a few minutes was left by a process that stopped mid-check, and a new
 * confirm may take it. Existing rows are pending or ready, so they need no change.
 */
export const uploadClaim: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['feedback_attachments', 'badge_images'])
      await db.schema.alterTable(table).addColumn('claimed_at', 'text').execute();
  },
});
