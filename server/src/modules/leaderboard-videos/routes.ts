/**
 * Leaderboard videos (shared/endpoints/leaderboard-videos.ts, docs/recognition.md "Leaderboard videos"). The
 * rules are in ./service.ts, the SQL in ./repository.ts, the file checks in ./media.ts and ./fetch-url.ts.
 * The file upload reads the raw body itself, so it is registered in its own scope without body parsers.
 */
import type { FastifyInstance } from 'fastify';
import {
  leaderboardVideoEndpoints,
  leaderboardVideoUploadEndpoints,
} from '../../../../shared/endpoints/leaderboard-videos.js';
import type { Deps } from '../../deps.js';
import { defineRoutes, type RouteModule } from '../../http/endpoints.js';
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

const routes = defineRoutes(leaderboardVideoEndpoints, {
  listLeaderboardVideos: (ctx, { query }) => listVideos(ctx, { ...query, tag: tagFilter(query.hashtag) }),
  listManagedLeaderboardVideos: (ctx, { query }) => listManagedVideos(ctx, { ...query, tag: tagFilter(query.hashtag) }),
  getLeaderboardVideo: (ctx, { params }) => getVideo(ctx, params.id),
  addLeaderboardVideoByUrl: (ctx, { body }) => addVideoByUrl(ctx, body),
  setLeaderboardVideoReview: (ctx, { params, body }) => reviewVideo(ctx, params.id, body.videoStatus),
  setLeaderboardVideoStatus: (ctx, { params, body }) => setVideoActive(ctx, params.id, body.isActive),
  likeLeaderboardVideo: (ctx, { params, body }) => likeVideo(ctx, params.id, body.type),
  unlikeLeaderboardVideo: (ctx, { params }) => likeVideo(ctx, params.id, null),
  listLeaderboardVideoComments: (ctx, { params, query }) => listVideoComments(ctx, params.id, query),
  addLeaderboardVideoComment: (ctx, { params, body }) => addVideoComment(ctx, params.id, body),
});

const uploadRoutes = defineRoutes(leaderboardVideoUploadEndpoints, {
  uploadLeaderboardVideo: (ctx, { query }, { request }) => {
    const length = request.headers['content-length'];
    return uploadVideoFile(ctx, query, request.raw, length === undefined ? undefined : Number(length));
  },
});

export const leaderboardVideoRoutes: RouteModule = {
  register(app: FastifyInstance, deps: Deps) {
    routes.register(app, deps);
    void app.register(async (scope) => {
      // The upload streams the body itself into a temporary file, with the size limit; nothing is buffered.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      uploadRoutes.register(scope, deps);
    });
  },
};
