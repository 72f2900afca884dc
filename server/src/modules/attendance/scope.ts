/**
 * Whose attendance a caller may see or change: their own (view-attendance / edit-attendance, edits
 * within attendence_edit_allow_limit days), their team members' (…-team-attendance: employees who share
 * a team with them), or anyone's in the tenant (…-all-attendance). The decision is the policy module's
 * (server/src/policy/scope.ts, families 'attendance-view' and 'attendance-edit'); the edit limit is
 * attendance's own rule.
 */
import { requireShown } from '../../policy/demo.js';
import { addDays } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';

type Kind = 'view' | 'edit';
const FAMILY = { view: 'attendance-view', edit: 'attendance-edit' } as const;

/**
 * Resolves the employee a request is about (the caller when none is named) and checks the caller may act
 * on them: 404 for an unknown employee, 403 naming the missing permission. `limited`: an edit of one's
 * own days under edit-attendance, where the edit limit applies (edit-all-attendance lifts it; a team
 * permission does not, for oneself). `certifies`: the caller edits with team or company reach over the
 * employee, which setting work from office by hand needs (shared/attendance-rules#checkWfoChange): a caller
 * editing their own days at the own level cannot certify them.
 */
export async function authorizeFor(
  ctx: RequestContext,
  kind: Kind,
  employeeId: number | undefined,
): Promise<{ employeeId: number; own: boolean; limited: boolean; certifies: boolean }> {
  const target = employeeId ?? ctx.caller.employeeId;
  const level = await ctx.repo(policyRepository).authorizeEmployee(FAMILY[kind], ctx.caller, target);
  await requireShown(ctx, target);
  return {
    employeeId: target,
    own: target === ctx.caller.employeeId,
    limited: kind === 'edit' && level === 'own',
    certifies: kind === 'edit' && level !== 'own',
  };
}

/** Own edits may only touch days no older than the tenant's attendence_edit_allow_limit. */
export function assertWithinEditLimit(date: string, today: string, limitDays: number): void {
  if (date < addDays(today, -limitDays)) throw errors.rule('EDIT_LIMIT_PASSED', { limitDays });
}
