import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.js';
import type { MigrationFactory } from '../migration-kit.js';

/** Milliseconds from one ISO instant (text) to another, in the engine's own date arithmetic. */
function spanMs(engine: Engine, from: string, to: string) {
  return engine === 'postgres'
    ? `(round(extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz))) * 1000))::bigint`
    : `cast(round((julianday(${to}) - julianday(${from})) * 86400000) as integer)`;
}

/**
 * Each attendance stores its worked and break minutes (shared/attendance-rules#storedMinutes), written with
 * every change of the row or its breaks, so the productivity sums read an integer per row instead of working
 * out the breaks of every row. Existing rows are filled in here.
 */
export const attendanceMinutes: MigrationFactory = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('attendances').addColumn('worked_minutes', 'integer').execute();
    await db.schema.alterTable('attendances').addColumn('break_minutes', 'integer').execute();
    await fillAttendanceMinutes(db, engine);

    // The productivity sums read a tenant's date range for a set of employees, counting days, office days
    // and worked minutes: this index holds all of it, so the sums never touch the table.
    await db.schema
      .createIndex('attendances_minutes')
      .on('attendances')
      .columns(['tenant_id', 'employee_id', 'work_date', 'is_wfo', 'worked_minutes'])
      .execute();
  },
});

/**
 * Fills in every row's minutes from its times and breaks, in SQL, the way storedMinutes counts them: a
 * closed attendance's breaks clipped to its check-out; an open one has no worked minutes yet and its
 * finished breaks' total. Exported for the test that compares it with storedMinutes.
 */
export async function fillAttendanceMinutes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const least = engine === 'postgres' ? 'least' : 'min';
  const greatest = engine === 'postgres' ? 'greatest' : 'max';
  // A break ends at its own end, or at the check-out when still running; never after the check-out. An
  // open attendance counts only its finished breaks.
  const breakEnd = `${least}(coalesce(b.end_at, a.check_out), coalesce(a.check_out, b.end_at))`;
  const breakMs = `(select coalesce(sum(${greatest}(0, ${spanMs(engine, 'b.start_at', breakEnd)})), 0)
      from attendance_breaks b where b.attendance_id = a.id and (b.end_at is not null or a.check_out is not null))`;
  const spanOf = `case when a.check_out is null then null else ${spanMs(engine, 'a.check_in', 'a.check_out')} end`;
  // Integer division floors (never negative values); PostgreSQL's sum() answers numeric, hence the casts.
  const int = (v: string) => (engine === 'postgres' ? `cast(${v} as bigint)` : v);
  await sql
    .raw(
      `update attendances set
           break_minutes = ${int('f.break_ms')} / 60000,
           worked_minutes = case when f.span_ms is null then null
             else ${greatest}(0, f.span_ms - ${int('f.break_ms')}) / 60000 end
         from (select a.id, ${breakMs} as break_ms, ${spanOf} as span_ms from attendances a) f
         where f.id = attendances.id`,
    )
    .execute(db);
}
