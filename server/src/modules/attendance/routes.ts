/**
 * Attendance and breaks (shared/endpoints/attendance.ts): today's card and its actions for the caller,
 * the day, month, past-months and statistics views and manual edits for whoever the caller may reach
 * (./scope.ts, on the policy module). Rules and audit in ./service.ts, views in ./views.ts, SQL in
 * ./repository.ts.
 */
import { demoHidden } from '../../policy/demo.js';
import { attendanceEndpoints } from '../../../../shared/endpoints/attendance.js';
import { localDate } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { policyRepository } from '../../policy/repository.js';
import { FAMILIES, visibleEmployees } from '../../policy/scope.js';
import { attendanceRepository } from './repository.js';
import { assertWithinEditLimit, authorizeFor } from './scope.js';
import * as write from './service.js';
import * as read from './views.js';
import { isFromOffice } from './wfo.js';

async function today(ctx: RequestContext) {
  return read.today(ctx.deps, ctx.tenantId, ctx.caller.employeeId, await ctx.settings());
}

/** Check-out, breaks and undo: one action on the caller's own day, answered with today (and what it said). */
function todayAction<T extends object | void>(
  action: (
    deps: RequestContext['deps'],
    actor: RequestContext['caller'],
    settings: Awaited<ReturnType<RequestContext['settings']>>,
  ) => Promise<T>,
) {
  return async (ctx: RequestContext) => {
    const said = await action(ctx.deps, ctx.caller, await ctx.settings());
    return { ...(await today(ctx)), ...(said ?? {}) } as Awaited<ReturnType<typeof today>> &
      (T extends object ? T : unknown);
  };
}

/** Refuses a day older than the tenant's edit limit allows (own edits only). */
async function editLimitFor(ctx: RequestContext, date: string) {
  const settings = await ctx.settings();
  assertWithinEditLimit(date, localDate(ctx.now(), settings.tenant_timezone), settings.attendence_edit_allow_limit);
}

/**
 * The attendance of a path id, checked against the caller's edit scope and edit limit. `inPlace`: the
 * change rewrites the row (edit, delete, breaks), which a device punch never allows (it is corrected).
 */
async function editable(ctx: RequestContext, id: number, inPlace = true) {
  const row = await ctx.repo(attendanceRepository).findById(id);
  if (!row) throw errors.notFound('attendanceNotFound');
  const scope = await authorizeFor(ctx, 'edit', row.employeeId);
  if (inPlace) write.assertNotDevicePunch(row);
  const settings = await ctx.settings();
  if (scope.limited) await editLimitFor(ctx, row.workDate);
  return { row, settings, scope };
}

/** A break of a path id and its attendance, checked like the attendance. */
async function editableBreak(ctx: RequestContext, breakId: number) {
  const found = await ctx.repo(attendanceRepository).findBreak(breakId);
  return { found, ...(await editable(ctx, found.attendanceId)) };
}

/** The day of an instant in the tenant's zone. */
async function dayOf(ctx: RequestContext, instant: string) {
  return localDate(instant, (await ctx.settings()).tenant_timezone);
}

export const attendanceRoutes = defineRoutes(attendanceEndpoints, {
  getAttendanceToday: today,

  checkIn: async (ctx, { body }, { request }) => {
    const settings = await ctx.settings();
    await write.checkIn(
      ctx.deps,
      ctx.caller,
      settings,
      body.source,
      isFromOffice(request.ip, settings.office_networks),
      request.ip,
    );
    return today(ctx);
  },
  checkOut: todayAction(write.checkOut),
  undoCheckOut: todayAction(write.undoCheckOut),
  startBreak: todayAction(write.startBreak),
  endBreak: todayAction(write.endBreak),

  listAttendanceEmployees: async (ctx) => ({
    items: await ctx
      .repo(attendanceRepository)
      .employees(visibleEmployees('attendance-view', ctx.caller), await demoHidden(ctx)),
  }),

  getAttendanceDay: async (ctx, { query }) => {
    const { employeeId } = await authorizeFor(ctx, 'view', query.employeeId);
    return read.day(ctx.deps, ctx.tenantId, employeeId, query.date, await ctx.settings());
  },
  getAttendanceMonth: async (ctx, { query }) => {
    const { employeeId } = await authorizeFor(ctx, 'view', query.employeeId);
    return read.month(ctx.deps, ctx.tenantId, employeeId, query.month, await ctx.settings());
  },
  getAttendancePastMonths: async (ctx, { query }) => {
    const { employeeId } = await authorizeFor(ctx, 'view', query.employeeId);
    return read.pastMonths(ctx.deps, ctx.tenantId, employeeId, await ctx.settings());
  },
  getAttendanceStats: async (ctx, { query }) => {
    const { employeeId } = await authorizeFor(ctx, 'view', query.employeeId);
    return read.stats(ctx.deps, ctx.tenantId, employeeId, query.startDate, query.endDate, await ctx.settings());
  },

  createAttendance: async (ctx, { body }) => {
    const scope = await authorizeFor(ctx, 'edit', body.employeeId);
    if (scope.limited) await editLimitFor(ctx, await dayOf(ctx, body.checkIn));
    write.assertWfoChange(body.isWfo, false, scope.certifies);
    const id = await write.createManual(ctx.deps, ctx.caller, scope.employeeId, body, await ctx.settings());
    return ctx.repo(attendanceRepository).view(id);
  },
  updateAttendance: async (ctx, { params, body }) => {
    const { row, settings, scope } = await editable(ctx, params.id);
    if (scope.limited && body.checkIn) await editLimitFor(ctx, await dayOf(ctx, body.checkIn));
    write.assertWfoChange(body.isWfo, row.isWfo === 1, scope.certifies);
    await write.updateManual(ctx.deps, ctx.caller, row, body, settings);
    return ctx.repo(attendanceRepository).view(row.id);
  },
  deleteAttendance: async (ctx, { params }) => {
    const { row } = await editable(ctx, params.id);
    await write.deleteAttendance(ctx.deps, ctx.caller, row);
    return undefined;
  },

  correctAttendance: async (ctx, { params, body }) => {
    const { row, settings, scope } = await editable(ctx, params.id, false);
    const id = await write.correctDevicePunch(ctx.deps, ctx.caller, row, body, settings, scope.certifies);
    return ctx.repo(attendanceRepository).view(id);
  },
  addAttendanceBreak: async (ctx, { params, body }) => {
    const { row, settings } = await editable(ctx, params.id);
    await write.saveBreak(ctx.deps, ctx.caller, row, body, settings);
    return ctx.repo(attendanceRepository).view(row.id);
  },
  updateAttendanceBreak: async (ctx, { params, body }) => {
    const { found, row, settings } = await editableBreak(ctx, params.id);
    const start = body.start ?? found.startAt;
    const end = body.end ?? found.endAt;
    if (end === null) throw errors.validation([{ path: 'body.end', message: 'A break needs an end' }]);
    await write.saveBreak(ctx.deps, ctx.caller, row, { id: found.id, start, end }, settings);
    return ctx.repo(attendanceRepository).view(row.id);
  },
  deleteAttendanceBreak: async (ctx, { params }) => {
    const { found, row } = await editableBreak(ctx, params.id);
    await write.deleteBreak(ctx.deps, ctx.caller, row, found);
    return ctx.repo(attendanceRepository).view(row.id);
  },

  listAttendanceAudit: async (ctx, { params }) => {
    const repo = ctx.repo(attendanceRepository);
    // The history of a day its editors reach: a lead's team members', anyone's with company reach.
    const owner = await repo.auditOwner(params.id);
    const level = await ctx.repo(policyRepository).authorizeEmployee('attendance-history', ctx.caller, owner);
    // The family has no own level, so one's own day counts as a team member's; but a team permission never
    // edits one's own days (the own level does, within its limit), so one's own history needs company reach.
    if (level === 'team' && owner === ctx.caller.employeeId) {
      throw errors.forbidden(FAMILIES['attendance-history'].all[0]);
    }
    return { items: await repo.auditTrail(params.id) };
  },
});
