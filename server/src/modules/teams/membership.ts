/**
 * "Team members" of an employee (feedback spec §6): the employees who share a team with them, the
 * employee included. Every team-scoped rule (attendance, leave, approvers, calendars) asks here. Only active
 * teams count: a deactivated team keeps its members but links nobody (docs/workforce.md, "Teams").
 */
import type { Db } from '../../db/engine.js';

/** A subquery of the employee ids sharing a team with `employeeId`, for `where(col, 'in', …)`. */
export function teammatesQuery(db: Db, tenantId: number, employeeId: number) {
  return db
    .selectFrom('teamMembers as mine')
    .innerJoin('teamMembers as theirs', 'theirs.teamId', 'mine.teamId')
    .innerJoin('teams as shared', 'shared.id', 'mine.teamId')
    .select('theirs.employeeId')
    .where('mine.tenantId', '=', tenantId)
    .where('shared.isActive', '=', 1)
    .where('mine.employeeId', '=', employeeId);
}

export async function teammateIds(db: Db, tenantId: number, employeeId: number): Promise<Set<number>> {
  const rows = await teammatesQuery(db, tenantId, employeeId).execute();
  return new Set(rows.map((r) => r.employeeId));
}

export async function sharesTeam(db: Db, tenantId: number, a: number, b: number): Promise<boolean> {
  const row = await teammatesQuery(db, tenantId, a).where('theirs.employeeId', '=', b).executeTakeFirst();
  return row !== undefined;
}
