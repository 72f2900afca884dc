/**
 * server/src/db/schema.ts agrees with the migrations: after migrating, every table and column of the live
 * database is in the Kysely types and the other way round; a column that may be null is typed `| null`; and
 * a column is optional on insert exactly when the database can fill it (a default, an identity, or null).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSchema, type LiveSchema } from './catalogue.js';
import { createTestDatabase, ENGINE } from './harness.js';
import { readTypeSchema, type TypeSchema } from './schema-types.js';

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

let live: LiveSchema;
let typed: TypeSchema;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  live = await readLiveSchema(database.handle.db, database.handle.engine);
  typed = readTypeSchema();
});
afterAll(() => drop?.());

describe(`schema.ts against the migrated ${ENGINE} database`, () => {
  it('has the same tables', () => {
    expect([...typed.keys()].sort()).toEqual([...live.keys()].map(camel).sort());
  });

  it('has the same columns in every table', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      const types = typed.get(camel(table));
      if (!types) continue; // reported by the test above
      const inDatabase = [...columns.keys()].map(camel);
      for (const c of inDatabase) if (!types.has(c)) differences.push(`${table}.${c}: in the database, not typed`);
      for (const c of types.keys())
        if (!inDatabase.includes(c)) differences.push(`${table}.${c}: typed, not in the database`);
    }
    expect(differences).toEqual([]);
  });

  it('types a column `| null` exactly when the database allows null', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      for (const [column, db] of columns) {
        const type = typed.get(camel(table))?.get(camel(column));
        if (type && type.nullable !== db.nullable)
          differences.push(`${table}.${column}: ${db.nullable ? 'nullable' : 'not null'} in the database`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('lets an insert leave out a column exactly when the database fills it', () => {
    const differences: string[] = [];
    for (const [table, columns] of live) {
      for (const [column, db] of columns) {
        const type = typed.get(camel(table))?.get(camel(column));
        if (!type) continue;
        const fillable = db.hasDefault || db.nullable;
        if (fillable && !type.optionalOnInsert)
          differences.push(
            `${table}.${column}: ${db.hasDefault ? 'has a database default' : 'nullable'}, yet required on insert`,
          );
        if (!fillable && type.optionalOnInsert)
          differences.push(`${table}.${column}: optional on insert, but the database has no default`);
      }
    }
    expect(differences).toEqual([]);
  });
});
