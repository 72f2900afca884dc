/**
 * A changed e-mail address is confirmed from the new mailbox before it is used (docs/security.md, "E-mail
 * change"). Whoever may change the account (employees/service.ts, the hierarchy) sets a pending address:
 * a code goes to the new address and a notice to the old one, and sign-in and password reset keep using
 * the old address. Whoever holds the new mailbox confirms with the code; then the address changes and every
 * session of the account ends.
 */
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { uniqueOr } from '../../db/errors.js';
import { errors } from '../../http/errors.js';
import { CODE_TTL_MINUTES, consumeCode, createCode } from './codes.js';
import { requireTenantForEmail } from './service.js';
import { revokeAllForEmployee } from './sessions.js';

const payloadSchema = z.object({ employeeId: z.number().int() });

/** Mails the code to the new address and the notice to the old one. The pending address is already stored. */
export async function sendEmailChangeCode(
  deps: Deps,
  tenantId: number,
  employee: { id: number; email: string },
  newEmail: string,
) {
  const code = await createCode(deps, tenantId, newEmail, 'change-email', { employeeId: employee.id });
  await deps.mailer.send({
    tenantId,
    to: newEmail,
    subject: 'Confirm your new Teambeat e-mail address',
    text:
      `Your Teambeat account (${employee.email}) is being moved to this address. Your confirmation code is ${code.value}. ` +
      `It expires in ${CODE_TTL_MINUTES} minutes: enter it under "Confirm a new e-mail" on the Teambeat sign-in ` +
      `page. Until you confirm, sign in with ${employee.email}.`,
    secret: code,
  });
  await deps.mailer.send({
    tenantId,
    to: employee.email,
    subject: 'Your Teambeat e-mail address is being changed',
    text:
      `An administrator asked to change the e-mail address of your Teambeat account to ${newEmail}. ` +
      'It changes once the code sent there is confirmed, and you will then be signed out everywhere. ' +
      'If you did not expect this, contact your administrator.',
  });
}

/** The new mailbox's code: the address changes, the account is signed out everywhere, the old address told. */
export async function confirmEmailChange(deps: Deps, input: { email: string; code: string }) {
  const tenant = await requireTenantForEmail(deps, input.email);
  const payload = payloadSchema.safeParse(await consumeCode(deps, tenant.id, input.email, 'change-email', input.code));
  if (!payload.success) throw errors.rule('INVALID_CODE');
  const employee = await deps.db
    .selectFrom('employees')
    .select(['id', 'email'])
    .where('tenantId', '=', tenant.id)
    .where('id', '=', payload.data.employeeId)
    .executeTakeFirst();
  if (!employee) throw errors.rule('INVALID_CODE');
  const changed = await uniqueOr(
    deps.db
      .updateTable('employees')
      .set({
        email: input.email,
        pendingEmail: null,
        // The code proves the mailbox.
        emailConfirmed: 1,
        failedSignIns: 0,
        lockedUntil: null,
        updatedAt: deps.now().toISOString(),
      })
      .where('id', '=', employee.id)
      .where('pendingEmail', '=', input.email)
      .executeTakeFirst(),
    () => errors.conflict('body.email', 'Another employee already has this e-mail address.'),
  );
  // Cancelled or replaced by a later change since the code was sent, even while this request ran: nothing
  // changed, so no session ends and no notice goes out.
  if (Number(changed.numUpdatedRows) !== 1) throw errors.rule('INVALID_CODE');
  await revokeAllForEmployee(deps, employee.id);
  await deps.mailer.send({
    tenantId: tenant.id,
    to: employee.email,
    subject: 'Your Teambeat e-mail address was changed',
    text: `Your Teambeat account now signs in with ${input.email}; every session of it has ended.`,
  });
}
