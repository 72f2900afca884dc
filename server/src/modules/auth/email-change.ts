/**
 * A changed e-mail address is confirmed from the new mailbox before it is used (docs/security.md, "E-mail
 * change"). Whoever may change the account (employees/service.ts, the hierarchy) sets a pending address:
 * a code goes to the new address and a notice to the old one, and sign-in and password reset keep using
 * the old address. Whoever holds the new mailbox confirms with the code; then the address changes and every
 * session of the account ends.
 */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { uniqueOr } from '../../db/errors.js';
import { errors } from '../../http/errors.js';
import { emailTexts } from '../../mail/language.js';
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
  // Both mailboxes belong to the same person: both e-mails are in their language.
  const t = await emailTexts(deps.db, tenantId, employee.id);
  await deps.mailer.send({
    tenantId,
    to: newEmail,
    subject: t('emailChangeCode.subject'),
    text: t('emailChangeCode.body', { oldEmail: employee.email, code: code.value, minutes: CODE_TTL_MINUTES }),
    secret: code,
  });
  await deps.mailer.send({
    tenantId,
    to: employee.email,
    subject: t('emailChangeNotice.subject'),
    text: t('emailChangeNotice.body', { newEmail }),
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
    () => errors.conflict('body.email', V.emailTaken),
  );
  // Cancelled or replaced by a later change since the code was sent, even while this request ran: nothing
  // changed, so no session ends and no notice goes out.
  if (Number(changed.numUpdatedRows) !== 1) throw errors.rule('INVALID_CODE');
  await revokeAllForEmployee(deps, employee.id);
  const t = await emailTexts(deps.db, tenant.id, employee.id);
  await deps.mailer.send({
    tenantId: tenant.id,
    to: employee.email,
    subject: t('emailChanged.subject'),
    text: t('emailChanged.body', { newEmail: input.email }),
  });
}
