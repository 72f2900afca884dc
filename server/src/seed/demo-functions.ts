/**
 * The demo company's functions (Function Setup), drawn from its teams and roles: an employee may be in
 * several (a product owner of the Web team is in Engineering and in Product). Demo rows: hidden when the
 * company switches demo data off.
 */
import type { Db } from '../db/engine.js';

const FUNCTIONS: { name: string; description: string; teams: string[]; roles: string[]; every?: number }[] = [
  {
    name: 'Engineering',
    description: 'Everyone who builds and runs the product.',
    teams: ['Platform', 'Mobile', 'Web', 'Data'],
    roles: [],
  },
  { name: 'Design', description: 'Product, interaction and brand design.', teams: ['Design'], roles: [] },
  {
    name: 'Quality Assurance',
    description: 'Testing, release checks and quality coaching.',
    teams: ['Mobile', 'Web'],
    roles: [],
    every: 3,
  },
  {
    name: 'Product',
    description: 'Product owners and the people who shape the roadmap.',
    teams: [],
    roles: ['Product Owner'],
  },
  { name: 'People Operations', description: 'HR, hiring and workplace.', teams: ['People Ops'], roles: ['HR'] },
];

export async function seedDemoFunctions(db: Db, tenantId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const byTeam = await db
    .selectFrom('teamMembers as m')
    .innerJoin('teams as t', 't.id', 'm.teamId')
    .select(['t.name', 'm.employeeId'])
    .where('m.tenantId', '=', tenantId)
    .orderBy('m.employeeId')
    .execute();
  const byRole = await db
    .selectFrom('employeeRoles as er')
    .innerJoin('roles as r', 'r.id', 'er.roleId')
    .select(['r.name', 'er.employeeId'])
    .where('er.tenantId', '=', tenantId)
    .orderBy('er.employeeId')
    .execute();
  for (const fn of FUNCTIONS) {
    const fromTeams = byTeam.filter((m) => fn.teams.includes(m.name)).map((m) => m.employeeId);
    const picked = fn.every ? fromTeams.filter((_, i) => i % fn.every! === 0) : fromTeams;
    const fromRoles = byRole.filter((r) => fn.roles.includes(r.name)).map((r) => r.employeeId);
    const members = [...new Set([...picked, ...fromRoles])];
    const row = await db
      .insertInto('functions')
      .values({ tenantId, name: fn.name, description: fn.description, isDemo: 1, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (members.length > 0)
      await db
        .insertInto('functionMembers')
        .values(members.map((employeeId) => ({ tenantId, functionId: row.id, employeeId })))
        .execute();
  }
}
