import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * At most one pending client link per client and target (docs/projects.md, "Project and sprint feedback"): a
 * partial unique index over the links neither used nor revoked, per tenant, client, sprint and PBI (0 for the
 * sprint itself). Making a link revokes the one before it in the same transaction; with this index two links
 * made at once can no longer both stay pending, the second write fails and is answered 409.
 *
 * Expiry cannot be part of the index's condition (it moves with the clock): an expired link that was never
 * used still counts here, and making a new link revokes it like a pending one.
 *
 * Links made twice at once before this migration: every one but the newest of a pair is revoked first.
 */
export const clientLinkPending: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await sql`update client_feedback_links set revoked_at = ${new Date().toISOString()}
      where used_at is null and revoked_at is null and exists (
        select 1 from client_feedback_links n
        where n.tenant_id = client_feedback_links.tenant_id
          and n.client_id = client_feedback_links.client_id
          and n.sprint_id = client_feedback_links.sprint_id
          and coalesce(n.pbi_id, 0) = coalesce(client_feedback_links.pbi_id, 0)
          and n.used_at is null and n.revoked_at is null
          and n.id > client_feedback_links.id)`.execute(db);
    await sql`create unique index client_feedback_links_pending on client_feedback_links
      (tenant_id, client_id, sprint_id, coalesce(pbi_id, 0)) where used_at is null and revoked_at is null`.execute(db);
  },
});
