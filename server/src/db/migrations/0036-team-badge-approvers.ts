import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * Team leads decide the badge requests of their teams' members (docs/recognition.md "Contributions and
 * recommendations"): the new permission `approve-team-badge-requests`, the team level of the
 * `badge-requests` family whose all level is `approve-badge-requests`. New companies' Team Lead and Product
 * Owner roles hold it from the seed; here every existing role that reads its team members' leave requests
 * (`view-team-member-leave-requests`: the roles that lead teams) gets it, once. A company that does not want
 * leads to decide takes it off the role as any other permission.
 */
export const teamBadgeApprovers: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await sql`insert into role_grants (tenant_id, role_id, kind, name)
      select distinct g.tenant_id, g.role_id, 'permission', 'approve-team-badge-requests' from role_grants g
      where g.kind = 'permission' and g.name = 'view-team-member-leave-requests'
        and not exists (select 1 from role_grants h where h.role_id = g.role_id and h.kind = 'permission'
          and h.name = 'approve-team-badge-requests')`.execute(db);
  },
});
