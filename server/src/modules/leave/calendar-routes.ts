/**
 * The leave calendar: approved and pending leave over a date range, with a row for every active employee in
 * view (away or not) and the range's public holidays. view-leave-calendar shows the teams the caller belongs
 * to; view-all-leave-calendar shows every team, or the whole company without teamId.
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
    const scope = {
      teamId,
      hideDemo,
      // Only the caller's own teams, whatever teamId asks for.
      teammatesOf: ctx.can('view-all-leave-calendar') ? undefined : ctx.caller.employeeId,
    };
    const [rows, people, holidays] = await Promise.all([
      calendar.leaveBetween({ startDate, endDate, ...scope }),
      calendar.employees(scope),
      calendar.holidays(startDate, endDate),
    ]);
    // Someone who left keeps a row for the leave they had in the range.
    const employees = new Map(people.map((p) => [p.id, { id: p.id, name: p.name }]));
    for (const r of rows)
      if (!employees.has(r.employeeId)) employees.set(r.employeeId, { id: r.employeeId, name: r.employeeName });
    return {
      employees: [...employees.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      holidays,
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
