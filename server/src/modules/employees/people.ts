/**
 * People as other modules read them: the colleague pickers' query and its search (docs/security.md
 * "Colleagues"), and people by id as the contracts refer to them (id, name, picture version).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests.js';
import { normalizeEmail } from '../../../../shared/credentials.js';
import { shownPeople } from '../../db/demo.js';
import type { Db } from '../../db/engine.js';
import { searchCondition } from '../../http/list.js';

/**
 * How pickers of colleagues search people: a name by any part, an e-mail address only whole. Matching parts
 * of addresses would let anyone who may pick a colleague spell out their address letter by letter. The
 * columns are named with their table, so the condition means the same in a query that joins another.
 */
export function personSearchCondition(text: string): Expression<SqlBool> {
  return sql<SqlBool>`(${searchCondition(['employees.name'], text)} or ${sql.ref('employees.email')} = ${normalizeEmail(text)})`;
}

export type ColleagueFilter = { selfId: number; searchText?: string | undefined; hideDemo: boolean };

/**
 * A picker's candidates: the tenant's active employees but `selfId`, matching the search; no demo people while
 * `hideDemo` (server/src/db/demo.ts decides who they are).
 */
export function colleagueQuery(db: Db, tenantId: number, { selfId, searchText, hideDemo }: ColleagueFilter) {
  const query = db
    .selectFrom('employees')
    .where('employees.tenantId', '=', tenantId)
    .where('employees.status', '=', 'active')
    .where('employees.id', '<>', selfId)
    .where(shownPeople({ db, tenantId }, 'employees.id', hideDemo));
  const text = searchText?.trim();
  return text ? query.where(personSearchCondition(text)) : query;
}

/** The tenant's people among `ids` (repeats and others' ids are fine), by id. */
export async function peopleByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, PersonRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'name', 'image'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The person of `id` from a `peopleByIds` answer; one no longer found reads as nameless. */
export const personOf = (people: ReadonlyMap<number, PersonRef>, id: number): PersonRef =>
  people.get(id) ?? { id, name: '', image: null };
