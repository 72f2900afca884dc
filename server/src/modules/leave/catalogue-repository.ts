/**
 * Leave types and public holidays of one tenant. Bound to the tenant by the request context
 * (`ctx.repo(leaveCatalogueRepository)`): no method takes a tenant id, so none can be given the wrong one.
 */
import type { LeaveType } from '../../../../shared/contracts/leave.js';
import { normalizeLeaveRules, type LeaveRules } from '../../../../shared/leave.js';
import { uniqueOr } from '../../db/errors.js';
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

const typeConflict = () => errors.conflict('body.name', 'A leave type with this name already exists.');
const holidayConflict = () => errors.coded(409, 'HOLIDAY_EXISTS');

export function leaveCatalogueRepository({ db, tenantId, now }: TenantScope) {
  const stamp = () => now().toISOString();

  async function typeRow(id: number) {
    const row = await db
      .selectFrom('leaveTypes')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('leaveTypeNotFound');
    return row;
  }

  async function getHoliday(id: number): Promise<Holiday> {
    const row = await db
      .selectFrom('holidays')
      .select(['id', 'name', 'date', 'isActive'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('holidayNotFound');
    return { ...row, isActive: row.isActive === 1 };
  }

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

    /** Unpaid types have no quota. */
    async createType(values: LeaveTypeValues): Promise<LeaveType> {
      const { minNoticeDays, allowBackdated, maxDaysPerRequest, ...fields } = values;
      const row = await uniqueOr(
        db
          .insertInto('leaveTypes')
          .values({
            tenantId,
            ...fields,
            yearlyQuota: fields.kind === 'unpaid' ? 0 : fields.yearlyQuota,
            isActive: 1,
            ...storedRules(normalizeLeaveRules({ minNoticeDays, allowBackdated, maxDaysPerRequest })),
            createdAt: stamp(),
            updatedAt: stamp(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
        typeConflict,
      );
      return this.getType(row.id);
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
        db
          .updateTable('leaveTypes')
          .set({ ...fields, ...storedRules(rules), updatedAt: stamp() })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute(),
        typeConflict,
      );
      return this.getType(id);
    },

    async setTypeStatus(id: number, isActive: boolean): Promise<LeaveType> {
      await typeRow(id);
      await db
        .updateTable('leaveTypes')
        .set({ isActive: isActive ? 1 : 0, updatedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return this.getType(id);
    },

    async holidaysOfYear(year: number): Promise<Holiday[]> {
      const rows = await db
        .selectFrom('holidays')
        .select(['id', 'name', 'date', 'isActive'])
        .where('tenantId', '=', tenantId)
        .where('date', '>=', `${year}-01-01`)
        .where('date', '<=', `${year}-12-31`)
        .orderBy('date')
        .execute();
      return rows.map((r) => ({ ...r, isActive: r.isActive === 1 }));
    },

    getHoliday,

    async createHoliday(values: { name: string; date: string }): Promise<Holiday> {
      const row = await uniqueOr(
        db
          .insertInto('holidays')
          .values({ tenantId, ...values, isActive: 1, createdAt: stamp(), updatedAt: stamp() })
          .returning('id')
          .executeTakeFirstOrThrow(),
        holidayConflict,
      );
      return getHoliday(row.id);
    },

    async updateHoliday(
      id: number,
      changes: { name?: string | undefined; date?: string | undefined },
    ): Promise<Holiday> {
      await getHoliday(id);
      await uniqueOr(
        db
          .updateTable('holidays')
          .set({ ...changes, updatedAt: stamp() })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute(),
        holidayConflict,
      );
      return getHoliday(id);
    },

    async setHolidayStatus(id: number, isActive: boolean): Promise<Holiday> {
      await getHoliday(id);
      await db
        .updateTable('holidays')
        .set({ isActive: isActive ? 1 : 0, updatedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return getHoliday(id);
    },
  };
}
