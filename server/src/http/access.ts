/**
 * Authentication and authorisation for every /api route. Each route declares `config.access`: 'public',
 * 'signed-in', or the permission it needs. Access is denied by default: app.ts refuses to register an
 * /api route without it. The check runs in onRequest, before input validation, so a caller without
 * the right to a route learns nothing about its input rules.
 */
import type { EndpointDef } from '../../../shared/endpoints/define.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../../shared/i18n/languages.js';
import { isPermissionName, type PermissionName } from '../../../shared/permissions.js';
import type { Db } from '../db/engine.js';
import { prepare } from '../db/prepared.js';
import type { TokenService } from '../security/tokens.js';
import type { Caller } from './context.js';
import type { EndpointAccess } from '../../../shared/endpoints/define.js';
import { findAgentKey, type AgentContext } from '../modules/devices/agent-keys.js';
import { findScimToken, touchScimToken, type ScimClient } from '../modules/scim/tokens.js';
import { scimErrors } from '../modules/scim/errors.js';
import { errors } from './errors.js';

/**
 * 'public', 'signed-in', one permission, or a list of permissions of which the caller needs any one:
 * for routes whose scope depends on which one they hold (own, team or all attendance); the handler
 * then narrows what the caller may touch by the permissions they have.
 */
export type Access = EndpointAccess;

export function allowedBy(access: Access, permissions: ReadonlySet<PermissionName>): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'device-agent' || access === 'scim') return false;
  return typeof access === 'string' ? permissions.has(access) : access.some((p) => permissions.has(p));
}

/** The signed-in caller (the request context's `caller`). */
export type AuthContext = Caller;

declare module 'fastify' {
  // Declaration merging needs interfaces here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
    /** The endpoint's raw body type (shared/endpoints/define.ts `consumes`), for the OpenAPI document. */
    consumes?: EndpointDef['consumes'];
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
    agent: AgentContext | null;
    scim: ScimClient | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function agentKey(request: FastifyRequest): string | null {
  const match = /^Agent\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The device agent calling an agent route; the hook has already refused anyone else. */
export function agentCaller(request: FastifyRequest): AgentContext {
  if (!request.agent) throw errors.unauthenticated('AGENT_KEY_INVALID');
  return request.agent;
}

/** The SCIM client calling a SCIM route; the hook has already refused anyone else. */
export function scimCaller(request: FastifyRequest): ScimClient {
  if (!request.scim) throw scimErrors.unauthenticated();
  return request.scim;
}

type Principal = {
  permissions: ReadonlySet<PermissionName>;
  activities: ReadonlySet<string>;
  language: Language | null;
  settingsVersion: number;
};
type Grants = { version: number; permissions: ReadonlySet<PermissionName>; activities: ReadonlySet<string> };

/**
 * The request's one read: the employee is active, the session live, their language, the tenant's access
 * and settings versions. Prepared: every authenticated request runs it.
 */
const principalRow = prepare((db, p: { employeeId: number; tenantId: number; familyId: string; now: string }) =>
  db
    .selectFrom('employees')
    .innerJoin('tenants', 'tenants.id', 'employees.tenantId')
    .select(['employees.language', 'tenants.accessVersion', 'tenants.settingsVersion'])
    .where('employees.id', '=', p.employeeId)
    .where('employees.tenantId', '=', p.tenantId)
    .where('employees.status', '=', 'active')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refreshTokens')
          .select('refreshTokens.id')
          .where('refreshTokens.familyId', '=', p.familyId)
          .whereRef('refreshTokens.employeeId', '=', 'employees.id')
          .where('refreshTokens.revokedAt', 'is', null)
          .where('refreshTokens.expiresAt', '>', p.now),
      ),
    ),
);

/** How many callers' grants one API process keeps (about 40 KB each for an administrator). */
const GRANTS_CACHE_SIZE = 5_000;

/**
 * Loads what a token's employee may do now. Revoked roles and deactivation apply at once, and so does
 * the end of the token's session: sign-out, reuse of a rotated refresh token, a password change or
 * reset, a deactivation, its absolute end. Its access tokens are refused at once, not 15 minutes later.
 *
 * One small indexed read per request answers all of that: the employee is active, the session is live,
 * their language, and the tenant's `access_version`. The database bumps that version, in the same
 * transaction, on every change to roles, grants or role assignments (triggers, migration 0026). Each
 * caller's permissions and activities are kept per loader (one per API process) under the version they
 * were read at, and read again only when it moved.
 *
 * Keeping them under the version read *before* the grants is safe. If a change commits between the two
 * reads, the grants are already new, and the next request sees a newer version and reads them again.
 */
export function principalLoader(db: Db) {
  const cache = new Map<string, Grants>();

  async function readGrants(claims: { employeeId: number; tenantId: number }, version: number): Promise<Grants> {
    const rows = await db
      .selectFrom('employeeRoles')
      .innerJoin('roleGrants', 'roleGrants.roleId', 'employeeRoles.roleId')
      .select(['roleGrants.kind', 'roleGrants.name'])
      .where('employeeRoles.employeeId', '=', claims.employeeId)
      .where('employeeRoles.tenantId', '=', claims.tenantId)
      .execute();
    const permissions = new Set<PermissionName>();
    const activities = new Set<string>();
    // A stored name the catalogue no longer has grants nothing.
    for (const g of rows) {
      if (g.kind !== 'permission') activities.add(g.name);
      else if (isPermissionName(g.name)) permissions.add(g.name);
    }
    return { version, permissions, activities };
  }

  return async function loadPrincipal(
    claims: { employeeId: number; tenantId: number; familyId: string },
    now: Date,
  ): Promise<Principal | null> {
    const { employeeId, tenantId, familyId } = claims;
    const row = await principalRow.first(db, { employeeId, tenantId, familyId, now: now.toISOString() });
    if (!row) return null;
    const key = `${claims.tenantId}:${claims.employeeId}`;
    let grants = cache.get(key);
    if (grants?.version !== row.accessVersion) {
      grants = await readGrants(claims, row.accessVersion);
      cache.delete(key);
      // The oldest entry goes first (a Map iterates in insertion order).
      if (cache.size >= GRANTS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, grants);
    }
    return {
      permissions: grants.permissions,
      activities: grants.activities,
      language: row.language,
      settingsVersion: row.settingsVersion,
    };
  };
}

export function registerAccessControl(app: FastifyInstance, db: Db, tokens: TokenService, now: () => Date): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('agent', null);
  app.decorateRequest('scim', null);
  const loadPrincipal = principalLoader(db);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (access === 'device-agent') {
      // A person's token never opens agent routes, and an agent key never opens anything else.
      const agent = await findAgentKey(db, agentKey(request));
      if (!agent) throw errors.unauthenticated('AGENT_KEY_INVALID');
      request.agent = agent;
      return;
    }
    if (access === 'scim') {
      // A provisioning token opens the SCIM routes of its tenant and nothing else; a person's token
      // (a JWT, not `tbscim_…`) never opens them.
      const client = await findScimToken(db, bearerToken(request));
      if (!client) throw scimErrors.unauthenticated();
      request.scim = client;
      await touchScimToken(db, client, now());
      return;
    }
    const token = bearerToken(request);
    if (!token) throw errors.unauthenticated();
    const claims = await tokens.verifyAccessToken(token);
    if (!claims) throw errors.unauthenticated();
    const principal = await loadPrincipal(claims, now());
    if (!principal) throw errors.unauthenticated();
    if (!allowedBy(access, principal.permissions)) throw errors.forbidden(access);
    request.auth = {
      employeeId: claims.employeeId,
      tenantId: claims.tenantId,
      familyId: claims.familyId,
      tokenExpiresAt: claims.expiresAt,
      ...principal,
    };
  });
}

/** The caller of a non-public route; the hook has already refused anyone else. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}
