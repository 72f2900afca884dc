import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/** Leave statuses that count as taken (approved, or approved with a cancellation pending) when this was written. */
const TAKEN = [4, 5, 11, 12];
const CHUNK = 200;

/** The next calendar day of a YYYY-MM-DD date (UTC arithmetic on a date without a zone). */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The daily attendance aggregate (docs/workforce.md "Daily aggregate"): one row per employee and day with the
 * day's standing attendance (present, WFO, worked and break minutes) and whether a taken leave request covers it,
 * and one row per tenant and day with their sums. Every write of attendance, breaks and leave keeps both current
 * in its own transaction (modules/attendance/days.ts); the productivity overviews read them instead of the
 * attendance rows. Existing rows are filled in here, in SQL and plain loops (not the live code, which may change).
 */
export const attendanceDays: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('attendance_days')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('work_date', 'text', (c) => c.notNull())
      // Standing (uncorrected) attendances of the day: 0 or 1, as there is one per employee and day.
      .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wfo', 'integer', (c) => c.notNull().defaultTo(0))
      // Stored minutes of the day's attendance (an open one counts 0 here; readers add a running day's live time).
      .addColumn('worked_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      // 1 when a leave request in a taken status covers the day (working or not: the calendar is applied on read).
      .addColumn('on_leave', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('attendance_days_pk', ['tenant_id', 'employee_id', 'work_date'])
      .execute();
    // Rebuilding a range and summing a day read by tenant and date.
    await db.schema
      .createIndex('attendance_days_tenant_day')
      .on('attendance_days')
      .columns(['tenant_id', 'work_date'])
      .execute();

    await db.schema
      .createTable('attendance_day_totals')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('work_date', 'text', (c) => c.notNull())
      .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wfo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('worked_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      // People present on a day of their own leave (counted once, as leave, on working days).
      .addColumn('present_on_leave', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_leave', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('attendance_day_totals_pk', ['tenant_id', 'work_date'])
      .execute();

    await sql`insert into attendance_days
        (tenant_id, employee_id, work_date, present, wfo, worked_minutes, break_minutes, on_leave)
      select tenant_id, employee_id, work_date, count(*), sum(is_wfo),
        sum(coalesce(worked_minutes, 0)), sum(coalesce(break_minutes, 0)), 0
      from attendances where corrected_at is null
      group by tenant_id, employee_id, work_date`.execute(db);

    const { rows: requests } = await sql<{ tenantId: number; employeeId: number; startDate: string; endDate: string }>`
      select tenant_id, employee_id, start_date, end_date from leave_requests
      where status in (${sql.join(TAKEN)}) and start_date <= end_date`.execute(db);
    const keys = new Map<string, { tenantId: number; employeeId: number; date: string }>();
    for (const r of requests) {
      for (let d = r.startDate; d <= r.endDate; d = nextDay(d)) {
        keys.set(`${r.tenantId}|${r.employeeId}|${d}`, { tenantId: r.tenantId, employeeId: r.employeeId, date: d });
      }
    }
    const all = [...keys.values()];
    for (let i = 0; i < all.length; i += CHUNK) {
      const values = all.slice(i, i + CHUNK).map((k) => sql`(${k.tenantId}, ${k.employeeId}, ${k.date}, 1)`);
      await sql`insert into attendance_days (tenant_id, employee_id, work_date, on_leave)
        values ${sql.join(values)}
        on conflict (tenant_id, employee_id, work_date) do update set on_leave = 1`.execute(db);
    }

    await sql`insert into attendance_day_totals
        (tenant_id, work_date, present, wfo, worked_minutes, break_minutes, present_on_leave, on_leave)
      select tenant_id, work_date, sum(present), sum(wfo), sum(worked_minutes), sum(break_minutes),
        sum(case when on_leave = 1 then present else 0 end), sum(on_leave)
      from attendance_days group by tenant_id, work_date`.execute(db);
  },
});
