/**
 * The database side of the policy module (./scope.ts), bound to the caller's tenant: whether a target
 * employee exists here, whether caller and target share a team, whether the caller belongs to a team,
 * and the employee ids a visibility names. `authorizeEmployee` and `authorizeTeam` look up only the facts
 * the decision needs and throw its 404 or 403; a route gets them through `ctx.repo(policyRepository)`.
 */
import { groupLinks, type EmployeeIds } from '../db/links.js';
import { ownedRows } from '../db/owned.js';
import type { TenantScope } from '../http/context.js';
import { errors } from '../http/errors.js';
import { sharesTeam, teammatesQuery } from '../modules/teams/membership.js';
import {
  decideForEmployee,
  decideForTeam,
  needsTeamCheck,
  type Asker,
  type Decision,
  type FamilyName,
  type Level,
  type Visibility,
} from './scope.js';

function enforce(decision: Decision): Level {
  if (!decision.allowed) throw errors.forbidden(decision.missing);
  return decision.level;
}

export function policyRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  const employeeExists = (employeeId: number) => ownedRows(scope).exists('employees', employeeId);
  const isMember = (employeeId: number, teamId: number) => groupLinks(scope, 'teams').isMember(teamId, employeeId);

  /** Membership decides only when no family allows without it and one would with it; asked only then. */
  async function memberWhereItMatters(families: readonly FamilyName[], asker: Asker, teamId: number) {
    const allows = (member: boolean) => families.some((f) => decideForTeam(f, asker.permissions, member).allowed);
    return !allows(false) && allows(true) && (await isMember(asker.employeeId, teamId));
  }

  /** The decision about an employee, asking whether caller and employee share a team only when it matters. */
  async function decideEmployee(family: FamilyName, asker: Asker, employeeId: number): Promise<Decision> {
    const isSelf = employeeId === asker.employeeId;
    const shares =
      needsTeamCheck(family, asker.permissions, isSelf) &&
      (await sharesTeam(db, tenantId, asker.employeeId, employeeId));
    return decideForEmployee(family, asker.permissions, { isSelf, sharesTeam: shares });
  }

  return {
    employeeExists,
    isMember,
    sharesTeam: (a: number, b: number) => sharesTeam(db, tenantId, a, b),

    /**
     * Whether the caller may act on an employee's rows in a family: 404 when the tenant has no such
     * employee, 403 naming the missing permission(s) when they may not. Answers the level that allows it.
     */
    async authorizeEmployee(family: FamilyName, asker: Asker, employeeId: number): Promise<Level> {
      if (!(await employeeExists(employeeId))) throw errors.notFound('employeeNotFound');
      return enforce(await decideEmployee(family, asker, employeeId));
    },

    /** The same decision as `authorizeEmployee` about an employee known to exist, as a yes or no. */
    async allowsEmployee(family: FamilyName, asker: Asker, employeeId: number): Promise<boolean> {
      return (await decideEmployee(family, asker, employeeId)).allowed;
    },

    /** Whether the caller may see a team's rows in a family (the team is known to exist); 403 otherwise. */
    async authorizeTeam(family: FamilyName, asker: Asker, teamId: number): Promise<Level> {
      const member = await memberWhereItMatters([family], asker, teamId);
      return enforce(decideForTeam(family, asker.permissions, member));
    },

    /** Whether any of the families lets the caller see a team's rows. */
    async seesTeam(families: readonly FamilyName[], asker: Asker, teamId: number): Promise<boolean> {
      const member = await memberWhereItMatters(families, asker, teamId);
      return families.some((f) => decideForTeam(f, asker.permissions, member).allowed);
    },

    /** The employee ids a visibility names (every employee of the tenant for 'all'). */
    visibleEmployeeIds(visibility: Visibility): EmployeeIds {
      const employees = db.selectFrom('employees').select('id as employeeId').where('tenantId', '=', tenantId);
      switch (visibility.kind) {
        case 'all':
          return employees as EmployeeIds;
        case 'team': {
          const { employeeId, withSelf } = visibility;
          const mates = teammatesQuery(db, tenantId, employeeId);
          return (
            withSelf
              ? employees.where((eb) => eb.or([eb('id', 'in', mates), eb('id', '=', employeeId)]))
              : employees.where('id', 'in', mates)
          ) as EmployeeIds;
        }
        case 'self':
          return employees.where('id', '=', visibility.employeeId) as EmployeeIds;
        case 'none':
          return employees.where('id', 'in', [0]) as EmployeeIds;
      }
    },
  };
}

export type PolicyRepository = ReturnType<typeof policyRepository>;
