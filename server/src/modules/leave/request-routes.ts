/** Leave requests: ask, edit, read, act; pending approvals; balances; approvers; whose leave one may open. */
import { demoHidden, requireShown } from '../../policy/demo.js';
import { leaveRequestEndpoints } from '../../../../shared/endpoints/leave.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { leaveBalance } from './balance.js';
import { leaveRequestRepository } from './repository.js';
import { policyRepository } from '../../policy/repository.js';
import { visibleEmployees } from '../../policy/scope.js';
import { act, createRequest, editRequest } from './service.js';

export const leaveRequestRoutes = defineRoutes(leaveRequestEndpoints, {
  createLeaveRequest: async (ctx, { body }) => {
    const id = await createRequest(ctx.deps, ctx.caller, body, await ctx.settings());
    return (await ctx.repo(leaveRequestRepository).get(id))!;
  },

  listLeaveRequests: async (ctx, { query }) => {
    const employeeId = query.employeeId ?? ctx.caller.employeeId;
    await ctx.repo(policyRepository).authorizeEmployee('leave-read', ctx.caller, employeeId);
    await requireShown(ctx, employeeId);
    return ctx.repo(leaveRequestRepository).listOf(employeeId, query);
  },

  listPendingLeaveRequests: async (ctx, { query }) => {
    const asPo = ctx.can('view-team-member-leave-requests');
    const asHr = ctx.can('view-all-leave-requests');
    if (!asPo && !asHr) return { items: [], total: 0 };
    return ctx
      .repo(leaveRequestRepository)
      .pendingFor(ctx.caller.employeeId, { asPo, asHr }, query, await demoHidden(ctx));
  },

  getLeaveRequest: async (ctx, { params }) => {
    const requests = ctx.repo(leaveRequestRepository);
    const found = await requests.get(params.id);
    if (!found) throw errors.notFound('leaveRequestNotFound');
    // A demo person's request is not found while demo data is off.
    await requireShown(ctx, found.employee.id, 'leaveRequestNotFound');
    // Its approvers may read it; anyone else needs the read scope over the requester.
    const actors = await requests.actorsFor(ctx.caller, found.employee.id);
    if (!actors.includes('po') && !actors.includes('hr'))
      await ctx.repo(policyRepository).authorizeEmployee('leave-read', ctx.caller, found.employee.id);
    return found;
  },

  actOnLeaveRequest: async (ctx, { params, body }) => {
    // A demo person's request is not found while demo data is off, to act on as to read.
    const found = await ctx.repo(leaveRequestRepository).get(params.id);
    if (!found) throw errors.notFound('leaveRequestNotFound');
    await requireShown(ctx, found.employee.id, 'leaveRequestNotFound');
    await act(ctx.deps, ctx.caller, params.id, body.action, body.reason);
    return (await ctx.repo(leaveRequestRepository).get(params.id))!;
  },

  updateLeaveRequest: async (ctx, { params, body }) => {
    await editRequest(ctx.deps, ctx.caller, params.id, body, await ctx.settings());
    return (await ctx.repo(leaveRequestRepository).get(params.id))!;
  },

  listLeaveEmployees: async (ctx) => ({
    items: await ctx
      .repo(leaveRequestRepository)
      .employees(visibleEmployees('leave-read', ctx.caller), await demoHidden(ctx)),
  }),

  getLeaveDetails: async (ctx, { query }) => {
    const employeeId = query.employeeId ?? ctx.caller.employeeId;
    await ctx.repo(policyRepository).authorizeEmployee('leave-read', ctx.caller, employeeId);
    await requireShown(ctx, employeeId);
    return leaveBalance(ctx, employeeId);
  },

  getLeaveApprovers: async (ctx, { query }) => {
    const employeeId = query.employeeId ?? ctx.caller.employeeId;
    if (employeeId !== ctx.caller.employeeId)
      await ctx.repo(policyRepository).authorizeEmployee('leave-read', ctx.caller, employeeId);
    await requireShown(ctx, employeeId);
    return ctx.repo(leaveRequestRepository).approvers(employeeId);
  },
});
