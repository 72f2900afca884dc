/**
 * What the productivity routes and reports read besides the figures (./figures.ts): teams, employee sets
 * (subqueries of employee ids the figures are summed over), the pickable teams and the leave report's
 * rows. The functions taking a `db` build employee sets for the services; the routes use the tenant-bound
 * `productivityRepository` through `ctx.repo`.
 */
import { requireShownPerson, shownPeople } from '../../db/demo.js';
import type { Db } from '../../db/engine.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';
import type { Visibility } from '../../policy/scope.js';
import { overlapsDays, requestSelect } from '../leave/repository.js';
import type { EmployeeSet } from './figures.js';

export type TeamRef = { id: number; name: string };

/** The tenant's active employees. */
export function tenantEmployees(db: Db, tenantId: number): EmployeeSet {
  return db
    .selectFrom('employees')
    .select('id as employeeId')
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'active');
}

/** Members of teams; with `employeeId`, that one employee if a member. */
export function membersOf(db: Db, tenantId: number, teamIds: number[], employeeId?: number): EmployeeSet {
  return groupLinks({ db, tenantId }, 'teams').memberIds(teamIds, { only: employeeId });
}

export function employeesByIds(db: Db, tenantId: number, ids: number[]): EmployeeSet {
  return db
    .selectFrom('employees')
    .select('id as employeeId')
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids.length > 0 ? ids : [0]);
}

export function productivityRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  return {
    /** A team; 404 when the tenant has none with this id (or it is a demo team, hidden). */
    async findTeam(teamId: number, hideDemo: boolean): Promise<TeamRef> {
      const team = await ownedRows(scope).named('teams', teamId, hideDemo);
      if (!team) throw errors.notFound('teamNotFound');
      return team;
    },

    /** 404 when the tenant has no such employee (or they are a demo person, hidden). */
    async requireEmployee(employeeId: number, hideDemo: boolean): Promise<void> {
      if (!(await policyRepository(scope).employeeExists(employeeId))) throw errors.notFound('employeeNotFound');
      await requireShownPerson(scope, employeeId, hideDemo);
    },

    activeEmployees: () => tenantEmployees(db, tenantId),
    membersOf: (teamIds: number[], employeeId?: number) => membersOf(db, tenantId, teamIds, employeeId),
    employeesByIds: (ids: number[]) => employeesByIds(db, tenantId, ids),

    /**
     * The employees of the dashboard a visibility names: every active employee for 'all', the caller's
     * teammates for 'team' (the figures count active ones only).
     */
    visibleEmployees(visibility: Visibility): EmployeeSet {
      return visibility.kind === 'all'
        ? tenantEmployees(db, tenantId)
        : policyRepository(scope).visibleEmployeeIds(visibility);
    },

    /** The teams a visibility names: every team for 'all', the teams of the caller for 'team'; by name. */
    async teams(visibility: Visibility, hideDemo: boolean): Promise<TeamRef[]> {
      let query = db.selectFrom('teams').select(['teams.id', 'teams.name']).where('teams.tenantId', '=', tenantId);
      if (hideDemo) query = query.where('teams.isDemo', '=', 0);
      if (visibility.kind === 'team' || visibility.kind === 'self') {
        const { employeeId } = visibility;
        query = query.where('teams.id', 'in', (eb) =>
          eb.selectFrom('teamMembers').select('teamId').where('employeeId', '=', employeeId),
        );
      } else if (visibility.kind === 'none') {
        query = query.where('teams.id', 'in', [0]);
      }
      return query.orderBy('teams.name').orderBy('teams.id').execute();
    },

    /** Each member's team names (alphabetical) for a set of employees. */
    async teamNamesOf(employees: EmployeeSet): Promise<Map<number, string[]>> {
      const teamsOf = await groupLinks(scope, 'teams').groupsOf(employees);
      return new Map([...teamsOf].map(([id, teams]) => [id, teams.map((t) => t.name)]));
    },

    /** Leave requests of any status overlapping a range, of one team's members or one employee if given. */
    leaveRequests(range: { start: string; end: string }, hideDemo: boolean, teamId?: number, employeeId?: number) {
      let query = requestSelect(db, tenantId)
        .select(['employees.employeeIdentificationNo', 'employees.email'])
        .where(overlapsDays(range.start, range.end));
      query = query.where(shownPeople(scope, 'employees.id', hideDemo));
      if (teamId !== undefined)
        query = query.where('leaveRequests.employeeId', 'in', membersOf(db, tenantId, [teamId]));
      if (employeeId !== undefined) query = query.where('leaveRequests.employeeId', '=', employeeId);
      return query.orderBy('leaveRequests.startDate').orderBy('employees.name').orderBy('leaveRequests.id').execute();
    },
  };
}

export type ProductivityRepository = ReturnType<typeof productivityRepository>;
