/**
 * Leave types and public holidays, each behind its own permissions (shared/endpoints/leave-catalogue.ts).
 * The example of a route module (docs/architecture.md): one handler per endpoint of its group, each
 * working through the request context; the SQL lives in the tenant-bound repository.
 */
import { leaveCatalogueEndpoints } from '../../../../shared/endpoints/leave-catalogue.js';
import { localDate } from '../../../../shared/time.js';
import { defineRoutes } from '../../http/endpoints.js';
import { leaveCatalogueRepository } from './catalogue-repository.js';

export const leaveCatalogueRoutes = defineRoutes(leaveCatalogueEndpoints, {
  listLeaveTypes: async (ctx) => ({ items: await ctx.repo(leaveCatalogueRepository).listTypes() }),
  createLeaveType: (ctx, { body }) => ctx.repo(leaveCatalogueRepository).createType(body),
  updateLeaveType: (ctx, { params, body }) => ctx.repo(leaveCatalogueRepository).updateType(params.id, body),
  setLeaveTypeStatus: (ctx, { params, body }) =>
    ctx.repo(leaveCatalogueRepository).setTypeStatus(params.id, body.isActive),

  listHolidays: async (ctx, { query }) => {
    // Without a year: this year in the company's time zone.
    const year = query.year ?? Number(localDate(ctx.now(), (await ctx.settings()).tenant_timezone).slice(0, 4));
    return { items: await ctx.repo(leaveCatalogueRepository).holidaysOfYear(year) };
  },
  createHoliday: (ctx, { body }) => ctx.repo(leaveCatalogueRepository).createHoliday(body),
  updateHoliday: (ctx, { params, body }) => ctx.repo(leaveCatalogueRepository).updateHoliday(params.id, body),
  setHolidayStatus: (ctx, { params, body }) =>
    ctx.repo(leaveCatalogueRepository).setHolidayStatus(params.id, body.isActive),
});
