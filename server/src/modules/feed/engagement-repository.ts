/**
 * Likes and comments of the news feed's posts in one tenant (docs/recognition.md "News feed"). One like
 * per person and post is the table's primary key, and liking is an upsert on it, so two likes sent at once
 * (double clicks, two tabs) leave one row of the last type. Counts and the newest comments of a page of
 * posts are grouped in SQL, a few queries per page whatever its size. Once the company switched demo data
 * off, demo likes and comments are left out, and so are a demo person's real ones (docs/demo-data.md).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { LIKE_TYPES, type LikeType } from '../../../../shared/feed.js';
import type { LikeSummary } from '../../../../shared/contracts/feed.js';
import type { CursorListResponse } from '../../../../shared/contracts/common.js';
import { shownPeople } from '../../db/demo.js';
import { toNumber } from '../../db/engine.js';
import { referenceOr } from '../../db/errors.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginateByCursor } from '../../http/list.js';

export type CommentRow = { id: number; postId: number; employeeId: number; comment: string; createdAt: string };
export type LikeRow = { employeeId: number; kind: LikeType; createdAt: string };

const COMMENT_COLUMNS = ['c.id', 'c.postId', 'c.employeeId', 'c.comment', 'c.createdAt'] as const;

const postGone = () => errors.notFound('feedPostNotFound');
const noLikes = (): LikeSummary => ({ likeCount: 0, likeTypes: [], currentUserLike: null });

export function feedEngagementRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();

  /**
   * The likes or comments (`table`: their alias) shown while `hideDemo`: not demo rows, and not a demo
   * person's (a real post may have been liked or commented on by one). The rule is server/src/db/demo.ts's.
   */
  const shown = (table: 'feedLikes' | 'feedComments' | 'l' | 'c', hideDemo: boolean): Expression<SqlBool> =>
    hideDemo
      ? sql<SqlBool>`(${sql.ref(`${table}.isDemo`)} = 0 and ${shownPeople(scope, `${table}.employeeId`, true)})`
      : sql<SqlBool>`1 = 1`;

  return {
    /**
     * Likes a post, or changes the type of one's like: one row per person and post. Answers true when the
     * like is new (its author hears of it) and false when only its type changed: the insert that does
     * nothing on a conflict returns no row, so of two likes sent at once exactly one is new. A post removed
     * since the caller's check (a removal racing the like) is a 404, as it would be a moment later.
     */
    async like(postId: number, employeeId: number, kind: LikeType): Promise<boolean> {
      for (;;) {
        const inserted = await referenceOr(
          db
            .insertInto('feedLikes')
            .values({ tenantId, postId, employeeId, kind, createdAt: stamp() })
            .onConflict((oc) => oc.columns(['postId', 'employeeId']).doNothing())
            .returning('postId')
            .executeTakeFirst(),
          postGone,
        );
        if (inserted) return true;
        const changed = await db
          .updateTable('feedLikes')
          .set({ kind })
          .where('tenantId', '=', tenantId)
          .where('postId', '=', postId)
          .where('employeeId', '=', employeeId)
          .executeTakeFirst();
        // Zero rows: the like went between the two writes (an unlike sent at once), so insert it again.
        if (Number(changed.numUpdatedRows) === 1) return false;
      }
    },

    async unlike(postId: number, employeeId: number): Promise<void> {
      await db
        .deleteFrom('feedLikes')
        .where('tenantId', '=', tenantId)
        .where('postId', '=', postId)
        .where('employeeId', '=', employeeId)
        .execute();
    },

    /** Each post's like count, the types used (most used first) and the viewer's own like. */
    async likeSummaries(postIds: readonly number[], viewerId: number, hideDemo: boolean) {
      const out = new Map<number, LikeSummary>(postIds.map((id) => [id, noLikes()]));
      if (postIds.length === 0) return out;
      const counts = db
        .selectFrom('feedLikes')
        .select(['postId', 'kind', sql<number | string>`count(*)`.as('n')])
        .where('tenantId', '=', tenantId)
        .where('postId', 'in', [...postIds])
        .where(shown('feedLikes', hideDemo))
        .groupBy(['postId', 'kind']);
      const mine = db
        .selectFrom('feedLikes')
        .select(['postId', 'kind'])
        .where('tenantId', '=', tenantId)
        .where('postId', 'in', [...postIds])
        .where('employeeId', '=', viewerId);
      const [rows, own] = await Promise.all([counts.execute(), mine.execute()]);
      for (const r of rows) {
        const summary = out.get(r.postId)!;
        const n = toNumber(r.n);
        summary.likeCount += n;
        summary.likeTypes.push({ type: r.kind, count: n });
      }
      for (const summary of out.values())
        summary.likeTypes.sort((a, b) => b.count - a.count || LIKE_TYPES.indexOf(a.type) - LIKE_TYPES.indexOf(b.type));
      for (const r of own) out.get(r.postId)!.currentUserLike = { type: r.kind };
      return out;
    },

    /** Who liked a post, newest first. */
    async likesPage(
      postId: number,
      query: { limit: number; cursor?: string | undefined; type?: LikeType | undefined },
      hideDemo: boolean,
    ): Promise<CursorListResponse<LikeRow>> {
      let q = db
        .selectFrom('feedLikes as l')
        .select(['l.employeeId', 'l.kind', 'l.createdAt'])
        .where('l.tenantId', '=', tenantId)
        .where('l.postId', '=', postId)
        .where(shown('l', hideDemo));
      if (query.type) q = q.where('l.kind', '=', query.type);
      return paginateByCursor(q, {
        orderBy: [
          ['l.createdAt', 'desc', 'text'],
          ['l.employeeId', 'desc', 'integer'],
        ],
        cursor: query.cursor,
        limit: query.limit,
      });
    },

    async commentCounts(postIds: readonly number[], hideDemo: boolean): Promise<Map<number, number>> {
      if (postIds.length === 0) return new Map();
      const q = db
        .selectFrom('feedComments')
        .select(['postId', sql<number | string>`count(*)`.as('n')])
        .where('tenantId', '=', tenantId)
        .where('postId', 'in', [...postIds])
        .where(shown('feedComments', hideDemo))
        .groupBy('postId');
      return new Map((await q.execute()).map((r) => [r.postId, toNumber(r.n)]));
    },

    /** The `count` newest comments of each post, newest first, in one query (a window over the posts). */
    async latestComments(postIds: readonly number[], count: number, hideDemo: boolean) {
      const out = new Map<number, CommentRow[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return out;
      const ranked = db
        .selectFrom('feedComments as c')
        .select([
          ...COMMENT_COLUMNS,
          sql<number>`row_number() over (partition by c.post_id order by c.created_at desc, c.id desc)`.as('n'),
        ])
        .where('c.tenantId', '=', tenantId)
        .where('c.postId', 'in', [...postIds])
        .where(shown('c', hideDemo));
      const rows = await db
        .selectFrom(ranked.as('x'))
        .select(['x.id', 'x.postId', 'x.employeeId', 'x.comment', 'x.createdAt'])
        .where('x.n', '<=', count)
        .orderBy('x.createdAt', 'desc')
        .orderBy('x.id', 'desc')
        .execute();
      for (const r of rows) out.get(r.postId)!.push(r);
      return out;
    },

    /** A post's comments, newest first. */
    async commentsPage(
      postId: number,
      query: { limit: number; cursor?: string | undefined },
      hideDemo: boolean,
    ): Promise<CursorListResponse<CommentRow>> {
      const q = db
        .selectFrom('feedComments as c')
        .select(COMMENT_COLUMNS)
        .where('c.tenantId', '=', tenantId)
        .where('c.postId', '=', postId)
        .where(shown('c', hideDemo));
      return paginateByCursor(q, {
        orderBy: [
          ['c.createdAt', 'desc', 'text'],
          ['c.id', 'desc', 'integer'],
        ],
        cursor: query.cursor,
        limit: query.limit,
      });
    },

    /** Comments on a post; like `like`, a post removed since the caller's check is a 404. */
    async addComment(postId: number, employeeId: number, comment: string): Promise<CommentRow> {
      return referenceOr(
        db
          .insertInto('feedComments')
          .values({ tenantId, postId, employeeId, comment, createdAt: stamp() })
          .returning(['id', 'postId', 'employeeId', 'comment', 'createdAt'])
          .executeTakeFirstOrThrow(),
        postGone,
      );
    },

    async getComment(id: number): Promise<CommentRow | undefined> {
      return db
        .selectFrom('feedComments as c')
        .select(COMMENT_COLUMNS)
        .where('c.tenantId', '=', tenantId)
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    async deleteComment(id: number): Promise<void> {
      await db.deleteFrom('feedComments').where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },
  };
}
