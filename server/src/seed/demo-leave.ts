/**
 * Leave for the demo company: four leave types, this year's public holidays, the auto-leave setup
 * (prepared, not enabled) and requests in most states of the workflow, each with the history the
 * workflow would have written. Dates are relative to the seeding day and stay within its year; a request
 * that would fall outside it is left out. The e2e employee (omar.iqbal) only gets leave in the past, so a
 * new request on any future working day is free of overlaps and well within the quota. A few people worked
 * a recent weekend day (demo-data WEEKEND_WORK), which earns them compensatory leave.
 */
import { DEFAULT_TENANT_SETTINGS } from '../../../shared/settings.js';
import type { LeaveStatus } from '../../../shared/leave.js';
import { addDays, dayOfWeek, localDate, startOfLocalDay } from '../../../shared/time.js';
import { isTenantWorkingDay } from '../../../shared/working-days.js';
import type { Db } from '../db/engine.js';
import { storedMinutes } from '../../../shared/attendance-rules.js';
import { HOLIDAYS, LEAVE_TYPES, PLANS, poOk, WEEKEND_WORK } from './demo-data.js';
import { rebuildDays } from '../modules/attendance/days.js';

export const DEMO_E2E_EMPLOYEE = 'omar.iqbal@northwind.example';

/** The working day `offset` working days from `today` (0 is today if it is one, else the next). */
function workingDay(today: string, offset: number, holidays: ReadonlySet<string>): string {
  const cal = { weekendDays: DEFAULT_TENANT_SETTINGS.weekend_days, holidays };
  const isWorking = (d: string) => isTenantWorkingDay(d, cal);
  let day = today;
  while (!isWorking(day)) day = addDays(day, 1);
  const step = offset < 0 ? -1 : 1;
  for (let left = Math.abs(offset); left > 0;) {
    day = addDays(day, step);
    if (isWorking(day)) left -= 1;
  }
  return day;
}

export async function seedDemoLeave(db: Db, tenantId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const today = localDate(now, DEFAULT_TENANT_SETTINGS.tenant_timezone);
  const year = today.slice(0, 4);
  const typeIds: number[] = [];
  for (const t of LEAVE_TYPES) {
    const row = await db
      .insertInto('leaveTypes')
      .values({ tenantId, ...t, isActive: 1, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(row.id);
  }
  await db
    .insertInto('holidays')
    .values(
      HOLIDAYS.map(([md, name]) => ({
        tenantId,
        name,
        date: `${year}-${md}`,
        isActive: 1 as const,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    )
    .execute();
  const holidays = new Set(HOLIDAYS.map(([md]) => `${year}-${md}`));
  // Prepared for the admin: Annual while its quota lasts, then Unpaid. Enabling is the admin's choice.
  await db
    .insertInto('autoLeaveConfigs')
    .values({
      tenantId,
      enabled: 0,
      integrationId: null,
      firstLeaveTypeId: typeIds[0]!,
      secondLeaveTypeId: typeIds[2]!,
      enabledSince: null,
      updatedAt: stamp,
    })
    .execute();

  // Team members with their team's lead (the PO-stage approver) and one HR approver.
  const members = await db
    .selectFrom('teamMembers')
    .innerJoin('employees', 'employees.id', 'teamMembers.employeeId')
    .innerJoin('employeeRoles', 'employeeRoles.employeeId', 'employees.id')
    .innerJoin('roles', 'roles.id', 'employeeRoles.roleId')
    .select(['employees.id', 'employees.email', 'teamMembers.teamId', 'roles.name as role'])
    .where('employees.tenantId', '=', tenantId)
    .where('employees.status', '=', 'active')
    .orderBy('employees.id')
    .execute();
  const leads = new Map(members.filter((m) => m.role === 'Team Lead').map((m) => [m.teamId, m.id]));
  const hr = members.find((m) => m.role === 'HR');
  const requesters = members.filter((m) => m.role === 'Employee' && m.email !== DEMO_E2E_EMPLOYEE);
  const e2e = members.find((m) => m.email === DEMO_E2E_EMPLOYEE);
  if (!hr) return;

  for (const plan of PLANS) {
    const who = plan.who === 'e2e' ? e2e : requesters[plan.who];
    const po = who ? leads.get(who.teamId) : undefined;
    if (!who || !po) continue;
    const start = workingDay(today, plan.offset, holidays);
    const end = workingDay(start, plan.length - 1, holidays);
    if (start.slice(0, 4) !== year || end.slice(0, 4) !== year) continue;
    const last = plan.steps.at(-1)!;
    const poApproved = plan.steps.some((s) => s === poOk);
    const request = await db
      .insertInto('leaveRequests')
      .values({
        tenantId,
        employeeId: who.id,
        leaveTypeId: typeIds[plan.type]!,
        startDate: start,
        endDate: end,
        days: plan.length,
        reason: plan.reason,
        status: last.to,
        restoreStatus: plan.restoreStatus ?? null,
        poApproverId: poApproved ? po : null,
        isAuto: 0,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let from: LeaveStatus | null = null;
    for (const step of plan.steps) {
      const actorId = step.actor === 'requester' ? who.id : step.actor === 'po' ? po : hr.id;
      await db
        .insertInto('leaveRequestEvents')
        .values({
          tenantId,
          requestId: request.id,
          action: step.action,
          actorId,
          actorRole: step.actor,
          fromStatus: from,
          toStatus: step.to,
          reason: step.action === null ? plan.reason : step.reason,
          at: stamp,
        })
        .execute();
      from = step.to;
    }
  }

  // Weekend work that earns compensatory leave (demo-data WEEKEND_WORK): 09:00 on, no break, this year only,
  // on the last weekend days of the month before this one: this month's weekends stay empty, as people (and the
  // e2e specs that add a day on the month view's last Saturday) expect of the demo.
  const tz = DEFAULT_TENANT_SETTINGS.tenant_timezone;
  const weekendDays: string[] = [];
  for (
    let d = addDays(`${today.slice(0, 7)}-01`, -1);
    d >= `${year}-01-01` && weekendDays.length < 3;
    d = addDays(d, -1)
  )
    if (DEFAULT_TENANT_SETTINGS.weekend_days.includes(dayOfWeek(d))) weekendDays.push(d);
  for (const work of WEEKEND_WORK) {
    const who = requesters[work.who];
    if (!who) continue;
    for (const date of weekendDays.slice(0, work.days)) {
      const checkIn = new Date(startOfLocalDay(date, tz).getTime() + 9 * 3_600_000).toISOString();
      const checkOut = new Date(Date.parse(checkIn) + work.hours * 3_600_000).toISOString();
      await db
        .insertInto('attendances')
        .values({
          tenantId,
          employeeId: who.id,
          workDate: date,
          checkIn,
          checkOut,
          source: 'web',
          clientIp: null,
          ...storedMinutes({ checkIn, checkOut }, []),
          createdBy: null,
          createdAt: stamp,
          updatedBy: null,
          updatedAt: stamp,
        })
        .execute();
    }
  }
  // The daily aggregate the overviews read (docs/workforce.md "Daily aggregate"): the leave and the weekend work.
  await db.transaction().execute((trx) => rebuildDays(trx, tenantId));
}
