/**
 * Whose leave a caller may read: their own, their team members', or everyone's in the tenant. The
 * decision is the policy module's 'leave-read' family (server/src/policy/scope.ts); this file keeps the
 * leave routes' entry points.
 */
import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../http/access.js';
import { policyRepository } from '../../policy/repository.js';

/** The 'leave-read' family's permissions, own to all (a test keeps them equal). */
export const READ_ACCESS = [
  'view-leave-requests',
  'view-team-member-leave-requests',
  'view-all-leave-requests',
  'view-all-employee-leave-requests',
] as const;

/** 404 when the tenant has no such employee; 403 when the caller may not read their leave. */
export async function assertMayRead(deps: Deps, who: AuthContext, employeeId: number): Promise<void> {
  await policyRepository({ db: deps.db, tenantId: who.tenantId, now: deps.now }).authorizeEmployee(
    'leave-read',
    who,
    employeeId,
  );
}
