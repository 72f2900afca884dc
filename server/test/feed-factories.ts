/**
 * Row factories of the news feed (migration 0029, docs/recognition.md "News feed"), part of `factories()`:
 *
 *   const post = await f.feedPost({ kind: 'announcement', authorId: hr.id, text: 'Town hall on Friday' });
 *   await f.feedLike({ postId: post.id, employeeId: ann.id });
 *   await f.feedComment({ postId: post.id, employeeId: ann.id, comment: 'See you there' });
 *   await f.feedReport({ postId: post.id, reportedBy: bob.id });
 *
 * A feedback post names a shared group (`f.feedback({ ..., shareOnFeed: 1 })`), a badge post a given badge.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/engine.js';
import type { Overrides, Row } from './factories.js';

export function feedFactories(db: Db, tenantId: number, stamp: () => string, next: () => number) {
  return {
    async feedPost(overrides: Overrides<'feedPosts', 'kind'>): Promise<Row<'feedPosts'>> {
      return db
        .insertInto('feedPosts')
        .values({
          tenantId,
          text: overrides.kind === 'announcement' ? `Announcement ${next()}` : null,
          createdAt: stamp(),
          ...overrides,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async feedLike(overrides: Overrides<'feedLikes', 'postId' | 'employeeId'>): Promise<Row<'feedLikes'>> {
      return db
        .insertInto('feedLikes')
        .values({ tenantId, kind: 'like', createdAt: stamp(), ...overrides })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async feedComment(overrides: Overrides<'feedComments', 'postId' | 'employeeId'>): Promise<Row<'feedComments'>> {
      return db
        .insertInto('feedComments')
        .values({ tenantId, comment: `Comment ${next()}`, createdAt: stamp(), ...overrides })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * A leaderboard video's row (migration 0031) with its hashtags; its file is a key that need not exist,
     * for tests of access and lists (server/test/leaderboard-videos.test.ts uploads real files).
     */
    async leaderboardVideo(
      overrides: Overrides<'leaderboardVideos', 'uploadedBy'>,
      hashtags: readonly string[] = [],
    ): Promise<Row<'leaderboardVideos'>> {
      const video = await db
        .insertInto('leaderboardVideos')
        .values({
          tenantId,
          title: `Video ${next()}`,
          source: 'file',
          storageKey: `${tenantId}/video/${randomUUID()}`,
          contentType: 'video/webm',
          size: 1000,
          durationMs: 3000,
          width: 320,
          height: 180,
          createdAt: stamp(),
          ...overrides,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (hashtags.length > 0)
        await db
          .insertInto('leaderboardVideoHashtags')
          .values(hashtags.map((tag) => ({ tenantId, videoId: video.id, tag })))
          .execute();
      return video;
    },

    async feedReport(overrides: Overrides<'feedReports', 'postId' | 'reportedBy'>): Promise<Row<'feedReports'>> {
      return db
        .insertInto('feedReports')
        .values({ tenantId, reason: 'Off topic', createdAt: stamp(), ...overrides })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
