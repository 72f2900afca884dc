/**
 * Function Setup (shared/endpoints/functions.ts): functions, their members and the CSV report. Without
 * view-all-functions the caller reaches only the functions they belong to; every read and write goes
 * through that scope, so one they may not see is "not found" (docs/feedback.md, "Functions").
 */
import { FUNCTION_REPORT_FILE } from '../../../../shared/contracts/functions.js';
import { toCsv } from '../../../../shared/csv.js';
import { functionEndpoints } from '../../../../shared/endpoints/functions.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { csvDownload } from '../../http/csv-download.js';
import { functionRepository, type FunctionScope } from './repository.js';

async function scopeOf(ctx: RequestContext): Promise<FunctionScope> {
  return {
    memberOf: ctx.can('view-all-functions') ? null : ctx.caller.employeeId,
    hideDemo: (await ctx.settings()).isDemoDataDisabled,
  };
}

export const functionRoutes = defineRoutes(functionEndpoints, {
  listFunctions: async (ctx, { query }) => ctx.repo(functionRepository).list(query, await scopeOf(ctx)),

  getFunctionCounts: async (ctx) => ctx.repo(functionRepository).counts(await scopeOf(ctx)),

  downloadFunctionReport: async (ctx, _input, { reply }) => {
    const items = await ctx.repo(functionRepository).all(await scopeOf(ctx));
    return csvDownload(
      reply,
      FUNCTION_REPORT_FILE,
      toCsv(
        ['Function', 'Description', 'Status', 'Members', 'Member names', 'Last changed'],
        items.map((f) => [
          f.name,
          f.description,
          f.isActive ? 'Active' : 'Inactive',
          f.memberCount,
          f.members.map((m) => m.name).join('; '),
          f.updatedAt,
        ]),
      ),
    );
  },

  createFunction: async (ctx, { body }) => {
    const functions = ctx.repo(functionRepository);
    const id = await functions.create(body);
    // The creator may not belong to it: answer it whatever their scope.
    return functions.get(id, { memberOf: null, hideDemo: false });
  },

  updateFunction: async (ctx, { params, body }) => {
    const functions = ctx.repo(functionRepository);
    const scope = await scopeOf(ctx);
    await functions.get(params.id, scope);
    await functions.update(params.id, body);
    return functions.get(params.id, scope);
  },

  setFunctionStatus: async (ctx, { params, body }) => {
    const functions = ctx.repo(functionRepository);
    const scope = await scopeOf(ctx);
    await functions.get(params.id, scope);
    await functions.setStatus(params.id, body.isActive);
    return functions.get(params.id, scope);
  },

  setFunctionMembers: async (ctx, { params, body }) => {
    const functions = ctx.repo(functionRepository);
    const scope = await scopeOf(ctx);
    await functions.get(params.id, scope);
    const ids = [...new Set(body.employeeIds)];
    const missing = await functions.unknownEmployees(ids);
    if (missing.length > 0)
      throw errors.validation([{ path: 'body.employeeIds', message: `Unknown employees: ${missing.join(', ')}` }]);
    await ctx.transaction((tx) => tx.repo(functionRepository).replaceMembers(params.id, ids));
    // Removing oneself may take the function out of the caller's scope: answer it as it now is.
    return functions.get(params.id, { ...scope, memberOf: null });
  },
});
