/**
 * Leaderboard videos of one tenant (docs/recognition.md "Leaderboard videos"): writing a checked video with
 * its hashtags, the readers' list (approved and active) and the administrators' table, one video, the
 * review and the active switch, and the news-feed post an approval makes. Likes and comments are those of
 * that post (feed_likes, feed_comments: one conversation wherever the video is watched).
 */
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { VideoDecision, VideoSource, VideoStatus } from '../../../../shared/leaderboard-videos.js';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import type { ManagedVideoListQuery, VideoListQuery } from '../../../../shared/contracts/leaderboard-videos.js';
import type { Database, LeaderboardVideoTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { paginate } from '../../http/list.js';
import { peopleByIds } from '../employees/people.js';

export type VideoRow = {
  id: number;
  uploadedBy: number | null;
  title: string;
  source: VideoSource;
  storageKey: string;
  previewKey: string | null;
  contentType: string;
  size: number;
  durationMs: number;
  width: number;
  height: number;
  categoryId: number | null;
  categoryName: string | null;
  attributeId: number | null;
  attributeName: string | null;
  status: VideoStatus;
  isActive: 0 | 1;
  isDemo: 0 | 1;
  createdAt: string;
  postId: number | null;
};

/** A checked, stored video as written: the table's own columns less what the insert or a review sets. */
export type NewVideo = Omit<
  Insertable<LeaderboardVideoTable>,
  'id' | 'tenantId' | 'status' | 'isActive' | 'reviewedBy' | 'reviewedAt' | 'isDemo' | 'createdAt'
> & { uploadedBy: number };

type VideosDb = Database & { v: Database['leaderboardVideos'] };
type VideoEb = ExpressionBuilder<VideosDb, 'v'>;

const ORDER = { createdAt: { ref: 'v.createdAt' }, title: { ref: 'v.title', text: true } } as const;

export function leaderboardVideoRepository({ db, tenantId, now }: TenantScope) {
  const stamp = () => now().toISOString();
  const videos = () =>
    db
      .selectFrom('leaderboardVideos as v')
      .leftJoin('feedbackCategories as c', 'c.id', 'v.categoryId')
      .leftJoin('feedbackAttributes as a', 'a.id', 'v.attributeId')
      .leftJoin('feedPosts as p', 'p.leaderboardVideoId', 'v.id')
      .select([
        'v.id',
        'v.uploadedBy',
        'v.title',
        'v.source',
        'v.storageKey',
        'v.previewKey',
        'v.contentType',
        'v.size',
        'v.durationMs',
        'v.width',
        'v.height',
        'v.categoryId',
        'c.name as categoryName',
        'v.attributeId',
        'a.name as attributeName',
        'v.status',
        'v.isActive',
        'v.isDemo',
        'v.createdAt',
        'p.id as postId',
      ])
      .where('v.tenantId', '=', tenantId);
  const withTag = (tag: string) => (eb: VideoEb) =>
    eb.exists(
      eb
        .selectFrom('leaderboardVideoHashtags as h')
        .select(sql<number>`1`.as('one'))
        .whereRef('h.videoId', '=', 'v.id')
        .where('h.tenantId', '=', tenantId)
        .where('h.tag', '=', tag),
    );

  return {
    /** Writes a checked, stored video with its hashtags; answers its id. */
    async insert(video: NewVideo, hashtags: readonly string[]): Promise<number> {
      const row = await db
        .insertInto('leaderboardVideos')
        .values({ tenantId, ...video, createdAt: stamp() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (hashtags.length > 0)
        await db
          .insertInto('leaderboardVideoHashtags')
          .values(hashtags.map((tag) => ({ tenantId, videoId: row.id, tag })))
          .execute();
      return row.id;
    },

    /** One video of the tenant, whatever its review; `shownOnly` asks an approved, active one. */
    async get(id: number, options: { shownOnly: boolean; hideDemo: boolean }): Promise<VideoRow | undefined> {
      let q = videos().where('v.id', '=', id);
      if (options.shownOnly) q = q.where('v.status', '=', 'approved').where('v.isActive', '=', 1);
      if (options.hideDemo) q = q.where('v.isDemo', '=', 0);
      return q.executeTakeFirst();
    },

    /** The readers' list: approved and active, newest first, by hashtag, category or attribute. */
    async shownPage(
      query: VideoListQuery & { tag: string | null },
      hideDemo: boolean,
    ): Promise<ListResponse<VideoRow>> {
      let q = videos().where('v.status', '=', 'approved').where('v.isActive', '=', 1);
      if (hideDemo) q = q.where('v.isDemo', '=', 0);
      if (query.tag !== null) q = q.where(withTag(query.tag));
      if (query.categoryId !== undefined) q = q.where('v.categoryId', '=', query.categoryId);
      if (query.attributeId !== undefined) q = q.where('v.attributeId', '=', query.attributeId);
      return paginate(q, query, { orderBy: ORDER, search: [], tieBreaker: 'v.id' });
    },

    /** The administrators' table: every video, by review status or hashtag, searched by title. */
    async managedPage(
      query: ManagedVideoListQuery & { tag: string | null },
      hideDemo: boolean,
    ): Promise<ListResponse<VideoRow>> {
      let q = videos();
      if (hideDemo) q = q.where('v.isDemo', '=', 0);
      if (query.videoStatus !== undefined) q = q.where('v.status', '=', query.videoStatus);
      if (query.tag !== null) q = q.where(withTag(query.tag));
      return paginate(q, query, { orderBy: ORDER, search: ['v.title'], tieBreaker: 'v.id' });
    },

    async hashtagsOf(videoIds: readonly number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>(videoIds.map((id) => [id, []]));
      if (videoIds.length === 0) return out;
      const rows = await db
        .selectFrom('leaderboardVideoHashtags')
        .select(['videoId', 'tag'])
        .where('tenantId', '=', tenantId)
        .where('videoId', 'in', [...videoIds])
        .orderBy('tag')
        .execute();
      for (const r of rows) out.get(r.videoId)?.push(r.tag);
      return out;
    },

    /** An active category of the tenant, and an active attribute with its category. */
    async activeCategory(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('feedbackCategories')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async activeAttribute(id: number): Promise<{ categoryId: number } | undefined> {
      return db
        .selectFrom('feedbackAttributes')
        .select('categoryId')
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst();
    },

    async review(id: number, status: VideoDecision, reviewerId: number): Promise<void> {
      await db
        .updateTable('leaderboardVideos')
        .set({ status, reviewedBy: reviewerId, reviewedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async setActive(id: number, isActive: boolean): Promise<void> {
      await db
        .updateTable('leaderboardVideos')
        .set({ isActive: isActive ? 1 : 0 })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * The news-feed post of an approved video, in the approval's transaction; a video approved again keeps
     * the post (and its likes and comments) it had. Its time is the approval's: it is news then.
     */
    async post(videoId: number): Promise<void> {
      await db
        .insertInto('feedPosts')
        .columns(['tenantId', 'kind', 'authorId', 'leaderboardVideoId', 'isDemo', 'createdAt'])
        .expression(
          db
            .selectFrom('leaderboardVideos as v')
            .select([
              'v.tenantId',
              sql<'leaderboard-video'>`'leaderboard-video'`.as('kind'),
              'v.uploadedBy',
              'v.id',
              'v.isDemo',
              sql<string>`${stamp()}`.as('createdAt'),
            ])
            .where('v.tenantId', '=', tenantId)
            .where('v.id', '=', videoId)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('feedPosts as q')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('q.leaderboardVideoId', '=', 'v.id'),
                ),
              ),
            ),
        )
        .execute();
    },

    /** Videos by id, whatever their review: the news feed's posts of a page (their post decides who sees them). */
    async byIds(ids: readonly number[]): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return videos()
        .where('v.id', 'in', [...ids])
        .execute();
    },

    people: (employeeIds: readonly number[]) => peopleByIds(db, tenantId, employeeIds),
  };
}
