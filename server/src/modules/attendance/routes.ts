import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceEmployeesResponseSchema,
  attendanceSchema,
  auditResponseSchema,
  breakBodySchema,
  checkInBodySchema,
  createAttendanceBodySchema,
  dayQuerySchema,
  dayResponseSchema,
  monthQuerySchema,
  monthResponseSchema,
  pastMonthsQuerySchema,
  pastMonthsResponseSchema,
  statsQuerySchema,
  statsResponseSchema,
  todayResponseSchema,
  updateAttendanceBodySchema,
  updateBreakBodySchema,
} from '../../../../shared/contracts/attendance.js';
import { emptyResponseSchema, idParamsSchema } from '../../../../shared/contracts/common.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { caller, type AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { teammatesQuery } from '../teams/membership.js';
import { findById, toViews } from './repository.js';
import { assertWithinEditLimit, authorizeFor, EDIT_ACCESS, VIEW_ACCESS } from './scope.js';
import * as write from './service.js';
import * as read from './views.js';
import { isFromOffice } from './wfo.js';

export function attendanceRoutes(deps: Deps): FastifyPluginAsyncZod {
  const settingsOf = (who: AuthContext) => readSettings(deps.db, who.tenantId);

  /** The attendance of a path id, checked against the caller's edit scope and edit limit. */
  async function editable(who: AuthContext, id: number) {
    const row = await findById(deps.db, who.tenantId, id);
    if (!row) throw errors.notFound('Attendance');
    const scope = await authorizeFor(deps, who, 'edit', row.employeeId);
    const settings = await settingsOf(who);
    if (scope.limited)
      assertWithinEditLimit(
        row.workDate,
        localDate(deps.now(), settings.tenant_timezone),
        settings.attendence_edit_allow_limit,
      );
    return { row, settings, scope };
  }

  async function view(who: AuthContext, id: number) {
    const row = (await findById(deps.db, who.tenantId, id))!;
    return (await toViews(deps.db, [row], deps.now()))[0]!;
  }

  return async (app) => {
    const todayRoute = {
      config: { access: 'view-attendance' as const },
      schema: { response: responses({ 200: todayResponseSchema }) },
    };

    app.get(
      '/api/attendance/today',
      { ...todayRoute, schema: { ...todayRoute.schema, summary: 'Today’s attendance of the caller' } },
      async (request) => {
        const who = caller(request);
        return read.today(deps, who.tenantId, who.employeeId, await settingsOf(who));
      },
    );

    app.post(
      '/api/attendance/check-in',
      {
        config: todayRoute.config,
        schema: {
          summary: 'Check in now (web or desktop)',
          body: checkInBodySchema,
          response: todayRoute.schema.response,
        },
      },
      async (request) => {
        const who = caller(request);
        const settings = await settingsOf(who);
        await write.checkIn(
          deps,
          who,
          settings,
          request.body.source,
          isFromOffice(request.ip, settings.office_networks),
          request.ip,
        );
        return read.today(deps, who.tenantId, who.employeeId, settings);
      },
    );

    for (const [url, summary, action] of [
      ['/api/attendance/check-out', 'Check out now (a running break ends with it)', write.checkOut],
      ['/api/attendance/break/start', 'Start a break now', write.startBreak],
      ['/api/attendance/break/end', 'End the running break now', write.endBreak],
    ] as const) {
      app.post(url, { ...todayRoute, schema: { ...todayRoute.schema, summary } }, async (request) => {
        const who = caller(request);
        const settings = await settingsOf(who);
        await action(deps, who, settings);
        return read.today(deps, who.tenantId, who.employeeId, settings);
      });
    }

    app.get(
      '/api/attendance/employees',
      {
        config: { access: VIEW_ACCESS },
        schema: {
          summary: 'Employees whose attendance the caller may see (for the month view’s picker)',
          description:
            'Everyone in the tenant with view-all-attendance; with view-team-attendance the caller and the ' +
            'employees who share a team with them; otherwise only the caller.',
          response: responses({ 200: attendanceEmployeesResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        let query = deps.db
          .selectFrom('employees')
          .select(['id', 'name', 'status'])
          .where('tenantId', '=', who.tenantId)
          .orderBy('name')
          .orderBy('id');
        if (!who.permissions.has('view-all-attendance')) {
          query = who.permissions.has('view-team-attendance')
            ? query.where((eb) =>
                eb.or([
                  eb('id', 'in', teammatesQuery(deps.db, who.tenantId, who.employeeId)),
                  eb('id', '=', who.employeeId),
                ]),
              )
            : query.where('id', '=', who.employeeId);
        }
        const rows = await query.execute();
        return { items: rows.map((r) => ({ id: r.id, name: r.name, isActive: r.status === 'active' })) };
      },
    );

    app.get(
      '/api/attendance/day',
      {
        config: { access: VIEW_ACCESS },
        schema: {
          summary: 'An employee’s attendance on a day',
          querystring: dayQuerySchema,
          response: responses({ 200: dayResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { employeeId } = await authorizeFor(deps, who, 'view', request.query.employeeId);
        return read.day(deps, who.tenantId, employeeId, request.query.date, await settingsOf(who));
      },
    );

    app.get(
      '/api/attendance/month',
      {
        config: { access: VIEW_ACCESS },
        schema: {
          summary: 'Every day of a month with attendance, breaks and weekends',
          querystring: monthQuerySchema,
          response: responses({ 200: monthResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { employeeId } = await authorizeFor(deps, who, 'view', request.query.employeeId);
        return read.month(deps, who.tenantId, employeeId, request.query.month, await settingsOf(who));
      },
    );

    app.get(
      '/api/attendance/past-months',
      {
        config: { access: VIEW_ACCESS },
        schema: {
          summary: 'Totals of the current and the two previous months',
          querystring: pastMonthsQuerySchema,
          response: responses({ 200: pastMonthsResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { employeeId } = await authorizeFor(deps, who, 'view', request.query.employeeId);
        return read.pastMonths(deps, who.tenantId, employeeId, await settingsOf(who));
      },
    );

    app.get(
      '/api/attendance/stats',
      {
        config: { access: VIEW_ACCESS },
        schema: {
          summary: 'Hours statistics over a date range',
          querystring: statsQuerySchema,
          response: responses({ 200: statsResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { employeeId } = await authorizeFor(deps, who, 'view', request.query.employeeId);
        return read.stats(
          deps,
          who.tenantId,
          employeeId,
          request.query.startDate,
          request.query.endDate,
          await settingsOf(who),
        );
      },
    );

    app.post(
      '/api/attendance',
      {
        config: { access: EDIT_ACCESS },
        schema: {
          summary: 'Add an attendance by hand (own within the edit limit, team, or anyone)',
          body: createAttendanceBodySchema,
          response: responses({ 201: attendanceSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const scope = await authorizeFor(deps, who, 'edit', request.body.employeeId);
        const settings = await settingsOf(who);
        if (scope.limited) {
          assertWithinEditLimit(
            localDate(request.body.checkIn, settings.tenant_timezone),
            localDate(deps.now(), settings.tenant_timezone),
            settings.attendence_edit_allow_limit,
          );
        }
        const id = await write.createManual(deps, who, scope.employeeId, request.body, settings);
        return reply.status(201).send(await view(who, id));
      },
    );

    app.patch(
      '/api/attendance/:id',
      {
        config: { access: EDIT_ACCESS },
        schema: {
          summary: 'Change check-in, check-out or the WFO flag',
          params: idParamsSchema,
          body: updateAttendanceBodySchema,
          response: responses({ 200: attendanceSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { row, settings, scope } = await editable(who, request.params.id);
        if (scope.limited && request.body.checkIn) {
          assertWithinEditLimit(
            localDate(request.body.checkIn, settings.tenant_timezone),
            localDate(deps.now(), settings.tenant_timezone),
            settings.attendence_edit_allow_limit,
          );
        }
        await write.updateManual(deps, who, row, request.body, settings);
        return view(who, row.id);
      },
    );

    app.delete(
      '/api/attendance/:id',
      {
        config: { access: EDIT_ACCESS },
        schema: {
          summary: 'Delete an attendance and its breaks (kept in the audit trail)',
          params: idParamsSchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const { row } = await editable(who, request.params.id);
        await write.deleteAttendance(deps, who, row);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/attendance/:id/breaks',
      {
        config: { access: EDIT_ACCESS },
        schema: {
          summary: 'Add a break to an attendance',
          params: idParamsSchema,
          body: breakBodySchema,
          response: responses({ 201: attendanceSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const { row, settings } = await editable(who, request.params.id);
        await write.saveBreak(deps, who, row, request.body, settings);
        return reply.status(201).send(await view(who, row.id));
      },
    );

    const breakParams = z.strictObject({ id: z.coerce.number().int().positive() });
    async function breakAndAttendance(who: AuthContext, breakId: number) {
      const found = await deps.db
        .selectFrom('attendanceBreaks')
        .select(['id', 'attendanceId', 'startAt', 'endAt'])
        .where('tenantId', '=', who.tenantId)
        .where('id', '=', breakId)
        .executeTakeFirst();
      if (!found) throw errors.notFound('Break');
      return { found, ...(await editable(who, found.attendanceId)) };
    }

    app.patch(
      '/api/breaks/:id',
      {
        config: { access: EDIT_ACCESS },
        schema: {
          summary: 'Change a break',
          params: breakParams,
          body: updateBreakBodySchema,
          response: responses({ 200: attendanceSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { found, row, settings } = await breakAndAttendance(who, request.params.id);
        const start = request.body.start ?? found.startAt;
        const end = request.body.end ?? found.endAt;
        if (end === null) throw errors.validation([{ path: 'body.end', message: 'A break needs an end' }]);
        await write.saveBreak(deps, who, row, { id: found.id, start, end }, settings);
        return view(who, row.id);
      },
    );

    app.delete(
      '/api/breaks/:id',
      {
        config: { access: EDIT_ACCESS },
        schema: { summary: 'Delete a break', params: breakParams, response: responses({ 200: attendanceSchema }) },
      },
      async (request) => {
        const who = caller(request);
        const { found, row } = await breakAndAttendance(who, request.params.id);
        await write.deleteBreak(deps, who, row, found);
        return view(who, row.id);
      },
    );

    app.get(
      '/api/attendance/:id/audit',
      {
        config: { access: 'view-all-attendance' },
        schema: {
          summary: 'Who changed an attendance and its breaks, when, and what the values were',
          params: idParamsSchema,
          response: responses({ 200: auditResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const rows = await deps.db
          .selectFrom('attendanceAudit')
          .leftJoin('employees', 'employees.id', 'attendanceAudit.actorId')
          .select([
            'attendanceAudit.id',
            'attendanceAudit.action',
            'attendanceAudit.breakId',
            'attendanceAudit.at',
            'attendanceAudit.before',
            'attendanceAudit.after',
            'employees.id as actorId',
            'employees.name as actorName',
          ])
          .where('attendanceAudit.tenantId', '=', who.tenantId)
          .where('attendanceAudit.attendanceId', '=', request.params.id)
          .orderBy('attendanceAudit.id')
          .execute();
        if (rows.length === 0) throw errors.notFound('Attendance');
        return {
          items: rows.map((r) => ({
            id: r.id,
            action: r.action,
            subject: r.breakId === null ? ('attendance' as const) : ('break' as const),
            breakId: r.breakId,
            at: r.at,
            actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? '' },
            before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
            after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
          })),
        };
      },
    );
  };
}
