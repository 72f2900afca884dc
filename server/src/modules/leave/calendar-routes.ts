/**
 * The leave calendar: approved and pending leave over a date range. view-leave-calendar shows the teams
 * the caller belongs to; view-all-leave-calendar shows every team, or the whole company without teamId.
 */
import { demoHidden } from '../../policy/demo.js';
import { leaveCalendarEndpoints } from '../../../../shared/endpoints/leave.js';
import { LEAVE_STATUS_LABELS } from '../../../../shared/leave.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { leaveCalendarRepository } from './calendar-repository.js';

export const leaveCalendarRoutes = defineRoutes(leaveCalendarEndpoints, {
  getLeaveCalendar: async (ctx, { query }) => {
    const { teamId, startDate, endDate } = query;
    const calendar = ctx.repo(leaveCalendarRepository);
    const hideDemo = await demoHidden(ctx);
    if (teamId && !(await calendar.teamExists(teamId, hideDemo))) throw errors.notFound('teamNotFound');
    const rows = await calendar.leaveBetween({
      startDate,
      endDate,
      teamId,
      hideDemo,
      // Only the caller's own teams, whatever teamId asks for.
      teammatesOf: ctx.can('view-all-leave-calendar') ? undefined : ctx.caller.employeeId,
    });
    return {
      items: rows.map((r) => ({
        requestId: r.id,
        employee: { id: r.employeeId, name: r.employeeName },
        leaveType: { name: r.leaveTypeName, icon: r.leaveTypeIcon },
        startDate: r.startDate,
        endDate: r.endDate,
        status: r.status,
        statusLabel: LEAVE_STATUS_LABELS[r.status],
      })),
    };
  },
});
