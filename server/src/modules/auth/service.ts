/**
 * Accounts: sign-in with lockout, self sign-up confirmed by an e-mail code, forgotten-password reset,
 * password change. Messages are the spec's. Unknown e-mail addresses cost the same time as wrong
 * passwords; the rate limits on these routes bound how fast anyone can probe for accounts.
 */
import { z } from 'zod';
import type { ClientKind, TenantPublic } from '../../../../shared/contracts/auth.js';
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { emailTexts } from '../../mail/language.js';
import { refuseCommonPassword } from '../../security/common-passwords.js';
import { burnVerifyTime, hashPassword, verifyPassword } from '../../security/passwords.js';
import { findTenantByEmail } from '../tenants/repository.js';
import { logoOf } from '../tenants/logo-path.js';
import { isBreakGlass, ssoLookup, ssoRequired } from '../sso/service.js';
import { CODE_TTL_MINUTES, consumeCode, createCode } from './codes.js';
import { revokeAllForEmployee, startSession } from './sessions.js';

export async function requireTenantForEmail(deps: Deps, email: string) {
  const tenant = await findTenantByEmail(deps.db, email);
  if (!tenant) throw errors.coded(403, 'EMAIL_DOMAIN_UNAUTHORIZED');
  return tenant;
}

/** The sign-in page's first step: the company of an address, or 404 when its domain has none. */
export async function lookupTenant(deps: Deps, email: string): Promise<TenantPublic> {
  const tenant = await findTenantByEmail(deps.db, email);
  if (!tenant) throw errors.coded(404, 'EMAIL_DOMAIN_UNAUTHORIZED');
  return {
    tenantId: tenant.id,
    name: tenant.name,
    emailDomain: tenant.emailDomain,
    logo: logoOf(tenant),
    ...(await ssoLookup(deps.db, tenant.id)),
  };
}

function findEmployee(deps: Deps, tenantId: number, email: string) {
  return deps.db
    .selectFrom('employees')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Takes one of the account's `lockoutThreshold` guesses before the password is checked, in one
 * conditional UPDATE, so parallel guesses cannot all read the same count: of N at once, at most the
 * threshold get a slot and the rest find the account locked. The slot that reaches the threshold locks the
 * account at once; if its password turns out right, the sign-in clears the lock again. A lapsed lock starts
 * a new count. Returns null while the account is locked, else whether this guess set the lock.
 */
async function reserveGuess(deps: Deps, employeeId: number): Promise<{ locks: boolean } | null> {
  const now = deps.now();
  const threshold = deps.config.lockoutThreshold;
  const until = new Date(now.getTime() + deps.config.lockoutMinutes * 60_000).toISOString();
  const row = await deps.db
    .updateTable('employees')
    .set((eb) => {
      const next = eb
        .case()
        .when('lockedUntil', 'is', null)
        .then(eb('failedSignIns', '+', 1))
        .else(eb.lit(1))
        .end();
      return {
        failedSignIns: next,
        lockedUntil: eb.case().when(next, '>=', threshold).then(until).else(null).end(),
      };
    })
    .where('id', '=', employeeId)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now.toISOString())]))
    .returning('failedSignIns')
    .executeTakeFirst();
  return row ? { locks: row.failedSignIns >= threshold } : null;
}

/** Only the mailbox owner learns that the account is locked: the sign-in answers never say so. */
function tellOwnerOfLock(deps: Deps, employee: { id: number; tenantId: number; email: string }) {
  const values = { threshold: deps.config.lockoutThreshold, minutes: deps.config.lockoutMinutes };
  deps.log.warn({ employeeId: employee.id }, 'account locked after repeated failed sign-ins');
  // Not awaited: a slow mail server must not make the locking answer slower than any other wrong guess.
  emailTexts(deps.db, employee.tenantId, employee.id)
    .then((t) =>
      deps.mailer.send({
        tenantId: employee.tenantId,
        to: employee.email,
        subject: t('lockNotice.subject'),
        text: t('lockNotice.body', values),
      }),
    )
    .catch((error: unknown) => deps.log.error({ err: error }, 'lock notice could not be sent'));
}

export async function signIn(deps: Deps, input: { email: string; password: string; client: ClientKind }) {
  const tenant = await requireTenantForEmail(deps, input.email);
  const employee = await findEmployee(deps, tenant.id, input.email);
  // Single sign-on required: no password is checked but a break-glass account's (docs/sso.md). An unknown
  // address answers the same, so the answer does not tell who has an account.
  if ((await ssoRequired(deps.db, tenant.id)) && !(employee && (await isBreakGlass(deps.db, tenant.id, employee.id)))) {
    await burnVerifyTime(input.password);
    throw errors.coded(403, 'SSO_REQUIRED');
  }
  const guess = employee?.passwordHash ? await reserveGuess(deps, employee.id) : null;
  // An unknown account and a locked one answer exactly like a wrong password, in the same time.
  if (!employee?.passwordHash || !guess) {
    await burnVerifyTime(input.password);
    throw errors.unauthenticated('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(employee.passwordHash, input.password))) {
    if (guess.locks) tellOwnerOfLock(deps, employee);
    throw errors.unauthenticated('INVALID_CREDENTIALS');
  }
  await deps.db
    .updateTable('employees')
    .set({ failedSignIns: 0, lockedUntil: null })
    .where('id', '=', employee.id)
    .execute();
  // Only someone who knows the password learns the account's state.
  if (!employee.emailConfirmed) throw errors.coded(403, 'ACCOUNT_NOT_CONFIRMED');
  if (employee.status !== 'active') throw errors.coded(403, 'ACCOUNT_INACTIVE');
  return startSession(deps, employee, input.client);
}

const signUpPayload = z.object({ name: z.string(), passwordHash: z.string() });

const codeSent = { codeSent: true as const, expiresInMinutes: CODE_TTL_MINUTES };

/**
 * Sign-up for anyone with the company's e-mail domain: an employee an admin already added (no password
 * yet) or a newcomer. Nothing changes until the code sent to the address is confirmed. An address that
 * already has an account, or an inactive one, gets the same answer (so the answer does not tell who has
 * an account) and its owner a notice instead of a code.
 */
export async function signUp(deps: Deps, input: { email: string; name: string; password: string }) {
  const tenant = await requireTenantForEmail(deps, input.email);
  refuseCommonPassword(input.password);
  const existing = await findEmployee(deps, tenant.id, input.email);
  // Hashed on every path, so the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  // An inactive account, or one already signed up: its owner gets a notice instead of a code. The keys are
  // written out whole so the catalogue check sees them in use.
  const notice =
    existing && existing.status !== 'active'
      ? ({ subject: 'signUpInactive.subject', body: 'signUpInactive.body' } as const)
      : existing?.passwordHash && existing.emailConfirmed
        ? ({ subject: 'signUpExisting.subject', body: 'signUpExisting.body' } as const)
        : null;
  if (existing && notice) {
    const t = await emailTexts(deps.db, tenant.id, existing.id);
    await deps.mailer.send({
      tenantId: tenant.id,
      to: input.email,
      subject: t(notice.subject, { company: tenant.name }),
      text: t(notice.body),
    });
    return codeSent;
  }
  const code = await createCode(deps, tenant.id, input.email, 'sign-up', { name: input.name, passwordHash });
  await sendSignUpCode(deps, tenant, input.email, code, existing?.id);
  return codeSent;
}

/** To an employee an admin added, in their language; to a newcomer, in the company's default. */
async function sendSignUpCode(
  deps: Deps,
  tenant: { id: number; name: string },
  to: string,
  code: { value: string; expiresAt: Date },
  employeeId?: number,
) {
  const t = await emailTexts(deps.db, tenant.id, employeeId);
  await deps.mailer.send({
    tenantId: tenant.id,
    to,
    subject: t('signUpCode.subject', { company: tenant.name }),
    text: t('signUpCode.body', { code: code.value, minutes: CODE_TTL_MINUTES }),
    secret: code,
  });
}

/** A new code for a pending sign-up; without one the same answer, and nothing is sent. */
export async function resendSignUpCode(deps: Deps, email: string) {
  const tenant = await requireTenantForEmail(deps, email);
  const pending = await deps.db
    .selectFrom('verificationCodes')
    .select('payload')
    .where('tenantId', '=', tenant.id)
    .where('email', '=', email)
    .where('purpose', '=', 'sign-up')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const payload = pending?.payload ? signUpPayload.safeParse(JSON.parse(pending.payload)) : null;
  if (!payload?.success) return codeSent;
  const code = await createCode(deps, tenant.id, email, 'sign-up', payload.data);
  await sendSignUpCode(deps, tenant, email, code, (await findEmployee(deps, tenant.id, email))?.id);
  return codeSent;
}

export async function confirmSignUp(deps: Deps, input: { email: string; code: string }) {
  const tenant = await requireTenantForEmail(deps, input.email);
  const payload = signUpPayload.parse(await consumeCode(deps, tenant.id, input.email, 'sign-up', input.code));
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('employees')
      .select(['id'])
      .where('tenantId', '=', tenant.id)
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('employees')
        .set({
          passwordHash: payload.passwordHash,
          emailConfirmed: 1,
          failedSignIns: 0,
          lockedUntil: null,
          updatedAt: now,
        })
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    const created = await trx
      .insertInto('employees')
      .values({
        tenantId: tenant.id,
        email: input.email,
        name: payload.name,
        status: 'active',
        allocation: 100,
        passwordHash: payload.passwordHash,
        emailConfirmed: 1,
        isSettingProfile: 0,
        isDemo: 0,
        failedSignIns: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const defaultRole = await trx
      .selectFrom('roles')
      .select('id')
      .where('tenantId', '=', tenant.id)
      .where('isDefault', '=', 1)
      .executeTakeFirst();
    if (defaultRole) {
      await trx
        .insertInto('employeeRoles')
        .values({ tenantId: tenant.id, employeeId: created.id, roleId: defaultRole.id })
        .execute();
    }
  });
}

export async function forgotPassword(deps: Deps, email: string) {
  const tenant = await requireTenantForEmail(deps, email);
  const employee = await findEmployee(deps, tenant.id, email);
  if (!employee || employee.status !== 'active') throw errors.coded(404, 'USER_NOT_FOUND');
  const code = await createCode(deps, tenant.id, email, 'reset-password');
  const t = await emailTexts(deps.db, tenant.id, employee.id);
  await deps.mailer.send({
    tenantId: tenant.id,
    to: email,
    subject: t('resetCode.subject'),
    text: t('resetCode.body', { code: code.value, minutes: CODE_TTL_MINUTES }),
    secret: code,
  });
  return codeSent;
}

export async function resetPassword(deps: Deps, input: { email: string; code: string; password: string }) {
  const tenant = await requireTenantForEmail(deps, input.email);
  // Before the code is used, so a refused password does not spend it.
  refuseCommonPassword(input.password);
  // An unknown address has no code, so it answers exactly like a wrong one.
  await consumeCode(deps, tenant.id, input.email, 'reset-password', input.code);
  const employee = await findEmployee(deps, tenant.id, input.email);
  if (!employee) throw errors.rule('INVALID_CODE');
  await deps.db
    .updateTable('employees')
    .set({
      passwordHash: await hashPassword(input.password),
      // The code proves the mailbox, so the address counts as confirmed.
      emailConfirmed: 1,
      failedSignIns: 0,
      lockedUntil: null,
      updatedAt: deps.now().toISOString(),
    })
    .where('id', '=', employee.id)
    .execute();
  await revokeAllForEmployee(deps, employee.id);
}

export async function changePassword(
  deps: Deps,
  who: { employeeId: number; familyId: string },
  input: { currentPassword: string; password: string },
) {
  refuseCommonPassword(input.password);
  const employee = await deps.db
    .selectFrom('employees')
    .select(['id', 'passwordHash'])
    .where('id', '=', who.employeeId)
    .executeTakeFirstOrThrow();
  if (!employee.passwordHash || !(await verifyPassword(employee.passwordHash, input.currentPassword))) {
    throw errors.rule('CURRENT_PASSWORD_INCORRECT');
  }
  await deps.db
    .updateTable('employees')
    .set({ passwordHash: await hashPassword(input.password), updatedAt: deps.now().toISOString() })
    .where('id', '=', employee.id)
    .execute();
  // Other devices must sign in again; this one keeps its session.
  await revokeAllForEmployee(deps, employee.id, who.familyId);
}
