/**
 * Queries built and compiled once, for the paths every request takes (issue #18). Kysely builds a query's
 * tree, runs the plugins over it and compiles it to SQL on every call: about 30 µs for a small select,
 * more than SQLite takes to answer it. A prepared query is written with Kysely as usual, portable between
 * the engines, but with placeholders for its values; it is compiled once per database and each call only
 * puts the values in their places. On SQLite the statement cache (engine.ts) then reuses the prepared
 * statement as well; on PostgreSQL the text sent is the same every time.
 *
 * The builder must use its placeholders only as values of the query (`where(column, '=', p.id)`), never in
 * JavaScript logic: it runs once, with stand-ins, not with the caller's values.
 */
import type { Compilable, CompiledQuery, KyselyPlugin } from 'kysely';
import type { Db } from './engine.js';

/** Stands in for the value of the parameter `name` while the query is compiled. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** A position of the compiled query's parameters: the caller's value of `name`, or a constant of the query. */
type Slot = { readonly name: string } | { readonly constant: unknown };
type Template = { readonly compiled: CompiledQuery; readonly slots: readonly Slot[] };

export type PreparedQuery<P, O> = {
  all: (db: Db, params: P) => Promise<O[]>;
  first: (db: Db, params: P) => Promise<O | undefined>;
};

export function prepare<P extends Record<string, unknown>, O>(
  build: (db: Db, params: P) => Compilable<O>,
): PreparedQuery<P, O> {
  // The SQL depends on the dialect and on the plugins (CamelCasePlugin renames columns): one template for
  // each adapter and plugin list. A transaction shares both with its database.
  const templates = new WeakMap<object, WeakMap<readonly KyselyPlugin[], Template>>();

  function compile(db: Db): Template {
    const used = new Set<string>();
    // The builder reads its parameters from this object; each read answers a stand-in. The parameters'
    // types are what the builder declares: only their positions in the compiled query matter here.
    const stand = new Proxy<Record<string, unknown>>(
      {},
      {
        get: (_target, name) => {
          used.add(String(name));
          return new Placeholder(String(name));
        },
      },
    ) as P;
    const compiled = build(db, stand).compile();
    const slots = compiled.parameters.map((value): Slot =>
      value instanceof Placeholder ? { name: value.name } : { constant: value },
    );
    const placed = new Set(slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])));
    const lost = [...used].filter((name) => !placed.has(name));
    if (lost.length > 0) throw new Error(`Prepared query: ${lost.join(', ')} did not become query parameters`);
    return { compiled, slots };
  }

  function template(db: Db): Template {
    const executor = db.getExecutor();
    let byPlugins = templates.get(executor.adapter);
    if (!byPlugins) templates.set(executor.adapter, (byPlugins = new WeakMap()));
    let found = byPlugins.get(executor.plugins);
    if (!found) byPlugins.set(executor.plugins, (found = compile(db)));
    return found;
  }

  async function all(db: Db, params: P): Promise<O[]> {
    const { compiled, slots } = template(db);
    const parameters = slots.map((slot) => ('name' in slot ? params[slot.name] : slot.constant));
    const result = await db.executeQuery<O>({
      sql: compiled.sql,
      query: compiled.query,
      queryId: compiled.queryId,
      parameters,
    });
    return result.rows;
  }

  return { all, first: async (db, params) => (await all(db, params))[0] };
}

/** What a tenant-bound query runs against: the repositories' `TenantScope` (http/context.ts). */
export type TenantDb = { readonly db: Db; readonly tenantId: number };

export type TenantQuery<P, O> = {
  all: (scope: TenantDb, params: P) => Promise<O[]>;
  first: (scope: TenantDb, params: P) => Promise<O | undefined>;
};

/**
 * A prepared query of one tenant's rows: `tenantId` always comes from the scope, never from the caller's
 * parameters, and a query that does not filter by it fails on its first use.
 */
export function prepareForTenant<P extends { tenantId: number }, O>(
  build: (db: Db, params: P) => Compilable<O>,
): TenantQuery<Omit<P, 'tenantId'>, O> {
  let checked = false;
  const query = prepare<P, O>((db, params) => {
    const compilable = build(db, params);
    const compiled = compilable.compile();
    checked ||= compiled.parameters.some((value) => value instanceof Placeholder && value.name === 'tenantId');
    if (!checked) throw new Error(`Prepared tenant query does not filter by tenantId: ${compiled.sql}`);
    return compilable;
  });
  // The scope's tenant last, over anything the caller's object carries. TypeScript cannot see that P less
  // its tenantId plus a tenantId is P again.
  const withTenant = (scope: TenantDb, params: Omit<P, 'tenantId'>) => ({ ...params, tenantId: scope.tenantId }) as P;
  return {
    all: (scope, params) => query.all(scope.db, withTenant(scope, params)),
    first: (scope, params) => query.first(scope.db, withTenant(scope, params)),
  };
}

/** Stands in for the value of one column of one row while a multi-row query is compiled. */
class RowPlaceholder {
  constructor(
    readonly row: number,
    readonly column: string,
  ) {}
}

type RowSlot = { readonly row: number; readonly column: string } | { readonly constant: unknown };
type RowTemplate = { readonly compiled: CompiledQuery; readonly slots: readonly RowSlot[] };

/** Row counts and column lists compiled per database; the tails of chunked batches vary, so the oldest go. */
const ROW_TEMPLATES = 64;

/**
 * A multi-row insert (or any statement over a list of rows) compiled once per database, column list and row count,
 * then filled with each call's rows: Kysely parses every value of a 400-row insert and compiles it on each call.
 * The rows go in pieces of a power of two rows, at most `maxRows` (a power of two too, keeping the parameters
 * within both engines' limits), in order, so a handful of compiled statements serve every count (1,000 rows are
 * 256 + 256 + 256 + 128 + 64 + 32 + 8). The builder must use the rows' values only as values of the query. Rows
 * whose columns differ from the first row's, or with an undefined value (which Kysely would leave out), are built
 * the ordinary way.
 */
export function prepareRows<R extends object, O>(
  build: (db: Db, rows: R[]) => Compilable<O> & { execute: () => Promise<O[]> },
  maxRows = 256,
): (db: Db, rows: readonly R[]) => Promise<O[]> {
  if (!Number.isInteger(Math.log2(maxRows))) throw new Error(`Prepared rows: ${maxRows} is not a power of two`);
  const templates = new WeakMap<object, WeakMap<readonly KyselyPlugin[], Map<string, RowTemplate>>>();

  function template(db: Db, columns: readonly string[], count: number): RowTemplate {
    const executor = db.getExecutor();
    let byPlugins = templates.get(executor.adapter);
    if (!byPlugins) templates.set(executor.adapter, (byPlugins = new WeakMap()));
    let byShape = byPlugins.get(executor.plugins);
    if (!byShape) byPlugins.set(executor.plugins, (byShape = new Map()));
    const key = `${count}|${columns.join(',')}`;
    let found = byShape.get(key);
    if (!found) {
      const stand = Array.from(
        { length: count },
        (_, row) => Object.fromEntries(columns.map((column) => [column, new RowPlaceholder(row, column)])) as R,
      );
      const compiled = build(db, stand).compile();
      const slots = compiled.parameters.map((value): RowSlot =>
        value instanceof RowPlaceholder ? { row: value.row, column: value.column } : { constant: value },
      );
      if (slots.filter((slot) => 'row' in slot).length !== count * columns.length)
        throw new Error(`Prepared rows: not every value became a query parameter: ${compiled.sql.slice(0, 200)}`);
      if (byShape.size >= ROW_TEMPLATES) byShape.delete(byShape.keys().next().value!);
      byShape.set(key, (found = { compiled, slots }));
    }
    return found;
  }

  return async (db, rows) => {
    if (rows.length === 0) return [];
    const columns = Object.keys(rows[0]!);
    const uniform = rows.every((row) => {
      const values = row as Record<string, unknown>;
      const keys = Object.keys(values);
      return keys.length === columns.length && keys.every((key, i) => key === columns[i] && values[key] !== undefined);
    });
    const out: O[] = [];
    for (let from = 0; from < rows.length;) {
      let count = maxRows;
      while (count > rows.length - from) count /= 2;
      const piece = rows.slice(from, from + count);
      from += count;
      if (!uniform) {
        out.push(...(await build(db, piece).execute()));
        continue;
      }
      const { compiled, slots } = template(db, columns, count);
      const parameters = slots.map((slot) =>
        'row' in slot ? (piece[slot.row] as Record<string, unknown>)[slot.column] : slot.constant,
      );
      const result = await db.executeQuery<O>({
        sql: compiled.sql,
        query: compiled.query,
        queryId: compiled.queryId,
        parameters,
      });
      out.push(...result.rows);
    }
    return out;
  };
}
