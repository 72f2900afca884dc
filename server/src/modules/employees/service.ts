/** Adding and changing employees: uniqueness, the company domain, and no privilege escalation. */
import type { CreateEmployeeBody, UpdateEmployeeBody } from '../../../../shared/contracts/people.js';
import { emailDomain } from '../../../../shared/validation.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { getTenant } from '../tenants/repository.js';
import { existingIds, getEmployee } from './repository.js';
import { assertCanGrantRoles } from '../roles/guard.js';

type Input = UpdateEmployeeBody & { email?: string };

async function checkInput(deps: Deps, who: AuthContext, input: Input, targetId: number | null) {
  const tenant = await getTenant(deps.db, who.tenantId);
  if (input.email !== undefined && emailDomain(input.email) !== tenant.emailDomain) {
    throw errors.validation(
      [{ path: 'body.email', message: `Use an address at @${tenant.emailDomain}` }],
      'The e-mail address must belong to the company e-mail domain.',
    );
  }
  for (const [table, ids] of [
    ['roles', input.roleIds],
    ['teams', input.teamIds],
  ] as const) {
    if (!ids) continue;
    const found = await existingIds(deps.db, table, who.tenantId, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw errors.rule('UNKNOWN_REFERENCE', { [table]: missing });
  }
  if (input.roleIds) await assertCanGrantRoles(deps.db, who, input.roleIds, targetId);
}

async function duplicates(deps: Deps, tenantId: number, input: Input, exceptId: number | null) {
  for (const field of ['email', 'employeeIdentificationNo'] as const) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    let query = deps.db.selectFrom('employees').select('id').where('tenantId', '=', tenantId).where(field, '=', value);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) {
      const label = field === 'email' ? 'e-mail address' : 'employee ID';
      throw errors.conflict(`body.${field}`, `Another employee already has this ${label}.`);
    }
  }
}

async function replaceLinks(deps: Deps, tenantId: number, employeeId: number, input: Input, trx = deps.db) {
  if (input.roleIds) {
    await trx.deleteFrom('employeeRoles').where('employeeId', '=', employeeId).execute();
    if (input.roleIds.length > 0) {
      await trx
        .insertInto('employeeRoles')
        .values([...new Set(input.roleIds)].map((roleId) => ({ tenantId, employeeId, roleId })))
        .execute();
    }
  }
  if (input.teamIds) {
    await trx.deleteFrom('teamMembers').where('employeeId', '=', employeeId).execute();
    if (input.teamIds.length > 0) {
      await trx
        .insertInto('teamMembers')
        .values([...new Set(input.teamIds)].map((teamId) => ({ tenantId, employeeId, teamId })))
        .execute();
    }
  }
}

export async function createEmployee(deps: Deps, who: AuthContext, input: CreateEmployeeBody) {
  let roleIds = input.roleIds;
  if (!roleIds) {
    const role = await deps.db
      .selectFrom('roles')
      .select('id')
      .where('tenantId', '=', who.tenantId)
      .where('isDefault', '=', 1)
      .executeTakeFirst();
    roleIds = role ? [role.id] : [];
  }
  const full = { ...input, roleIds };
  await checkInput(deps, who, full, null);
  await duplicates(deps, who.tenantId, full, null);
  const now = deps.now().toISOString();
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('employees')
        .values({
          tenantId: who.tenantId,
          email: input.email,
          name: input.name,
          employeeIdentificationNo: input.employeeIdentificationNo ?? null,
          image: input.image ?? null,
          dateOfJoining: input.dateOfJoining ?? null,
          allocation: input.allocation ?? 100,
          status: 'active',
          // The employee sets a password through "Forgot password" or sign-up with the e-mailed code.
          passwordHash: null,
          emailConfirmed: 0,
          isSettingProfile: 0,
          isDemo: 0,
          failedSignIns: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceLinks(deps, who.tenantId, row.id, full, trx);
      return row.id;
    });
    return (await getEmployee(deps.db, who.tenantId, id))!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw errors.conflict('body.email', 'Another employee already has this e-mail address or employee ID.');
    throw error;
  }
}

export async function updateEmployee(deps: Deps, who: AuthContext, id: number, input: UpdateEmployeeBody) {
  const current = await getEmployee(deps.db, who.tenantId, id);
  if (!current) throw errors.notFound('Employee');
  await checkInput(deps, who, input, id);
  await duplicates(deps, who.tenantId, input, id);
  const { roleIds: _r, teamIds: _t, ...fields } = input;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('employees')
        .set({ ...fields, updatedAt: deps.now().toISOString() })
        .where('id', '=', id)
        .where('tenantId', '=', who.tenantId)
        .execute();
      await replaceLinks(deps, who.tenantId, id, input, trx);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw errors.conflict('body.email', 'Another employee already has this e-mail address or employee ID.');
    throw error;
  }
  return (await getEmployee(deps.db, who.tenantId, id))!;
}

export async function setEmployeeStatus(deps: Deps, who: AuthContext, id: number, status: 'active' | 'inactive') {
  const current = await getEmployee(deps.db, who.tenantId, id);
  if (!current) throw errors.notFound('Employee');
  if (id === who.employeeId && status === 'inactive') throw errors.rule('CANNOT_DEACTIVATE_SELF');
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('employees')
      .set({ status, updatedAt: now })
      .where('id', '=', id)
      .where('tenantId', '=', who.tenantId)
      .execute();
    // A deactivated employee is signed out everywhere.
    if (status === 'inactive') {
      await trx
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('employeeId', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
    }
  });
  return (await getEmployee(deps.db, who.tenantId, id))!;
}
