/**
 * The leave calendar: approved and pending leave over a date range. view-leave-calendar shows the teams
 * the caller belongs to; view-all-leave-calendar shows every team, or the whole company without teamId.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaveCalendarQuerySchema, leaveCalendarSchema } from '../../../../shared/contracts/leave.js';
import { LEAVE_STATUS_LABELS, LIVE_STATUSES, type LeaveStatus } from '../../../../shared/leave.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { teammatesQuery } from '../teams/membership.js';

export function leaveCalendarRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/leave/calendar',
      {
        config: { access: ['view-leave-calendar', 'view-all-leave-calendar'] },
        schema: {
          summary: 'Leave of a team (or of everyone the caller may see) between two dates',
          querystring: leaveCalendarQuerySchema,
          response: responses({ 200: leaveCalendarSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { teamId, startDate, endDate } = request.query;
        const all = who.permissions.has('view-all-leave-calendar');
        if (teamId) {
          const team = await deps.db
            .selectFrom('teams')
            .select('id')
            .where('tenantId', '=', who.tenantId)
            .where('id', '=', teamId)
            .executeTakeFirst();
          if (!team) throw errors.notFound('Team');
        }
        let query = deps.db
          .selectFrom('leaveRequests')
          .innerJoin('employees', 'employees.id', 'leaveRequests.employeeId')
          .innerJoin('leaveTypes', 'leaveTypes.id', 'leaveRequests.leaveTypeId')
          .select([
            'leaveRequests.id',
            'leaveRequests.employeeId',
            'employees.name as employeeName',
            'leaveTypes.name as typeName',
            'leaveTypes.icon',
            'leaveRequests.startDate',
            'leaveRequests.endDate',
            'leaveRequests.status',
          ])
          .where('leaveRequests.tenantId', '=', who.tenantId)
          .where('leaveRequests.status', 'in', [...LIVE_STATUSES])
          .where('leaveRequests.startDate', '<=', endDate)
          .where('leaveRequests.endDate', '>=', startDate);
        if (teamId) {
          query = query.where('leaveRequests.employeeId', 'in', (eb) =>
            eb.selectFrom('teamMembers').select('employeeId').where('teamId', '=', teamId),
          );
        }
        if (!all) {
          // Only the caller's own teams, whatever teamId asks for.
          query = query.where('leaveRequests.employeeId', 'in', teammatesQuery(deps.db, who.tenantId, who.employeeId));
        }
        const rows = await query.orderBy('leaveRequests.startDate').orderBy('employees.name').execute();
        return {
          items: rows.map((r) => ({
            requestId: r.id,
            employee: { id: r.employeeId, name: r.employeeName },
            leaveType: { name: r.typeName, icon: r.icon },
            startDate: r.startDate,
            endDate: r.endDate,
            status: r.status,
            statusLabel: LEAVE_STATUS_LABELS[r.status as LeaveStatus],
          })),
        };
      },
    );
  };
}
