/**
 * Whose attendance a caller may see or change: their own (view-attendance / edit-attendance, edits
 * within attendence_edit_allow_limit days), their team members' (…-team-attendance: employees who share
 * a team with them), or anyone's in the tenant (…-all-attendance).
 */
import type { PermissionName } from '../../../../shared/permissions.js';
import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { addDays } from '../../../../shared/time.js';
import { sharesTeam } from '../teams/membership.js';

export const VIEW_ACCESS = ['view-attendance', 'view-team-attendance', 'view-all-attendance'] as const;
export const EDIT_ACCESS = ['edit-attendance', 'edit-team-attendance', 'edit-all-attendance'] as const;

async function requireEmployee(deps: Deps, tenantId: number, employeeId: number) {
  const row = await deps.db
    .selectFrom('employees')
    .select(['id', 'name'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!row) throw errors.notFound('Employee');
  return row;
}

type Kind = 'view' | 'edit';
const NAMES: Record<Kind, readonly [PermissionName, PermissionName, PermissionName]> = { view: VIEW_ACCESS, edit: EDIT_ACCESS };

/**
 * Resolves the employee a request is about and checks the caller may act on them. Returns how: as
 * themselves (own, where the edit limit applies) or on someone else's behalf.
 */
export async function authorizeFor(
  deps: Deps,
  who: AuthContext,
  kind: Kind,
  employeeId: number | undefined,
): Promise<{ employeeId: number; own: boolean; limited: boolean }> {
  const [ownPermission, teamPermission, allPermission] = NAMES[kind];
  const target = employeeId ?? who.employeeId;
  await requireEmployee(deps, who.tenantId, target);
  if (who.permissions.has(allPermission)) return { employeeId: target, own: target === who.employeeId, limited: false };
  if (target === who.employeeId) {
    // One's own days need the own permission; a team permission does not lift the edit limit for oneself.
    if (who.permissions.has(ownPermission)) return { employeeId: target, own: true, limited: kind === 'edit' };
    throw errors.forbidden(ownPermission);
  }
  if (who.permissions.has(teamPermission) && (await sharesTeam(deps.db, who.tenantId, who.employeeId, target))) {
    return { employeeId: target, own: false, limited: false };
  }
  throw errors.forbidden([teamPermission, allPermission]);
}

/** Own edits may only touch days no older than the tenant's attendence_edit_allow_limit. */
export function assertWithinEditLimit(date: string, today: string, limitDays: number): void {
  if (date < addDays(today, -limitDays)) throw errors.rule('EDIT_LIMIT_PASSED', { limitDays });
}
