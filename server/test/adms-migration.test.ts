/**
 * Migration 0011 (ADMS security) over an installation where two tenants had registered the same serial number
 * (possible before it): the first registered keeps the serial, the later one is deactivated and renamed so that the
 * installation-wide unique index can be built, and existing push devices are bound to their recorded IP address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './harness.js';
import { createTenant, factories } from './factories.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

describe('migration 0011-adms-security', () => {
  it('keeps a shared serial with its first tenant, renames and deactivates the later claim, and binds push devices', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0008-jobs');
    const now = () => new Date('2026-01-05T00:00:00Z');
    // Only the columns 0008 has: the factories know the latest schema, so rows are written by hand here.
    const a = await createTenant(db, { name: 'Alpha', emailDomain: 'alpha.example' }, now(), {
      feedbackCatalogue: false,
    });
    const b = await createTenant(db, { name: 'Beta', emailDomain: 'beta.example' }, now(), {
      feedbackCatalogue: false,
    });
    const row = (tenantId: number, serialNo: string, mode: 'pull' | 'push', ipAddress: string | null) => ({
      tenantId,
      name: serialNo,
      serialNo,
      mode,
      ipAddress,
      timeZone: 'Asia/Karachi',
      admsStamp: null,
      stateDetail: null,
      lastActivity: null,
      createdAt: now().toISOString(),
      updatedAt: now().toISOString(),
    });
    const insert = (values: ReturnType<typeof row>) =>
      (db as unknown as typeof db)
        .insertInto('devices')
        .values(values as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await insert(row(a.tenant.id, 'DUP-1', 'push', '10.0.0.5'));
    const later = await insert(row(b.tenant.id, 'dup-1', 'push', '10.0.0.6'));
    const named = await insert(row(b.tenant.id, 'GATE-2', 'push', 'gate.example'));

    await migrateToLatest(db, engine);
    const devices = await db
      .selectFrom('devices')
      .select(['id', 'serialNo', 'isActive', 'state', 'stateDetail', 'admsNetwork'])
      .orderBy('id')
      .execute();
    expect(devices).toEqual([
      { id: first.id, serialNo: 'DUP-1', isActive: 1, state: 'unknown', stateDetail: null, admsNetwork: '10.0.0.5' },
      {
        id: later.id,
        serialNo: `dup-1#${later.id}`,
        isActive: 0,
        state: 'error',
        stateDetail: 'This serial number was registered to another company on this server first.',
        admsNetwork: '10.0.0.6',
      },
      { id: named.id, serialNo: 'GATE-2', isActive: 1, state: 'unknown', stateDetail: null, admsNetwork: null },
    ]);
    // The index holds from now on, in any case.
    const f = factories(db, b.tenant.id, { now });
    await expect(f.device({ serialNo: 'Dup-1' })).rejects.toThrow();
  });
});
