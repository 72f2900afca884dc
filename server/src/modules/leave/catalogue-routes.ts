/** Leave types and public holidays, each behind its own permissions. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  holidayBodySchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
  leaveTypeBodySchema,
  leaveTypeListSchema,
  leaveTypeSchema,
  statusBodySchema,
  updateLeaveTypeBodySchema,
} from '../../../../shared/contracts/leave.js';
import { normalizeLeaveRules, type LeaveRules } from '../../../../shared/leave.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { leaveRulesOf, leaveTypeView as typeView } from './repository.js';

const storedRules = (r: LeaveRules) => ({
  minNoticeDays: r.minNoticeDays,
  allowBackdated: r.allowBackdated ? (1 as const) : (0 as const),
  maxDaysPerRequest: r.maxDaysPerRequest,
});

export function leaveCatalogueRoutes(deps: Deps): FastifyPluginAsyncZod {
  const getType = async (tenantId: number, id: number) => {
    const row = await deps.db
      .selectFrom('leaveTypes')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('Leave type');
    return row;
  };
  const typeConflict = () => errors.conflict('body.name', 'A leave type with this name already exists.');
  const getHoliday = async (tenantId: number, id: number) => {
    const row = await deps.db
      .selectFrom('holidays')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw errors.notFound('Holiday');
    return { id: row.id, name: row.name, date: row.date, isActive: row.isActive === 1 };
  };
  const holidayConflict = () => errors.coded(409, 'HOLIDAY_EXISTS');

  return async (app) => {
    app.get(
      '/api/leave-types',
      {
        config: { access: ['request-leave', 'view-leave-management'] },
        schema: {
          summary: 'Leave types with kind, icon, yearly quota and rules',
          response: responses({ 200: leaveTypeListSchema }),
        },
      },
      async (request) => {
        const rows = await deps.db
          .selectFrom('leaveTypes')
          .selectAll()
          .where('tenantId', '=', caller(request).tenantId)
          .orderBy('name')
          .execute();
        return { items: rows.map(typeView) };
      },
    );

    app.post(
      '/api/leave-types',
      {
        config: { access: 'add-leave-type' },
        schema: {
          summary: 'Add a leave type with its rules (notice, past days, days per request; defaults: none)',
          body: leaveTypeBodySchema,
          response: responses({ 201: leaveTypeSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const now = deps.now().toISOString();
        const b = request.body;
        try {
          const row = await deps.db
            .insertInto('leaveTypes')
            .values({
              tenantId: who.tenantId,
              name: b.name,
              kind: b.kind,
              icon: b.icon,
              yearlyQuota: b.kind === 'unpaid' ? 0 : b.yearlyQuota,
              isActive: 1,
              ...storedRules(
                normalizeLeaveRules({
                  minNoticeDays: b.minNoticeDays,
                  allowBackdated: b.allowBackdated,
                  maxDaysPerRequest: b.maxDaysPerRequest,
                }),
              ),
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return reply.status(201).send(typeView(await getType(who.tenantId, row.id)));
        } catch (error) {
          if (isUniqueViolation(error)) throw typeConflict();
          throw error;
        }
      },
    );

    app.patch(
      '/api/leave-types/:id',
      {
        config: { access: 'edit-leave-type' },
        schema: {
          summary: 'Change a leave type and its rules (its kind is fixed once created)',
          params: idParamsSchema,
          body: updateLeaveTypeBodySchema,
          response: responses({ 200: leaveTypeSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const current = await getType(who.tenantId, request.params.id);
        const { minNoticeDays, allowBackdated, maxDaysPerRequest, ...fields } = request.body;
        // The rules are stored whole, so notice set now also drops past days allowed earlier.
        const rules = normalizeLeaveRules({
          ...leaveRulesOf(current),
          ...(minNoticeDays === undefined ? {} : { minNoticeDays }),
          ...(allowBackdated === undefined ? {} : { allowBackdated }),
          ...(maxDaysPerRequest === undefined ? {} : { maxDaysPerRequest }),
        });
        try {
          await deps.db
            .updateTable('leaveTypes')
            .set({ ...fields, ...storedRules(rules), updatedAt: deps.now().toISOString() })
            .where('id', '=', request.params.id)
            .where('tenantId', '=', who.tenantId)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw typeConflict();
          throw error;
        }
        return typeView(await getType(who.tenantId, request.params.id));
      },
    );

    app.put(
      '/api/leave-types/:id/status',
      {
        config: { access: 'update-leave-type-status' },
        schema: {
          summary: 'Activate or deactivate a leave type',
          params: idParamsSchema,
          body: statusBodySchema,
          response: responses({ 200: leaveTypeSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        await getType(who.tenantId, request.params.id);
        await deps.db
          .updateTable('leaveTypes')
          .set({ isActive: request.body.isActive ? 1 : 0, updatedAt: deps.now().toISOString() })
          .where('id', '=', request.params.id)
          .where('tenantId', '=', who.tenantId)
          .execute();
        return typeView(await getType(who.tenantId, request.params.id));
      },
    );

    app.get(
      '/api/holidays',
      {
        // Whoever may request leave reads them too: the request dialog counts working days without them.
        config: { access: ['view-public-holidays', 'request-leave'] },
        schema: {
          summary: 'Public holidays of a year (for the Holidays settings, and for counting working days of a request)',
          querystring: holidayListQuerySchema,
          response: responses({ 200: holidayListSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const year =
          request.query.year ??
          Number(localDate(deps.now(), (await readSettings(deps.db, who.tenantId)).tenant_timezone).slice(0, 4));
        const rows = await deps.db
          .selectFrom('holidays')
          .selectAll()
          .where('tenantId', '=', who.tenantId)
          .where('date', '>=', `${year}-01-01`)
          .where('date', '<=', `${year}-12-31`)
          .orderBy('date')
          .execute();
        return { items: rows.map((r) => ({ id: r.id, name: r.name, date: r.date, isActive: r.isActive === 1 })) };
      },
    );

    app.post(
      '/api/holidays',
      {
        config: { access: 'add-public-holiday' },
        schema: {
          summary: 'Add a public holiday',
          body: holidayBodySchema,
          response: responses({ 201: holidaySchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const now = deps.now().toISOString();
        try {
          const row = await deps.db
            .insertInto('holidays')
            .values({
              tenantId: who.tenantId,
              name: request.body.name,
              date: request.body.date,
              isActive: 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return reply.status(201).send(await getHoliday(who.tenantId, row.id));
        } catch (error) {
          if (isUniqueViolation(error)) throw holidayConflict();
          throw error;
        }
      },
    );

    app.patch(
      '/api/holidays/:id',
      {
        config: { access: 'edit-public-holiday' },
        schema: {
          summary: 'Change a public holiday',
          params: idParamsSchema,
          body: holidayBodySchema.partial(),
          response: responses({ 200: holidaySchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        await getHoliday(who.tenantId, request.params.id);
        try {
          await deps.db
            .updateTable('holidays')
            .set({ ...request.body, updatedAt: deps.now().toISOString() })
            .where('id', '=', request.params.id)
            .where('tenantId', '=', who.tenantId)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw holidayConflict();
          throw error;
        }
        return getHoliday(who.tenantId, request.params.id);
      },
    );

    app.put(
      '/api/holidays/:id/status',
      {
        config: { access: 'update-public-holiday-status' },
        schema: {
          summary: 'Activate or deactivate a public holiday',
          params: idParamsSchema,
          body: statusBodySchema,
          response: responses({ 200: holidaySchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        await getHoliday(who.tenantId, request.params.id);
        await deps.db
          .updateTable('holidays')
          .set({ isActive: request.body.isActive ? 1 : 0, updatedAt: deps.now().toISOString() })
          .where('id', '=', request.params.id)
          .where('tenantId', '=', who.tenantId)
          .execute();
        return getHoliday(who.tenantId, request.params.id);
      },
    );
  };
}
