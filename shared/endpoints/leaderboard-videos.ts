/**
 * Leaderboard videos (docs/recognition.md "Leaderboard videos"): those who see the leaderboards see the
 * approved, active videos and like and comment on them; upload-leaderboard-video uploads (a file, or an
 * address the server downloads); update-leaderboard-video-status approves, rejects, activates and
 * deactivates; view-leaderboard-video-management reads every video of the company. A video the caller may
 * not see (pending, rejected or inactive for a reader; another company's for anyone) answers 404.
 */
import { idParamsSchema } from '../contracts/common.js';
import { commentBodySchema, feedCommentSchema, likeBodySchema, likeSummarySchema } from '../contracts/feed.js';
import {
  leaderboardVideoSchema,
  managedVideoListQuerySchema,
  videoActiveBodySchema,
  videoCommentListQuerySchema,
  videoCommentListSchema,
  videoFileQuerySchema,
  videoListQuerySchema,
  videoListSchema,
  videoReviewBodySchema,
  videoUrlBodySchema,
} from '../contracts/leaderboard-videos.js';
import { endpoint } from './define.js';

/** The leaderboards' readers (shared/endpoints/leaderboards.ts). */
const READERS = ['view-feedback-overview', 'view-all-employees-feedback'] as const;
const CHECKS =
  'The server reads the file itself (ffprobe): a file that is no video answers "Error loading video ' +
  'metadata", one of 1 minute or more, a frame larger than 1280x720 (either way round) or a file over 50 MB ' +
  'is refused, each a 400 VIDEO_UPLOAD_FAILED naming the field; nothing is stored then. The new video waits ' +
  'for an administrator’s review.';

export const leaderboardVideoEndpoints = {
  listLeaderboardVideos: endpoint({
    method: 'GET',
    path: '/api/leaderboard-videos',
    access: READERS,
    summary: 'Approved, active videos, newest first, in pages of 5',
    description:
      'With hashtag, the videos of one hashtag (the drilled view); with categoryId or attributeId, those ' +
      'tagged with that category or attribute (the Category and Attribute views).',
    query: videoListQuerySchema,
    response: videoListSchema,
  }),
  listManagedLeaderboardVideos: endpoint({
    method: 'GET',
    path: '/api/leaderboard-videos/manage',
    access: 'view-leaderboard-video-management',
    summary: 'Every video of the company, whatever its review, for the administrators’ table',
    query: managedVideoListQuerySchema,
    response: videoListSchema,
  }),
  getLeaderboardVideo: endpoint({
    method: 'GET',
    path: '/api/leaderboard-videos/:id',
    access: [...READERS, 'view-leaderboard-video-management'],
    summary: 'One video: an approved, active one, or any for view-leaderboard-video-management',
    params: idParamsSchema,
    response: leaderboardVideoSchema,
  }),
  uploadLeaderboardVideo: endpoint({
    method: 'POST',
    path: '/api/leaderboard-videos/file',
    access: 'upload-leaderboard-video',
    summary: 'Upload a video file: the raw bytes as the body, the details in the query',
    description: `The body is the file itself (any Content-Type; its content decides). ${CHECKS} An empty body answers "No file provided".`,
    query: videoFileQuerySchema,
    consumes: 'application/octet-stream',
    status: 201,
    response: leaderboardVideoSchema,
  }),
  addLeaderboardVideoByUrl: endpoint({
    method: 'POST',
    path: '/api/leaderboard-videos/url',
    access: 'upload-leaderboard-video',
    summary: 'Add a video by address: the server downloads it (http or https, 50 MB at most) and checks it',
    description:
      `${CHECKS} Addresses on loopback or private networks are refused (body.url) unless the server allows ` +
      'them (LEADERBOARD_VIDEO_ALLOW_PRIVATE_URLS); a redirect is followed only to another http or https address.',
    body: videoUrlBodySchema,
    status: 201,
    response: leaderboardVideoSchema,
  }),
  setLeaderboardVideoReview: endpoint({
    method: 'PUT',
    path: '/api/leaderboard-videos/:id/review',
    access: 'update-leaderboard-video-status',
    summary: 'Approve or reject a video; an approved one is posted on the news feed, a rejected one hidden',
    params: idParamsSchema,
    body: videoReviewBodySchema,
    response: leaderboardVideoSchema,
  }),
  setLeaderboardVideoStatus: endpoint({
    method: 'PUT',
    path: '/api/leaderboard-videos/:id/status',
    access: 'update-leaderboard-video-status',
    summary: 'Activate or deactivate a video; an inactive one is hidden from the leaderboards and the feed',
    params: idParamsSchema,
    body: videoActiveBodySchema,
    response: leaderboardVideoSchema,
  }),
  likeLeaderboardVideo: endpoint({
    method: 'PUT',
    path: '/api/leaderboard-videos/:id/like',
    access: READERS,
    summary: 'Like a video with a type (its news-feed post’s likes); another type replaces one’s like',
    params: idParamsSchema,
    body: likeBodySchema,
    response: likeSummarySchema,
  }),
  unlikeLeaderboardVideo: endpoint({
    method: 'DELETE',
    path: '/api/leaderboard-videos/:id/like',
    access: READERS,
    summary: 'Take one’s like of a video back',
    params: idParamsSchema,
    response: likeSummarySchema,
  }),
  listLeaderboardVideoComments: endpoint({
    method: 'GET',
    path: '/api/leaderboard-videos/:id/comments',
    access: READERS,
    summary: 'A video’s comments, newest first, 10 at a time',
    params: idParamsSchema,
    query: videoCommentListQuerySchema,
    response: videoCommentListSchema,
  }),
  addLeaderboardVideoComment: endpoint({
    method: 'POST',
    path: '/api/leaderboard-videos/:id/comments',
    access: READERS,
    summary: 'Comment on a video (shown on its news-feed post too)',
    description: 'A broken rule answers 400 FEED_COMMENT_FAILED naming body.comment.',
    params: idParamsSchema,
    body: commentBodySchema,
    status: 201,
    response: feedCommentSchema,
  }),
} as const;
