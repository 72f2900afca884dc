/** Whose leave a caller may read: their own, their team members', or everyone's in the tenant. */
import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { sharesTeam } from '../teams/membership.js';

export const READ_ACCESS = [
  'view-leave-requests',
  'view-team-member-leave-requests',
  'view-all-leave-requests',
  'view-all-employee-leave-requests',
] as const;

export async function assertMayRead(deps: Deps, who: AuthContext, employeeId: number): Promise<void> {
  const exists = await deps.db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!exists) throw errors.notFound('Employee');
  if (who.permissions.has('view-all-leave-requests') || who.permissions.has('view-all-employee-leave-requests')) return;
  if (employeeId === who.employeeId) {
    if (who.permissions.has('view-leave-requests')) return;
    throw errors.forbidden('view-leave-requests');
  }
  if (
    who.permissions.has('view-team-member-leave-requests') &&
    (await sharesTeam(deps.db, who.tenantId, who.employeeId, employeeId))
  ) {
    return;
  }
  throw errors.forbidden(['view-team-member-leave-requests', 'view-all-leave-requests']);
}
