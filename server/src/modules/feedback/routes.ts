/** Personal feedback (shared/endpoints/feedback.ts): give, edit, delete, read, seen marks, reactions. */
import { feedbackEndpoints } from '../../../../shared/endpoints/feedback.js';
import { subjectConflict } from '../../../../shared/feedback-overview.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { demoHidden, hiddenAmong, requireShown } from '../../policy/demo.js';
import { mayReadFeedback, needsReceiverTeam } from '../../policy/feedback.js';
import { feedbackSubjectRepository, type FeedbackSubject } from '../../policy/feedback-subject.js';
import { policyRepository } from '../../policy/repository.js';
import { deleteFeedbackGroup, giveFeedback, updateFeedbackGroup } from './giving.js';
import { givingRepository } from './giving-repository.js';
import { beginAttachment, confirmAttachment, deleteAttachment, withLinks } from './attachments.js';
import { feedbackRepository, type ReadOptions, type StoredFeedbackItem } from './repository.js';
import type { FeedbackItem } from '../../../../shared/contracts/feedback.js';

async function readOptions(ctx: RequestContext): Promise<ReadOptions> {
  const settings = await ctx.settings();
  return { asker: ctx.caller, hideDemo: await demoHidden(ctx), timeZone: settings.tenant_timezone };
}

/**
 * The feedback if the caller may read it: 404 for none in the tenant (or hidden demo data: a demo row, or
 * one naming a demo person), 403 otherwise.
 */
async function readable(ctx: RequestContext, id: number) {
  const facts = await ctx.repo(feedbackRepository).facts(id);
  if (!facts || (facts.isDemo === 1 && (await demoHidden(ctx)))) throw errors.notFound('feedbackNotFound');
  await requireShown(ctx, facts.giverId, 'feedbackNotFound');
  await requireShown(ctx, facts.receiverId, 'feedbackNotFound');
  const sharesTeamWithReceiver =
    needsReceiverTeam(ctx.caller, facts) &&
    (await ctx.repo(policyRepository).sharesTeam(ctx.caller.employeeId, facts.receiverId));
  if (!mayReadFeedback(ctx.caller, { ...facts, sharesTeamWithReceiver })) {
    throw errors.forbidden(['view-received-feedback', 'view-team-member-dropdown', 'view-all-employees-feedback']);
  }
  return facts;
}

/** A feedback as answered: its files as short-lived signed links. */
async function answered(ctx: RequestContext, item: StoredFeedbackItem): Promise<FeedbackItem> {
  return { ...item, attachments: await withLinks(ctx, item.attachments) };
}

/** Deletes files no feedback holds any more; a storage failure is logged, the feedback change stands. */
async function removeFiles(ctx: RequestContext, keys: readonly string[]) {
  if (keys.length === 0) return;
  try {
    await ctx.deps.storage.remove({ tenantId: ctx.tenantId, keys });
  } catch (error) {
    ctx.log.error({ err: error, keys }, 'Could not delete the files of removed feedback');
  }
}

export const feedbackRoutes = defineRoutes(feedbackEndpoints, {
  beginFeedbackAttachment: (ctx, { body }) => beginAttachment(ctx, body),

  confirmFeedbackAttachment: (ctx, { params }) => confirmAttachment(ctx, params.id),

  deleteFeedbackAttachment: async (ctx, { params }) => {
    await deleteAttachment(ctx, params.id);
    return undefined;
  },

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
      .colleagues(ctx.caller.employeeId, query, (await ctx.settings()).isDemoDataDisabled),
  }),

  getRecentAverages: async (ctx, { query }) => {
    const averages = await ctx
      .repo(givingRepository)
      .recentAverages(ctx.caller.employeeId, query.receiverIds, ctx.now());
    // A demo person is unknown while demo data is off: no average, as for an id of nobody.
    const hidden = await hiddenAmong(ctx, query.receiverIds);
    return {
      items: [...averages].map(([receiverId, average]) => ({
        receiverId,
        average: hidden.has(receiverId) ? null : average,
      })),
    };
  },

  giveFeedback: (ctx, { body }) => giveFeedback(ctx, body),

  updateFeedbackGroup: async (ctx, { params, body }) => {
    const { removedFiles, ...result } = await updateFeedbackGroup(ctx, params.id, body);
    await removeFiles(ctx, removedFiles);
    return result;
  },

  deleteFeedbackGroup: async (ctx, { params }) => {
    await removeFiles(ctx, await deleteFeedbackGroup(ctx, params.id));
    return undefined;
  },

  listFeedback: async (ctx, { query }) => {
    const conflict = subjectConflict(query);
    if (conflict) throw errors.validation([{ path: `querystring.${conflict.field}`, message: conflict.message }]);
    const options = await readOptions(ctx);
    const subjects = ctx.repo(feedbackSubjectRepository);
    // Another employee's list needs reach over them (404 for none in the tenant), a team or a function the
    // Overview's rules; the rows are then narrowed by the visibility rule like every list.
    let subject: FeedbackSubject;
    if (query.teamId !== undefined) {
      subject = { teamId: (await subjects.team(ctx.caller, query.teamId, options.hideDemo)).id };
    } else if (query.functionId !== undefined) {
      subject = { functionId: (await subjects.function(ctx.caller, query.functionId, options.hideDemo)).id };
    } else if (query.team) {
      subject = { team: true };
    } else {
      const employeeId = query.employeeId ?? ctx.caller.employeeId;
      if (employeeId !== ctx.caller.employeeId) {
        await ctx.repo(policyRepository).authorizeEmployee('feedback', ctx.caller, employeeId);
        await requireShown(ctx, employeeId);
      }
      subject = { employeeId };
    }
    const page = await ctx.repo(feedbackRepository).list(query, subject, options);
    return { items: await Promise.all(page.items.map((item) => answered(ctx, item))), total: page.total };
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
    const item = await ctx.repo(feedbackRepository).get(params.id, ctx.caller.employeeId, await demoHidden(ctx));
    return answered(ctx, item!);
  },

  addReaction: async (ctx, { params }) => {
    await readable(ctx, params.id);
    const feedback = ctx.repo(feedbackRepository);
    await feedback.react(params.id, ctx.caller.employeeId, params.emoji, ctx.now().toISOString());
    return { reactions: await feedback.reactions(params.id, ctx.caller.employeeId, await demoHidden(ctx)) };
  },

  removeReaction: async (ctx, { params }) => {
    await readable(ctx, params.id);
    const feedback = ctx.repo(feedbackRepository);
    await feedback.unreact(params.id, ctx.caller.employeeId, params.emoji);
    return { reactions: await feedback.reactions(params.id, ctx.caller.employeeId, await demoHidden(ctx)) };
  },
});
