/**
 * The dialects write the same SQL as Kysely's own with CamelCasePlugin, identifier for identifier; SQLite's
 * parameters only become `+?`. The API suites then run every query of the app through them on both engines.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, sql, SqliteDialect, type Compilable } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { RowsCamelCasePlugin, TeambeatPostgresDialect, TeambeatSqliteDialect } from './dialects.js';
import type { Db } from './engine.js';
import type { Database } from './schema.js';

const sqlite = new SQLite(':memory:');
const pool = new pg.Pool(); // never connects: these tests only compile
const ours = new RowsCamelCasePlugin();
const engines = {
  sqlite: {
    kysely: new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
    }),
    teambeat: new Kysely<Database>({
      dialect: new TeambeatSqliteDialect({ database: sqlite }, ours.toSnakeCase),
      plugins: [ours],
    }),
    placeholder: (text: string) => text.replaceAll('?', '+?'),
  },
  postgres: {
    kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }),
    teambeat: new Kysely<Database>({
      dialect: new TeambeatPostgresDialect({ pool }, ours.toSnakeCase),
      plugins: [ours],
    }),
    placeholder: (text: string) => text,
  },
};
afterAll(async () => {
  sqlite.close();
  await pool.end();
});

/** Queries of the shapes the app writes: joins and aliases, subqueries, raw references, writes, schema. */
const queries: Record<string, (db: Db) => Compilable<unknown>> = {
  joins: (db) =>
    db
      .selectFrom('feedback')
      .innerJoin('employees as giver', 'giver.id', 'feedback.giverId')
      .leftJoin('feedbackGroups as g', 'g.id', 'feedback.groupId')
      .select(['feedback.id', 'giver.name as giverName', 'g.comment', 'feedback.ratingSum'])
      .where('feedback.tenantId', '=', 1)
      .where('feedback.flagStatus', 'not in', ['pending', 'approved'])
      .orderBy('feedback.createdAt', 'desc')
      .limit(10)
      .offset(20),
  subqueries: (db) =>
    db
      .selectFrom('employees')
      .select((eb) => [
        'employees.employeeIdentificationNo',
        eb
          .selectFrom('teamMembers')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('teamMembers.employeeId', '=', 'employees.id')
          .as('teamCount'),
      ])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('refreshTokens')
            .select('refreshTokens.id')
            .whereRef('refreshTokens.employeeId', '=', 'employees.id'),
        ),
      ),
  raw: (db) =>
    db
      .selectFrom('attendances')
      .select(sql<number>`sum(${sql.ref('attendances.workedMinutes')})`.as('workedMinutes'))
      .where(sql`lower(${sql.ref('attendances.checkInSource')})`, '=', 'web')
      .groupBy(sql.ref('attendances.employeeId')),
  insert: (db) =>
    db
      .insertInto('tenantSettings')
      .values({ tenantId: 1, key: 'k', value: '1', updatedAt: 'now' })
      .onConflict((oc) => oc.columns(['tenantId', 'key']).doUpdateSet({ value: '2', updatedAt: 'then' }))
      .returning(['tenantId', 'updatedAt']),
  update: (db) =>
    db
      .updateTable('employees')
      .set({ failedSignIns: 0, lockedUntil: null })
      .where('employeeIdentificationNo', '=', 'E1'),
  schema: (db) =>
    db.schema
      .createTable('someThings')
      .addColumn('tenantId', 'integer', (c) => c.notNull().references('tenants.id'))
      .addColumn('createdAt', 'text'),
};

describe.each(Object.entries(engines))('the %s dialect', (_engine, { kysely, teambeat, placeholder }) => {
  it.each(Object.entries(queries))('writes %s as Kysely does', (_name, query) => {
    const expected = query(kysely).compile();
    const actual = query(teambeat).compile();
    expect(actual.sql).toBe(placeholder(expected.sql));
    expect(actual.parameters).toEqual(expected.parameters);
  });
});
