/**
 * Who may change whose access: the one place of the account hierarchy (docs/security.md).
 *
 * - Grants: nobody hands out, takes away or makes the default a permission they do not hold.
 * - Hierarchy: nobody changes the e-mail, roles, status or password of an account whose permissions are
 *   not a subset of their own, nor the grants of a role held by such an account.
 * - The last active account holding every permission is never demoted or deactivated.
 *
 * Every route that changes another account's e-mail, roles, status or password, or a role's grants, goes
 * through these functions.
 */
import { ACTING_ACTIVITIES, isPermissionName } from '../../../../shared/permissions.js';
import type { Caller, TenantBound } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { roleRepository, type RoleRepository } from './repository.js';

/**
 * No privilege escalation: a caller may only hand out roles whose permissions they hold themselves.
 * Roles the target already has are not re-checked here; taking roles away is the hierarchy's business
 * (assertOutranks), since whoever may change an account holds all it has.
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
  assertCanGrantActivities(who, await roles.activitiesOf(added));
}

/** The caller holds every acting activity key among these (ACTING_ACTIVITIES: the others open screens only). */
export function assertCanGrantActivities(who: Caller, activities: Iterable<string>) {
  const beyond = [...new Set(activities)].filter((a) => ACTING_ACTIVITIES.has(a) && !who.activities.has(a));
  if (beyond.length > 0) {
    throw errors.coded(403, 'GRANT_EXCEEDS_OWN', { permissions: beyond.sort() });
  }
}

/** The caller holds every one of these permissions (added to, removed from, or defaulted by a role). */
export function assertCanGrantPermissions(who: Caller, permissions: Iterable<string>) {
  const beyond = [...new Set(permissions)].filter((p) => !isPermissionName(p) || !who.permissions.has(p));
  if (beyond.length > 0) {
    throw errors.coded(403, 'GRANT_EXCEEDS_OWN', { permissions: beyond.sort() });
  }
}

/** The permissions of `held` the caller lacks; refused with ACCOUNT_OUTRANKS_CALLER when there are any. */
function assertWithin(who: Caller, held: Iterable<string>) {
  const beyond = [...held].filter((p) => !isPermissionName(p) || !who.permissions.has(p));
  if (beyond.length > 0) {
    throw errors.coded(403, 'ACCOUNT_OUTRANKS_CALLER', { permissions: beyond.sort() });
  }
}

/**
 * The hierarchy: the caller may change the e-mail, roles, status or password of `targetId` only when
 * every permission the target holds is one the caller holds too (so anyone may change their own).
 */
export async function assertOutranks(roles: RoleRepository, who: Caller, targetId: number) {
  if (targetId === who.employeeId) return;
  assertWithin(who, await roles.permissionsOfEmployee(targetId));
}

/** Changing a role's grants changes the access of everyone holding it: the hierarchy for each holder. */
export async function assertOutranksHoldersOf(roles: RoleRepository, who: Caller, roleId: number) {
  assertWithin(who, await roles.permissionsOfHolders(roleId));
}

/**
 * Runs `work` (writes that may demote or deactivate accounts) in the given transaction and refuses the
 * result, rolling it back, when it leaves the tenant without an active account holding every permission
 * while there was one before. A tenant that has none (its Administrator role lacks a newer permission) is
 * not held to it.
 */
export async function keepingFullAccount<T>(tx: TenantBound, work: () => Promise<T>): Promise<T> {
  const roles = tx.repo(roleRepository);
  await roles.lockAccounts();
  const before = await roles.fullAccountCount();
  const result = await work();
  if (before > 0 && (await roles.fullAccountCount()) === 0) throw errors.coded(409, 'LAST_FULL_ADMINISTRATOR');
  return result;
}
