/** Prepared queries on a real (in-memory) SQLite database; the API suites run them on PostgreSQL too. */
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './engine.js';
import { prepare, prepareForTenant } from './prepared.js';

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
