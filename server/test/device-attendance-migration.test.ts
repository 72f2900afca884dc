/**
 * Migration 0044 (docs/devices.md "Ingest"): device attendance nobody changed is computed again from the applied
 * punches, so rows built from the copies migration 0042 deleted, or split by a night shift's punches applied out
 * of order, become what the punches give; a person's day is left alone and no row is created.
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

describe('migration 0044-device-attendance-recompute', () => {
  it('recomputes untouched device days from their punches, removes emptied ones, and leaves a person’s day', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0043-device-clock');
    const at = '2026-11-26T00:00:00.000Z';
    const { tenant } = await createTenant(db, { name: 'Alpha', emailDomain: 'alpha.example' }, new Date(at), {
      feedbackCatalogue: false,
    });
    const f = factories(db, tenant.id);
    const [ana, bo] = [await f.employee(), await f.employee()];
    const punch = (employeeId: number, punchAt: string, localTime: string, workDate: string) =>
      db
        .insertInto('devicePunches')
        .values({
          tenantId: tenant.id,
          deviceId: null,
          deviceSerial: 'D-1',
          deviceUserId: String(employeeId),
          punchAt,
          localTime,
          employeeId,
          workDate,
          status: 'applied',
          note: null,
          via: 'agent',
          receivedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const row = (
      employeeId: number,
      workDate: string,
      checkIn: string,
      checkOut: string | null,
      source: 'device' | 'manual' = 'device',
    ) =>
      db
        .insertInto('attendances')
        .values({
          tenantId: tenant.id,
          employeeId,
          workDate,
          checkIn,
          checkOut,
          source,
          isWfo: 1,
          clientIp: null,
          workedMinutes: null,
          breakMinutes: 0,
          createdBy: null,
          createdAt: at,
          updatedBy: null,
          updatedAt: at,
          correctsId: null,
          correctionReason: null,
          correctedAt: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

    // Karachi (the default zone). The 20th: 09:00-17:00, but its row still ends at 18:00, a deleted copy's time,
    // and the copy of the 21st made a row of its own.
    await punch(ana.id, '2026-11-20T04:00:00.000Z', '2026-11-20T09:00:00', '2026-11-20');
    await punch(ana.id, '2026-11-20T12:00:00.000Z', '2026-11-20T17:00:00', '2026-11-20');
    const stretched = await row(ana.id, '2026-11-20', '2026-11-20T04:00:00.000Z', '2026-11-20T13:00:00.000Z');
    const copy = await row(ana.id, '2026-11-21', '2026-11-21T04:00:00.000Z', null);
    // The 22nd's night, 20:00 to 02:00, split in two days by punches applied out of order.
    await punch(ana.id, '2026-11-22T15:00:00.000Z', '2026-11-22T20:00:00', '2026-11-22');
    const morning = await punch(ana.id, '2026-11-22T21:00:00.000Z', '2026-11-23T02:00:00', '2026-11-23');
    const evening = await row(ana.id, '2026-11-22', '2026-11-22T15:00:00.000Z', null);
    const split = await row(ana.id, '2026-11-23', '2026-11-22T21:00:00.000Z', null);
    // Bo's day is a manual entry; a device row after Bo's last punch is outside what is recomputed.
    await punch(bo.id, '2026-11-20T04:00:00.000Z', '2026-11-20T09:00:00', '2026-11-20');
    const manual = await row(bo.id, '2026-11-20', '2026-11-20T03:00:00.000Z', '2026-11-20T11:00:00.000Z', 'manual');
    const later = await row(bo.id, '2026-11-25', '2026-11-25T04:00:00.000Z', null);

    await migrateToLatest(db, engine);
    const rows = await db
      .selectFrom('attendances')
      .select(['id', 'employeeId', 'workDate', 'checkIn', 'checkOut', 'workedMinutes'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: stretched.id,
        employeeId: ana.id,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T04:00:00.000Z',
        checkOut: '2026-11-20T12:00:00.000Z',
        workedMinutes: 480,
      },
      {
        id: evening.id,
        employeeId: ana.id,
        workDate: '2026-11-22',
        checkIn: '2026-11-22T15:00:00.000Z',
        checkOut: '2026-11-22T21:00:00.000Z',
        workedMinutes: 360,
      },
      {
        id: manual.id,
        employeeId: bo.id,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T03:00:00.000Z',
        checkOut: '2026-11-20T11:00:00.000Z',
        workedMinutes: null,
      },
      {
        id: later.id,
        employeeId: bo.id,
        workDate: '2026-11-25',
        checkIn: '2026-11-25T04:00:00.000Z',
        checkOut: null,
        workedMinutes: null,
      },
    ]);
    const moved = await db.selectFrom('devicePunches').select('workDate').where('id', '=', morning.id).execute();
    expect(moved).toEqual([{ workDate: '2026-11-22' }]);
    const audit = await db
      .selectFrom('attendanceAudit')
      .select(['attendanceId', 'action', 'actorId'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { attendanceId: stretched.id, action: 'update', actorId: null },
      { attendanceId: evening.id, action: 'update', actorId: null },
      { attendanceId: copy.id, action: 'delete', actorId: null },
      { attendanceId: split.id, action: 'delete', actorId: null },
    ]);
  });
});
