/**
 * The news feed (docs/recognition.md "News feed"): posts a cursor page at a time (the whole company's, or
 * one person's), one post, announcements, likes and the likes list, comments in pages of 10, removing a
 * post about oneself, reporting a post and the reviewers' queue and decision. Reading and taking part need
 * view-badges (the feed is the company's recognition), announcing post-announcement, reviewing
 * flag-feedback (the moderators of feedback moderate the feed too).
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  announcementBodySchema,
  commentBodySchema,
  commentListQuerySchema,
  commentListSchema,
  feedCommentSchema,
  feedListQuerySchema,
  feedListSchema,
  feedPostSchema,
  likeBodySchema,
  likeListQuerySchema,
  likeListSchema,
  likeSummarySchema,
  reportBodySchema,
  reportedListQuerySchema,
  reportedListSchema,
  reviewBodySchema,
  reviewResultSchema,
} from '../contracts/feed.js';
import { endpoint } from './define.js';

const HIDDEN =
  'A post the caller may not see (private feedback, a type the company switched off, a reported post of ' +
  'someone else, another company’s) answers 404.';

export const feedEndpoints = {
  listFeedPosts: endpoint({
    method: 'GET',
    path: '/api/feed/posts',
    access: 'view-badges',
    summary: 'The news feed, newest first, a cursor page at a time (new posts never shift the next page)',
    description: 'With employeeId, the posts by or about that person.',
    query: feedListQuerySchema,
    response: feedListSchema,
  }),
  getFeedPost: endpoint({
    method: 'GET',
    path: '/api/feed/posts/:id',
    access: 'view-badges',
    summary: 'One post of the news feed, with its like and comment counts',
    description: HIDDEN,
    params: idParamsSchema,
    response: feedPostSchema,
  }),
  createAnnouncement: endpoint({
    method: 'POST',
    path: '/api/feed/announcements',
    access: 'post-announcement',
    summary: 'Post an announcement to the news feed',
    description:
      'A broken rule answers 400 FEED_ANNOUNCEMENT_FAILED naming body.text; 409 FEED_ANNOUNCEMENTS_OFF while ' +
      'the company’s feedTypes leave announcements out.',
    body: announcementBodySchema,
    status: 201,
    response: feedPostSchema,
  }),
  removeFeedPost: endpoint({
    method: 'DELETE',
    path: '/api/feed/posts/:id',
    access: 'view-badges',
    summary: 'Remove a post one wrote or one about oneself from the news feed (its likes and comments go with it)',
    description: `403 FEED_POST_NOT_YOURS for anyone else; 409 FEED_POST_IS_VIDEO for a leaderboard video's post, which goes with the video's review. ${HIDDEN}`,
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  likeFeedPost: endpoint({
    method: 'PUT',
    path: '/api/feed/posts/:id/like',
    access: 'view-badges',
    summary: 'Like a post with a type; one like per person and post, another type replaces it',
    params: idParamsSchema,
    body: likeBodySchema,
    response: likeSummarySchema,
  }),
  unlikeFeedPost: endpoint({
    method: 'DELETE',
    path: '/api/feed/posts/:id/like',
    access: 'view-badges',
    summary: 'Take one’s like back; answers the post’s likes as they stand',
    params: idParamsSchema,
    response: likeSummarySchema,
  }),
  listFeedLikes: endpoint({
    method: 'GET',
    path: '/api/feed/posts/:id/likes',
    access: 'view-badges',
    summary: 'Who liked a post and how, newest first, a cursor page at a time',
    params: idParamsSchema,
    query: likeListQuerySchema,
    response: likeListSchema,
  }),
  listFeedComments: endpoint({
    method: 'GET',
    path: '/api/feed/posts/:id/comments',
    access: 'view-badges',
    summary: 'A post’s comments, newest first, in pages of 10',
    params: idParamsSchema,
    query: commentListQuerySchema,
    response: commentListSchema,
  }),
  addFeedComment: endpoint({
    method: 'POST',
    path: '/api/feed/posts/:id/comments',
    access: 'view-badges',
    summary: 'Comment on a post (plain text, at most 500 characters)',
    description: 'A broken rule answers 400 FEED_COMMENT_FAILED naming body.comment.',
    params: idParamsSchema,
    body: commentBodySchema,
    status: 201,
    response: feedCommentSchema,
  }),
  deleteFeedComment: endpoint({
    method: 'DELETE',
    path: '/api/feed/comments/:id',
    access: 'view-badges',
    summary: 'Delete a comment one wrote',
    description: '403 FEED_COMMENT_NOT_YOURS for anyone else’s.',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  reportFeedPost: endpoint({
    method: 'POST',
    path: '/api/feed/posts/:id/report',
    access: 'view-badges',
    summary: 'Report a post to the reviewers with a reason; it is hidden from everyone but its author until reviewed',
    description:
      '403 FEED_REPORT_OWN for one’s own post, 409 FEED_ALREADY_REPORTED for a second report by the same person, ' +
      '409 FEED_POST_REVIEWED once a reviewer kept it; a missing reason answers 400 FEED_REPORT_FAILED naming body.reason.',
    params: idParamsSchema,
    body: reportBodySchema,
    status: 201,
    response: reviewResultSchema,
  }),
  listReportedFeedPosts: endpoint({
    method: 'GET',
    path: '/api/feed/reports',
    access: 'flag-feedback',
    summary: 'Reported posts waiting for a review, newest first, with every report’s reason',
    query: reportedListQuerySchema,
    response: reportedListSchema,
  }),
  reviewFeedPost: endpoint({
    method: 'POST',
    path: '/api/feed/posts/:id/review',
    access: 'flag-feedback',
    summary: 'Keep (shown again) or remove (hidden for good) a reported post; final',
    description:
      '403 FEED_REVIEW_CONFLICT for a post the reviewer wrote or is about; 409 FEED_POST_NOT_REPORTED, or ' +
      'FEED_POST_REVIEWED once decided (also to the second of two reviewers deciding at once).',
    params: idParamsSchema,
    body: reviewBodySchema,
    response: reviewResultSchema,
  }),
};
