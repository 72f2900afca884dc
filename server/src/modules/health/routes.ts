import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: { summary: 'Liveness with the database reachable', response: responses({ 200: healthResponseSchema }) },
      },
      async (request) => {
        try {
          await sql`select 1`.execute(deps.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          throw errors.coded(503, 'UNAVAILABLE');
        }
        return { status: 'ok' as const };
      },
    );
  };
}
