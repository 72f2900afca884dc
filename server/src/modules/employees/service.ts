/**
 * Adding and changing employees: uniqueness, the company domain, and the account hierarchy (roles/guard.ts:
 * no granting beyond one's own permissions, no changing the e-mail, roles or status of someone above
 * oneself, never losing the last account holding every permission). A new e-mail address waits for the
 * code sent to it (auth/email-change.ts).
 */
import type {
  CreateEmployeeBody,
  EmployeeImageBody,
  EmployeeStatus,
  UpdateEmployeeBody,
} from '../../../../shared/contracts/people.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../../../shared/images.js';
import { localDate } from '../../../../shared/time.js';
import { emailDomain } from '../../../../shared/validation.js';
import { uniqueOr } from '../../db/errors.js';
import { requireShown } from '../../policy/demo.js';
import type { RequestContext, TenantBound } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { sendEmailChangeCode } from '../auth/email-change.js';
import { sendInvitation } from '../auth/invitations.js';
import { ssoRequired } from '../sso/service.js';
import { assertCanGrantRoles, assertOutranks, keepingFullAccount } from '../roles/guard.js';
import { roleRepository } from '../roles/repository.js';
import { employeeRepository } from './repository.js';

type Input = UpdateEmployeeBody & { email?: string };

/** Both unique columns share one message: the database does not say which one it refused. */
const duplicate = () => errors.conflict('body.email', V.emailOrEmployeeIdTaken);

async function checkInput(ctx: RequestContext, input: Input, targetId: number | null) {
  const employees = ctx.repo(employeeRepository);
  const domain = await employees.emailDomain();
  if (input.email !== undefined && emailDomain(input.email) !== domain) {
    throw errors.validation(
      [{ path: 'body.email', message: V.emailAtDomain.replace('{{domain}}', domain) }],
      'The e-mail address must belong to the company e-mail domain.',
    );
  }
  for (const [table, ids] of [
    ['roles', input.roleIds],
    ['teams', input.teamIds],
  ] as const) {
    if (!ids) continue;
    const found = await employees.existingIds(table, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw errors.rule('UNKNOWN_REFERENCE', { [table]: missing });
  }
  if (input.roleIds) await assertCanGrantRoles(ctx.repo(roleRepository), ctx.caller, input.roleIds, targetId);
}

async function refuseDuplicates(ctx: RequestContext, input: Input, exceptId: number | null) {
  for (const field of ['email', 'employeeIdentificationNo'] as const) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (await ctx.repo(employeeRepository).isTaken(field, value, exceptId)) {
      throw errors.conflict(`body.${field}`, field === 'email' ? V.emailTaken : V.employeeIdTaken);
    }
  }
}

/**
 * The manager chosen for `employeeId` (null: a new employee): an active employee of the same tenant (not a
 * demo person while demo data is off), not themself, and not someone they manage directly or through others. Run
 * inside the write's transaction, after lockManagerChanges, so concurrent changes cannot build a cycle between them.
 */
async function checkManager(tx: TenantBound, employeeId: number | null, managerId: number) {
  const employees = tx.repo(employeeRepository);
  const refuse = (message: string) => errors.validation([{ path: 'body.managerId', message }]);
  if (managerId === employeeId) throw refuse(V.managerSelf);
  await employees.lockManagerChanges();
  const manager = await employees.managerCandidate(managerId, (await tx.settings()).isDemoDataDisabled);
  if (!manager) throw refuse(V.managerUnknown);
  if (manager.status !== 'active') throw refuse(V.managerInactive);
  if (employeeId !== null && (await employees.isInChainAbove(managerId, employeeId))) throw refuse(V.managerCycle);
}

/**
 * Without chosen roles, the new employee gets the tenant's default role; without a joining date, today's.
 * They are e-mailed an invitation to set their password (auth/invitations.ts), unless the company signs in
 * by single sign-on only.
 */
export async function createEmployee(ctx: RequestContext, input: CreateEmployeeBody, requestOrigin: string) {
  let roleIds = input.roleIds;
  if (!roleIds) {
    const defaultRole = await ctx.repo(roleRepository).defaultRoleId();
    roleIds = defaultRole === undefined ? [] : [defaultRole];
  }
  const full = { ...input, roleIds };
  await checkInput(ctx, full, null);
  await refuseDuplicates(ctx, full, null);
  // Without a joining date the person joins on the day they are added, so that the figures do not count
  // them absent for the days before (docs/workforce.md "Working and absent days").
  const dateOfJoining = input.dateOfJoining ?? localDate(ctx.now(), (await ctx.settings()).tenant_timezone);
  const id = await uniqueOr(
    ctx.transaction(async (tx) => {
      const employees = tx.repo(employeeRepository);
      if (input.managerId != null) await checkManager(tx, null, input.managerId);
      const newId = await employees.insert({ ...input, dateOfJoining });
      await employees.replaceLinks(newId, full);
      return newId;
    }),
    duplicate,
  );
  await sendInvitation(ctx.deps, ctx.tenantId, { id, email: input.email }, requestOrigin);
  return ctx.repo(employeeRepository).get(id);
}

/**
 * The employee `id` as the directory shows them: 404 for another company's id, and for a demo person's while
 * demo data is off (docs/workforce.md), to read them and to change them alike.
 */
export async function shownEmployee(ctx: RequestContext, id: number) {
  const employee = await ctx.repo(employeeRepository).get(id);
  await requireShown(ctx, id);
  return employee;
}

/**
 * A new invitation for someone who has not set a password nor signed in yet; their earlier link stops
 * working. Not for someone holding a permission the caller lacks, an inactive employee, nor in a company
 * that signs in by single sign-on only.
 */
export async function resendInvitation(ctx: RequestContext, id: number, requestOrigin: string) {
  const employee = await shownEmployee(ctx, id);
  await assertOutranks(ctx.repo(roleRepository), ctx.caller, id);
  if (employee.status !== 'active') throw errors.coded(409, 'ACCOUNT_INACTIVE');
  if (employee.invitation === 'active') throw errors.coded(409, 'INVITATION_ACCEPTED');
  if (await ssoRequired(ctx.deps.db, ctx.tenantId)) throw errors.coded(409, 'INVITATION_SSO_ONLY');
  await sendInvitation(ctx.deps, ctx.tenantId, employee, requestOrigin);
  return ctx.repo(employeeRepository).get(id);
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/**
 * roleIds and teamIds, when given, replace the current sets. Fields sent with their current value are no
 * change (the dialog sends the whole form), so they need no more right than editing a name. A different
 * e-mail is stored as pending and confirmed from the new mailbox; the current one cancels a pending change.
 */
export async function updateEmployee(ctx: RequestContext, id: number, input: UpdateEmployeeBody) {
  const current = await shownEmployee(ctx, id);
  const { roleIds: _r, teamIds: _t, email: _e, ...fields } = input;
  const email = input.email;
  const newEmail = email !== undefined && email !== current.email ? email : undefined;
  const rolesChange =
    input.roleIds !== undefined &&
    !sameSet(
      input.roleIds,
      current.roles.map((r) => r.id),
    );
  if (newEmail !== undefined || rolesChange) await assertOutranks(ctx.repo(roleRepository), ctx.caller, id);
  const changes: Input = { ...input, email: newEmail, roleIds: rolesChange ? input.roleIds : undefined };
  await checkInput(ctx, changes, id);
  await refuseDuplicates(ctx, changes, id);
  await uniqueOr(
    ctx.transaction((tx) =>
      keepingFullAccount(tx, async () => {
        const employees = tx.repo(employeeRepository);
        // Only a change is checked: keeping a manager who has since left is not refused with the rest.
        if (fields.managerId != null && fields.managerId !== current.manager?.id)
          await checkManager(tx, id, fields.managerId);
        await employees.update(id, fields);
        await employees.replaceLinks(id, changes);
        if (newEmail !== undefined) await employees.setPendingEmail(id, newEmail);
        else if (email !== undefined && current.pendingEmail !== null) await employees.setPendingEmail(id, null);
      }),
    ),
    duplicate,
  );
  if (newEmail !== undefined) await sendEmailChangeCode(ctx.deps, ctx.tenantId, current, newEmail);
  return ctx.repo(employeeRepository).get(id);
}

/**
 * Stores an uploaded picture. The bytes decide: they must be the type named (by their magic numbers) and
 * at most 2 MiB, so HTML, SVG or a script named image/png is refused (docs/security.md).
 */
export async function uploadEmployeeImage(ctx: RequestContext, id: number, body: EmployeeImageBody) {
  const employees = ctx.repo(employeeRepository);
  await shownEmployee(ctx, id);
  const data = Buffer.from(body.data, 'base64');
  if (data.length > MAX_IMAGE_BYTES) throw errors.validation([{ path: 'body.data', message: V.pictureSize }]);
  if (sniffImageType(data) !== body.contentType)
    throw errors.validation([{ path: 'body.data', message: V.pictureMismatch.replace('{{type}}', body.contentType) }]);
  await ctx.transaction((tx) => tx.repo(employeeRepository).setImage(id, body.contentType, data));
  return employees.get(id);
}

/**
 * Nobody deactivates themselves, nor changes the status of someone above them, nor deactivates the last
 * active account holding every permission; a deactivated employee is signed out everywhere.
 */
export async function setEmployeeStatus(ctx: RequestContext, id: number, status: EmployeeStatus) {
  const current = await shownEmployee(ctx, id);
  if (id === ctx.caller.employeeId && status === 'inactive') throw errors.rule('CANNOT_DEACTIVATE_SELF');
  if (status !== current.status) await assertOutranks(ctx.repo(roleRepository), ctx.caller, id);
  await ctx.transaction((tx) => keepingFullAccount(tx, () => tx.repo(employeeRepository).setStatus(id, status)));
  return ctx.repo(employeeRepository).get(id);
}
