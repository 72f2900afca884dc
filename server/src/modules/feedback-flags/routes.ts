/** Flags on feedback: flag, the review queues, one flagged feedback, decide (shared/endpoints/feedback-flags.ts). */
import { feedbackFlagEndpoints } from '../../../../shared/endpoints/feedback-flags.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { feedbackFlagRepository, queuesOf } from './repository.js';

export const feedbackFlagRoutes = defineRoutes(feedbackFlagEndpoints, {
  flagFeedback: (ctx, { params, body }) => ctx.repo(feedbackFlagRepository).flag(ctx.caller, params.id, body.reason),

  listFlaggedFeedback: (ctx, { query }) => {
    const queues = queuesOf(ctx.caller);
    const queue = query.queue ?? queues[0]!;
    if (!queues.includes(queue))
      throw errors.forbidden(queue === 'pending' ? 'flag-feedback' : 'view-all-employees-feedback');
    return ctx.repo(feedbackFlagRepository).list(ctx.caller, queue, query);
  },

  getFlagSummary: (ctx, { query }) => ctx.repo(feedbackFlagRepository).summary(ctx.caller, query.since),

  getFlaggedFeedback: (ctx, { params }) => ctx.repo(feedbackFlagRepository).get(ctx.caller, params.id),

  decideFlaggedFeedback: (ctx, { params, body }) =>
    ctx.repo(feedbackFlagRepository).decide(ctx.caller, params.id, body.decision),
});
