import { isPermissionName } from '../../../../shared/permissions.js';
import type { Caller } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { RoleRepository } from './repository.js';

/**
 * No privilege escalation: a caller may only hand out roles whose permissions they hold themselves.
 * Roles the target already has are not re-checked, so editing someone's name does not fail because
 * they hold a role the editor could not grant.
 */
export async function assertCanGrantRoles(
  roles: RoleRepository,
  who: Caller,
  roleIds: number[],
  targetId: number | null,
) {
  let added = roleIds;
  if (targetId !== null) {
    const heldIds = await roles.heldRoleIds(targetId);
    added = roleIds.filter((id) => !heldIds.has(id));
  }
  if (added.length === 0) return;
  assertCanGrantPermissions(who, await roles.permissionsOf(added));
}

export function assertCanGrantPermissions(who: Caller, permissions: readonly string[]) {
  const beyond = [...new Set(permissions.filter((p) => !isPermissionName(p) || !who.permissions.has(p)))];
  if (beyond.length > 0) {
    throw errors.coded(403, 'GRANT_EXCEEDS_OWN', { permissions: beyond });
  }
}
