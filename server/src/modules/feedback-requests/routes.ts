/** Feedback requests: ask, list, read, decline (shared/endpoints/feedback-requests.ts, docs/feedback.md). */
import { feedbackRequestEndpoints } from '../../../../shared/endpoints/feedback-requests.js';
import { defineRoutes } from '../../http/endpoints.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { demoHidden } from '../../policy/demo.js';
import { feedbackRequestRepository } from './repository.js';
import { feedbackRequestActions } from './service.js';

/** The request as the caller may see it: its requester and the people asked; 403 for others, 404 elsewhere. */
async function readable(ctx: RequestContext, id: number) {
  const requests = ctx.repo(feedbackRequestRepository);
  const hideDemo = await demoHidden(ctx);
  const role = await requests.roleOf(id, ctx.caller.employeeId, hideDemo);
  if (role === undefined) throw errors.notFound('feedbackRequestNotFound');
  if (role === null) throw errors.coded(403, 'FEEDBACK_REQUEST_NOT_YOURS');
  return (await requests.get(id, ctx.caller.employeeId, hideDemo))!;
}

export const feedbackRequestRoutes = defineRoutes(feedbackRequestEndpoints, {
  getFeedbackRequestOptions: async (ctx) =>
    ctx
      .repo(feedbackRequestRepository)
      .options(
        ctx.caller.employeeId,
        ctx.can('ask-feedback-recipient'),
        (await ctx.settings()).feedbackRequestExpiryDays,
        await demoHidden(ctx),
      ),

  createFeedbackRequest: async (ctx, { body }) => {
    if (body.subjectId !== undefined && body.subjectId !== ctx.caller.employeeId && !ctx.can('ask-feedback-recipient'))
      throw errors.forbidden('ask-feedback-recipient');
    const id = await ctx.repo(feedbackRequestActions).create(ctx.caller.employeeId, body, await ctx.settings());
    return (await ctx.repo(feedbackRequestRepository).get(id, ctx.caller.employeeId, await demoHidden(ctx)))!;
  },

  listFeedbackRequestsAskedOfMe: async (ctx, { query }) =>
    ctx.repo(feedbackRequestRepository).askedOf(ctx.caller.employeeId, query, await demoHidden(ctx)),

  listMyFeedbackRequests: async (ctx, { query }) =>
    ctx.repo(feedbackRequestRepository).madeBy(ctx.caller.employeeId, query, await demoHidden(ctx)),

  getFeedbackRequest: (ctx, { params }) => readable(ctx, params.id),

  declineFeedbackRequest: async (ctx, { params, body }) => {
    const role = await ctx
      .repo(feedbackRequestRepository)
      .roleOf(params.id, ctx.caller.employeeId, await demoHidden(ctx));
    if (role === undefined) throw errors.notFound('feedbackRequestNotFound');
    if (role !== 'recipient') throw errors.coded(403, 'FEEDBACK_REQUEST_NOT_YOURS');
    await ctx.repo(feedbackRequestActions).decline(params.id, ctx.caller.employeeId, body.reason);
    return readable(ctx, params.id);
  },
});
