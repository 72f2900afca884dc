/**
 * Invitations (docs/security.md "Invitations"): adding an employee e-mails them a link to set their first
 * password. The link carries a random token (32 bytes) of which only its HMAC is stored, in the e-mailed
 * codes' table under the purpose `invitation`; it works once, for INVITATION_TTL_DAYS, and a new invitation
 * deletes the person's earlier ones, so an old link then reads as unknown. A tenant that signs in by single
 * sign-on only gets no invitation: its people sign in with their identity provider.
 */
import { randomBytes } from 'node:crypto';
import type { InvitationState } from '../../../../shared/contracts/people.js';
import type { Db } from '../../db/engine.js';
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { emailTexts } from '../../mail/language.js';
import { refuseCommonPassword } from '../../security/common-passwords.js';
import { hashPassword } from '../../security/passwords.js';
import { ssoRequired } from '../sso/service.js';
import { revokeAllForEmployee } from './sessions.js';

export const INVITATION_TTL_DAYS = 7;
/**
 * Where the renderer's set-password page is. The token follows in the fragment as `#token=…`: a browser never
 * sends the fragment to a server, and the log's redaction masks `token=…` wherever it appears.
 */
export const INVITATION_PATH = '/invitation';
const PURPOSE = 'invitation';

/**
 * Invites an employee: replaces their earlier invitations and e-mails a new link. Answers false, sending
 * nothing, when the tenant signs in by single sign-on only.
 */
export async function sendInvitation(
  deps: Deps,
  tenantId: number,
  employee: { id: number; email: string },
  requestOrigin: string,
): Promise<boolean> {
  if (await ssoRequired(deps.db, tenantId)) return false;
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('verificationCodes')
      .where('tenantId', '=', tenantId)
      .where('email', '=', employee.email)
      .where('purpose', '=', PURPOSE)
      .execute();
    await trx
      .insertInto('verificationCodes')
      .values({
        tenantId,
        email: employee.email,
        purpose: PURPOSE,
        codeHash: deps.tokens.hashCode(token),
        payload: null,
        attempts: 0,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      })
      .execute();
  });
  const tenant = await deps.db
    .selectFrom('tenants')
    .select('name')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const t = await emailTexts(deps.db, tenantId, employee.id);
  const url = `${deps.config.publicUrl ?? requestOrigin}${INVITATION_PATH}#token=${token}`;
  await deps.mailer.send({
    tenantId,
    to: employee.email,
    subject: t('invitation.subject', { company: tenant.name }),
    text: t('invitation.body', { company: tenant.name, url, days: INVITATION_TTL_DAYS, email: employee.email }),
    secret: { value: token, expiresAt },
  });
  return true;
}

/** Each employee's account state: active (has a password or has signed in), else their invitation's. */
export async function invitationStates(
  db: Db,
  tenantId: number,
  employees: readonly { id: number; email: string }[],
  now: Date,
): Promise<Map<number, InvitationState>> {
  const states = new Map<number, InvitationState>();
  if (employees.length === 0) return states;
  const ids = employees.map((e) => e.id);
  const [accounts, sessions, invitations] = await Promise.all([
    db
      .selectFrom('employees')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .where('passwordHash', 'is not', null)
      .execute(),
    db
      .selectFrom('refreshTokens')
      .select('employeeId')
      .distinct()
      .where('tenantId', '=', tenantId)
      .where('employeeId', 'in', ids)
      .execute(),
    db
      .selectFrom('verificationCodes')
      .select(['email', 'expiresAt', 'consumedAt'])
      .where('tenantId', '=', tenantId)
      .where('purpose', '=', PURPOSE)
      .where(
        'email',
        'in',
        employees.map((e) => e.email),
      )
      .execute(),
  ]);
  const active = new Set([...accounts.map((r) => r.id), ...sessions.map((r) => r.employeeId)]);
  const byEmail = new Map(invitations.map((r) => [r.email, r]));
  for (const employee of employees) {
    const invitation = byEmail.get(employee.email);
    states.set(
      employee.id,
      active.has(employee.id)
        ? 'active'
        : !invitation || invitation.consumedAt !== null
          ? 'none'
          : new Date(invitation.expiresAt) <= now
            ? 'expired'
            : 'pending',
    );
  }
  return states;
}

/** The invitation of a token, or the reason it cannot be used: unknown (or replaced), used, expired. */
async function findInvitation(deps: Deps, token: string) {
  const row = await deps.db
    .selectFrom('verificationCodes')
    .select(['id', 'tenantId', 'email', 'expiresAt', 'consumedAt'])
    .where('purpose', '=', PURPOSE)
    .where('codeHash', '=', deps.tokens.hashCode(token))
    .executeTakeFirst();
  if (!row) throw errors.rule('INVITATION_INVALID');
  if (row.consumedAt !== null) throw errors.rule('INVITATION_USED');
  if (new Date(row.expiresAt) <= deps.now()) throw errors.rule('INVITATION_EXPIRED');
  const employee = await deps.db
    .selectFrom('employees')
    .select(['id', 'name', 'email', 'status'])
    .where('tenantId', '=', row.tenantId)
    .where('email', '=', row.email)
    .executeTakeFirst();
  if (!employee) throw errors.rule('INVITATION_INVALID');
  if (employee.status !== 'active') throw errors.coded(403, 'ACCOUNT_INACTIVE');
  return { row, employee };
}

/** What the set-password page shows before the password is typed: whose invitation, until when. */
export async function checkInvitation(deps: Deps, token: string) {
  const { row, employee } = await findInvitation(deps, token);
  const tenant = await deps.db
    .selectFrom('tenants')
    .select('name')
    .where('id', '=', row.tenantId)
    .executeTakeFirstOrThrow();
  return { email: employee.email, name: employee.name, company: tenant.name, expiresAt: row.expiresAt };
}

/** Sets the invitee's first password and spends the invitation; they then sign in as usual. */
export async function acceptInvitation(deps: Deps, input: { token: string; password: string }) {
  // Before the invitation is spent, so a refused password does not use it.
  refuseCommonPassword(input.password);
  const { row, employee } = await findInvitation(deps, input.token);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // Conditional, so two submits of one link at once cannot both set a password.
    const spent = await trx
      .updateTable('verificationCodes')
      .set({ consumedAt: now })
      .where('id', '=', row.id)
      .where('consumedAt', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw errors.rule('INVITATION_USED');
    await trx
      .updateTable('employees')
      .set({ passwordHash, emailConfirmed: 1, failedSignIns: 0, lockedUntil: null, updatedAt: now })
      .where('id', '=', employee.id)
      .execute();
  });
  await revokeAllForEmployee(deps, employee.id);
  return { email: employee.email };
}
