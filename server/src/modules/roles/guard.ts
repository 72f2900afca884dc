import { isPermissionName } from '../../../../shared/permissions.js';
import type { Db } from '../../db/engine.js';
import type { AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';

/**
 * No privilege escalation: a caller may only hand out roles whose permissions they hold themselves.
 * Roles the target already has are not re-checked, so editing someone's name does not fail because
 * they hold a role the editor could not grant.
 */
export async function assertCanGrantRoles(db: Db, who: AuthContext, roleIds: number[], targetId: number | null) {
  let added = roleIds;
  if (targetId !== null) {
    const held = await db.selectFrom('employeeRoles').select('roleId').where('employeeId', '=', targetId).execute();
    const heldIds = new Set(held.map((h) => h.roleId));
    added = roleIds.filter((id) => !heldIds.has(id));
  }
  if (added.length === 0) return;
  const grants = await db
    .selectFrom('roleGrants')
    .select('name')
    .where('tenantId', '=', who.tenantId)
    .where('roleId', 'in', added)
    .where('kind', '=', 'permission')
    .execute();
  assertCanGrantPermissions(
    who,
    grants.map((g) => g.name),
  );
}

export function assertCanGrantPermissions(who: AuthContext, permissions: readonly string[]) {
  const beyond = [...new Set(permissions.filter((p) => !isPermissionName(p) || !who.permissions.has(p)))];
  if (beyond.length > 0) {
    throw errors.coded(403, 'GRANT_EXCEEDS_OWN', { permissions: beyond });
  }
}
