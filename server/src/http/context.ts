/**
 * The request context every handler receives (server/src/http/endpoints.ts builds it): who calls, the
 * tenant they act in, the tenant's settings loaded at most once per request, and repositories bound to
 * that tenant. Route files work through it and never through the raw database (a lint rule says so):
 * the tenant filter is written once, in the repositories, from the caller's token, never from input.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages.js';
import type { PermissionName } from '../../../shared/permissions.js';
import type { TenantSettings } from '../../../shared/settings.js';
import type { Db } from '../db/engine.js';
import type { Deps } from '../deps.js';
import { readSettings, readTenantRow, type TenantCache, type TenantRow } from '../modules/tenants/repository.js';
import type { AgentContext } from '../modules/devices/agent-keys.js';
import type { ScimClient } from '../modules/scim/tokens.js';

/** The signed-in employee: their id, tenant, session and what their roles allow right now. */
export type Caller = {
  readonly employeeId: number;
  readonly tenantId: number;
  /** The refresh-token family of the session the access token belongs to. */
  readonly familyId: string;
  readonly tokenExpiresAt: Date;
  readonly permissions: ReadonlySet<PermissionName>;
  readonly activities: ReadonlySet<string>;
  /** Their own language choice, or null for the company's default (docs/i18n.md). */
  readonly language: Language | null;
  /** The tenant's `settings_version` when the request began: its settings and row are kept under it. */
  readonly settingsVersion: number;
};

/** What a repository is bound to: the database, one tenant, and the clock. */
export type TenantScope = {
  readonly db: Db;
  readonly tenantId: number;
  readonly now: () => Date;
};

/** A repository: a factory of queries bound to one tenant. `ctx.repo(f)` builds it once per request. */
export type RepositoryFactory<R> = (scope: TenantScope) => R;

/** Shared by every context: the clock, the logger, the collaborators services need, the tenant binding. */
type ContextBase = {
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
  /** Collaborators for services (mailer, tokens, config). Route files read no `.db` from it (lint rule). */
  readonly deps: Deps;
};

export type TenantBound = {
  readonly tenantId: number;
  /**
   * The tenant's settings, read on first use and kept for the rest of the request. A signed-in request
   * reads them as of its start, from the process's cache when the tenant's version has not moved.
   */
  settings(): Promise<TenantSettings>;
  /** The tenant's own fields (name, domain, logo), as `settings()`. */
  tenant(): Promise<TenantRow>;
  /** A repository bound to this tenant, built once per request. */
  repo<R>(factory: RepositoryFactory<R>): R;
  /** Runs `work` in one transaction, with repositories bound to the same tenant inside it. */
  transaction<T>(work: (tx: TenantBound) => Promise<T>): Promise<T>;
};

/** Context of a signed-in employee's request. */
export type RequestContext = ContextBase &
  TenantBound & {
    readonly caller: Caller;
    /** Whether the caller holds the permission. */
    can(permission: PermissionName): boolean;
  };

/** Context of the device agent's request: bound to the tenant of its key. */
export type AgentRequestContext = ContextBase & TenantBound & { readonly agent: AgentContext };

/** Context of the SCIM client's request (the identity provider): bound to the tenant of its token. */
export type ScimRequestContext = ContextBase & TenantBound & { readonly scim: ScimClient };

/** Context of a public request: no caller, no tenant. */
export type PublicContext = ContextBase;

/** Where a context reads its tenant: the process's cache under a known version, or the database each time. */
type TenantSource = { readonly cache: TenantCache; readonly version: number } | null;

function tenantBound(db: Db, tenantId: number, now: () => Date, source: TenantSource = null): TenantBound {
  const repos = new Map<RepositoryFactory<unknown>, unknown>();
  let settings: Promise<TenantSettings> | undefined;
  let tenant: Promise<TenantRow> | undefined;
  const scope: TenantScope = { db, tenantId, now };
  return {
    tenantId,
    settings: () =>
      (settings ??= source ? source.cache.settings(db, tenantId, source.version) : readSettings(db, tenantId)),
    tenant: () => (tenant ??= source ? source.cache.row(db, tenantId, source.version) : readTenantRow(db, tenantId)),
    repo<R>(factory: RepositoryFactory<R>): R {
      let repo = repos.get(factory) as R | undefined;
      if (repo === undefined) {
        repo = factory(scope);
        repos.set(factory, repo);
      }
      return repo;
    },
    // Inside a transaction, what it wrote is read back: the database each time, not the cache.
    transaction: (work) => db.transaction().execute((trx) => work(tenantBound(trx, tenantId, now))),
  };
}

export function publicContext(deps: Deps, log: FastifyBaseLogger): PublicContext {
  return { now: deps.now, log, deps };
}

export function requestContext(deps: Deps, log: FastifyBaseLogger, caller: Caller): RequestContext {
  return {
    ...publicContext(deps, log),
    ...tenantBound(deps.db, caller.tenantId, deps.now, { cache: deps.tenants, version: caller.settingsVersion }),
    caller,
    can: (permission) => caller.permissions.has(permission),
  };
}

export function agentContext(deps: Deps, log: FastifyBaseLogger, agent: AgentContext): AgentRequestContext {
  return { ...publicContext(deps, log), ...tenantBound(deps.db, agent.tenantId, deps.now), agent };
}

export function scimContext(deps: Deps, log: FastifyBaseLogger, scim: ScimClient): ScimRequestContext {
  return { ...publicContext(deps, log), ...tenantBound(deps.db, scim.tenantId, deps.now), scim };
}
