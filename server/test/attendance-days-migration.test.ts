/**
 * Migration 0051 (docs/workforce.md "Daily aggregate") fills the daily aggregate from the rows already stored: what
 * it writes equals what the live code rebuilds from them (attendance with a corrected device punch, WFO and not,
 * an open day, leave taken, pending and cancelled, two tenants).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { rebuildDays } from '../src/modules/attendance/days.js';
import { createTestDatabase } from './harness.js';
import { createTenant, factories } from './factories.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

describe('migration 0051-attendance-days', () => {
  it('fills attendance_days and attendance_day_totals as the live rebuild would', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0050-employee-profile');
    const at = new Date('2026-11-26T05:00:00.000Z');
    const tenants: number[] = [];
    for (const [name, domain] of [
      ['Alpha', 'alpha.example'],
      ['Beta', 'beta.example'],
    ] as const) {
      const { tenant } = await createTenant(db, { name, emailDomain: domain }, at, { feedbackCatalogue: false });
      tenants.push(tenant.id);
      const f = factories(db, tenant.id, { now: () => at });
      const [ana, bo] = [await f.employee(), await f.employee()];
      for (const [i, date] of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-21'].entries()) {
        await f.attendance({
          employeeId: ana.id,
          workDate: date,
          checkIn: `${date}T04:00:00.000Z`,
          checkOut: `${date}T12:${String(i * 7).padStart(2, '0')}:00.000Z`,
          isWfo: i % 2 === 0 ? 1 : 0,
          breaks: i === 1 ? [[`${date}T07:00:00.000Z`, `${date}T07:40:00.000Z`]] : [],
        });
        await f.attendance({ employeeId: bo.id, workDate: date, checkIn: `${date}T05:00:00.000Z`, isWfo: 1 });
      }
      // A device punch and the correction standing in for it; an open day.
      const punch = await f.attendance({ employeeId: ana.id, workDate: '2026-11-20', source: 'device', isWfo: 1 });
      await db.updateTable('attendances').set({ correctedAt: at.toISOString() }).where('id', '=', punch.id).execute();
      await f.attendance({
        employeeId: ana.id,
        workDate: '2026-11-20',
        checkIn: '2026-11-20T04:30:00.000Z',
        checkOut: '2026-11-20T11:00:00.000Z',
        correctsId: punch.id,
        correctionReason: 'Late punch',
      });
      await f.attendance({
        employeeId: bo.id,
        workDate: '2026-11-23',
        checkIn: '2026-11-23T04:00:00.000Z',
        checkOut: null,
      });
      await f.leaveRequest({ employeeId: ana.id, startDate: '2026-11-18', endDate: '2026-11-24', status: 11 });
      await f.leaveRequest({ employeeId: bo.id, startDate: '2026-11-16', endDate: '2026-11-16', status: 5 });
      await f.leaveRequest({ employeeId: bo.id, startDate: '2026-11-24', endDate: '2026-11-25', status: 1 });
      await f.leaveRequest({ employeeId: bo.id, startDate: '2026-11-26', endDate: '2026-11-26', status: 9 });
    }
    await migrateToLatest(db, engine);

    const read = async () => ({
      days: await db
        .selectFrom('attendanceDays')
        .selectAll()
        .orderBy('tenantId')
        .orderBy('employeeId')
        .orderBy('workDate')
        .execute(),
      totals: await db.selectFrom('attendanceDayTotals').selectAll().orderBy('tenantId').orderBy('workDate').execute(),
    });
    const migrated = await read();
    expect(migrated.days.length).toBeGreaterThan(20);
    expect(migrated.days.some((d) => d.onLeave === 1 && d.present === 1)).toBe(true);
    for (const tenantId of tenants) await db.transaction().execute((trx) => rebuildDays(trx, tenantId));
    expect(await read()).toEqual(migrated);
  });
});
