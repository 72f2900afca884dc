/**
 * Who approves whose leave. The PO stage belongs to the requester's product owner or team lead: an
 * active employee holding approve-leave and view-team-member-leave-requests who shares a team with the
 * requester. The HR stage belongs to anyone holding approve-leave and view-all-leave-requests. Nobody
 * approves their own request.
 */
import type { LeaveActor } from '../../../../shared/leave.js';
import type { Db } from '../../db/engine.js';
import type { AuthContext } from '../../http/access.js';
import { teammateIds } from '../teams/membership.js';

type Person = { id: number; name: string };

async function holdersOf(db: Db, tenantId: number, permissions: string[]): Promise<Person[]> {
  const rows = await db
    .selectFrom('employees')
    .innerJoin('employeeRoles', 'employeeRoles.employeeId', 'employees.id')
    .innerJoin('roleGrants', 'roleGrants.roleId', 'employeeRoles.roleId')
    .select(['employees.id', 'employees.name', 'roleGrants.name as permission'])
    .where('employees.tenantId', '=', tenantId)
    .where('employees.status', '=', 'active')
    .where('roleGrants.kind', '=', 'permission')
    .where('roleGrants.name', 'in', permissions)
    .execute();
  const byPerson = new Map<number, { name: string; held: Set<string> }>();
  for (const r of rows) {
    const entry = byPerson.get(r.id) ?? { name: r.name, held: new Set<string>() };
    entry.held.add(r.permission);
    byPerson.set(r.id, entry);
  }
  return [...byPerson.entries()]
    .filter(([, e]) => permissions.every((p) => e.held.has(p)))
    .map(([id, e]) => ({ id, name: e.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function approversFor(
  db: Db,
  tenantId: number,
  employeeId: number,
): Promise<{ po: Person[]; hr: Person[] }> {
  const mates = await teammateIds(db, tenantId, employeeId);
  const po = (await holdersOf(db, tenantId, ['approve-leave', 'view-team-member-leave-requests'])).filter(
    (p) => p.id !== employeeId && mates.has(p.id),
  );
  const hr = (await holdersOf(db, tenantId, ['approve-leave', 'view-all-leave-requests'])).filter(
    (p) => p.id !== employeeId,
  );
  return { po, hr };
}

/** The roles in which the caller may act on a request of `requesterId`. */
export async function actorsFor(db: Db, who: AuthContext, requesterId: number): Promise<LeaveActor[]> {
  if (who.employeeId === requesterId) return ['requester'];
  const actors: LeaveActor[] = [];
  if (!who.permissions.has('approve-leave')) return actors;
  if (
    who.permissions.has('view-team-member-leave-requests') &&
    (await teammateIds(db, who.tenantId, requesterId)).has(who.employeeId)
  ) {
    actors.push('po');
  }
  if (who.permissions.has('view-all-leave-requests')) actors.push('hr');
  return actors;
}
