/** The BioTime integration's API (shared/endpoints/biotime.ts); the work is in biotime.ts. */
import { biotimeEndpoints } from '../../../../shared/endpoints/biotime.js';
import { defineRoutes } from '../../http/endpoints.js';
import {
  deleteBiotimeConnection,
  biotimeRepository,
  saveBiotimeConnection,
  startBiotimePull,
  testBiotimeConnection,
} from './biotime.js';

export const biotimeRoutes = defineRoutes(biotimeEndpoints, {
  getBiotimeConnection: (ctx) => ctx.repo(biotimeRepository).connection(),
  saveBiotimeConnection: (ctx, { body }) => saveBiotimeConnection(ctx.deps, ctx.tenantId, ctx.caller.employeeId, body),
  deleteBiotimeConnection: async (ctx) => {
    await deleteBiotimeConnection(ctx.deps, ctx.tenantId);
    return undefined;
  },
  testBiotimeConnection: (ctx) => testBiotimeConnection(ctx.deps, ctx.tenantId),
  startBiotimePull: async (ctx) =>
    (await startBiotimePull(ctx.deps, ctx.tenantId, 'manual', ctx.caller.employeeId)).pull,
  listBiotimePulls: (ctx) => ctx.repo(biotimeRepository).pulls(),
});
