/**
 * Single sign-on with OpenID Connect (docs/sso.md). Start: a pending request holding state, nonce and PKCE
 * verifier (server-side, single use, SSO_REQUEST_TTL_MINUTES), bound to the browser by a cookie or to the
 * desktop by a hand-off challenge. Callback: the state is claimed once, the code exchanged and the id token
 * verified by openid-client, the e-mail must be verified, at the tenant's domain, and an active employee's.
 * The web then gets a normal session; the desktop a one-time hand-off code that only the holder of the
 * challenge's verifier can exchange.
 */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SsoSettings, UpdateSsoSettingsBody } from '../../../../shared/contracts/sso.js';
import type { ClientKind } from '../../../../shared/contracts/auth.js';
import type { ErrorCode } from '../../../../shared/messages.js';
import { PERMISSION_NAMES } from '../../../../shared/permissions.js';
import { emailDomainOf, SSO_HANDOFF_TTL_SECONDS, SSO_REQUEST_TTL_MINUTES } from '../../../../shared/sso.js';
import { normalizeEmail } from '../../../../shared/validation.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import type { TenantSsoTable } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { permissionsOf } from '../roles/repository.js';
import { findTenantByEmail } from '../tenants/repository.js';
import { startSession, type IssuedSession } from '../auth/sessions.js';
import { authorizationUrl, providerConfig, verifiedClaims, type ProviderSettings } from './oidc.js';
import type { ssoRepository } from './repository.js';
import type { Selectable } from 'kysely';

export const CALLBACK_PATH = '/api/auth/sso/callback';
/** The deep link the desktop registers (electron/sso-flow.ts). */
export const DESKTOP_RETURN = 'teambeat://sso';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const secretContext = (tenantId: number) => `tenant-sso:${tenantId}`;

type SsoRow = Selectable<TenantSsoTable>;

function providerOf(deps: Deps, row: SsoRow): ProviderSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: deps.secretBox.open(row.clientSecret, secretContext(row.tenantId)),
  };
}

export function redirectUriFor(deps: Deps, requestOrigin: string): string {
  return `${deps.config.publicUrl ?? requestOrigin}${CALLBACK_PATH}`;
}

/** The settings tab's answer: the stored provider (never its secret), the tenant's domain, break-glass accounts. */
export async function settingsAnswer(
  repo: ReturnType<typeof ssoRepository>,
  redirectUri: string,
): Promise<SsoSettings> {
  const row = await repo.find();
  return {
    ssoType: 'oidc',
    providerName: row?.providerName ?? '',
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    clientSecretSet: Boolean(row),
    isEnabled: row?.isEnabled === 1,
    isRequired: row?.isRequired === 1,
    redirectUri,
    emailDomain: await repo.emailDomain(),
    breakGlassAccounts: await repo.breakGlassAccounts(),
  };
}

/**
 * The desktop's check of its return (electron/sso-flow.ts): derived from the hand-off challenge that only the
 * desktop and this server know, so a teambeat:// link made by anyone else (a web page, another app) is
 * ignored by the desktop instead of ending its sign-in. It proves nothing to the server: the verifier does.
 */
export function desktopReturnState(challenge: string): string {
  return createHash('sha256').update(`teambeat-sso-return:${challenge}`).digest('base64url');
}

/**
 * Checks and seals the settings to store. The secret is kept when left out for the same issuer and client id,
 * and required the first time and with a new issuer or client id (else whoever edits the settings could send
 * the write-only secret to a server of theirs); an enabled provider must answer OpenID discovery at its issuer.
 */
export async function settingsToStore(
  deps: Deps,
  tenantId: number,
  existing: SsoRow | undefined,
  body: UpdateSsoSettingsBody,
) {
  const sameProvider = existing?.issuer === body.issuer && existing.clientId === body.clientId;
  const clientSecret = body.clientSecret ?? (sameProvider ? providerOf(deps, existing).clientSecret : undefined);
  if (!clientSecret) throw errors.validation([{ path: 'body.clientSecret', message: V.required }]);
  if (body.isEnabled) {
    try {
      await providerConfig({ issuer: body.issuer, clientId: body.clientId, clientSecret });
    } catch (error) {
      deps.log.warn({ err: error, issuer: body.issuer }, 'SSO discovery failed');
      throw errors.validation([{ path: 'body.issuer', message: V.ssoIssuerUnreachable }]);
    }
  }
  return {
    providerName: body.providerName,
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecret: deps.secretBox.seal(clientSecret, secretContext(tenantId)),
    isEnabled: body.isEnabled,
    isRequired: body.isRequired,
  };
}

function ssoRow(db: Db, tenantId: number) {
  return db.selectFrom('tenantSso').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}

/** The tenant lookup's single sign-on fields. */
export async function ssoLookup(db: Db, tenantId: number) {
  const row = await ssoRow(db, tenantId);
  const enabled = row?.isEnabled === 1;
  return {
    ssoEnabled: enabled,
    providerName: enabled ? row.providerName : null,
    ssoType: enabled ? ('oidc' as const) : null,
  };
}

/** Whether the tenant refuses password sign-in (to all but break-glass accounts). */
export async function ssoRequired(db: Db, tenantId: number): Promise<boolean> {
  const row = await ssoRow(db, tenantId);
  return row?.isEnabled === 1 && row.isRequired === 1;
}

/** Break-glass: an active account holding every permission of the catalogue keeps password sign-in. */
export async function isBreakGlass(db: Db, tenantId: number, employeeId: number): Promise<boolean> {
  const held = await permissionsOf(db, tenantId, employeeId);
  return PERMISSION_NAMES.every((name) => held.has(name));
}

export type StartInput = { email: string; client: ClientKind; handoffChallenge?: string; loopbackPort?: number };

/** Answers the provider's URL, and for the web the browser-binding value to set as a cookie. */
export async function startSso(deps: Deps, input: StartInput, requestOrigin: string) {
  const tenant = await findTenantByEmail(deps.db, input.email);
  if (!tenant) throw errors.coded(404, 'EMAIL_DOMAIN_UNAUTHORIZED');
  const row = await ssoRow(deps.db, tenant.id);
  if (row?.isEnabled !== 1) throw errors.coded(400, 'SSO_NOT_ENABLED');
  let config;
  try {
    config = await providerConfig(providerOf(deps, row));
  } catch (error) {
    deps.log.warn({ err: error, tenantId: tenant.id }, 'SSO discovery failed');
    throw errors.coded(502, 'SSO_PROVIDER_UNREACHABLE');
  }
  const redirectUri = redirectUriFor(deps, requestOrigin);
  const { url, checks } = await authorizationUrl(config, { redirectUri, loginHint: normalizeEmail(input.email) });
  const browserBinding = input.client === 'web' ? randomBytes(32).toString('base64url') : undefined;
  const now = deps.now();
  await deps.db.deleteFrom('ssoRequests').where('expiresAt', '<', now.toISOString()).execute();
  await deps.db
    .insertInto('ssoRequests')
    .values({
      tenantId: tenant.id,
      stateHash: sha256(checks.state),
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      redirectUri,
      client: input.client,
      binding: browserBinding ? sha256(browserBinding) : input.handoffChallenge!,
      loopbackPort: input.loopbackPort ?? null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SSO_REQUEST_TTL_MINUTES * 60_000).toISOString(),
    })
    .execute();
  return { authorizationUrl: url, browserBinding };
}

export type CallbackOutcome =
  | { kind: 'web'; session: IssuedSession }
  | { kind: 'desktop'; location: string }
  | { kind: 'failed'; code: ErrorCode; desktopReturn?: string };

const fail = (code: ErrorCode, desktopReturn?: string): CallbackOutcome => ({ kind: 'failed', code, desktopReturn });

/** Where a desktop sign-in returns, with its state: a query follows (`&code=` or `&error=`). */
function desktopReturnOf(loopbackPort: number | null, challenge: string): string {
  const base = loopbackPort ? `http://127.0.0.1:${loopbackPort}/sso` : DESKTOP_RETURN;
  return `${base}?state=${desktopReturnState(challenge)}`;
}

/**
 * The provider's return. `query` is the raw query string (openid-client reads every parameter), `binding` the
 * browser's cookie. Never throws for the provider's or the person's failures: they become a redirect that
 * names the error code.
 */
export async function finishSso(
  deps: Deps,
  input: { state: string | undefined; rawQuery: string; binding: string | undefined },
): Promise<CallbackOutcome> {
  if (!input.state) return fail('SSO_STATE_INVALID');
  const now = deps.now();
  const pending = await deps.db
    .selectFrom('ssoRequests')
    .selectAll()
    .where('stateHash', '=', sha256(input.state))
    .executeTakeFirst();
  if (!pending) return fail('SSO_STATE_INVALID');
  const desktopReturn =
    pending.client === 'desktop' ? desktopReturnOf(pending.loopbackPort, pending.binding) : undefined;
  // The browser that started the sign-in must be the one that returns (no sign-in forced on another's browser).
  if (pending.client === 'web' && (!input.binding || !safeEqual(sha256(input.binding), pending.binding)))
    return fail('SSO_STATE_INVALID');
  // Single use: of two returns with one state (a replay), only the first claims it.
  if (!(await claimOnce(deps.db, 'ssoRequests', pending.id, now))) return fail('SSO_STATE_INVALID', desktopReturn);

  const row = await ssoRow(deps.db, pending.tenantId);
  if (row?.isEnabled !== 1) return fail('SSO_NOT_ENABLED', desktopReturn);
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(providerOf(deps, row));
    const currentUrl = new URL(pending.redirectUri);
    currentUrl.search = input.rawQuery;
    claims = await verifiedClaims(config, currentUrl, {
      state: input.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
  } catch (error) {
    deps.log.warn({ err: error, tenantId: pending.tenantId }, 'SSO sign-in refused');
    return fail('SSO_FAILED', desktopReturn);
  }
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : undefined;
  if (!email || ('email_verified' in claims && claims.email_verified !== true))
    return fail('SSO_FAILED', desktopReturn);
  const tenant = await deps.db
    .selectFrom('tenants')
    .select(['id', 'emailDomain'])
    .where('id', '=', pending.tenantId)
    .executeTakeFirstOrThrow();
  if (emailDomainOf(email) !== tenant.emailDomain.toLowerCase()) return fail('SSO_EMAIL_DOMAIN', desktopReturn);
  // No just-in-time accounts: the employee must exist and be active here (SCIM provisioning creates them).
  const employee = await deps.db
    .selectFrom('employees')
    .select(['id', 'tenantId'])
    .where('tenantId', '=', tenant.id)
    .where('email', '=', email)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!employee) return fail('SSO_ACCOUNT_UNKNOWN', desktopReturn);

  if (pending.client === 'web') return { kind: 'web', session: await startSession(deps, employee, 'web') };
  const code = randomBytes(32).toString('base64url');
  await deps.db
    .insertInto('ssoHandoffs')
    .values({
      tenantId: tenant.id,
      employeeId: employee.id,
      codeHash: sha256(code),
      challenge: pending.binding,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SSO_HANDOFF_TTL_SECONDS * 1000).toISOString(),
    })
    .execute();
  return {
    kind: 'desktop',
    location: `${desktopReturnOf(pending.loopbackPort, pending.binding)}&code=${encodeURIComponent(code)}`,
  };
}

/**
 * Spends a single-use row (a sign-in's state, a desktop handoff) unless it is spent or expired: a conditional
 * update, so of two uses at once only one gets true.
 */
async function claimOnce(db: Db, table: 'ssoRequests' | 'ssoHandoffs', id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable(table)
    .set({ usedAt: now.toISOString() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The desktop main process's exchange: single use, short-lived, and only with the challenge's verifier. */
export async function exchangeHandoff(deps: Deps, input: { code: string; verifier: string }): Promise<IssuedSession> {
  const now = deps.now();
  const handoff = await deps.db
    .selectFrom('ssoHandoffs')
    .selectAll()
    .where('codeHash', '=', sha256(input.code))
    .executeTakeFirst();
  if (!handoff) throw errors.unauthenticated('SSO_HANDOFF_INVALID');
  // Claimed before the verifier is compared: a wrong guess spends the code.
  const claimed = await claimOnce(deps.db, 'ssoHandoffs', handoff.id, now);
  if (!claimed || !safeEqual(s256(input.verifier), handoff.challenge))
    throw errors.unauthenticated('SSO_HANDOFF_INVALID');
  const employee = await deps.db
    .selectFrom('employees')
    .select(['id', 'tenantId'])
    .where('id', '=', handoff.employeeId)
    .where('tenantId', '=', handoff.tenantId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!employee) throw errors.unauthenticated('SSO_HANDOFF_INVALID');
  return startSession(deps, employee, 'desktop');
}
