/** The leave calendar's reads of one tenant: live leave over a date range, narrowed by team. */
import { shownPeople } from '../../db/demo.js';
import { LIVE_STATUSES } from '../../../../shared/leave.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { teammatesQuery } from '../teams/membership.js';
import { overlapsDays, requestSelect } from './repository.js';

export type CalendarRange = {
  startDate: string;
  endDate: string;
  /** Only the members of this team. */
  teamId?: number | undefined;
  /** Only the employees sharing a team with this one. */
  teammatesOf?: number | undefined;
  /** Without the demo company's people (demo data switched off). */
  hideDemo: boolean;
};

export function leaveCalendarRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  return {
    /** Whether the tenant has this team (a demo team is unknown while `hideDemo`). */
    teamExists: async (teamId: number, hideDemo: boolean) =>
      (await ownedRows(scope).named('teams', teamId, hideDemo)) !== undefined,

    /** Live (pending or approved) leave overlapping the range, by start date then name. */
    leaveBetween({ startDate, endDate, teamId, teammatesOf, hideDemo }: CalendarRange) {
      let query = requestSelect(db, tenantId)
        .where(shownPeople(scope, 'leaveRequests.employeeId', hideDemo))
        .where('leaveRequests.status', 'in', [...LIVE_STATUSES])
        .where(overlapsDays(startDate, endDate));
      if (teamId) query = query.where('leaveRequests.employeeId', 'in', groupLinks(scope, 'teams').memberIds(teamId));
      if (teammatesOf !== undefined) {
        query = query.where('leaveRequests.employeeId', 'in', teammatesQuery(db, tenantId, teammatesOf));
      }
      return query.orderBy('leaveRequests.startDate').orderBy('employees.name').execute();
    },
  };
}
