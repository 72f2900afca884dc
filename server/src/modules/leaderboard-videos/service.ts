/**
 * Leaderboard videos' rules (docs/recognition.md "Leaderboard videos"): an upload (a file, or an address the
 * server downloads) is checked by its details, then by its content (ffprobe), stored with its preview and
 * written waiting for review; nothing is kept of a refused one. An approval posts the video on the news feed
 * in the same transaction; a rejected or inactive video is hidden from the leaderboards and the feed. Likes
 * and comments are its post's. A video the caller may not see answers 404, as if absent.
 */
import { demoHidden } from '../../policy/demo.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkVideoDetails,
  checkVideoFileSize,
  checkVideoUrl,
  videoHashtag,
  videoHashtags,
  type VideoDecision,
  type VideoIssue,
  type VideoSource,
} from '../../../../shared/leaderboard-videos.js';
import { checkComment, type LikeType } from '../../../../shared/feed.js';
import type { CommentBody } from '../../../../shared/contracts/feed.js';
import type { LeaderboardVideo } from '../../../../shared/contracts/leaderboard-videos.js';
import type { RawBody } from '../../../../shared/endpoints/define.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { feedEngagementRepository } from '../feed/engagement-repository.js';
import { comment, react } from '../feed/notifications.js';
import { feedPostRepository, type PostRow } from '../feed/posts-repository.js';
import { commentView, failed, viewerOf } from '../feed/service.js';
import type { FeedViewer } from '../feed/visibility.js';
import { notificationWriter } from '../notifications/writer.js';
import { download } from './fetch-url.js';
import { previewFrame, probe, receive, tempFolder } from './media.js';
import { leaderboardVideoRepository, type VideoRow } from './repository.js';
import { videoViews } from './views.js';

type Details = {
  title?: string | null | undefined;
  hashtags?: readonly string[] | null | undefined;
  categoryId?: number | null | undefined;
  attributeId?: number | null | undefined;
};

function fieldError(prefix: string, issues: readonly VideoIssue[]) {
  return errors.coded(400, 'VIDEO_UPLOAD_FAILED', {
    fields: issues.map((i) => ({ path: `${prefix}.${i.field}`, message: i.message })),
  });
}

const hideDemo = demoHidden;

/** The details' issues, and the category and attribute: active ones of the tenant, the attribute of the category. */
async function checkDetails(ctx: RequestContext, details: Details) {
  const issues = checkVideoDetails(details);
  const repo = ctx.repo(leaderboardVideoRepository);
  let categoryId = details.categoryId ?? null;
  const attributeId = details.attributeId ?? null;
  if (categoryId !== null && !(await repo.activeCategory(categoryId)))
    issues.push({ field: 'categoryId', message: V.videoCategoryUnknown });
  if (attributeId !== null) {
    const attribute = await repo.activeAttribute(attributeId);
    if (!attribute) issues.push({ field: 'attributeId', message: V.videoAttributeUnknown });
    else if (categoryId !== null && attribute.categoryId !== categoryId)
      issues.push({ field: 'attributeId', message: V.videoAttributeCategory });
    // An attribute's video shows on its category's board too.
    else categoryId = attribute.categoryId;
  }
  return { issues, categoryId, attributeId };
}

/**
 * The common path of both uploads: `fill` writes the bytes into the file given (or refuses them); the file is
 * then probed, stored with its preview, and written. The temporary folder goes whatever happens.
 */
async function ingest(
  ctx: RequestContext,
  input: {
    details: Details;
    prefix: 'query' | 'body';
    fileField: 'file' | 'url';
    source: VideoSource;
    sourceUrl: string | null;
    fill: (file: string) => Promise<{ size: number } | { refused: string }>;
  },
): Promise<LeaderboardVideo> {
  const checked = await checkDetails(ctx, input.details);
  if (checked.issues.length > 0) throw fieldError(input.prefix, checked.issues);
  const fileError = (message: string) => fieldError('body', [{ field: input.fileField, message }]);
  const temp = await tempFolder();
  let stored: { key: string; previewKey: string | null } | null = null;
  try {
    const file = path.join(temp.dir, 'video');
    const filled = await input.fill(file);
    if ('refused' in filled) throw fileError(filled.refused);
    const sizeIssue = checkVideoFileSize(filled.size)[0];
    if (sizeIssue) throw fileError(sizeIssue.message);
    const facts = await probe(file, filled.size);
    if ('refused' in facts) throw fileError(facts.refused);
    const preview = await previewFrame(file, temp.dir, facts);
    if (!preview) ctx.log.warn({ tenantId: ctx.tenantId }, 'no preview frame could be taken of a leaderboard video');
    const saved = await ctx.deps.storage.store({
      tenantId: ctx.tenantId,
      kind: 'video',
      body: await readFile(file),
      contentType: facts.contentType,
      preview: preview ? { body: preview, contentType: 'image/jpeg' } : null,
    });
    stored = saved;
    const id = await ctx.transaction((tx) =>
      tx.repo(leaderboardVideoRepository).insert(
        {
          uploadedBy: ctx.caller.employeeId,
          title: input.details.title!.trim(),
          source: input.source,
          sourceUrl: input.sourceUrl,
          storageKey: saved.key,
          previewKey: saved.previewKey,
          contentType: facts.contentType,
          size: facts.size,
          durationMs: Math.round(facts.durationSeconds * 1000),
          width: facts.width,
          height: facts.height,
          categoryId: checked.categoryId,
          attributeId: checked.attributeId,
        },
        videoHashtags(input.details.hashtags ?? []),
      ),
    );
    stored = null;
    return await readVideo(ctx, id, false);
  } finally {
    if (stored) {
      const keys = [stored.key];
      await ctx.deps.storage
        .remove({ tenantId: ctx.tenantId, keys })
        .catch((error: unknown) => ctx.log.warn({ err: error, keys }, 'a refused video’s file was not deleted'));
    }
    await temp.dispose();
  }
}

/** The file route: the body is the file; a declared length over the limit is refused before reading. */
export function uploadVideoFile(
  ctx: RequestContext,
  details: Details,
  body: RawBody,
  declaredLength: number | undefined,
): Promise<LeaderboardVideo> {
  return ingest(ctx, {
    details,
    prefix: 'query',
    fileField: 'file',
    source: 'file',
    sourceUrl: null,
    fill: async (file) => {
      const declared = declaredLength === undefined ? [] : checkVideoFileSize(declaredLength);
      if (declaredLength !== undefined && declaredLength > 0 && declared[0]) return { refused: declared[0].message };
      const size = await receive(body, file);
      return size === 'too-large' ? { refused: checkVideoFileSize(Number.MAX_SAFE_INTEGER)[0]!.message } : { size };
    },
  });
}

export async function addVideoByUrl(ctx: RequestContext, body: Details & { url?: string | null | undefined }) {
  const urlIssues = checkVideoUrl(body.url);
  const detailIssues = (await checkDetails(ctx, body)).issues;
  if (urlIssues.length + detailIssues.length > 0) throw fieldError('body', [...detailIssues, ...urlIssues]);
  const url = body.url!.trim();
  return ingest(ctx, {
    details: body,
    prefix: 'body',
    fileField: 'url',
    source: 'url',
    sourceUrl: url,
    fill: (file) => download(url, file, ctx.deps.config.videoAllowPrivateUrls),
  });
}

/** A video the caller may see: approved and active, or any for the video managers; else 404. */
async function visibleRow(ctx: RequestContext, id: number, shownOnly: boolean): Promise<VideoRow> {
  const row = await ctx.repo(leaderboardVideoRepository).get(id, { shownOnly, hideDemo: await hideDemo(ctx) });
  if (!row) throw errors.notFound('videoNotFound');
  return row;
}

export async function readVideo(ctx: RequestContext, id: number, shownOnly: boolean): Promise<LeaderboardVideo> {
  const row = await visibleRow(ctx, id, shownOnly);
  return (await videoViews(ctx, [row], await hideDemo(ctx)))[0]!;
}

export const getVideo = (ctx: RequestContext, id: number) =>
  readVideo(ctx, id, !ctx.can('view-leaderboard-video-management'));

/**
 * Approves (and posts on the feed, in one transaction) or rejects a video. Its uploader hears of a decision
 * that changes its status (a second approval of an approved video is no news).
 */
export async function reviewVideo(ctx: RequestContext, id: number, decision: VideoDecision) {
  const before = await visibleRow(ctx, id, false);
  await ctx.transaction(async (tx) => {
    const repo = tx.repo(leaderboardVideoRepository);
    await repo.review(id, decision, ctx.caller.employeeId);
    if (decision === 'approved') await repo.post(id);
    if (before.status !== decision && before.uploadedBy !== null)
      await tx.repo(notificationWriter).notify({
        type: decision === 'approved' ? 'video-approved' : 'video-rejected',
        recipientIds: [before.uploadedBy],
        actorId: ctx.caller.employeeId,
        params: { title: before.title },
        link: decision === 'approved' ? `/leaderboard?video=${id}` : null,
      });
  });
  return readVideo(ctx, id, false);
}

export async function setVideoActive(ctx: RequestContext, id: number, isActive: boolean) {
  await visibleRow(ctx, id, false);
  await ctx.repo(leaderboardVideoRepository).setActive(id, isActive);
  return readVideo(ctx, id, false);
}

/**
 * The post of a shown video: likes and comments are its, so they follow the feed's one rule for a post
 * (feed/visibility.ts): a reported post is closed to readers until a reviewer keeps it, a removed one for
 * good. Whatever kinds the company's feed shows: the leaderboard shows its videos either way.
 */
async function postOf(ctx: RequestContext, id: number): Promise<PostRow> {
  const row = await visibleRow(ctx, id, true);
  const viewer: FeedViewer = { ...(await viewerOf(ctx)), kinds: ['leaderboard-video'] };
  const post = row.postId === null ? undefined : await ctx.repo(feedPostRepository).shown(viewer, row.postId);
  if (!post) throw errors.notFound('videoNotFound');
  return post;
}

export async function likeVideo(ctx: RequestContext, id: number, type: LikeType | null) {
  const post = await postOf(ctx, id);
  const engagement = ctx.repo(feedEngagementRepository);
  if (type === null) await engagement.unlike(post.id, ctx.caller.employeeId);
  else await react(ctx, post, ctx.caller.employeeId, type);
  return (await engagement.likeSummaries([post.id], ctx.caller.employeeId, await hideDemo(ctx))).get(post.id)!;
}

export async function listVideoComments(
  ctx: RequestContext,
  id: number,
  query: { limit: number; cursor?: string | undefined },
) {
  const post = await postOf(ctx, id);
  const page = await ctx.repo(feedEngagementRepository).commentsPage(post.id, query, await hideDemo(ctx));
  const people = await ctx.repo(leaderboardVideoRepository).people(page.items.map((c) => c.employeeId));
  return { items: page.items.map((c) => commentView(c, people, ctx.caller.employeeId)), nextCursor: page.nextCursor };
}

export async function addVideoComment(ctx: RequestContext, id: number, body: CommentBody) {
  const post = await postOf(ctx, id);
  const issues = checkComment(body);
  if (issues.length > 0) throw failed('FEED_COMMENT_FAILED', issues);
  const row = await comment(ctx, post, ctx.caller.employeeId, body.comment!.trim());
  const people = await ctx.repo(leaderboardVideoRepository).people([row.employeeId]);
  return commentView(row, people, ctx.caller.employeeId);
}

/** The readers' list and the managers' table, with the hashtag as typed made canonical. */
export async function listVideos(
  ctx: RequestContext,
  query: Parameters<ReturnType<typeof leaderboardVideoRepository>['shownPage']>[0],
) {
  const hidden = await hideDemo(ctx);
  const page = await ctx.repo(leaderboardVideoRepository).shownPage(query, hidden);
  return { items: await videoViews(ctx, page.items, hidden), total: page.total };
}

export async function listManagedVideos(
  ctx: RequestContext,
  query: Parameters<ReturnType<typeof leaderboardVideoRepository>['managedPage']>[0],
) {
  const hidden = await hideDemo(ctx);
  const page = await ctx.repo(leaderboardVideoRepository).managedPage(query, hidden);
  return { items: await videoViews(ctx, page.items, hidden), total: page.total };
}

/**
 * A hashtag filter as typed: canonical, or one that matches nothing when it is no hashtag: '#', which no
 * stored tag holds (they are letters, digits and underscores). Not a NUL byte: PostgreSQL refuses it in text.
 */
export const tagFilter = (text: string | undefined): string | null =>
  text === undefined || text.trim() === '' ? null : (videoHashtag(text) ?? '#');
