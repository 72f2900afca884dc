/**
 * Who sees a post of the news feed (docs/recognition.md "News feed"), written once as a condition on
 * `feed_posts as p` for every read (the feed, one person's feed, one post, its likes and comments):
 *
 *   - a kind the company's feedTypes include, and once the company switched demo data off, neither a demo row
 *     nor a post by or about a demo person (docs/demo-data.md);
 *   - a feedback post only while its group is shared (`share_on_feed`, the giver's choice: a private
 *     feedback never appears, whatever post row exists) and no feedback of the group is hidden by a flag;
 *   - a leaderboard video's post only while its video is approved and active (a rejected or deactivated
 *     video takes its post off the feed; approving or activating it again brings it back);
 *   - a post under review (reported, pending) only to its author and the reviewers; a removed one to nobody.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FeedPostKind } from '../../../../shared/feed.js';
import { SHOWN_REVIEW_STATUSES } from '../../../../shared/feed.js';
import { HIDDEN_FLAG_STATUSES } from '../../../../shared/feedback.js';
import { shownPeople } from '../../db/demo.js';
import type { Db } from '../../db/engine.js';
import type { Database, FeedPostTable } from '../../db/schema.js';

export type FeedViewer = {
  readonly employeeId: number;
  /** Holds flag-feedback: reviews reported posts, so sees them while they wait. */
  readonly canReview: boolean;
  readonly hideDemo: boolean;
  /** The kinds of post the company's feedTypes show. */
  readonly kinds: readonly FeedPostKind[];
};

type PostsDb = Database & { p: FeedPostTable };
export type PostEb = ExpressionBuilder<PostsDb, 'p'>;

const one = sql<number>`1`.as('one');

/** The tenant a condition reads, and the database its demo people are read from (server/src/db/demo.ts). */
type DemoScope = { readonly db: Db; readonly tenantId: number };

/** A feedback post's group is shared and none of its feedback is hidden by a flag; other kinds pass. */
function sharedFeedback(tenantId: number, eb: PostEb): Expression<SqlBool> {
  const shared = eb.exists(
    eb
      .selectFrom('feedbackGroups as g')
      .select(one)
      .whereRef('g.id', '=', 'p.groupId')
      .where('g.tenantId', '=', tenantId)
      .where('g.shareOnFeed', '=', 1),
  );
  const flagged = eb.exists(
    eb
      .selectFrom('feedback as f')
      .select(one)
      .whereRef('f.groupId', '=', 'p.groupId')
      .where('f.tenantId', '=', tenantId)
      .where('f.flagStatus', 'in', [...HIDDEN_FLAG_STATUSES]),
  );
  return eb.or([eb('p.kind', '<>', 'feedback'), eb.and([shared, eb.not(flagged)])]);
}

/** A video's post shows while its video is approved and active; other kinds pass. */
function shownVideo(tenantId: number, eb: PostEb): Expression<SqlBool> {
  const shown = eb.exists(
    eb
      .selectFrom('leaderboardVideos as v')
      .select(one)
      .whereRef('v.id', '=', 'p.leaderboardVideoId')
      .where('v.tenantId', '=', tenantId)
      .where('v.status', '=', 'approved')
      .where('v.isActive', '=', 1),
  );
  return eb.or([eb('p.kind', '<>', 'leaderboard-video'), shown]);
}

/** Readers see posts nobody reported or a reviewer kept; a pending one its author and the reviewers. */
function reviewShown(viewer: FeedViewer, eb: PostEb): Expression<SqlBool> {
  const pending = eb('p.reviewStatus', '=', 'pending');
  return eb.or([
    eb('p.reviewStatus', 'in', [...SHOWN_REVIEW_STATUSES]),
    viewer.canReview ? pending : eb.and([pending, eb('p.authorId', '=', viewer.employeeId)]),
  ]);
}

/** Everything but the review: what the reviewers' queue also asks of a post. */
export function postExists(scope: DemoScope, viewer: FeedViewer) {
  const { tenantId } = scope;
  return (eb: PostEb): Expression<SqlBool> => {
    if (viewer.kinds.length === 0) return sql<SqlBool>`1 = 0`;
    const parts = [
      eb('p.tenantId', '=', tenantId),
      eb('p.kind', 'in', [...viewer.kinds]),
      sharedFeedback(tenantId, eb),
      shownVideo(tenantId, eb),
    ];
    if (viewer.hideDemo) parts.push(eb('p.isDemo', '=', 0), shownPeopleOf(scope, eb));
    return eb.and(parts);
  };
}

/**
 * Demo data switched off: a real post may still be by or about a demo person. Its author must be shown (or
 * gone), a badge's holder too, and a feedback post keeps a receiver who is shown (the service leaves the
 * hidden ones out of its subjects). The rule is server/src/db/demo.ts's.
 */
function shownPeopleOf(scope: DemoScope, eb: PostEb): Expression<SqlBool> {
  const { tenantId } = scope;
  return eb.and([
    eb.or([eb('p.authorId', 'is', null), shownPeople(scope, 'p.authorId', true)]),
    eb.or([
      eb('p.kind', '<>', 'badge'),
      eb.exists(
        eb
          .selectFrom('givenBadges as gb')
          .select(one)
          .whereRef('gb.id', '=', 'p.givenBadgeId')
          .where(shownPeople(scope, 'gb.employeeId', true)),
      ),
    ]),
    eb.or([
      eb('p.kind', '<>', 'feedback'),
      eb.exists(
        eb
          .selectFrom('feedback as fr')
          .select(one)
          .whereRef('fr.groupId', '=', 'p.groupId')
          .where('fr.tenantId', '=', tenantId)
          .where(shownPeople(scope, 'fr.receiverId', true)),
      ),
    ]),
  ]);
}

/** The posts the viewer may read. */
export function postShown(scope: DemoScope, viewer: FeedViewer) {
  return (eb: PostEb): Expression<SqlBool> => eb.and([postExists(scope, viewer)(eb), reviewShown(viewer, eb)]);
}

/** Posts by or about an employee: they wrote it, received the feedback or hold the badge. */
export function postConcerns(tenantId: number, employeeId: number) {
  return (eb: PostEb): Expression<SqlBool> =>
    eb.or([
      eb('p.authorId', '=', employeeId),
      eb.exists(
        eb
          .selectFrom('feedback as f')
          .select(one)
          .whereRef('f.groupId', '=', 'p.groupId')
          .where('f.tenantId', '=', tenantId)
          .where('f.receiverId', '=', employeeId),
      ),
      eb.exists(
        eb
          .selectFrom('givenBadges as gb')
          .select(one)
          .whereRef('gb.id', '=', 'p.givenBadgeId')
          .where('gb.employeeId', '=', employeeId),
      ),
    ]);
}
