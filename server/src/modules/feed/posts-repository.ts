/**
 * The news feed's posts in one tenant (docs/recognition.md "News feed"): writing them (a shared feedback
 * group, a given badge, an announcement), reading them through the one visibility rule (./visibility.ts)
 * a cursor page at a time, what a page needs to be shown (receivers, topics, badges), and reports with
 * their review. A review moves only from the status read (a conditional update), so of two reviewers at
 * once one decides.
 */
import { shownPeople } from '../../db/demo.js';
import { sql } from 'kysely';
import type { FeedPostKind, FeedReviewDecision, FeedReviewStatus } from '../../../../shared/feed.js';
import type { GivenBadgeSource } from '../../../../shared/badges.js';
import type { CursorListResponse } from '../../../../shared/contracts/common.js';
import type { TenantScope } from '../../http/context.js';
import { paginateByCursor } from '../../http/list.js';
import { imageKeysOf, type ImageKeys } from '../badges/control-repository.js';
import { peopleByIds } from '../employees/people.js';
import { postConcerns, postExists, postShown, type FeedViewer } from './visibility.js';

export type PostRow = {
  id: number;
  kind: FeedPostKind;
  authorId: number | null;
  groupId: number | null;
  givenBadgeId: number | null;
  leaderboardVideoId: number | null;
  text: string | null;
  reviewStatus: FeedReviewStatus;
  createdAt: string;
};

export type Topic = { categoryName: string; color: string; attributeName: string | null };
export type BadgeOfPost = {
  employeeId: number;
  comment: string;
  source: GivenBadgeSource;
  badge: { id: number; name: string; image: ImageKeys | null };
};

/** What a page of posts needs beyond its rows: each post's people and words. */
export type PostDetails = {
  /** Receivers of a feedback post, holder of a badge post, by post id. */
  subjects: Map<number, number[]>;
  /** A feedback group's comment, by group id. */
  groupComments: Map<number, string | null>;
  topics: Map<number, Topic[]>;
  badges: Map<number, BadgeOfPost>;
};

const POST_COLUMNS = [
  'p.id',
  'p.kind',
  'p.authorId',
  'p.groupId',
  'p.givenBadgeId',
  'p.leaderboardVideoId',
  'p.text',
  'p.reviewStatus',
  'p.createdAt',
] as const;
const NEWEST_FIRST = [
  ['p.createdAt', 'desc', 'text'],
  ['p.id', 'desc', 'integer'],
] as const;

const ids = (values: readonly (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

export function feedPostRepository({ db, tenantId, now }: TenantScope) {
  const stamp = () => now().toISOString();
  const posts = () => db.selectFrom('feedPosts as p').select(POST_COLUMNS);

  return {
    /** A page of the feed the viewer may read, newest first; `employeeId` narrows it to one person's. */
    async page(
      viewer: FeedViewer,
      query: { limit: number; cursor?: string | undefined; employeeId?: number | undefined },
    ): Promise<CursorListResponse<PostRow>> {
      let q = posts().where(postShown({ db, tenantId }, viewer));
      if (query.employeeId !== undefined) q = q.where(postConcerns(tenantId, query.employeeId));
      return paginateByCursor(q, { orderBy: NEWEST_FIRST, cursor: query.cursor, limit: query.limit });
    },

    /** One post if the viewer may read it. */
    async shown(viewer: FeedViewer, id: number): Promise<PostRow | undefined> {
      return posts().where(postShown({ db, tenantId }, viewer)).where('p.id', '=', id).executeTakeFirst();
    },

    /** One post of the tenant whatever its review, for those who act on it (remove, review). */
    async existing(viewer: FeedViewer, id: number): Promise<PostRow | undefined> {
      return posts().where(postExists({ db, tenantId }, viewer)).where('p.id', '=', id).executeTakeFirst();
    },

    /** Reported posts waiting for a review, newest first. */
    async pendingPage(viewer: FeedViewer, query: { limit: number; cursor?: string | undefined }) {
      const q = posts().where(postExists({ db, tenantId }, viewer)).where('p.reviewStatus', '=', 'pending');
      return paginateByCursor(q, { orderBy: NEWEST_FIRST, cursor: query.cursor, limit: query.limit });
    },

    /** Shares a feedback group the caller just gave: its flag and its post, in the giving transaction. */
    async shareFeedback(groupId: number, authorId: number, at: string): Promise<number> {
      await db
        .updateTable('feedbackGroups')
        .set({ shareOnFeed: 1 })
        .where('tenantId', '=', tenantId)
        .where('id', '=', groupId)
        .execute();
      const row = await db
        .insertInto('feedPosts')
        .values({ tenantId, kind: 'feedback', authorId, groupId, createdAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The post of a badge just given (directly or by an approved request), in the same transaction. */
    async postGivenBadge(givenBadgeId: number): Promise<void> {
      await db
        .insertInto('feedPosts')
        .columns(['tenantId', 'kind', 'authorId', 'givenBadgeId', 'isDemo', 'createdAt'])
        .expression(
          db
            .selectFrom('givenBadges')
            .select(['tenantId', sql<FeedPostKind>`'badge'`.as('kind'), 'givenBy', 'id', 'isDemo', 'createdAt'])
            .where('tenantId', '=', tenantId)
            .where('id', '=', givenBadgeId),
        )
        .execute();
    },

    async createAnnouncement(authorId: number, text: string): Promise<number> {
      const row = await db
        .insertInto('feedPosts')
        .values({ tenantId, kind: 'announcement', authorId, text, createdAt: stamp() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Deletes a post with its likes, comments and reports (cascading keys); the feedback or badge stays. */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('feedPosts').where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },

    /** Names and pictures of the people a page shows. */
    people: (employeeIds: readonly number[]) => peopleByIds(db, tenantId, employeeIds),

    /**
     * Receivers, group comments, topics and badges of a page of posts, in four queries; the receivers who are
     * hidden demo people are left out while `hideDemo` (demo data switched off).
     */
    async details(rows: readonly PostRow[], hideDemo = false): Promise<PostDetails> {
      const groupIds = ids(rows.map((r) => r.groupId));
      const givenIds = ids(rows.map((r) => r.givenBadgeId));
      const [groups, receivers, ratings, badges] = await Promise.all([
        groupIds.length === 0
          ? []
          : db
              .selectFrom('feedbackGroups')
              .select(['id', 'comment'])
              .where('tenantId', '=', tenantId)
              .where('id', 'in', groupIds)
              .execute(),
        groupIds.length === 0
          ? []
          : db
              .selectFrom('feedback')
              .select(['groupId', 'receiverId'])
              .where('tenantId', '=', tenantId)
              .where('groupId', 'in', groupIds)
              .where(shownPeople({ db, tenantId }, 'feedback.receiverId', hideDemo))
              .orderBy('id')
              .execute(),
        // Every feedback of a group has the same ratings: their categories and attributes, never the values.
        groupIds.length === 0
          ? []
          : db
              .selectFrom('feedbackRatings as r')
              .innerJoin('feedback as f', 'f.id', 'r.feedbackId')
              .innerJoin('feedbackCategories as c', 'c.id', 'r.categoryId')
              .leftJoin('feedbackAttributes as a', 'a.id', 'r.attributeId')
              .select(['f.groupId', 'c.name as categoryName', 'c.color', 'a.name as attributeName'])
              .distinct()
              .where('f.tenantId', '=', tenantId)
              .where('f.groupId', 'in', groupIds)
              .execute(),
        givenIds.length === 0
          ? []
          : db
              .selectFrom('givenBadges as g')
              .innerJoin('badges as b', 'b.id', 'g.badgeId')
              .leftJoin('badgeImages as i', 'i.id', 'b.imageId')
              .select([
                'g.id',
                'g.employeeId',
                'g.comment',
                'g.source',
                'b.id as badgeId',
                'b.name',
                'i.storageKey',
                'i.thumbnailKey',
                'i.name as imageName',
              ])
              .where('g.tenantId', '=', tenantId)
              .where('g.id', 'in', givenIds)
              .execute(),
      ]);
      const receiversOf = new Map<number, number[]>();
      for (const r of receivers) receiversOf.set(r.groupId, [...(receiversOf.get(r.groupId) ?? []), r.receiverId]);
      const topics = new Map<number, Topic[]>();
      for (const r of ratings) {
        const list = topics.get(r.groupId) ?? [];
        list.push({ categoryName: r.categoryName, color: r.color, attributeName: r.attributeName });
        topics.set(r.groupId, list);
      }
      // By category, its own rating first, then its attributes: the same order on both engines.
      for (const list of topics.values())
        list.sort(
          (a, b) =>
            a.categoryName.localeCompare(b.categoryName) ||
            (a.attributeName ?? '').localeCompare(b.attributeName ?? ''),
        );
      const badgeOf = new Map(
        badges.map((b): [number, BadgeOfPost] => [
          b.id,
          {
            employeeId: b.employeeId,
            comment: b.comment,
            source: b.source,
            badge: { id: b.badgeId, name: b.name, image: imageKeysOf(b) },
          },
        ]),
      );
      const subjects = new Map<number, number[]>();
      for (const row of rows) {
        if (row.groupId !== null) subjects.set(row.id, receiversOf.get(row.groupId) ?? []);
        else if (row.givenBadgeId !== null) {
          const holder = badgeOf.get(row.givenBadgeId)?.employeeId;
          subjects.set(row.id, holder === undefined ? [] : [holder]);
        } else subjects.set(row.id, []);
      }
      return {
        subjects,
        groupComments: new Map(groups.map((g) => [g.id, g.comment])),
        topics,
        badges: badgeOf,
      };
    },

    // Reports and their review

    async hasReported(postId: number, employeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('feedReports')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('postId', '=', postId)
        .where('reportedBy', '=', employeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a report (unique per person and post) and puts a post nobody reported yet under review. */
    async report(postId: number, employeeId: number, reason: string): Promise<void> {
      await db
        .insertInto('feedReports')
        .values({ tenantId, postId, reportedBy: employeeId, reason, createdAt: stamp() })
        .execute();
      await db
        .updateTable('feedPosts')
        .set({ reviewStatus: 'pending' })
        .where('tenantId', '=', tenantId)
        .where('id', '=', postId)
        .where('reviewStatus', '=', 'none')
        .execute();
    },

    /** Decides a pending post; false when it was no longer pending (another reviewer decided first). */
    async decide(postId: number, to: FeedReviewDecision, reviewerId: number): Promise<boolean> {
      const result = await db
        .updateTable('feedPosts')
        .set({ reviewStatus: to, reviewedBy: reviewerId, reviewedAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', postId)
        .where('reviewStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The reports of some posts, oldest first. */
    async reportsOf(postIds: readonly number[]) {
      if (postIds.length === 0) return [];
      return db
        .selectFrom('feedReports')
        .select(['postId', 'reportedBy', 'reason', 'createdAt'])
        .where('tenantId', '=', tenantId)
        .where('postId', 'in', [...postIds])
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },
  };
}
