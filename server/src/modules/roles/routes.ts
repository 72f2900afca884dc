import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  catalogueResponseSchema,
  roleBodySchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleSchema,
  updateRoleBodySchema,
} from '../../../../shared/contracts/people.js';
import { ACTIVITIES, ACTIVITY_KEYS, PERMISSIONS, PERMISSION_NAMES } from '../../../../shared/permissions.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { responses } from '../../http/responses.js';
import { getRole, replaceGrants, roleSelect, withGrants } from './repository.js';
import { assertCanGrantPermissions } from './guard.js';

const duplicateName = () => errors.conflict('body.name', 'A role with this name already exists.');

export function roleRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/permissions',
      {
        config: { access: 'view-roles' },
        schema: {
          summary: 'The catalogue of permissions and activity keys a role can grant',
          response: responses({ 200: catalogueResponseSchema }),
        },
      },
      async () => ({
        permissions: PERMISSION_NAMES.map((name) => ({ name, ...PERMISSIONS[name] })),
        activities: ACTIVITY_KEYS.map((key) => ({ key, description: ACTIVITIES[key] })),
      }),
    );

    app.get(
      '/api/roles',
      {
        config: { access: 'view-roles' },
        schema: {
          summary: 'Roles with their grants',
          querystring: roleListQuerySchema,
          response: responses({ 200: roleListResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const page = await paginate(roleSelect(deps.db, who.tenantId), request.query, {
          orderBy: {
            name: { ref: 'roles.name', text: true },
            updatedAt: { ref: 'roles.updatedAt' },
            employeeCount: { ref: 'employeeCount' },
            id: { ref: 'roles.id' },
          },
          search: ['roles.name', 'roles.description'],
          tieBreaker: 'roles.id',
        });
        return { items: await withGrants(deps.db, page.items), total: page.total };
      },
    );

    app.get(
      '/api/roles/:id',
      {
        config: { access: 'view-roles' },
        schema: { summary: 'One role', params: idParamsSchema, response: responses({ 200: roleSchema }) },
      },
      async (request) => {
        const role = await getRole(deps.db, caller(request).tenantId, request.params.id);
        if (!role) throw errors.notFound('Role');
        return role;
      },
    );

    app.post(
      '/api/roles',
      {
        config: { access: 'add-role' },
        schema: {
          summary: 'Create a role; isDefault moves the default here',
          body: roleBodySchema,
          response: responses({ 201: roleSchema }),
        },
      },
      async (request, reply) => {
        const who = caller(request);
        const body = request.body;
        assertCanGrantPermissions(who, body.permissions);
        const now = deps.now().toISOString();
        try {
          const id = await deps.db.transaction().execute(async (trx) => {
            if (body.isDefault)
              await trx.updateTable('roles').set({ isDefault: 0 }).where('tenantId', '=', who.tenantId).execute();
            const row = await trx
              .insertInto('roles')
              .values({
                tenantId: who.tenantId,
                name: body.name,
                description: body.description ?? null,
                isDefault: body.isDefault ? 1 : 0,
                createdAt: now,
                updatedAt: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await replaceGrants(trx, who.tenantId, row.id, body.permissions, body.activities);
            return row.id;
          });
          return reply.status(201).send((await getRole(deps.db, who.tenantId, id))!);
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
      },
    );

    app.patch(
      '/api/roles/:id',
      {
        config: { access: 'edit-role' },
        schema: {
          summary: 'Change a role; permissions and activities replace the current sets',
          params: idParamsSchema,
          body: updateRoleBodySchema,
          response: responses({ 200: roleSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const id = request.params.id;
        const current = await getRole(deps.db, who.tenantId, id);
        if (!current) throw errors.notFound('Role');
        const body = request.body;
        if (body.permissions)
          assertCanGrantPermissions(
            who,
            body.permissions.filter((p) => !current.permissions.includes(p)),
          );
        // There is always exactly one default: it moves by making another role the default.
        if (body.isDefault === false && current.isDefault) throw errors.rule('DEFAULT_ROLE_REQUIRED');
        const { permissions, activities, isDefault, ...fields } = body;
        try {
          await deps.db.transaction().execute(async (trx) => {
            if (isDefault)
              await trx.updateTable('roles').set({ isDefault: 0 }).where('tenantId', '=', who.tenantId).execute();
            await trx
              .updateTable('roles')
              .set({ ...fields, ...(isDefault ? { isDefault: 1 as const } : {}), updatedAt: deps.now().toISOString() })
              .where('id', '=', id)
              .where('tenantId', '=', who.tenantId)
              .execute();
            await replaceGrants(trx, who.tenantId, id, permissions, activities);
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
        return (await getRole(deps.db, who.tenantId, id))!;
      },
    );
  };
}
