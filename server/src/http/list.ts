/**
 * The one list helper: search, sort, page and count any Kysely select, answering {items, total} for the
 * page-based list contract (shared/contracts/common.ts `listQuerySchema`). Sorting is deterministic on
 * both engines: NULLs last, ties broken by the list's id column, and text keys compared case-insensitively
 * (SQLite and PostgreSQL collate differently otherwise). `pageSlice` is the same page for the few lists
 * sorted in code after an aggregation (productivity figures).
 */
import { validation as V } from '../../../shared/i18n/en/validation.js';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CursorListResponse, ListQuery, ListResponse } from '../../../shared/contracts/common.js';
import { toNumber } from '../db/engine.js';
import { errors } from './errors.js';

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

// ---- Cursor (keyset) lists: the news feed and notifications will use them ----

/**
 * A sort column, its direction and the type of its values; the last one must be a unique column (the id).
 * The type lets a cursor be checked before it reaches SQL: PostgreSQL refuses to compare an integer column
 * with a text, and a forged cursor would answer 500 instead of 400.
 */
export type CursorOrder = readonly (readonly [column: string, direction: 'asc' | 'desc', type: CursorType])[];
export type CursorType = 'text' | 'integer';
type CursorValue = string | number;

/** The row's value of a sort column: its select key is the column's name, "t.startedAt" → "startedAt". */
function keyOf(column: string): string {
  return column.slice(column.lastIndexOf('.') + 1);
}

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

const fitsType = (value: unknown, type: CursorType) =>
  type === 'integer' ? Number.isSafeInteger(value) : typeof value === 'string' && value.length <= 500;

/** The sort values a cursor carries, each of its column's type; a forged or malformed one is a 400 naming query.cursor. */
export function decodeCursor(cursor: string, types: readonly CursorType[]): CursorValue[] {
  const invalid = () => errors.validation([{ path: 'query.cursor', message: V.invalidCursor }]);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(values) || values.length !== types.length || !values.every((v, i) => fitsType(v, types[i]!)))
    throw invalid();
  return values as CursorValue[];
}

/**
 * A page of a cursor list (keyset pagination): rows strictly after the cursor in `orderBy`, and a cursor
 * made of the last row's sort values. Unlike page numbers it is stable under inserts: a row added before
 * the cursor does not shift the next page, and no row is skipped or repeated. The news feed and
 * notifications will use it. The sort columns must be selected (under their own names) and not null, and
 * the last one unique (the id), so that the order is total.
 */
export async function paginateByCursor<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  options: { orderBy: CursorOrder; cursor?: string | undefined; limit: number },
): Promise<CursorListResponse<O>> {
  const { orderBy, limit } = options;
  if (orderBy.length === 0) throw new Error('paginateByCursor needs at least one sort column');
  let query = base;
  if (options.cursor !== undefined) {
    const after = decodeCursor(
      options.cursor,
      orderBy.map(([, , type]) => type),
    );
    // (a > x) or (a = x and b > y) or ..., with < for descending columns.
    const branches = orderBy.map(([column, dir], i) => {
      const equal = orderBy.slice(0, i).map(([c], j) => sql<SqlBool>`${sql.ref(c)} = ${after[j]}`);
      const beyond = sql<SqlBool>`${sql.ref(column)} ${sql.raw(dir === 'desc' ? '<' : '>')} ${after[i]}`;
      return sql<SqlBool>`(${sql.join([...equal, beyond], sql` and `)})`;
    });
    query = query.where(sql<SqlBool>`(${sql.join(branches, sql` or `)})`);
  }
  for (const [column, dir] of orderBy) query = query.orderBy(sql`${sql.ref(column)} ${sql.raw(dir)}`);
  const rows = await query.limit(limit + 1).execute();
  const items = rows.slice(0, limit);
  const last = items.at(-1) as Record<string, unknown> | undefined;
  const nextCursor =
    rows.length > limit && last ? encodeCursor(orderBy.map(([column]) => cursorValue(last[keyOf(column)]))) : null;
  return { items, nextCursor };
}

function cursorValue(value: unknown): CursorValue {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error('paginateByCursor: a sort column is null or not selected');
}
