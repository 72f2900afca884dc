/** Liveness (shared/endpoints/health.ts): 200 while the database answers, 503 UNAVAILABLE when it does not. */
import { healthEndpoints } from '../../../../shared/endpoints/health.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { probeDatabase } from './probe.js';

export const healthRoutes = defineRoutes(healthEndpoints, {
  checkHealth: async (ctx) => {
    try {
      await probeDatabase(ctx.deps);
    } catch (error) {
      ctx.log.error({ err: error }, 'health check: database unreachable');
      throw errors.coded(503, 'UNAVAILABLE');
    }
    return { status: 'ok' as const };
  },
});
