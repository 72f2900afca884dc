/**
 * The one list helper: search, sort, page and count any Kysely select, answering {items, total} for the
 * page-based list contract (shared/contracts/common.ts `listQuerySchema`). Sorting is deterministic on
 * both engines: NULLs last, ties broken by the list's id column, and text keys compared case-insensitively
 * (SQLite and PostgreSQL collate differently otherwise). `pageSlice` is the same page for the few lists
 * sorted in code after an aggregation (productivity figures).
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListQuery, ListResponse } from '../../../shared/contracts/common.js';
import { toNumber } from '../db/engine.js';

export type SortSpec = { ref: string; text?: boolean };

export type ListOptions<K extends string> = {
  /** Each orderKey of the contract mapped to a column (or select alias) reference. */
  orderBy: Record<K, SortSpec>;
  /** Column references searched with a case-insensitive "contains". */
  search: string[];
  /** Unique column that makes the order total, e.g. "employees.id". */
  tieBreaker: string;
};

/** Escapes LIKE wildcards so that a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(columns: string[], text: string): Expression<SqlBool> {
  const pattern = likePattern(text);
  const parts = columns.map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export async function paginate<DB, TB extends keyof DB, O, K extends string>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery<K>,
  options: ListOptions<K>,
): Promise<ListResponse<O>> {
  const search = query.searchText?.trim();
  const filtered = search && options.search.length > 0 ? base.where(searchCondition(options.search, search)) : base;

  const countRow = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst();

  const spec = options.orderBy[query.orderKey];
  const dir = sql.raw(query.orderDir === 'desc' ? 'desc' : 'asc');
  const key = spec.text ? sql`lower(${sql.ref(spec.ref)})` : sql.ref(spec.ref);
  const items = await filtered
    .orderBy(sql`${key} ${dir} nulls last`)
    .orderBy(sql`${sql.ref(options.tieBreaker)} ${dir}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();

  return { items, total: toNumber((countRow as { total?: number | string } | undefined)?.total) };
}

/** One page of rows already filtered and sorted in code, answering {items, total} like `paginate`. */
export function pageSlice<T>(sorted: readonly T[], query: Pick<ListQuery, 'page' | 'pageSize'>): ListResponse<T> {
  const from = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(from, from + query.pageSize), total: sorted.length };
}
