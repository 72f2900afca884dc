/** Leave requests: ask, read, act; pending approvals; balances; approvers. */
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  approversQuerySchema,
  approversSchema,
  createLeaveRequestBodySchema,
  leaveActionBodySchema,
  leaveDetailsQuerySchema,
  leaveDetailsSchema,
  leaveRequestListQuerySchema,
  leaveRequestListSchema,
  leaveRequestSchema,
  pendingApprovalsQuerySchema,
} from '../../../../shared/contracts/leave.js';
import { LEAVE_STATUS, TAKEN_STATUSES } from '../../../../shared/leave.js';
import { addDays, dayOfWeek, eachDate, localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { toNumber } from '../../db/engine.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { teammatesQuery } from '../teams/membership.js';
import { readSettings } from '../tenants/repository.js';
import { actorsFor, approversFor } from './approvers.js';
import { activeHolidays, getRequest, leaveTypeView, requestSelect, toViews, usage } from './repository.js';
import { assertMayRead, READ_ACCESS } from './scope.js';
import { act, createRequest } from './service.js';

export function leaveRequestRoutes(deps: Deps): FastifyPluginAsyncZod {
  async function page<Q extends ReturnType<typeof requestSelect>>(base: Q, pageNumber: number, pageSize: number) {
    const count = await base
      .clearSelect()
      .select(sql<number | string>`count(*)`.as('total'))
      .executeTakeFirst();
    const rows = await base
      .orderBy('leaveRequests.startDate', 'desc')
      .orderBy('leaveRequests.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute();
    return {
      items: await toViews(deps.db, rows),
      total: toNumber((count as { total?: number | string } | undefined)?.total),
    };
  }

  return async (app) => {
    app.post(
      '/api/leave-requests',
      {
        config: { access: 'request-leave' },
        schema: {
          summary: "Request leave (dates, weekend, year, the type's rules, overlap and quota apply)",
          body: createLeaveRequestBodySchema,
          response: responses({ 201: leaveRequestSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const id = await createRequest(deps, who, request.body, await readSettings(deps.db, who.tenantId));
        return reply.status(201).send((await getRequest(deps.db, who.tenantId, id))!);
      },
    );

    app.get(
      '/api/leave-requests',
      {
        config: { access: READ_ACCESS },
        schema: {
          summary: 'An employee’s leave requests, newest first, pages of 20',
          querystring: leaveRequestListQuerySchema,
          response: responses({ 200: leaveRequestListSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const employeeId = request.query.employeeId ?? who.employeeId;
        await assertMayRead(deps, who, employeeId);
        let base = requestSelect(deps.db, who.tenantId).where('leaveRequests.employeeId', '=', employeeId);
        if (request.query.leaveId) base = base.where('leaveRequests.leaveTypeId', '=', request.query.leaveId);
        return page(base, request.query.pageNumber, request.query.pageSize);
      },
    );

    app.get(
      '/api/leave-requests/pending',
      {
        config: { access: 'approve-leave' },
        schema: {
          summary: 'Requests waiting for the caller’s decision, pages of 20',
          querystring: pendingApprovalsQuerySchema,
          response: responses({ 200: leaveRequestListSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const poStage = [LEAVE_STATUS.PENDING_PO, LEAVE_STATUS.PENDING_PO_CANCELLATION];
        const hrStage = [LEAVE_STATUS.PENDING_HR, LEAVE_STATUS.APPROVED_BY_PO, LEAVE_STATUS.PENDING_HR_CANCELLATION];
        const asPo = who.permissions.has('view-team-member-leave-requests');
        const asHr = who.permissions.has('view-all-leave-requests');
        if (!asPo && !asHr) return { items: [], total: 0 };
        let base = requestSelect(deps.db, who.tenantId)
          .where('leaveRequests.employeeId', '!=', who.employeeId)
          .where((eb) => {
            const teammates = teammatesQuery(deps.db, who.tenantId, who.employeeId);
            const conditions = [];
            if (asPo)
              conditions.push(
                eb.and([eb('leaveRequests.status', 'in', poStage), eb('leaveRequests.employeeId', 'in', teammates)]),
              );
            if (asHr) conditions.push(eb('leaveRequests.status', 'in', hrStage));
            return eb.or(conditions);
          });
        if (request.query.leaveId) base = base.where('leaveRequests.leaveTypeId', '=', request.query.leaveId);
        return page(base, request.query.pageNumber, request.query.pageSize);
      },
    );

    app.get(
      '/api/leave-requests/:id',
      {
        config: { access: [...READ_ACCESS, 'approve-leave'] },
        schema: {
          summary: 'One leave request with its history',
          params: idParamsSchema,
          response: responses({ 200: leaveRequestSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const found = await getRequest(deps.db, who.tenantId, request.params.id);
        if (!found) throw errors.notFound('Leave request');
        // Its approvers may read it; anyone else needs the read scope over the requester.
        const actors = await actorsFor(deps.db, who, found.employee.id);
        if (!actors.includes('po') && !actors.includes('hr')) await assertMayRead(deps, who, found.employee.id);
        return found;
      },
    );

    app.post(
      '/api/leave-requests/:id/actions',
      {
        config: { access: ['request-leave', 'approve-leave'] },
        schema: {
          summary:
            'Act on a request: 1 approve, 2 reject, 3 cancel (or ask to cancel an approved leave), 4 approve cancellation, 5 reject cancellation; a reason is required',
          params: idParamsSchema,
          body: leaveActionBodySchema,
          response: responses({ 200: leaveRequestSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        await act(deps, who, request.params.id, request.body.action, request.body.reason);
        return (await getRequest(deps.db, who.tenantId, request.params.id))!;
      },
    );

    app.get(
      '/api/leave/details',
      {
        config: { access: READ_ACCESS },
        schema: {
          summary: 'An employee’s leave balance this year, per type, with absents',
          querystring: leaveDetailsQuerySchema,
          response: responses({ 200: leaveDetailsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const employeeId = request.query.employeeId ?? who.employeeId;
        await assertMayRead(deps, who, employeeId);
        const settings = await readSettings(deps.db, who.tenantId);
        const today = localDate(deps.now(), settings.tenant_timezone);
        const year = Number(today.slice(0, 4));
        const types = await deps.db
          .selectFrom('leaveTypes')
          .selectAll()
          .where('tenantId', '=', who.tenantId)
          .orderBy('name')
          .execute();
        const used = await usage(deps.db, who.tenantId, employeeId, year);
        const leaveTypes = types.map((t) => {
          const u = used.get(t.id) ?? { taken: 0, pending: 0, pendingRequests: 0 };
          const quota = t.kind === 'unpaid' ? null : t.yearlyQuota;
          return {
            ...leaveTypeView(t),
            taken: u.taken,
            pending: u.pending,
            remaining: quota === null ? null : Math.max(0, quota - u.taken),
          };
        });
        const quotaTypes = leaveTypes.filter((t) => t.kind !== 'unpaid' && t.isActive);
        const totalQuota = quotaTypes.reduce((s, t) => s + t.yearlyQuota, 0);
        const totalLeavesTaken = leaveTypes.reduce((s, t) => s + t.taken, 0);
        // Absent: a past working day this year with no attendance, no leave taken and no holiday.
        const start = `${year}-01-01`;
        const yesterday = addDays(today, -1);
        let absents = 0;
        if (yesterday >= start) {
          const employee = await deps.db
            .selectFrom('employees')
            .select('dateOfJoining')
            .where('id', '=', employeeId)
            .executeTakeFirstOrThrow();
          const from = employee.dateOfJoining && employee.dateOfJoining > start ? employee.dateOfJoining : start;
          const holidays = await activeHolidays(deps.db, who.tenantId, from, yesterday);
          const attended = new Set(
            (
              await deps.db
                .selectFrom('attendances')
                .select('workDate')
                .where('tenantId', '=', who.tenantId)
                .where('employeeId', '=', employeeId)
                .where('workDate', '>=', from)
                .where('workDate', '<=', yesterday)
                .execute()
            ).map((r) => r.workDate),
          );
          const leaveRows = await deps.db
            .selectFrom('leaveRequests')
            .select(['startDate', 'endDate'])
            .where('tenantId', '=', who.tenantId)
            .where('employeeId', '=', employeeId)
            .where('status', 'in', [...TAKEN_STATUSES])
            .where('endDate', '>=', from)
            .where('startDate', '<=', yesterday)
            .execute();
          const onLeave = new Set(leaveRows.flatMap((r) => eachDate(r.startDate, r.endDate)));
          if (from <= yesterday) {
            absents = eachDate(from, yesterday).filter(
              (d) =>
                !settings.weekend_days.includes(dayOfWeek(d)) &&
                !holidays.has(d) &&
                !attended.has(d) &&
                !onLeave.has(d),
            ).length;
          }
        }
        return {
          employeeId,
          year,
          absents,
          totalQuota,
          totalLeavesTaken,
          pendingLeaveCount: [...used.values()].reduce((s, u) => s + u.pendingRequests, 0),
          remainingLeaves: quotaTypes.reduce((s, t) => s + (t.remaining ?? 0), 0),
          leaveTypes,
        };
      },
    );

    app.get(
      '/api/leave/approvers',
      {
        config: { access: ['request-leave', 'approve-leave'] },
        schema: {
          summary: 'Who approves an employee’s leave: PO stage, then HR',
          querystring: approversQuerySchema,
          response: responses({ 200: approversSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const employeeId = request.query.employeeId ?? who.employeeId;
        if (employeeId !== who.employeeId) await assertMayRead(deps, who, employeeId);
        return approversFor(deps.db, who.tenantId, employeeId);
      },
    );
  };
}
