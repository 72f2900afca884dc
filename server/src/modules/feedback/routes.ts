/** Personal feedback (shared/endpoints/feedback.ts): give, edit, delete, read, seen marks, reactions. */
import { feedbackEndpoints } from '../../../../shared/endpoints/feedback.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { mayReadFeedback, needsReceiverTeam } from '../../policy/feedback.js';
import { policyRepository } from '../../policy/repository.js';
import { deleteFeedbackGroup, giveFeedback, updateFeedbackGroup } from './giving.js';
import { givingRepository } from './giving-repository.js';
import { feedbackRepository, type ReadOptions } from './repository.js';

async function readOptions(ctx: RequestContext): Promise<ReadOptions> {
  const settings = await ctx.settings();
  return { asker: ctx.caller, hideDemo: settings.isDemoDataDisabled, timeZone: settings.tenant_timezone };
}

/** The feedback if the caller may read it: 404 for none in the tenant (or hidden demo data), 403 otherwise. */
async function readable(ctx: RequestContext, id: number) {
  const facts = await ctx.repo(feedbackRepository).facts(id);
  if (!facts || (facts.isDemo === 1 && (await ctx.settings()).isDemoDataDisabled)) throw errors.notFound('Feedback');
  const sharesTeamWithReceiver =
    needsReceiverTeam(ctx.caller, facts) &&
    (await ctx.repo(policyRepository).sharesTeam(ctx.caller.employeeId, facts.receiverId));
  if (!mayReadFeedback(ctx.caller, { ...facts, sharesTeamWithReceiver })) {
    throw errors.forbidden(['view-received-feedback', 'view-team-member-dropdown', 'view-all-employees-feedback']);
  }
  return facts;
}

export const feedbackRoutes = defineRoutes(feedbackEndpoints, {
  getGivingOptions: async (ctx) => {
    const settings = await ctx.settings();
    return {
      categories: await ctx.repo(feedbackRepository).givingOptions(),
      characterLimit: settings.characterLimit,
      ratingDeviation: settings.ratingDeviation,
    };
  },

  listColleagues: async (ctx, { query }) => ({
    items: await ctx
      .repo(feedbackRepository)
      .colleagues(ctx.caller.employeeId, query.searchText, (await ctx.settings()).isDemoDataDisabled),
  }),

  getRecentAverages: async (ctx, { query }) => {
    const averages = await ctx
      .repo(givingRepository)
      .recentAverages(ctx.caller.employeeId, query.receiverIds, ctx.now());
    return { items: [...averages].map(([receiverId, average]) => ({ receiverId, average })) };
  },

  giveFeedback: (ctx, { body }) => giveFeedback(ctx, body),

  updateFeedbackGroup: async (ctx, { params, body }) => {
    const { removedFiles: _, ...result } = await updateFeedbackGroup(ctx, params.id, body);
    return result;
  },

  deleteFeedbackGroup: async (ctx, { params }) => {
    await deleteFeedbackGroup(ctx, params.id);
    return undefined;
  },

  listFeedback: async (ctx, { query }) => {
    const employeeId = query.employeeId ?? ctx.caller.employeeId;
    // Another employee's list needs reach over them (404 for none in the tenant); the rows are then
    // narrowed by the visibility rule like every list.
    if (!query.team && employeeId !== ctx.caller.employeeId) {
      await ctx.repo(policyRepository).authorizeEmployee('feedback', ctx.caller, employeeId);
    }
    return ctx.repo(feedbackRepository).list(query, await readOptions(ctx));
  },

  getUnseenCount: async (ctx) => ({
    unseen: await ctx
      .repo(feedbackRepository)
      .unseenCount(ctx.caller.employeeId, (await ctx.settings()).isDemoDataDisabled),
  }),

  markFeedbackSeen: async (ctx, { body }) => {
    const feedback = ctx.repo(feedbackRepository);
    await feedback.markSeen(ctx.caller.employeeId, body.feedbackIds, ctx.now().toISOString());
    return { unseen: await feedback.unseenCount(ctx.caller.employeeId, (await ctx.settings()).isDemoDataDisabled) };
  },

  getFeedback: async (ctx, { params }) => {
    await readable(ctx, params.id);
    return (await ctx.repo(feedbackRepository).get(params.id, ctx.caller.employeeId))!;
  },

  addReaction: async (ctx, { params }) => {
    await readable(ctx, params.id);
    const feedback = ctx.repo(feedbackRepository);
    await feedback.react(params.id, ctx.caller.employeeId, params.emoji, ctx.now().toISOString());
    return { reactions: await feedback.reactions(params.id, ctx.caller.employeeId) };
  },

  removeReaction: async (ctx, { params }) => {
    await readable(ctx, params.id);
    const feedback = ctx.repo(feedbackRepository);
    await feedback.unreact(params.id, ctx.caller.employeeId, params.emoji);
    return { reactions: await feedback.reactions(params.id, ctx.caller.employeeId) };
  },
});
