/** Prepared queries on a real (in-memory) SQLite database; the API suites run them on PostgreSQL too. */
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './engine.js';
import { prepare, prepareForTenant, prepareRows } from './prepared.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase({ sqliteFile: ':memory:' });
  await sql`create table tenant_settings (tenant_id integer not null, key text not null, value text not null,
    updated_at text not null, primary key (tenant_id, key))`.execute(handle.db);
  for (const [tenantId, key, value] of [
    [1, 'a', '1'],
    [1, 'b', '2'],
    [2, 'a', '3'],
  ] as const)
    await handle.db.insertInto('tenantSettings').values({ tenantId, key, value, updatedAt: 'now' }).execute();
});
afterAll(() => handle.close());

/** Counts the queries Kysely builds and compiles through it (plugins see each compilation). */
function countingPlugin(): KyselyPlugin & { compiled: number } {
  return {
    compiled: 0,
    transformQuery(args) {
      this.compiled += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

const settingByKey = prepare((db, p: { tenantId: number; key: string }) =>
  db
    .selectFrom('tenantSettings')
    .select(['key', 'value'])
    .where('tenantId', '=', p.tenantId)
    .where('key', '=', p.key)
    // A constant of the query stays in its place among the parameters.
    .where('value', '!=', 'never'),
);

describe('prepare', () => {
  it('compiles once per database and fills each call with its own values, in camelCase', async () => {
    const counter = countingPlugin();
    const db = handle.db.withPlugin(counter);
    expect(await settingByKey.all(db, { tenantId: 1, key: 'b' })).toEqual([{ key: 'b', value: '2' }]);
    expect(await settingByKey.first(db, { key: 'a', tenantId: 2 })).toEqual({ key: 'a', value: '3' });
    expect(await settingByKey.first(db, { tenantId: 2, key: 'b' })).toBeUndefined();
    expect(counter.compiled).toBe(1);
    // The same answers as the query built the ordinary way.
    const ordinary = await handle.db
      .selectFrom('tenantSettings')
      .select(['key', 'value'])
      .where('tenantId', '=', 1)
      .where('key', '=', 'b')
      .execute();
    expect(await settingByKey.all(handle.db, { tenantId: 1, key: 'b' })).toEqual(ordinary);
  });

  it('runs inside a transaction, on its connection', async () => {
    const seen = await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('tenantSettings').set({ value: '9' }).where('tenantId', '=', 2).execute();
      const row = await settingByKey.first(trx, { tenantId: 2, key: 'a' });
      await trx.updateTable('tenantSettings').set({ value: '3' }).where('tenantId', '=', 2).execute();
      return row;
    });
    expect(seen).toEqual({ key: 'a', value: '9' });
  });

  it('refuses a parameter that did not become a value of the query', async () => {
    const misused = prepare((db, p: { tenantId: number; key: string }) =>
      db
        .selectFrom('tenantSettings')
        .select('key')
        .where('tenantId', '=', p.tenantId)
        .where(sql<boolean>`${sql.raw(String(p.key))} = 1`),
    );
    await expect(misused.all(handle.db, { tenantId: 1, key: 'a' })).rejects.toThrow(/key did not become/);
  });
});

describe('prepareForTenant', () => {
  const settings = prepareForTenant((db, p: { tenantId: number; key: string }) =>
    db.selectFrom('tenantSettings').select('value').where('tenantId', '=', p.tenantId).where('key', '=', p.key),
  );

  it("takes the tenant from the scope, whatever the caller's parameters carry", async () => {
    const forged = { key: 'a', tenantId: 2 };
    expect(await settings.all({ db: handle.db, tenantId: 1 }, forged)).toEqual([{ value: '1' }]);
    expect(await settings.first({ db: handle.db, tenantId: 2 }, { key: 'a' })).toEqual({ value: '3' });
  });

  it('refuses a query that does not filter by the tenant', async () => {
    const unfiltered = prepareForTenant((db, p: { tenantId: number; key: string }) =>
      db.selectFrom('tenantSettings').select('value').where('key', '=', p.key),
    );
    await expect(unfiltered.all({ db: handle.db, tenantId: 1 }, { key: 'a' })).rejects.toThrow(/tenantId/);
  });
});

describe('prepareRows', () => {
  type Setting = { tenantId: number; key: string; value: string; updatedAt: string };
  const insertSettings = prepareRows(
    (db, rows: Setting[]) => db.insertInto('tenantSettings').values(rows).returning(['key', 'value']),
    4,
  );
  const rows = (tenantId: number, count: number): Setting[] =>
    Array.from({ length: count }, (_, i) => ({ tenantId, key: `k${i}`, value: String(i), updatedAt: 'now' }));
  const stored = (tenantId: number) =>
    handle.db
      .selectFrom('tenantSettings')
      .select(['key', 'value'])
      .where('tenantId', '=', tenantId)
      .orderBy('rowid' as never)
      .execute();

  it('inserts any number of rows in order, in pieces compiled once per size, as the ordinary insert does', async () => {
    const counter = countingPlugin();
    const db = handle.db.withPlugin(counter);
    // 11 rows are pieces of 4, 4, 2 and 1; 7 more are 4, 2 and 1: three sizes compiled once each.
    const first = await insertSettings(db, rows(10, 11));
    const second = await insertSettings(db, rows(11, 7));
    expect(counter.compiled).toBe(3);
    expect(first).toEqual(rows(10, 11).map(({ key, value }) => ({ key, value })));
    expect(second).toHaveLength(7);
    await handle.db.insertInto('tenantSettings').values(rows(12, 11)).execute();
    expect(await stored(10)).toEqual(await stored(12));
    expect(await insertSettings(db, [])).toEqual([]);
  });

  it('builds rows whose columns come in another order the ordinary way, each value in its column', async () => {
    const counter = countingPlugin();
    const db = handle.db.withPlugin(counter);
    const mixed = [
      { tenantId: 13, key: 'a', value: '1', updatedAt: 'now' },
      { tenantId: 13, value: '2', key: 'b', updatedAt: 'now' },
    ];
    expect(await insertSettings(db, mixed)).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    expect(counter.compiled).toBe(1);
  });

  it('refuses a piece size that is not a power of two', () => {
    expect(() => prepareRows((db, r: Setting[]) => db.insertInto('tenantSettings').values(r), 300)).toThrow(
      /power of two/,
    );
  });
});
