/** The auto-leave setup and a manual run of the leave jobs (shared/endpoints/leave.ts). */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { autoLeavesRunSchema } from '../../../../shared/contracts/leave.js';
import { autoLeavesEndpoints } from '../../../../shared/endpoints/leave.js';
import { localDate } from '../../../../shared/time.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { autoLeavesRepository } from './auto-leaves-repository.js';
import { LEAVE_JOB } from '../../jobs/jobs.js';
import { leaveCatalogueRepository } from './catalogue-repository.js';

export const autoLeavesRoutes = defineRoutes(autoLeavesEndpoints, {
  getAutoLeavesConfig: (ctx) => ctx.repo(autoLeavesRepository).config(),

  setAutoLeavesConfig: async (ctx, { body }) => {
    const configs = ctx.repo(autoLeavesRepository);
    const current = await configs.config();
    const next = {
      enabled: body.enabled,
      integrationId: body.integrationId === undefined ? current.integrationId : body.integrationId,
      firstLeaveTypeId: body.firstLeaveTypeId === undefined ? current.firstLeaveTypeId : body.firstLeaveTypeId,
      secondLeaveTypeId: body.secondLeaveTypeId === undefined ? current.secondLeaveTypeId : body.secondLeaveTypeId,
    };
    const types = await ctx.repo(leaveCatalogueRepository).listTypes();
    for (const field of ['firstLeaveTypeId', 'secondLeaveTypeId'] as const) {
      const id = next[field];
      if (id !== null && !types.some((t) => t.id === id))
        throw errors.validation([{ path: `body.${field}`, message: V.unknownLeaveType }]);
    }
    if (next.enabled) {
      if (!types.some((t) => t.kind === 'unpaid' && t.isActive)) throw errors.rule('AUTO_LEAVES_NEED_UNPAID');
      if (next.firstLeaveTypeId === null)
        throw errors.validation([{ path: 'body.firstLeaveTypeId', message: V.firstLeaveTypeRequired }]);
    }
    const today = localDate(ctx.now(), (await ctx.settings()).tenant_timezone);
    if (body.enabledSince !== undefined) {
      if (body.enabledSince > today)
        throw errors.validation([{ path: 'body.enabledSince', message: V.startNotFuture }]);
      if (body.enabledSince.slice(0, 4) !== today.slice(0, 4))
        throw errors.validation([{ path: 'body.enabledSince', message: V.startThisYear }]);
    }
    // Enabling starts from today unless the admin picks an earlier day: days before it are never marked.
    const enabledSince = next.enabled ? (body.enabledSince ?? (current.enabled ? current.enabledSince : today)) : null;
    return configs.save({ ...next, enabledSince });
  },

  // Through the job runner, not around it: under the same lock as the schedule, and recorded.
  runLeaveJobs: async (ctx) => {
    const result = await ctx.deps.jobs.runNow(LEAVE_JOB, ctx.tenantId);
    if (!result.ran) throw errors.coded(409, 'JOB_RUNNING');
    const run = result.runs[0];
    // The runner has logged the failure under the run's id; the caller gets the generic 500.
    if (run?.outcome !== 'succeeded') throw new Error(`Leave jobs run ${run?.id ?? '?'} failed`);
    return autoLeavesRunSchema.parse(run.counts);
  },
});
