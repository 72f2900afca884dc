/**
 * A large tenant for the workforce benchmarks: `employees` people in teams of about 20, and every weekday
 * of the last `years` years as attendance (about 92 % present, one break each, a share from the office's
 * device), plus the year's public holidays. Written straight into the database in big batches after the
 * real migrations; the seeded roles are the real ones. The first employee is the administrator the
 * benchmark signs in as.
 */
import { addDays, formatISO, getISODay, subYears } from 'date-fns';
import type { Insertable } from 'kysely';
import { storedMinutes } from '../../shared/attendance-rules.js';
import type { Db } from '../../server/src/db/engine.js';
import type { AttendanceTable } from '../../server/src/db/schema.js';
import { hashPassword } from '../../server/src/security/passwords.js';
import { createTenantWithRoles } from '../../server/src/seed/tenant.js';
import { rebuildDays } from '../../server/src/modules/attendance/days.js';

export type BenchTenant = {
  tenantId: number;
  adminEmail: string;
  employeeIds: number[];
  teamIds: number[];
  attendanceRows: number;
  firstDate: string;
  lastDate: string;
};

const TEAM_SIZE = 20;
const CHUNK = 1_000;
const TZ_OFFSET_HOURS = 5; // Asia/Karachi, the default tenant_timezone, has no daylight saving.

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** A deterministic pseudo-random number in [0, 1) from integers, so every run builds the same data. */
/** Each day's one break: 45 minutes, four hours after the check-in. */
function breakOf(checkIn: string): { start: string; end: string } {
  const start = Date.parse(checkIn) + 4 * 3_600_000;
  return { start: new Date(start).toISOString(), end: new Date(start + 45 * 60_000).toISOString() };
}

function noise(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) h = Math.imul(h ^ p, 16777619) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995) >>> 0;
  return (h % 10_000) / 10_000;
}

export type BenchPeople = {
  tenantId: number;
  adminEmail: string;
  employeeIds: number[];
  teamIds: number[];
  /** Each team's lead (its first member after the administrator), when `withLeads` asked for them. */
  leadIds: number[];
  emailOf: (index: number) => string;
};

/**
 * The tenant, its seeded roles, `employees` people in teams of about 20 (the first is the administrator,
 * the others Employees; with `withLeads`, each team's first other member is its Team Lead) and their
 * memberships. Shared by the workforce and feedback benchmarks.
 */
export async function buildBenchPeople(
  db: Db,
  options: { employees: number; years: number; password: string; now: Date; withLeads?: boolean },
): Promise<BenchPeople> {
  const { now } = options;
  const stamp = now.toISOString();
  const domain = 'bench.example';
  const emailOf = (n: number) => (n === 0 ? `admin@${domain}` : `person${n}@${domain}`);
  const { tenantId, roleIds } = await createTenantWithRoles(db, { name: 'Bench Corp', emailDomain: domain }, now);
  const passwordHash = await hashPassword(options.password);

  const teamCount = Math.max(1, Math.ceil(options.employees / TEAM_SIZE));
  const teamIds: number[] = [];
  for (let t = 0; t < teamCount; t += 1) {
    const row = await db
      .insertInto('teams')
      .values({ tenantId, name: `Team ${t + 1}`, description: null, isDemo: 0, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.push(row.id);
  }

  const employeeIds: number[] = [];
  const firstDay = formatISO(subYears(now, options.years), { representation: 'date' });
  for (let start = 0; start < options.employees; start += CHUNK) {
    const count = Math.min(CHUNK, options.employees - start);
    const rows = await db
      .insertInto('employees')
      .values(
        Array.from({ length: count }, (_, k) => {
          const n = start + k;
          return {
            tenantId,
            email: emailOf(n),
            name: n === 0 ? 'Bench Admin' : `Person ${n}`,
            employeeIdentificationNo: `B-${String(n).padStart(5, '0')}`,
            dateOfJoining: firstDay,
            status: 'active' as const,
            allocation: 100,
            passwordHash,
            emailConfirmed: 1 as const,
            isSettingProfile: 0 as const,
            isDemo: 0 as const,
            failedSignIns: 0,
            createdAt: stamp,
            updatedAt: stamp,
          };
        }),
      )
      .returning('id')
      .execute();
    employeeIds.push(...rows.map((r) => r.id));
  }
  const teamOf = (i: number) => Math.floor(i / TEAM_SIZE);
  // A team's lead: its first member, or its second in the administrator's team.
  const leadIds = options.withLeads
    ? teamIds.map((_, t) => employeeIds[t === 0 ? Math.min(1, employeeIds.length - 1) : t * TEAM_SIZE]!)
    : [];
  const leads = new Set(leadIds);
  await insertChunks(employeeIds, (chunk) =>
    db
      .insertInto('employeeRoles')
      .values(
        chunk.map((employeeId) => ({
          tenantId,
          employeeId,
          roleId: roleIds.get(
            employeeId === employeeIds[0] ? 'Administrator' : leads.has(employeeId) ? 'Team Lead' : 'Employee',
          )!,
        })),
      )
      .execute(),
  );
  await insertChunks(
    employeeIds.map((employeeId, i) => ({ tenantId, employeeId, teamId: teamIds[teamOf(i)]! })),
    (chunk) => db.insertInto('teamMembers').values(chunk).execute(),
  );
  return { tenantId, adminEmail: emailOf(0), employeeIds, teamIds, leadIds, emailOf };
}

export async function buildBenchTenant(
  db: Db,
  options: { employees: number; years: number; password: string; now: Date; log: (line: string) => void },
): Promise<BenchTenant> {
  const { now, log } = options;
  const stamp = now.toISOString();
  const { tenantId, adminEmail, employeeIds, teamIds } = await buildBenchPeople(db, options);
  log(`  ${employeeIds.length} employees in ${teamIds.length} teams`);

  // Working days: weekdays from `years` ago up to yesterday.
  const days: string[] = [];
  for (let d = subYears(now, options.years); d < now; d = addDays(d, 1)) {
    const iso = formatISO(d, { representation: 'date' });
    if (getISODay(d) <= 5 && iso < formatISO(now, { representation: 'date' })) days.push(iso);
  }
  const holidays = days.filter((_, i) => i % 47 === 0);
  await db
    .insertInto('holidays')
    .values(
      holidays.map((date, i) => ({
        tenantId,
        name: `Holiday ${i + 1}`,
        date,
        isActive: 1,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    )
    .execute();
  const holidaySet = new Set(holidays);

  const at = (date: string, minutes: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - TZ_OFFSET_HOURS * 60) * 60_000).toISOString();
  let attendanceRows = 0;
  const started = Date.now();
  for (let e = 0; e < employeeIds.length; e += 1) {
    const employeeId = employeeIds[e]!;
    const rows: Insertable<AttendanceTable>[] = [];
    for (let d = 0; d < days.length; d += 1) {
      const date = days[d]!;
      if (holidaySet.has(date) || noise(e, d) < 0.08) continue;
      const checkIn = 8 * 60 + Math.floor(noise(e, d, 1) * 90);
      const length = 7 * 60 + Math.floor(noise(e, d, 2) * 150);
      const fromDevice = noise(e, d, 3) < 0.6;
      const span = { checkIn: at(date, checkIn), checkOut: at(date, checkIn + length) };
      rows.push({
        tenantId,
        employeeId,
        workDate: date,
        ...span,
        source: fromDevice ? ('device' as const) : ('web' as const),
        isWfo: fromDevice ? (1 as const) : (0 as const),
        clientIp: null,
        ...storedMinutes(span, [breakOf(span.checkIn)]),
        createdBy: employeeId,
        createdAt: stamp,
        updatedBy: employeeId,
        updatedAt: stamp,
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        const ids = await trx.insertInto('attendances').values(chunk).returning('id').execute();
        await trx
          .insertInto('attendanceBreaks')
          .values(
            ids.map(({ id }, k) => {
              const span = breakOf(chunk[k]!.checkIn);
              return {
                tenantId,
                attendanceId: id,
                startAt: span.start,
                endAt: span.end,
                createdAt: stamp,
                updatedAt: stamp,
              };
            }),
          )
          .execute();
      }
    });
    attendanceRows += rows.length;
    if ((e + 1) % 250 === 0)
      log(
        `  attendance: ${e + 1}/${employeeIds.length} employees, ${attendanceRows} rows (${((Date.now() - started) / 1000).toFixed(0)}s)`,
      );
  }
  // Written in bulk, so the daily aggregate the overviews read is built once at the end, as the demo seed does.
  const aggregating = Date.now();
  await db.transaction().execute((trx) => rebuildDays(trx, tenantId));
  log(`  daily aggregate built in ${((Date.now() - aggregating) / 1000).toFixed(1)}s`);
  return {
    tenantId,
    adminEmail,
    employeeIds,
    teamIds,
    attendanceRows,
    firstDate: days[0]!,
    lastDate: days.at(-1)!,
  };
}
