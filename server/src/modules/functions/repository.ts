/**
 * Functions of one tenant and their members (docs/feedback.md, "Functions"). Bound to the tenant by the
 * request context (`ctx.repo(functionRepository)`). `memberOf`, when given, narrows every read and write to
 * the functions that employee belongs to (callers without view-all-functions): another is "not found".
 */
import { sql } from 'kysely';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { CatalogueStatus } from '../../../../shared/contracts/feedback-catalogue.js';
import type { FunctionItem, FunctionMember } from '../../../../shared/contracts/functions.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { toNumber, type Db } from '../../db/engine.js';
import { uniqueOr } from '../../db/errors.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';

const duplicateName = () => errors.conflict('body.name', MESSAGES.FUNCTION_EXISTS);

export type FunctionScope = { memberOf: number | null; hideDemo: boolean };

function functionSelect(db: Db, tenantId: number, scope: FunctionScope) {
  let query = db
    .selectFrom('functions as f')
    .select((eb) => [
      'f.id',
      'f.name',
      'f.description',
      'f.isActive',
      'f.updatedAt',
      eb
        .selectFrom('functionMembers as m')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m.functionId', '=', 'f.id')
        .as('memberCount'),
    ])
    .where('f.tenantId', '=', tenantId);
  if (scope.hideDemo) query = query.where('f.isDemo', '=', 0);
  if (scope.memberOf !== null) {
    const employeeId = scope.memberOf;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('functionMembers as mine')
          .select('mine.functionId')
          .whereRef('mine.functionId', '=', 'f.id')
          .where('mine.employeeId', '=', employeeId),
      ),
    );
  }
  return query;
}

type FunctionRow = Awaited<ReturnType<ReturnType<typeof functionSelect>['executeTakeFirstOrThrow']>>;

export function functionRepository({ db, tenantId, now }: TenantScope) {
  const stamp = () => now().toISOString();

  /** The members of each function, by name. */
  async function membersOf(functionIds: number[]): Promise<Map<number, FunctionMember[]>> {
    const byFunction = new Map<number, FunctionMember[]>(functionIds.map((id) => [id, []]));
    if (functionIds.length === 0) return byFunction;
    const rows = await db
      .selectFrom('functionMembers as m')
      .innerJoin('employees as e', 'e.id', 'm.employeeId')
      .select(['m.functionId', 'e.id', 'e.name', 'e.email'])
      .where('m.tenantId', '=', tenantId)
      .where('m.functionId', 'in', functionIds)
      .orderBy(sql`lower(e.name)`)
      .orderBy('e.id')
      .execute();
    for (const r of rows) byFunction.get(r.functionId)?.push({ id: r.id, name: r.name, email: r.email });
    return byFunction;
  }

  async function views(rows: FunctionRow[]): Promise<FunctionItem[]> {
    const members = await membersOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      isActive: r.isActive === 1,
      memberCount: toNumber(r.memberCount),
      members: members.get(r.id) ?? [],
      updatedAt: r.updatedAt,
    }));
  }

  /** A function within the scope; 404 otherwise (another tenant's, or one the caller may not see). */
  async function get(id: number, scope: FunctionScope): Promise<FunctionItem> {
    const row = await functionSelect(db, tenantId, scope).where('f.id', '=', id).executeTakeFirst();
    if (!row) throw errors.notFound('functionNotFound');
    return (await views([row]))[0]!;
  }

  const touch = (id: number) =>
    db
      .updateTable('functions')
      .set({ updatedAt: stamp() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();

  return {
    get,

    async list(
      query: ListQuery<'name' | 'memberCount' | 'updatedAt' | 'id'> & { status?: CatalogueStatus | undefined },
      scope: FunctionScope,
    ): Promise<ListResponse<FunctionItem>> {
      let base = functionSelect(db, tenantId, scope);
      if (query.status) base = base.where('f.isActive', '=', query.status === 'active' ? 1 : 0);
      const page = await paginate(base, query, {
        orderBy: {
          name: { ref: 'f.name', text: true },
          memberCount: { ref: 'memberCount' },
          updatedAt: { ref: 'f.updatedAt' },
          id: { ref: 'f.id' },
        },
        search: ['f.name', 'f.description'],
        tieBreaker: 'f.id',
      });
      return { items: await views(page.items), total: page.total };
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
      const at = stamp();
      const row = await uniqueOr(
        db
          .insertInto('functions')
          .values({
            tenantId,
            name: values.name,
            description: values.description || null,
            isActive: 1,
            isDemo: 0,
            createdAt: at,
            updatedAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
        duplicateName,
      );
      return row.id;
    },

    async update(id: number, changes: { name?: string | undefined; description?: string | null | undefined }) {
      await uniqueOr(
        db
          .updateTable('functions')
          .set({
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.description === undefined ? {} : { description: changes.description || null }),
            updatedAt: stamp(),
          })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute(),
        duplicateName,
      );
    },

    async setStatus(id: number, isActive: boolean): Promise<void> {
      await db
        .updateTable('functions')
        .set({ isActive: isActive ? 1 : 0, updatedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** The given employee ids the tenant has no employee for. */
    async unknownEmployees(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await db
        .selectFrom('employees')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      const known = new Set(found.map((f) => f.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Writes only: run it in a transaction. The function's members become exactly `employeeIds`. */
    async replaceMembers(functionId: number, employeeIds: number[]): Promise<void> {
      await db
        .deleteFrom('functionMembers')
        .where('tenantId', '=', tenantId)
        .where('functionId', '=', functionId)
        .execute();
      if (employeeIds.length > 0) {
        await db
          .insertInto('functionMembers')
          .values(employeeIds.map((employeeId) => ({ tenantId, functionId, employeeId })))
          .execute();
      }
      await touch(functionId);
    },
  };
}
