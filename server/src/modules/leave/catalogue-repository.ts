/**
 * Leave types and public holidays of one tenant. Bound to the tenant by the request context
 * (`ctx.repo(leaveCatalogueRepository)`): no method takes a tenant id, so none can be given the wrong one.
 */
import type { Selectable } from 'kysely';
import type { LeaveType } from '../../../../shared/contracts/leave.js';
import { normalizeLeaveRules, type LeaveRules } from '../../../../shared/leave.js';
import { uniqueOr } from '../../db/errors.js';
import { ownedRows } from '../../db/owned.js';
import type { HolidayTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { leaveRulesOf, leaveTypeView } from './repository.js';

export type Holiday = { id: number; name: string; date: string; isActive: boolean };

export type LeaveTypeValues = Pick<LeaveType, 'name' | 'kind' | 'icon' | 'yearlyQuota'> & LeaveRules;
export type LeaveTypeChanges = { [K in keyof Omit<LeaveTypeValues, 'kind'>]?: LeaveTypeValues[K] | undefined };

const storedRules = (r: LeaveRules) => ({
  minNoticeDays: r.minNoticeDays,
  allowBackdated: r.allowBackdated ? (1 as const) : (0 as const),
  maxDaysPerRequest: r.maxDaysPerRequest,
});

const holidayView = (row: Pick<Selectable<HolidayTable>, 'id' | 'name' | 'date' | 'isActive'>): Holiday => ({
  id: row.id,
  name: row.name,
  date: row.date,
  isActive: row.isActive === 1,
});

const typeConflict = () => errors.conflict('body.name', 'A leave type with this name already exists.');
const holidayConflict = () => errors.coded(409, 'HOLIDAY_EXISTS');

export function leaveCatalogueRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();
  const rows = ownedRows(scope);

  const typeRow = (id: number) => rows.get('leaveTypes', id, 'leaveTypeNotFound');
  const getHoliday = async (id: number): Promise<Holiday> =>
    holidayView(await rows.get('holidays', id, 'holidayNotFound'));

  return {
    async listTypes(): Promise<LeaveType[]> {
      const rows = await db
        .selectFrom('leaveTypes')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .orderBy('name')
        .execute();
      return rows.map(leaveTypeView);
    },

    /** A type; 404 when the tenant has none with this id. */
    getType: async (id: number): Promise<LeaveType> => leaveTypeView(await typeRow(id)),

    /** Unpaid types have no quota; compensatory ones earn their days (shared/leave.ts), so neither stores one. */
    async createType(values: LeaveTypeValues): Promise<LeaveType> {
      const { minNoticeDays, allowBackdated, maxDaysPerRequest, ...fields } = values;
      const created = rows.create('leaveTypes', {
        ...fields,
        yearlyQuota: fields.kind === 'quota' ? fields.yearlyQuota : 0,
        isActive: 1,
        ...storedRules(normalizeLeaveRules({ minNoticeDays, allowBackdated, maxDaysPerRequest })),
      });
      return this.getType(await uniqueOr(created, typeConflict));
    },

    /** Changes only the named fields; the rules are stored whole, normalised together. */
    async updateType(id: number, changes: LeaveTypeChanges): Promise<LeaveType> {
      const current = await typeRow(id);
      const { minNoticeDays, allowBackdated, maxDaysPerRequest, ...fields } = changes;
      const rules = normalizeLeaveRules({
        ...leaveRulesOf(current),
        ...(minNoticeDays === undefined ? {} : { minNoticeDays }),
        ...(allowBackdated === undefined ? {} : { allowBackdated }),
        ...(maxDaysPerRequest === undefined ? {} : { maxDaysPerRequest }),
      });
      await uniqueOr(
        rows.update('leaveTypes', id, { ...fields, ...storedRules(rules), updatedAt: stamp() }),
        typeConflict,
      );
      return this.getType(id);
    },

    async setTypeStatus(id: number, isActive: boolean): Promise<LeaveType> {
      await rows.setActive('leaveTypes', id, isActive);
      return this.getType(id);
    },

    async holidaysOfYear(year: number): Promise<Holiday[]> {
      const holidays = await db
        .selectFrom('holidays')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('date', '>=', `${year}-01-01`)
        .where('date', '<=', `${year}-12-31`)
        .orderBy('date')
        .execute();
      return holidays.map(holidayView);
    },

    getHoliday,

    async createHoliday(values: { name: string; date: string }): Promise<Holiday> {
      return getHoliday(await uniqueOr(rows.create('holidays', { ...values, isActive: 1 }), holidayConflict));
    },

    async updateHoliday(
      id: number,
      changes: { name?: string | undefined; date?: string | undefined },
    ): Promise<Holiday> {
      await getHoliday(id);
      await uniqueOr(rows.update('holidays', id, { ...changes, updatedAt: stamp() }), holidayConflict);
      return getHoliday(id);
    },

    async setHolidayStatus(id: number, isActive: boolean): Promise<Holiday> {
      await rows.setActive('holidays', id, isActive);
      return getHoliday(id);
    },
  };
}
