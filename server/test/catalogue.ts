/**
 * The live database's own description of its tables, from each engine's catalogue (SQLite: sqlite_master and
 * pragma_table_info; PostgreSQL: information_schema), after the migrations ran. Names are as stored: snake_case.
 * Kysely's bookkeeping tables are left out.
 */
import { sql } from 'kysely';
import type { Db, Engine } from '../src/db/engine.js';

export type LiveColumn = {
  nullable: boolean;
  /** A DEFAULT clause, or a key the database numbers itself (identity, AUTOINCREMENT). */
  hasDefault: boolean;
};
export type LiveSchema = Map<string, Map<string, LiveColumn>>;

type Row = { tableName: string; columnName: string; nullable: boolean; hasDefault: boolean };

export async function readLiveSchema(db: Db, engine: Engine): Promise<LiveSchema> {
  const rows = engine === 'postgres' ? await postgresColumns(db) : await sqliteColumns(db);
  const schema: LiveSchema = new Map();
  for (const row of rows) {
    if (row.tableName.startsWith('kysely_')) continue;
    let table = schema.get(row.tableName);
    if (!table) schema.set(row.tableName, (table = new Map()));
    table.set(row.columnName, { nullable: row.nullable, hasDefault: row.hasDefault });
  }
  return schema;
}

/** Every table with a tenant_id column: the tables whose rows belong to one tenant. */
export async function tenantOwnedTables(db: Db, engine: Engine): Promise<string[]> {
  const schema = await readLiveSchema(db, engine);
  return [...schema].filter(([, columns]) => columns.has('tenant_id')).map(([name]) => name);
}

async function sqliteColumns(db: Db): Promise<Row[]> {
  // A primary key column is never null, even where SQLite would let a non-integer one be; an INTEGER PRIMARY
  // KEY of an AUTOINCREMENT table is numbered by the database.
  const { rows } = await sql<{
    tableName: string;
    columnName: string;
    notNull: number;
    dflt: string | null;
    pk: number;
    type: string;
    tableSql: string;
  }>`select m.name as table_name, p.name as column_name, p."notnull" as not_null, p.dflt_value as dflt, p.pk as pk,
        p.type as type, m.sql as table_sql
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%'
      order by m.name, p.cid`.execute(db);
  return rows.map((r) => ({
    tableName: r.tableName,
    columnName: r.columnName,
    nullable: r.notNull === 0 && r.pk === 0,
    hasDefault:
      r.dflt !== null || (r.pk === 1 && r.type.toLowerCase() === 'integer' && /autoincrement/i.test(r.tableSql)),
  }));
}

async function postgresColumns(db: Db): Promise<Row[]> {
  const { rows } = await sql<{
    tableName: string;
    columnName: string;
    isNullable: string;
    columnDefault: string | null;
    isIdentity: string;
  }>`select table_name, column_name, is_nullable, column_default, is_identity
      from information_schema.columns
      where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db);
  return rows.map((r) => ({
    tableName: r.tableName,
    columnName: r.columnName,
    nullable: r.isNullable === 'YES',
    hasDefault: r.columnDefault !== null || r.isIdentity === 'YES',
  }));
}
