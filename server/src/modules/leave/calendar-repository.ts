/** The leave calendar's reads of one tenant: live leave over a date range, narrowed by team. */
import { LIVE_STATUSES } from '../../../../shared/leave.js';
import type { TenantScope } from '../../http/context.js';
import { teammatesQuery } from '../teams/membership.js';

export type CalendarRange = {
  startDate: string;
  endDate: string;
  /** Only the members of this team. */
  teamId?: number | undefined;
  /** Only the employees sharing a team with this one. */
  teammatesOf?: number | undefined;
};

export function leaveCalendarRepository({ db, tenantId }: TenantScope) {
  return {
    async teamExists(teamId: number): Promise<boolean> {
      const team = await db
        .selectFrom('teams')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', '=', teamId)
        .executeTakeFirst();
      return team !== undefined;
    },

    /** Live (pending or approved) leave overlapping the range, by start date then name. */
    leaveBetween({ startDate, endDate, teamId, teammatesOf }: CalendarRange) {
      let query = db
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
        .where('leaveRequests.tenantId', '=', tenantId)
        .where('leaveRequests.status', 'in', [...LIVE_STATUSES])
        .where('leaveRequests.startDate', '<=', endDate)
        .where('leaveRequests.endDate', '>=', startDate);
      if (teamId) {
        query = query.where('leaveRequests.employeeId', 'in', (eb) =>
          eb
            .selectFrom('teamMembers')
            .select('employeeId')
            .where('tenantId', '=', tenantId)
            .where('teamId', '=', teamId),
        );
      }
      if (teammatesOf !== undefined) {
        query = query.where('leaveRequests.employeeId', 'in', teammatesQuery(db, tenantId, teammatesOf));
      }
      return query.orderBy('leaveRequests.startDate').orderBy('employees.name').execute();
    },
  };
}
