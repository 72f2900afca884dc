/**
 * Migration 0042 (a punch's identity is the device's local time) over punches stored before it: every punch gets its
 * local time (the one sent, normalised, else the one its instant shows in its device's zone, or the tenant's zone
 * when the device is gone); a punch doubled by an earlier zone change keeps the copy the device's current zone
 * gives; and the unique key is the local time from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './harness.js';
import { createTenant } from './factories.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

describe('migration 0042-punch-identity', () => {
  it('fills in local times, keeps one copy of a doubled punch, and keys punches by local time', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0040-client-feedback');
    const at = '2026-11-25T00:00:00.000Z';
    const { tenant } = await createTenant(db, { name: 'Alpha', emailDomain: 'alpha.example' }, new Date(at), {
      feedbackCatalogue: false,
    });
    const device = await db
      .insertInto('devices')
      .values({
        tenantId: tenant.id,
        name: 'Door',
        serialNo: 'D-1',
        mode: 'pull',
        ipAddress: '10.0.0.5',
        timeZone: 'America/Los_Angeles',
        lastActivity: null,
        stateDetail: null,
        admsStamp: null,
        admsNetwork: null,
        createdAt: at,
        updatedAt: at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const punch = (deviceId: number | null, serial: string, user: string, punchAt: string, localTime: string | null) =>
      db
        .insertInto('devicePunches')
        .values({
          tenantId: tenant.id,
          deviceId,
          deviceSerial: serial,
          deviceUserId: user,
          punchAt,
          localTime,
          employeeId: null,
          workDate: null,
          status: 'unmapped',
          note: null,
          via: 'agent',
          receivedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const sent = await punch(device.id, 'D-1', '1', '2026-11-20T09:00:00.000Z', '2026-11-20 01:00:00');
    const derived = await punch(device.id, 'D-1', '2', '2026-11-20T17:30:00.000Z', null);
    const gone = await punch(null, 'OLD-9', '3', '2026-11-20T04:00:00.000Z', null);
    // The same punch twice: first read with a wrong zone (Karachi), then with the right one.
    await punch(device.id, 'D-1', '4', '2026-11-19T20:00:00.000Z', '2026-11-20T01:00:00');
    const right = await punch(device.id, 'D-1', '4', '2026-11-20T09:00:00.000Z', '2026-11-20T01:00:00');

    await migrateToLatest(db, engine);
    const rows = await db
      .selectFrom('devicePunches')
      .select(['id', 'deviceUserId', 'punchAt', 'localTime'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: sent.id, deviceUserId: '1', punchAt: '2026-11-20T09:00:00.000Z', localTime: '2026-11-20T01:00:00' },
      { id: derived.id, deviceUserId: '2', punchAt: '2026-11-20T17:30:00.000Z', localTime: '2026-11-20T09:30:00' },
      // No device any more: the tenant's zone (Asia/Karachi by default).
      { id: gone.id, deviceUserId: '3', punchAt: '2026-11-20T04:00:00.000Z', localTime: '2026-11-20T09:00:00' },
      { id: right.id, deviceUserId: '4', punchAt: '2026-11-20T09:00:00.000Z', localTime: '2026-11-20T01:00:00' },
    ]);
    // From now on the local time is the key: the same reading under another instant is refused.
    await expect(punch(device.id, 'D-1', '2', '2026-11-20T05:30:00.000Z', '2026-11-20T09:30:00')).rejects.toThrow();
    expect((await punch(device.id, 'D-1', '2', '2026-11-20T17:30:00.000Z', '2026-11-20T09:31:00')).id).toBeGreaterThan(
      right.id,
    );
  });
});
