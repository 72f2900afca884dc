/**
 * The leave calendar's reads of one tenant: its rows (the active employees of a team, of the caller's teams or
 * of the company), live leave over a date range narrowed the same way, and the range's public holidays.
 */
import { shownPeople } from '../../db/demo.js';
import { LIVE_STATUSES } from '../../../../shared/leave.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { teammatesQuery } from '../teams/membership.js';
import { holidaysBetween, overlapsDays, requestSelect } from './repository.js';

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

    /** The active employees the calendar has a row for, whether or not they are away, by name. */
    employees({ teamId, teammatesOf, hideDemo }: Omit<CalendarRange, 'startDate' | 'endDate'>) {
      let query = db
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('status', '=', 'active')
        .where(shownPeople(scope, 'employees.id', hideDemo));
      if (teamId) query = query.where('id', 'in', groupLinks(scope, 'teams').memberIds(teamId));
      if (teammatesOf !== undefined) query = query.where('id', 'in', teammatesQuery(db, tenantId, teammatesOf));
      return query.orderBy('name').orderBy('id').execute();
    },

    /** The active public holidays of the range: date and name. */
    async holidays(startDate: string, endDate: string) {
      const byDate = await holidaysBetween(db, tenantId, startDate, endDate);
      return [...byDate].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
    },
  };
}
