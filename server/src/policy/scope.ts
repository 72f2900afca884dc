/**
 * The policy module: whose rows a caller may see or change, decided once for every module instead of once
 * per module. Pure decisions (no database); the facts they need (does the target exist in the tenant, do
 * caller and target share a team, is the caller a member of a team) are looked up by the tenant-bound
 * policy repository (./repository.ts), which also turns a visibility into a query.
 *
 * A permission FAMILY grants three levels, each by a list of permissions of which any one suffices:
 *   own  - the caller's own rows (null: the family has no own level; one's rows then count as a team's)
 *   team - the rows of "team members" (feedback spec §6): employees who share a team with the caller
 *   all  - every employee's rows in the tenant
 * The families are the FAMILIES table (shared/policy-families.ts, where the endpoint map takes its access
 * lists from too): adding a module's scope is adding a row, not writing code.
 *
 * (a) One employee, `decideForEmployee`: with an all-level permission, anyone; the caller themselves
 *     needs the own level (a team permission does not stand in for it), refused naming the own
 *     permission; someone else needs the team level and a shared team, refused naming the team and the
 *     all permission (the first of each level's list). The caller may learn first that the employee
 *     does not exist (404): the repository checks that before deciding.
 * (b) One team, `decideForTeam`: with the all level, any team; with the team level, a team the caller
 *     belongs to; otherwise refused naming the all permission.
 * (c) Which employees, `visibleEmployees`: all of the tenant, the caller's teammates (with the caller
 *     themselves when the family has an own level), only the caller, or nobody; as data a repository
 *     turns into a `where` (policyRepository#visibleEmployeeIds).
 *
 * Routes still declare an access list (any permission of the family lets the caller in, `familyAccess`);
 * these decisions then narrow whose rows they reach.
 */
import {
  FAMILIES,
  familyAccess,
  type Family,
  type FamilyName,
  type Level,
  type LevelPermissions,
} from '../../../shared/policy-families.js';
import type { PermissionName } from '../../../shared/permissions.js';

export { FAMILIES, familyAccess, type Family, type FamilyName, type Level, type LevelPermissions };

export type Permissions = ReadonlySet<PermissionName>;

/** Who asks: their employee id and what their roles allow. */
export type Asker = { readonly employeeId: number; readonly permissions: Permissions };

const familyOf = (name: FamilyName): Family => FAMILIES[name];

/** Whether the caller holds a level of a family (false for a family without it). */
export function holds(name: FamilyName, level: Level, permissions: Permissions): boolean {
  const granting = familyOf(name)[level];
  return granting !== null && granting.some((p) => permissions.has(p));
}

/** A decision: the level that allows it, or the permission(s) a 403 names. */
export type Decision =
  | { readonly allowed: true; readonly level: Level }
  | { readonly allowed: false; readonly missing: PermissionName | readonly [PermissionName, PermissionName] };

/** What is known of the target employee. `sharesTeam` matters only where `needsTeamCheck` says so. */
export type EmployeeTarget = { readonly isSelf: boolean; readonly sharesTeam: boolean };

/** Whether the decision about an employee depends on a shared team (so the repository asks only then). */
export function needsTeamCheck(name: FamilyName, permissions: Permissions, isSelf: boolean): boolean {
  if (holds(name, 'all', permissions)) return false;
  if (isSelf && familyOf(name).own !== null) return false;
  return holds(name, 'team', permissions);
}

/** (a) May the caller see / change this employee's rows? */
export function decideForEmployee(name: FamilyName, permissions: Permissions, target: EmployeeTarget): Decision {
  const family = familyOf(name);
  if (holds(name, 'all', permissions)) return { allowed: true, level: 'all' };
  if (target.isSelf && family.own !== null) {
    return holds(name, 'own', permissions)
      ? { allowed: true, level: 'own' }
      : { allowed: false, missing: family.own[0] };
  }
  if (holds(name, 'team', permissions) && target.sharesTeam) return { allowed: true, level: 'team' };
  return { allowed: false, missing: [family.team[0], family.all[0]] };
}

/** (b) May the caller see this team's rows? */
export function decideForTeam(name: FamilyName, permissions: Permissions, isMember: boolean): Decision {
  if (holds(name, 'all', permissions)) return { allowed: true, level: 'all' };
  if (holds(name, 'team', permissions) && isMember) return { allowed: true, level: 'team' };
  return { allowed: false, missing: familyOf(name).all[0] };
}

/** The employees a caller may see in a family, as data for a query. */
export type Visibility =
  | { readonly kind: 'all' }
  /** The employees sharing a team with `employeeId`; `withSelf`: and that employee even without a team. */
  | { readonly kind: 'team'; readonly employeeId: number; readonly withSelf: boolean }
  | { readonly kind: 'self'; readonly employeeId: number }
  | { readonly kind: 'none' };

/** (c) Which employees may the caller see? The highest level they hold decides. */
export function visibleEmployees(name: FamilyName, asker: Asker): Visibility {
  if (holds(name, 'all', asker.permissions)) return { kind: 'all' };
  if (holds(name, 'team', asker.permissions)) {
    return { kind: 'team', employeeId: asker.employeeId, withSelf: familyOf(name).own !== null };
  }
  if (holds(name, 'own', asker.permissions)) return { kind: 'self', employeeId: asker.employeeId };
  return { kind: 'none' };
}
