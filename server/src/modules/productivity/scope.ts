/**
 * Whose figures a caller sees (decisions in docs/workforce.md, "Productivity"):
 * - dashboard and overview: view-productivity-all-teams opens every team and the whole company; without
 *   it, a caller sees the teams they belong to (teamId of another team is refused);
 * - team statistics: per-member rows for a team the caller belongs to, or for any team with
 *   view-all-attendance or view-productivity-all-teams; team-level rows otherwise.
 */
import { errors } from '../../http/errors.js';
import type { AuthContext } from '../../http/access.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { teammatesQuery } from '../teams/membership.js';
import type { EmployeeSet } from './figures.js';

export type TeamRef = { id: number; name: string };

export function tenantEmployees(db: Db, tenantId: number): EmployeeSet {
  return db
    .selectFrom('employees')
    .select('id as employeeId')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'active');
}

/** Members of teams; with `employeeId`, that one employee if a member. */
export function membersOf(db: Db, tenantId: number, teamIds: number[], employeeId?: number): EmployeeSet {
  const query = db
    .selectFrom('teamMembers')
    .select('employeeId')
    .where('tenantId', '=', tenantId)
    .where('teamId', 'in', teamIds.length > 0 ? teamIds : [0]);
  return employeeId === undefined ? query : query.where('employeeId', '=', employeeId);
}

export function employeesByIds(db: Db, tenantId: number, ids: number[]): EmployeeSet {
  return db
    .selectFrom('employees')
    .select('id as employeeId')
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids.length > 0 ? ids : [0]);
}

export async function findTeam(deps: Deps, tenantId: number, teamId: number): Promise<TeamRef> {
  const team = await deps.db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw errors.notFound('Team');
  return team;
}

export async function isMember(deps: Deps, who: AuthContext, teamId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('teamMembers')
    .select('employeeId')
    .where('tenantId', '=', who.tenantId)
    .where('teamId', '=', teamId)
    .where('employeeId', '=', who.employeeId)
    .executeTakeFirst();
  return row !== undefined;
}

export const seesAllTeams = (who: AuthContext) => who.permissions.has('view-productivity-all-teams');

/** The employees of the dashboard and the overview. */
export async function dashboardScope(
  deps: Deps,
  who: AuthContext,
  teamId: number | undefined,
): Promise<{ employees: EmployeeSet; team: TeamRef | null }> {
  if (teamId !== undefined) {
    const team = await findTeam(deps, who.tenantId, teamId);
    if (!seesAllTeams(who) && !(await isMember(deps, who, teamId))) {
      throw errors.forbidden('view-productivity-all-teams');
    }
    return { employees: membersOf(deps.db, who.tenantId, [teamId]), team };
  }
  if (seesAllTeams(who)) return { employees: tenantEmployees(deps.db, who.tenantId), team: null };
  return { employees: teammatesQuery(deps.db, who.tenantId, who.employeeId) as EmployeeSet, team: null };
}

/** Which rows the team statistics answer with. */
export async function statsLevel(
  deps: Deps,
  who: AuthContext,
  teamId: number | undefined,
): Promise<{ level: 'members'; team: TeamRef } | { level: 'teams'; teamId: number | undefined }> {
  if (teamId === undefined) return { level: 'teams', teamId: undefined };
  const team = await findTeam(deps, who.tenantId, teamId);
  const perMember =
    who.permissions.has('view-all-attendance') || seesAllTeams(who) || (await isMember(deps, who, teamId));
  return perMember ? { level: 'members', team } : { level: 'teams', teamId };
}

/** The teams a caller may pick on the dashboard. */
export async function pickableTeams(deps: Deps, who: AuthContext): Promise<TeamRef[]> {
  let query = deps.db.selectFrom('teams').select(['teams.id', 'teams.name']).where('teams.tenantId', '=', who.tenantId);
  if (!seesAllTeams(who)) {
    query = query.where('teams.id', 'in', (eb) =>
      eb.selectFrom('teamMembers').select('teamId').where('employeeId', '=', who.employeeId),
    );
  }
  return query.orderBy('teams.name').orderBy('teams.id').execute();
}
