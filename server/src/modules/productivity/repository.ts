/**
 * What the productivity routes and reports read besides the figures (./figures.ts): teams, employee sets
 * (subqueries of employee ids the figures are summed over), the pickable teams and the leave report's
 * rows. The functions taking a `db` build employee sets for the services; the routes use the tenant-bound
 * `productivityRepository` through `ctx.repo`.
 */
import type { Db } from '../../db/engine.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';
import type { Visibility } from '../../policy/scope.js';
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

export function productivityRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  return {
    /** A team; 404 when the tenant has none with this id. */
    async findTeam(teamId: number): Promise<TeamRef> {
      const team = await db
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', teamId)
        .executeTakeFirst();
      if (!team) throw errors.notFound('teamNotFound');
      return team;
    },

    /** 404 when the tenant has no such employee. */
    async requireEmployee(employeeId: number): Promise<void> {
      if (!(await policyRepository(scope).employeeExists(employeeId))) throw errors.notFound('employeeNotFound');
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
        : (policyRepository(scope).visibleEmployeeIds(visibility) as unknown as EmployeeSet);
    },

    /** The teams a visibility names: every team for 'all', the teams of the caller for 'team'; by name. */
    async teams(visibility: Visibility): Promise<TeamRef[]> {
      let query = db.selectFrom('teams').select(['teams.id', 'teams.name']).where('teams.tenantId', '=', tenantId);
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
      const rows = await db
        .selectFrom('teamMembers')
        .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
        .select(['teamMembers.employeeId', 'teams.name'])
        .where('teamMembers.tenantId', '=', tenantId)
        .where('teamMembers.employeeId', 'in', employees)
        .orderBy('teams.name')
        .execute();
      const teamsOf = new Map<number, string[]>();
      for (const t of rows) teamsOf.set(t.employeeId, [...(teamsOf.get(t.employeeId) ?? []), t.name]);
      return teamsOf;
    },

    /** Leave requests of any status overlapping a range, of one team's members or one employee if given. */
    leaveRequests(range: { start: string; end: string }, teamId?: number, employeeId?: number) {
      let query = db
        .selectFrom('leaveRequests as r')
        .innerJoin('employees as e', 'e.id', 'r.employeeId')
        .innerJoin('leaveTypes as t', 't.id', 'r.leaveTypeId')
        .select([
          'e.employeeIdentificationNo',
          'e.name',
          'e.email',
          't.name as typeName',
          't.kind',
          'r.startDate',
          'r.endDate',
          'r.days',
          'r.status',
          'r.isAuto',
          'r.reason',
          'r.createdAt',
        ])
        .where('r.tenantId', '=', tenantId)
        .where('r.startDate', '<=', range.end)
        .where('r.endDate', '>=', range.start);
      if (teamId !== undefined) query = query.where('r.employeeId', 'in', membersOf(db, tenantId, [teamId]));
      if (employeeId !== undefined) query = query.where('r.employeeId', '=', employeeId);
      return query.orderBy('r.startDate').orderBy('e.name').orderBy('r.id').execute();
    },
  };
}

export type ProductivityRepository = ReturnType<typeof productivityRepository>;
