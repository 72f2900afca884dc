/** Six-digit e-mail codes for sign-up, password reset and e-mail change: 15 minutes, 5 attempts. */
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { newVerificationCode, safeEqualHex } from '../../security/tokens.js';

export const CODE_TTL_MINUTES = 15;
const MAX_ATTEMPTS = 5;

type Purpose = 'sign-up' | 'reset-password' | 'change-email';

export async function createCode(
  deps: Deps,
  tenantId: number,
  email: string,
  purpose: Purpose,
  payload: unknown = null,
): Promise<{ value: string; expiresAt: Date }> {
  const now = deps.now();
  const code = newVerificationCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest code is valid.
    await trx
      .updateTable('verificationCodes')
      .set({ consumedAt: now.toISOString() })
      .where('tenantId', '=', tenantId)
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('consumedAt', 'is', null)
      .execute();
    await trx
      .insertInto('verificationCodes')
      .values({
        tenantId,
        email,
        purpose,
        codeHash: deps.tokens.hashCode(code),
        payload: payload === null ? null : JSON.stringify(payload),
        attempts: 0,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      })
      .execute();
  });
  return { value: code, expiresAt };
}

/**
 * Consumes the code or throws INVALID_CODE; every guess counts against the code. Returns its payload. A guess
 * first takes one of the code's MAX_ATTEMPTS slots in one conditional UPDATE, before it is compared, so
 * parallel guesses cannot all read the same count: of any number at once, at most MAX_ATTEMPTS are compared.
 */
export async function consumeCode(
  deps: Deps,
  tenantId: number,
  email: string,
  purpose: Purpose,
  code: string,
): Promise<unknown> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('verificationCodes')
    .select(['id', 'codeHash', 'expiresAt', 'payload'])
    .where('tenantId', '=', tenantId)
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt) <= now) throw errors.rule('INVALID_CODE');
  const slot = await deps.db
    .updateTable('verificationCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  if (Number(slot.numUpdatedRows) !== 1) throw errors.rule('INVALID_CODE');
  if (!safeEqualHex(row.codeHash, deps.tokens.hashCode(code))) throw errors.rule('INVALID_CODE');
  const result = await deps.db
    .updateTable('verificationCodes')
    .set({ consumedAt: now.toISOString() })
    .where('id', '=', row.id)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw errors.rule('INVALID_CODE');
  return row.payload === null ? null : (JSON.parse(row.payload) as unknown);
}
