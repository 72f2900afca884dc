/** The employee directory: rows with their teams and roles, always within one tenant. */
import type { Employee, EmployeeListParams } from '../../../../shared/contracts/people.js';
import type { Db } from '../../db/engine.js';
import { paginate } from '../../http/list.js';

type Ref = { id: number; name: string };

async function refsByEmployee(db: Db, tenantId: number, employeeIds: number[]) {
  const teams = new Map<number, Ref[]>();
  const roles = new Map<number, Ref[]>();
  if (employeeIds.length === 0) return { teams, roles };
  const teamRows = await db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select(['teamMembers.employeeId', 'teams.id', 'teams.name'])
    .where('teamMembers.tenantId', '=', tenantId)
    .where('teamMembers.employeeId', 'in', employeeIds)
    .orderBy('teams.name')
    .execute();
  for (const r of teamRows) teams.set(r.employeeId, [...(teams.get(r.employeeId) ?? []), { id: r.id, name: r.name }]);
  const roleRows = await db
    .selectFrom('employeeRoles')
    .innerJoin('roles', 'roles.id', 'employeeRoles.roleId')
    .select(['employeeRoles.employeeId', 'roles.id', 'roles.name'])
    .where('employeeRoles.tenantId', '=', tenantId)
    .where('employeeRoles.employeeId', 'in', employeeIds)
    .orderBy('roles.name')
    .execute();
  for (const r of roleRows) roles.set(r.employeeId, [...(roles.get(r.employeeId) ?? []), { id: r.id, name: r.name }]);
  return { teams, roles };
}

function baseSelect(db: Db, tenantId: number, hideDemo: boolean) {
  let query = db
    .selectFrom('employees')
    .select([
      'employees.id',
      'employees.employeeIdentificationNo',
      'employees.name',
      'employees.email',
      'employees.image',
      'employees.dateOfJoining',
      'employees.status',
      'employees.allocation',
      'employees.updatedAt',
    ])
    .where('employees.tenantId', '=', tenantId);
  if (hideDemo) query = query.where('employees.isDemo', '=', 0);
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

async function withRefs(db: Db, tenantId: number, rows: Row[]): Promise<Employee[]> {
  const { teams, roles } = await refsByEmployee(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, teams: teams.get(r.id) ?? [], roles: roles.get(r.id) ?? [] }));
}

export async function listEmployees(db: Db, tenantId: number, query: EmployeeListParams, hideDemo: boolean) {
  let base = baseSelect(db, tenantId, hideDemo);
  if (query.status) base = base.where('employees.status', '=', query.status);
  if (query.teamId) {
    const teamId = query.teamId;
    base = base.where('employees.id', 'in', (eb) =>
      eb.selectFrom('teamMembers').select('teamMembers.employeeId').where('teamMembers.teamId', '=', teamId),
    );
  }
  const page = await paginate(base, query, {
    orderBy: {
      name: { ref: 'employees.name', text: true },
      email: { ref: 'employees.email', text: true },
      employeeIdentificationNo: { ref: 'employees.employeeIdentificationNo', text: true },
      dateOfJoining: { ref: 'employees.dateOfJoining' },
      allocation: { ref: 'employees.allocation' },
      status: { ref: 'employees.status' },
      id: { ref: 'employees.id' },
      updatedAt: { ref: 'employees.updatedAt' },
    },
    search: ['employees.name', 'employees.email', 'employees.employeeIdentificationNo'],
    tieBreaker: 'employees.id',
  });
  return { items: await withRefs(db, tenantId, page.items), total: page.total };
}

export async function getEmployee(db: Db, tenantId: number, id: number): Promise<Employee | undefined> {
  const row = await baseSelect(db, tenantId, false).where('employees.id', '=', id).executeTakeFirst();
  return row ? (await withRefs(db, tenantId, [row]))[0] : undefined;
}

/** Ids that exist in the tenant, to refuse references to another tenant's roles or teams. */
export async function existingIds(
  db: Db,
  table: 'roles' | 'teams',
  tenantId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
