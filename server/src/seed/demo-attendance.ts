/**
 * This year's attendance (at least the last three months) for the demo company, so the month view, the statistics and the
 * dashboards have something to show: weekdays with varied hours and lunch breaks, some days missing, and
 * work from office on the days a biometric device recorded the punch. Today is left to the people who
 * check in by hand: the administrator and the e2e employee (omar.iqbal) have nothing today, so a check-in
 * works; a few others are already at work. Random but repeatable (a fixed seed), and written in batches.
 */
import { storedMinutes } from '../../../shared/attendance-rules.js';
import { addDays, localDate, startOfLocalDay } from '../../../shared/time.js';
import { isTenantWorkingDay } from '../../../shared/working-days.js';
import { LIVE_STATUSES } from '../../../shared/leave.js';
import type { Db } from '../db/engine.js';
import { readSettings } from '../modules/tenants/repository.js';
import { random } from './random.js';
import { rebuildDays } from '../modules/attendance/days.js';

/** At least three months back, and always the whole current year, so this year's absence counts are real. */
const MIN_DAYS_BACK = 92;
const BATCH = 400;
const UNTOUCHED_TODAY = new Set(['admin@northwind.example', 'omar.iqbal@northwind.example']);

type Day = {
  employeeId: number;
  workDate: string;
  checkIn: string;
  checkOut: string | null;
  source: 'web' | 'desktop' | 'device';
  breaks: { startAt: string; endAt: string }[];
};

export async function seedDemoAttendance(db: Db, tenantId: number, now: Date): Promise<number> {
  const settings = await readSettings(db, tenantId);
  const tz = settings.tenant_timezone;
  const today = localDate(now, tz);
  const employees = await db
    .selectFrom('employees')
    .innerJoin('teamMembers', 'teamMembers.employeeId', 'employees.id')
    .select(['employees.id', 'employees.email', 'employees.dateOfJoining'])
    .where('employees.tenantId', '=', tenantId)
    .where('employees.status', '=', 'active')
    .distinct()
    .orderBy('employees.id')
    .execute();
  const admin = await db
    .selectFrom('employees')
    .select(['id', 'email', 'dateOfJoining'])
    .where('tenantId', '=', tenantId)
    .where('email', '=', 'admin@northwind.example')
    .executeTakeFirst();
  const people = admin && !employees.some((e) => e.id === admin.id) ? [...employees, admin] : employees;

  // Nobody works on a public holiday or a day of standing leave (seeded before this by demo-leave).
  const holidays = new Set(
    (
      await db
        .selectFrom('holidays')
        .select('date')
        .where('tenantId', '=', tenantId)
        .where('isActive', '=', 1)
        .execute()
    ).map((h) => h.date),
  );
  const leaveDays = new Set<string>();
  const leaves = await db
    .selectFrom('leaveRequests')
    .select(['employeeId', 'startDate', 'endDate'])
    .where('tenantId', '=', tenantId)
    .where('status', 'in', [...LIVE_STATUSES])
    .execute();
  for (const l of leaves)
    for (let d = l.startDate; d <= l.endDate; d = addDays(d, 1)) leaveDays.add(`${l.employeeId}:${d}`);

  const yearStart = `${today.slice(0, 4)}-01-01`;
  const firstDay = [addDays(today, -MIN_DAYS_BACK), yearStart].sort()[0]!;
  const rand = random(20_260_301);
  const nowMs = now.getTime();
  const days: Day[] = [];
  for (const person of people) {
    // Each person has habits: an usual arrival, a usual length of day, and how often they come to the office.
    const arrival = 8 * 60 + 15 + Math.floor(rand() * 90);
    const dayLength = 7 * 60 + 30 + Math.floor(rand() * 90);
    const officeShare = 0.3 + rand() * 0.6;
    // Nobody works before they joined.
    const from = person.dateOfJoining && person.dateOfJoining > firstDay ? person.dateOfJoining : firstDay;
    for (let date = from; date <= today; date = addDays(date, 1)) {
      if (!isTenantWorkingDay(date, { weekendDays: settings.weekend_days, holidays })) continue;
      if (leaveDays.has(`${person.id}:${date}`)) continue;
      if (date === today && UNTOUCHED_TODAY.has(person.email)) continue;
      if (rand() < 0.06) continue; // a missing day
      const start = startOfLocalDay(date, tz).getTime();
      const inMin = arrival + Math.floor((rand() - 0.5) * 50);
      const checkIn = start + inMin * 60_000;
      if (checkIn > nowMs) continue;
      const lunch = rand() < 0.85 ? 30 + Math.floor(rand() * 35) : 0;
      const short = rand() < 0.25 ? 10 + Math.floor(rand() * 10) : 0;
      const worked = dayLength + Math.floor((rand() - 0.5) * 100);
      const breaks: Day['breaks'] = [];
      const lunchAt = start + (12 * 60 + 45 + Math.floor(rand() * 45)) * 60_000;
      if (lunch > 0) breaks.push({ startAt: iso(lunchAt), endAt: iso(lunchAt + lunch * 60_000) });
      const shortAt = start + (16 * 60 + Math.floor(rand() * 40)) * 60_000;
      if (short > 0) breaks.push({ startAt: iso(shortAt), endAt: iso(shortAt + short * 60_000) });
      const checkOut = checkIn + (worked + lunch + short) * 60_000;
      const wfo = rand() < officeShare;
      const open = checkOut > nowMs; // today, still at work
      days.push({
        employeeId: person.id,
        workDate: date,
        checkIn: iso(checkIn),
        checkOut: open ? null : iso(checkOut),
        source: wfo ? 'device' : rand() < 0.5 ? 'desktop' : 'web',
        breaks: breaks.filter(
          (b) => Date.parse(b.endAt) <= Math.min(nowMs, checkOut) && Date.parse(b.startAt) > checkIn,
        ),
      });
    }
  }

  const stamp = now.toISOString();
  for (let i = 0; i < days.length; i += BATCH) {
    const chunk = days.slice(i, i + BATCH);
    const rows = await db
      .insertInto('attendances')
      .values(
        chunk.map((d) => ({
          tenantId,
          employeeId: d.employeeId,
          workDate: d.workDate,
          checkIn: d.checkIn,
          checkOut: d.checkOut,
          source: d.source,
          isWfo: d.source === 'device' ? (1 as const) : (0 as const),
          clientIp: null,
          ...storedMinutes(
            { checkIn: d.checkIn, checkOut: d.checkOut },
            d.breaks.map((b) => ({ start: b.startAt, end: b.endAt })),
          ),
          createdBy: null,
          createdAt: stamp,
          updatedBy: null,
          updatedAt: stamp,
        })),
      )
      .returning(['id', 'employeeId', 'workDate'])
      .execute();
    // Matched by (employee, day), which is unique, rather than trusting the order RETURNING answers in.
    const idOf = new Map(rows.map((r) => [`${r.employeeId}:${r.workDate}`, r.id]));
    const breaks = chunk.flatMap((d) =>
      d.breaks.map((b) => ({
        tenantId,
        attendanceId: idOf.get(`${d.employeeId}:${d.workDate}`)!,
        startAt: b.startAt,
        endAt: b.endAt,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    );
    for (let j = 0; j < breaks.length; j += BATCH)
      await db
        .insertInto('attendanceBreaks')
        .values(breaks.slice(j, j + BATCH))
        .execute();
  }
  // The daily aggregate the overviews read (docs/workforce.md "Daily aggregate"), from the rows just written.
  await db.transaction().execute((trx) => rebuildDays(trx, tenantId));
  return days.length;
}

const iso = (ms: number) => new Date(ms).toISOString();
