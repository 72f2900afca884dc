/**
 * Leave for the demo company: four leave types, this year's public holidays, the auto-leave setup
 * (prepared, not enabled) and requests in most states of the workflow, each with the history the
 * workflow would have written. Dates are relative to the seeding day and stay within its year; a request
 * that would fall outside it is left out. The e2e employee (omar.iqbal) only gets leave in the past, so a
 * new request on any future working day is free of overlaps and well within the quota.
 */
import { DEFAULT_TENANT_SETTINGS } from '../../../shared/settings.js';
import { LEAVE_STATUS, type LeaveAction, type LeaveActor, type LeaveStatus } from '../../../shared/leave.js';
import { addDays, localDate } from '../../../shared/time.js';
import { isTenantWorkingDay } from '../../../shared/working-days.js';
import type { Db } from '../db/engine.js';

const TYPES = [
  { name: 'Annual leave', kind: 'quota', icon: 'beach', yearlyQuota: 20 },
  { name: 'Sick leave', kind: 'quota', icon: 'medical', yearlyQuota: 10 },
  { name: 'Unpaid leave', kind: 'unpaid', icon: 'calendar', yearlyQuota: 0 },
  { name: 'Compensatory leave', kind: 'compensatory', icon: 'briefcase', yearlyQuota: 5 },
] as const;

/** Public holidays of Pakistan with fixed dates (the demo company works in Asia/Karachi). */
const HOLIDAYS = [
  ['01-01', 'New Year’s Day'],
  ['02-05', 'Kashmir Solidarity Day'],
  ['03-23', 'Pakistan Day'],
  ['05-01', 'Labour Day'],
  ['08-14', 'Independence Day'],
  ['11-09', 'Iqbal Day'],
  ['12-25', 'Quaid-e-Azam Day'],
] as const;

export const DEMO_E2E_EMPLOYEE = 'omar.iqbal@northwind.example';

type Step = { actor: LeaveActor; action: LeaveAction | null; to: LeaveStatus; reason: string };
type Plan = {
  /** Index into the tenant's active employees who belong to a team. */
  who: number | 'e2e';
  type: number;
  /** Working days from today: negative is past. */
  offset: number;
  length: number;
  reason: string;
  steps: Step[];
  restoreStatus?: LeaveStatus;
};

const S = LEAVE_STATUS;
const asked = (to: LeaveStatus = S.PENDING_PO): Step => ({ actor: 'requester', action: null, to, reason: '' });
const poOk: Step = { actor: 'po', action: 1, to: S.APPROVED_BY_PO, reason: 'Covered by the team' };
const hrOk: Step = { actor: 'hr', action: 1, to: S.APPROVED_BY_HR, reason: 'Approved' };

const PLANS: Plan[] = [
  { who: 'e2e', type: 1, offset: -25, length: 1, reason: 'Flu', steps: [asked(), poOk, hrOk] },
  { who: 0, type: 0, offset: -30, length: 3, reason: 'Family wedding', steps: [asked(), poOk, hrOk] },
  { who: 1, type: 0, offset: -12, length: 2, reason: 'Moving house', steps: [asked(), poOk, hrOk] },
  { who: 2, type: 1, offset: -3, length: 1, reason: 'Dentist', steps: [asked(), poOk, hrOk] },
  { who: 3, type: 0, offset: 2, length: 3, reason: 'Short trip', steps: [asked(), poOk, hrOk] },
  { who: 4, type: 0, offset: 4, length: 5, reason: 'Holiday abroad', steps: [asked()] },
  { who: 5, type: 3, offset: 6, length: 1, reason: 'Worked the release weekend', steps: [asked(), poOk] },
  {
    who: 6,
    type: 0,
    offset: 8,
    length: 2,
    reason: 'Conference',
    steps: [asked(), poOk, hrOk, { actor: 'requester', action: 3, to: S.PENDING_PO_CANCELLATION, reason: 'Cancelled' }],
    restoreStatus: S.APPROVED_BY_HR,
  },
  {
    who: 7,
    type: 0,
    offset: 3,
    length: 2,
    reason: 'Long weekend',
    steps: [asked(), { actor: 'po', action: 2, to: S.REJECTED_BY_PO, reason: 'Release week' }],
  },
  {
    who: 8,
    type: 2,
    offset: 10,
    length: 1,
    reason: 'Errand',
    steps: [asked(), { actor: 'requester', action: 3, to: S.CANCELLED_BY_PO, reason: 'Plans changed' }],
  },
  { who: 9, type: 0, offset: 1, length: 1, reason: 'Parent-teacher day', steps: [asked()] },
  { who: 10, type: 1, offset: -8, length: 2, reason: 'Fever', steps: [asked(), poOk, hrOk] },
];

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
  for (const t of TYPES) {
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
}
