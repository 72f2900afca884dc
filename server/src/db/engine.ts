/**
 * Opens the database: better-sqlite3 (WAL, foreign keys, busy timeout) by default, PostgreSQL when a
 * postgres:// URL is configured. Both go through the same Kysely instance type and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { RowsCamelCasePlugin, TeambeatPostgresDialect, TeambeatSqliteDialect } from './dialects.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: Engine;
  /** Where the data lives, for the start-up banner (password stripped from URLs). */
  location: string;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  sqliteFile: string;
  poolSize?: number;
  /** Errors of idle pooled connections (a PostgreSQL restart, say); unhandled they would end the process. */
  onPoolError?: (error: Error) => void;
};

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  // camelCase here, snake_case in SQL: the dialects write the identifiers, the plugin maps the rows.
  const camelCase = new RowsCamelCasePlugin();
  const plugins = [camelCase];
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // The pool replaces a broken idle connection by itself; the error only needs to be seen.
    pool.on('error', options.onPoolError ?? (() => {}));
    const db = new Kysely<Database>({
      dialect: new TeambeatPostgresDialect({ pool }, camelCase.toSnakeCase),
      plugins,
    });
    const url = new URL(options.databaseUrl);
    url.password = '';
    return { db, engine: 'postgres', location: url.toString(), close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new TeambeatSqliteDialect({ database: withStatementCache(sqlite) }, camelCase.toSnakeCase),
    plugins,
  });
  return { db, engine: 'sqlite', location: options.sqliteFile, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, which saves most of the
 * cost of small queries. Safe because Kysely runs one query at a time on its single SQLite connection
 * and we never stream (a statement being iterated cannot run another query).
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Move to the end: the map's order is the least-recently-used order.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** Aggregates come back as strings from PostgreSQL (bigint) and numbers from SQLite. */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}

type Numeric = string | number | bigint | null | undefined;

/** The row with its aggregate columns `keys` as numbers (see `toNumber`), the others as they were. */
export function withNumbers<R extends Record<K, Numeric>, K extends keyof R>(
  row: R,
  keys: readonly K[],
): Omit<R, K> & Record<K, number> {
  const out: Record<PropertyKey, unknown> = { ...row };
  for (const key of keys) out[key] = toNumber(row[key]);
  return out as Omit<R, K> & Record<K, number>;
}
