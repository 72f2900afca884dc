/**
 * Leaderboard videos (shared/endpoints/leaderboard-videos.ts, docs/recognition.md "Leaderboard videos"). The
 * rules are in ./service.ts, the SQL in ./repository.ts, the file checks in ./media.ts and ./fetch-url.ts.
 * The file upload declares a raw body (`consumes`): the endpoint map hands it the request's stream.
 */
import { leaderboardVideoEndpoints } from '../../../../shared/endpoints/leaderboard-videos.js';
import { defineRoutes } from '../../http/endpoints.js';
import {
  addVideoByUrl,
  addVideoComment,
  getVideo,
  likeVideo,
  listManagedVideos,
  listVideoComments,
  listVideos,
  reviewVideo,
  setVideoActive,
  tagFilter,
  uploadVideoFile,
} from './service.js';

export const leaderboardVideoRoutes = defineRoutes(leaderboardVideoEndpoints, {
  listLeaderboardVideos: (ctx, { query }) => listVideos(ctx, { ...query, tag: tagFilter(query.hashtag) }),
  listManagedLeaderboardVideos: (ctx, { query }) => listManagedVideos(ctx, { ...query, tag: tagFilter(query.hashtag) }),
  getLeaderboardVideo: (ctx, { params }) => getVideo(ctx, params.id),
  uploadLeaderboardVideo: (ctx, { query, body }, { request }) => {
    const length = request.headers['content-length'];
    return uploadVideoFile(ctx, query, body, length === undefined ? undefined : Number(length));
  },
  addLeaderboardVideoByUrl: (ctx, { body }) => addVideoByUrl(ctx, body),
  setLeaderboardVideoReview: (ctx, { params, body }) => reviewVideo(ctx, params.id, body.videoStatus),
  setLeaderboardVideoStatus: (ctx, { params, body }) => setVideoActive(ctx, params.id, body.isActive),
  likeLeaderboardVideo: (ctx, { params, body }) => likeVideo(ctx, params.id, body.type),
  unlikeLeaderboardVideo: (ctx, { params }) => likeVideo(ctx, params.id, null),
  listLeaderboardVideoComments: (ctx, { params, query }) => listVideoComments(ctx, params.id, query),
  addLeaderboardVideoComment: (ctx, { params, body }) => addVideoComment(ctx, params.id, body),
});
