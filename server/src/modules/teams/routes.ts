import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  teamBodySchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMembersBodySchema,
  teamSchema,
} from '../../../../shared/contracts/people.js';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';

function teamSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id',
      'teams.name',
      'teams.description',
      'teams.updatedAt',
      eb
        .selectFrom('teamMembers')
        .select(sql<number>`count(*)`.as('c'))
        .whereRef('teamMembers.teamId', '=', 'teams.id')
        .as('memberCount'),
    ])
    .where('teams.tenantId', '=', tenantId);
}

async function getTeam(db: Db, tenantId: number, id: number) {
  const row = await teamSelect(db, tenantId).where('teams.id', '=', id).executeTakeFirst();
  return row ? { ...row, memberCount: Number(row.memberCount ?? 0) } : undefined;
}

const duplicateName = () => errors.conflict('body.name', 'A team with this name already exists.');

export function teamRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/teams',
      {
        config: { access: 'view-teams' },
        schema: {
          summary: 'Teams with member counts',
          querystring: teamListQuerySchema,
          response: responses({ 200: teamListResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const settings = await readSettings(deps.db, who.tenantId);
        let base = teamSelect(deps.db, who.tenantId);
        if (settings.isDemoDataDisabled) base = base.where('teams.isDemo', '=', 0);
        const page = await paginate(base, request.query, {
          orderBy: {
            name: { ref: 'teams.name', text: true },
            memberCount: { ref: 'memberCount' },
            updatedAt: { ref: 'teams.updatedAt' },
            id: { ref: 'teams.id' },
          },
          search: ['teams.name', 'teams.description'],
          tieBreaker: 'teams.id',
        });
        return { items: page.items.map((t) => ({ ...t, memberCount: Number(t.memberCount ?? 0) })), total: page.total };
      },
    );

    app.post(
      '/api/teams',
      {
        config: { access: 'add-team' },
        schema: { summary: 'Create a team', body: teamBodySchema, response: responses({ 201: teamSchema }) },
      },
      async (request, reply) => {
        const who = caller(request);
        const now = deps.now().toISOString();
        try {
          const row = await deps.db
            .insertInto('teams')
            .values({
              tenantId: who.tenantId,
              name: request.body.name,
              description: request.body.description ?? null,
              isDemo: 0,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return reply.status(201).send((await getTeam(deps.db, who.tenantId, row.id))!);
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
      },
    );

    app.patch(
      '/api/teams/:id',
      {
        config: { access: 'edit-team' },
        schema: {
          summary: 'Rename or describe a team',
          params: idParamsSchema,
          body: teamBodySchema.partial(),
          response: responses({ 200: teamSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        if (!(await getTeam(deps.db, who.tenantId, request.params.id))) throw errors.notFound('Team');
        try {
          await deps.db
            .updateTable('teams')
            .set({ ...request.body, updatedAt: deps.now().toISOString() })
            .where('id', '=', request.params.id)
            .where('tenantId', '=', who.tenantId)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName();
          throw error;
        }
        return (await getTeam(deps.db, who.tenantId, request.params.id))!;
      },
    );

    app.put(
      '/api/teams/:id/members',
      {
        config: { access: 'edit-team' },
        schema: {
          summary: 'Replace the members of a team',
          params: idParamsSchema,
          body: teamMembersBodySchema,
          response: responses({ 200: teamSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const teamId = request.params.id;
        if (!(await getTeam(deps.db, who.tenantId, teamId))) throw errors.notFound('Team');
        const ids = [...new Set(request.body.employeeIds)];
        if (ids.length > 0) {
          const found = await deps.db
            .selectFrom('employees')
            .select('id')
            .where('tenantId', '=', who.tenantId)
            .where('id', 'in', ids)
            .execute();
          const missing = ids.filter((id) => !found.some((f) => f.id === id));
          if (missing.length > 0)
            throw errors.validation([
              { path: 'body.employeeIds', message: `Unknown employees: ${missing.join(', ')}` },
            ]);
        }
        await deps.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('teamMembers').where('teamId', '=', teamId).execute();
          if (ids.length > 0) {
            await trx
              .insertInto('teamMembers')
              .values(ids.map((employeeId) => ({ tenantId: who.tenantId, teamId, employeeId })))
              .execute();
          }
          await trx
            .updateTable('teams')
            .set({ updatedAt: deps.now().toISOString() })
            .where('id', '=', teamId)
            .execute();
        });
        return (await getTeam(deps.db, who.tenantId, teamId))!;
      },
    );
  };
}
