/**
 * Functions of one tenant and their members (docs/feedback.md, "Functions"). Bound to the tenant by the
 * request context (`ctx.repo(functionRepository)`). `memberOf`, when given, narrows every read and write to
 * the functions that employee belongs to (callers without view-all-functions): another is "not found".
 */
import { sql } from 'kysely';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { CatalogueStatus } from '../../../../shared/contracts/feedback-catalogue.js';
import type { FunctionCounts, FunctionItem } from '../../../../shared/contracts/functions.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { toNumber, type Db } from '../../db/engine.js';
import { uniqueOr } from '../../db/errors.js';
import { groupLinks, groupListOptions } from '../../db/links.js';
import { oneOrNotFound, ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';

const duplicateName = () => errors.conflict('body.name', MESSAGES.FUNCTION_EXISTS);

export type FunctionScope = { memberOf: number | null; hideDemo: boolean };

function functionSelect(db: Db, tenantId: number, scope: FunctionScope) {
  let query = db
    .selectFrom('functions as f')
    .select([
      'f.id',
      'f.name',
      'f.description',
      'f.isActive',
      'f.updatedAt',
      referenceCount('functionMembers', 'functionId', 'f.id').as('memberCount'),
    ])
    .where('f.tenantId', '=', tenantId);
  if (scope.hideDemo) query = query.where('f.isDemo', '=', 0);
  if (scope.memberOf !== null)
    query = query.where('f.id', 'in', groupLinks({ db, tenantId }, 'functions').groupIdsOf(scope.memberOf));
  return query;
}

type FunctionRow = Awaited<ReturnType<ReturnType<typeof functionSelect>['executeTakeFirstOrThrow']>>;

export function functionRepository(tenant: TenantScope) {
  const { db, tenantId, now } = tenant;
  const stamp = () => now().toISOString();
  const rows = ownedRows(tenant);
  const members = groupLinks(tenant, 'functions');

  async function views(functions: FunctionRow[]): Promise<FunctionItem[]> {
    const byFunction = await members.membersOf(
      functions.map((r) => r.id),
      'name',
    );
    return functions.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      isActive: r.isActive === 1,
      memberCount: toNumber(r.memberCount),
      members: byFunction.get(r.id) ?? [],
      updatedAt: r.updatedAt,
    }));
  }

  /** A function within the scope; 404 otherwise (another tenant's, or one the caller may not see). */
  async function get(id: number, scope: FunctionScope): Promise<FunctionItem> {
    const row = await oneOrNotFound(functionSelect(db, tenantId, scope).where('f.id', '=', id), 'functionNotFound');
    return (await views([row]))[0]!;
  }

  return {
    get,

    async list(
      query: ListQuery<'name' | 'memberCount' | 'updatedAt' | 'id'> & { status?: CatalogueStatus | undefined },
      scope: FunctionScope,
    ): Promise<ListResponse<FunctionItem>> {
      let base = functionSelect(db, tenantId, scope);
      if (query.status) base = base.where('f.isActive', '=', query.status === 'active' ? 1 : 0);
      const page = await paginate(base, query, groupListOptions('f', { memberCount: { ref: 'memberCount' } }));
      return { items: await views(page.items), total: page.total };
    },

    /** The function dashboard: the functions in scope, by status. */
    async counts(scope: FunctionScope): Promise<FunctionCounts> {
      const row = await functionSelect(db, tenantId, scope)
        .clearSelect()
        .select([
          sql<number | string>`count(*)`.as('total'),
          sql<number | string>`coalesce(sum(f.is_active), 0)`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      const total = toNumber(row.total);
      const active = toNumber(row.active);
      return { total, active, inactive: total - active };
    },

    /** Every function in scope by name, for the report. */
    async all(scope: FunctionScope): Promise<FunctionItem[]> {
      const rows = await functionSelect(db, tenantId, scope)
        .orderBy(sql`lower(f.name)`)
        .orderBy('f.id')
        .execute();
      return views(rows);
    },

    async create(values: { name: string; description?: string | null | undefined }): Promise<number> {
      const fresh = {
        name: values.name,
        description: values.description || null,
        isActive: 1 as const,
        isDemo: 0 as const,
      };
      return uniqueOr(rows.create('functions', fresh), duplicateName);
    },

    async update(id: number, changes: { name?: string | undefined; description?: string | null | undefined }) {
      const values = {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: changes.description || null }),
        updatedAt: stamp(),
      };
      await uniqueOr(rows.update('functions', id, values), duplicateName);
    },

    setStatus: (id: number, isActive: boolean) => rows.setActive('functions', id, isActive),

    /** The given employee ids the tenant has no employee for. */
    unknownEmployees: (ids: number[]) => rows.missingIds('employees', ids),

    /** Writes only: run it in a transaction. The function's members become exactly `employeeIds`. */
    async replaceMembers(functionId: number, employeeIds: number[]): Promise<void> {
      await members.replaceMembers(functionId, employeeIds);
      await rows.update('functions', functionId, { updatedAt: stamp() });
    },
  };
}
