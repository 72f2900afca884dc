/**
 * Giving feedback, and changing or deleting what one gave (docs/feedback.md). One act of giving is one
 * group with one feedback per recipient. The checks run in this order, each refusal changing nothing:
 * the shared form rules (shared/feedback.ts), the people (active employees of the tenant), the catalogue
 * (active categories and attributes), the deviation rule; then, inside the one transaction that writes,
 * the attachments (the giver's own checked uploads, at most 5 images) and the request answered.
 */
import type { GiveFeedbackBody, RatingInput, UpdateFeedbackBody } from '../../../../shared/contracts/feedback.js';
import { MAX_IMAGES_PER_FEEDBACK } from '../../../../shared/attachments.js';
import { deviatesFromRecent, givingIssues } from '../../../../shared/feedback.js';
import type { ErrorCode } from '../../../../shared/messages.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { demoHidden, hiddenAmong } from '../../policy/demo.js';
import { feedPostRepository } from '../feed/posts-repository.js';
import { notificationWriter } from '../notifications/writer.js';
import { givingRepository, type ResolvedRating } from './giving-repository.js';

type Failure = 'FEEDBACK_SUBMIT_FAILED' | 'FEEDBACK_UPDATE_FAILED';
type Field = 'receiverIds' | 'ratings' | 'comment' | 'attachmentIds';

const refuse = (failure: Failure, field: Field, code: ErrorCode) => errors.formRules(failure, [{ field, code }]);

/** The checks every give and edit runs; answers the ratings resolved against the catalogue. */
async function check(
  ctx: RequestContext,
  input: { receiverIds: number[]; ratings: RatingInput[]; comment?: string | undefined },
  failure: Failure,
  /** An edit that leaves the ratings alone: they were checked when given, the catalogue may have moved. */
  kept?: ResolvedRating[],
  /** An edit's recipients already in the group: a demo person among them stays while demo data is off. */
  current: ReadonlySet<number> = new Set(),
): Promise<ResolvedRating[]> {
  const settings = await ctx.settings();
  const giving = ctx.repo(givingRepository);
  const [first, ...rest] = givingIssues(input, {
    selfId: ctx.caller.employeeId,
    characterLimit: settings.characterLimit,
  });
  if (first) throw errors.formRules(failure, [first, ...rest]);
  const receivers = [...new Set(input.receiverIds)];
  // A demo person is unknown while demo data is off (server/src/db/demo.ts), as a new recipient.
  const added = receivers.filter((id) => !current.has(id));
  const active = new Set([
    ...(await giving.activeEmployees(added, await demoHidden(ctx))),
    ...(await giving.activeEmployees(receivers.filter((id) => current.has(id)))),
  ]);
  if (receivers.some((id) => !active.has(id))) throw refuse(failure, 'receiverIds', 'FEEDBACK_RECIPIENT_UNKNOWN');
  const ratings = kept ?? (await giving.resolveRatings(input.ratings));
  if (!ratings) throw refuse(failure, 'ratings', 'FEEDBACK_RATING_UNKNOWN');
  if ((input.comment?.trim() ?? '') === '') {
    const averages = await giving.recentAverages(ctx.caller.employeeId, receivers, ctx.now());
    const values = ratings.map((r) => r.rating);
    if ([...averages.values()].some((average) => deviatesFromRecent(values, average, settings.ratingDeviation))) {
      throw refuse(failure, 'comment', 'FEEDBACK_COMMENT_REQUIRED');
    }
  }
  return ratings;
}

export async function giveFeedback(ctx: RequestContext, body: GiveFeedbackBody) {
  const failure = 'FEEDBACK_SUBMIT_FAILED';
  // The give form offers sharing only while the company's feed shows feedback; the server holds it too.
  if (body.shareOnFeed && !(await ctx.settings()).feedTypes.includes('feedback'))
    throw errors.coded(409, 'FEED_SHARING_OFF');
  const ratings = await check(ctx, body, failure);
  const giverId = ctx.caller.employeeId;
  const at = ctx.now().toISOString();
  return ctx.transaction(async (tx) => {
    const giving = tx.repo(givingRepository);
    const groupId = await giving.createGroup({
      giverId,
      comment: body.comment?.trim() || null,
      requestId: body.requestId ?? null,
      at,
    });
    const feedbackIds: number[] = [];
    const notifications = tx.repo(notificationWriter);
    for (const receiverId of new Set(body.receiverIds)) {
      const feedbackId = await giving.addRecipient({ groupId, giverId, receiverId, createdAt: at }, ratings);
      feedbackIds.push(feedbackId);
      await notifications.notify({
        type: 'feedback-received',
        recipientIds: [receiverId],
        actorId: giverId,
        params: {},
        link: `/received/${feedbackId}`,
      });
    }
    if (!(await giving.attach(giverId, groupId, body.attachmentIds ?? []))) {
      throw refuse(failure, 'attachmentIds', 'FEEDBACK_ATTACHMENT_UNKNOWN');
    }
    if ((await giving.imageCount(groupId)) > MAX_IMAGES_PER_FEEDBACK) {
      throw refuse(failure, 'attachmentIds', 'FEEDBACK_TOO_MANY_IMAGES');
    }
    if (body.requestId !== undefined) await giving.answerRequest(body.requestId, giverId, groupId, ctx.now());
    if (body.shareOnFeed) await tx.repo(feedPostRepository).shareFeedback(groupId, giverId, at);
    return { groupId, feedbackIds };
  });
}

/** The caller's own group, or 404 (another tenant's, or none) / 403 (someone else gave it). */
async function ownGroup(ctx: RequestContext, groupId: number) {
  const group = await ctx.repo(givingRepository).group(groupId);
  if (!group) throw errors.notFound('feedbackNotFound');
  if (group.giverId !== ctx.caller.employeeId) throw errors.coded(403, 'FEEDBACK_NOT_GIVER');
  return group;
}

/**
 * An edit: what it names is replaced and diffed by id (spec §5). Recipients removed lose their feedback
 * (with its reactions and flags); recipients added get one with the group's ratings; new ratings apply
 * to every recipient. Answers the storage keys of files no longer attached, for the caller to delete.
 */
export async function updateFeedbackGroup(ctx: RequestContext, groupId: number, body: UpdateFeedbackBody) {
  const failure = 'FEEDBACK_UPDATE_FAILED';
  const group = await ownGroup(ctx, groupId);
  const current = new Set(group.feedback.map((f) => f.receiverId));
  // While demo data is off the giver does not see the demo people among their recipients: an edit keeps
  // them rather than delete what it cannot show (switched on again, they are back).
  const hidden = await hiddenAmong(ctx, [...current]);
  const receiverIds = [...new Set([...(body.receiverIds ?? current), ...hidden])];
  const kept =
    body.ratings === undefined ? await ctx.repo(givingRepository).ratingsOf(group.feedback[0]?.id) : undefined;
  const ratingInputs: RatingInput[] =
    body.ratings ??
    (kept ?? []).map((r) =>
      r.attributeId === null
        ? { categoryId: r.categoryId, rating: r.rating }
        : { attributeId: r.attributeId, rating: r.rating },
    );
  const comment = body.comment ?? group.comment ?? undefined;
  const ratings = await check(ctx, { receiverIds, ratings: ratingInputs, comment }, failure, kept, current);
  const at = ctx.now().toISOString();
  return ctx.transaction(async (tx) => {
    const giving = tx.repo(givingRepository);
    const before = new Map(group.feedback.map((f) => [f.receiverId, f.id]));
    const after = new Set(receiverIds);
    await giving.removeFeedback(group.feedback.filter((f) => !after.has(f.receiverId)).map((f) => f.id));
    const kept = group.feedback.filter((f) => after.has(f.receiverId)).map((f) => f.id);
    if (body.ratings !== undefined) await giving.replaceRatings(kept, ratings);
    const feedbackIds = [...kept];
    for (const receiverId of after) {
      if (before.has(receiverId)) continue;
      feedbackIds.push(
        await giving.addRecipient({ groupId, giverId: group.giverId, receiverId, createdAt: group.createdAt }, ratings),
      );
    }
    let removedFiles: string[] = [];
    if (body.attachmentIds !== undefined) {
      removedFiles = await giving.detachExcept(groupId, body.attachmentIds);
      if (!(await giving.attach(group.giverId, groupId, body.attachmentIds))) {
        throw refuse(failure, 'attachmentIds', 'FEEDBACK_ATTACHMENT_UNKNOWN');
      }
      if ((await giving.imageCount(groupId)) > MAX_IMAGES_PER_FEEDBACK) {
        throw refuse(failure, 'attachmentIds', 'FEEDBACK_TOO_MANY_IMAGES');
      }
    }
    await giving.updateGroup(groupId, {
      ...(body.comment === undefined ? {} : { comment: body.comment.trim() || null }),
      at,
    });
    return { groupId, feedbackIds: feedbackIds.sort((a, b) => a - b), removedFiles };
  });
}

/** Deletes a group the caller gave; answers its files' storage keys for the caller to delete. */
export async function deleteFeedbackGroup(ctx: RequestContext, groupId: number): Promise<string[]> {
  await ownGroup(ctx, groupId);
  return ctx.transaction((tx) => tx.repo(givingRepository).deleteGroup(groupId));
}
