/**
 * Authentication and authorisation for every /api route. Each route declares `config.access`: 'public',
 * 'signed-in', or the permission it needs. Access is denied by default: app.ts refuses to register an
 * /api route without it. The check runs in onRequest, before input validation, so a caller without
 * the right to a route learns nothing about its input rules.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../../shared/i18n/languages.js';
import { isPermissionName, type PermissionName } from '../../../shared/permissions.js';
import type { Db } from '../db/engine.js';
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

/**
 * Loads what the token's employee may do now: revoked roles and deactivation apply at once. The token's
 * session rides on the same query: once it ended (sign-out, reuse of a rotated refresh token, a password
 * change or reset, a deactivation, its absolute end) its access tokens are refused, not 15 minutes later.
 */
export async function loadPrincipal(
  db: Db,
  claims: { employeeId: number; tenantId: number; familyId: string },
  now: Date,
): Promise<{ permissions: Set<PermissionName>; activities: Set<string>; language: Language | null } | null> {
  const employee = await db
    .selectFrom('employees')
    .select(['id', 'language'])
    .where('id', '=', claims.employeeId)
    .where('tenantId', '=', claims.tenantId)
    .where('status', '=', 'active')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refreshTokens')
          .select('refreshTokens.id')
          .where('refreshTokens.familyId', '=', claims.familyId)
          .whereRef('refreshTokens.employeeId', '=', 'employees.id')
          .where('refreshTokens.revokedAt', 'is', null)
          .where('refreshTokens.expiresAt', '>', now.toISOString()),
      ),
    )
    .executeTakeFirst();
  if (!employee) return null;
  const grants = await db
    .selectFrom('employeeRoles')
    .innerJoin('roleGrants', 'roleGrants.roleId', 'employeeRoles.roleId')
    .select(['roleGrants.kind', 'roleGrants.name'])
    .where('employeeRoles.employeeId', '=', claims.employeeId)
    .where('employeeRoles.tenantId', '=', claims.tenantId)
    .execute();
  const permissions = new Set<PermissionName>();
  const activities = new Set<string>();
  // A stored name the catalogue no longer has grants nothing.
  for (const g of grants) {
    if (g.kind !== 'permission') activities.add(g.name);
    else if (isPermissionName(g.name)) permissions.add(g.name);
  }
  return { permissions, activities, language: employee.language };
}

export function registerAccessControl(app: FastifyInstance, db: Db, tokens: TokenService, now: () => Date): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('agent', null);
  app.decorateRequest('scim', null);
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
    const principal = await loadPrincipal(db, claims, now());
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
