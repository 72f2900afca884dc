/**
 * The news feed (shared/endpoints/feed.ts, docs/recognition.md "News feed"): thin handlers over the rules
 * of ./service.ts; the SQL is in the posts and engagement repositories.
 */
import { feedEndpoints } from '../../../../shared/endpoints/feed.js';
import { defineRoutes } from '../../http/endpoints.js';
import {
  addComment,
  createAnnouncement,
  deleteComment,
  getPost,
  likePost,
  listComments,
  listLikes,
  listPosts,
  listReported,
  removePost,
  reportPost,
  reviewPost,
} from './service.js';

export const feedRoutes = defineRoutes(feedEndpoints, {
  listFeedPosts: (ctx, { query }) => listPosts(ctx, query),
  getFeedPost: (ctx, { params }) => getPost(ctx, params.id),
  createAnnouncement: (ctx, { body }) => createAnnouncement(ctx, body),
  removeFeedPost: async (ctx, { params }) => {
    await removePost(ctx, params.id);
    return undefined;
  },
  likeFeedPost: (ctx, { params, body }) => likePost(ctx, params.id, body.type),
  unlikeFeedPost: (ctx, { params }) => likePost(ctx, params.id, null),
  listFeedLikes: (ctx, { params, query }) => listLikes(ctx, params.id, query),
  listFeedComments: (ctx, { params, query }) => listComments(ctx, params.id, query),
  addFeedComment: (ctx, { params, body }) => addComment(ctx, params.id, body),
  deleteFeedComment: async (ctx, { params }) => {
    await deleteComment(ctx, params.id);
    return undefined;
  },
  reportFeedPost: (ctx, { params, body }) => reportPost(ctx, params.id, body),
  listReportedFeedPosts: (ctx, { query }) => listReported(ctx, query),
  reviewFeedPost: (ctx, { params, body }) => reviewPost(ctx, params.id, body.decision),
});
