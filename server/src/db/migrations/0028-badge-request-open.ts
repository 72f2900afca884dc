import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * One open badge request (pending or under review) per requester, badge and person
 * (docs/recognition.md "Contributions and recommendations"), held by the database: the service checks
 * first for the clear 409, but two requests sent at once could both pass that check and both be written.
 * A partial unique index, which both engines support with the same syntax.
 */
export const badgeRequestOpen: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await sql`create unique index badge_requests_one_open on badge_requests (tenant_id, requested_by, badge_id, employee_id)
      where status in ('pending', 'under_review')`.execute(db);
  },
});
