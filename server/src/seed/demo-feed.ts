/**
 * The demo company's news feed (docs/recognition.md "News feed"), so Home is alive: a post for every badge
 * given, about one in six of the two years of warm feedback shared by its giver (never one hidden by a
 * flag), an announcement from HR or the administrator every three weeks, and likes and comments of
 * colleagues under them. Random but repeatable (a fixed seed), written in batches, all demo rows: hidden
 * when the company switches demo data off. The e2e employee has liked and commented nothing, so the specs
 * start from nothing. Runs after the demo's feedback and badges.
 */
import { sql } from 'kysely';
import { HIDDEN_FLAG_STATUSES } from '../../../shared/feedback.js';
import { LIKE_TYPES, type FeedPostKind, type LikeType } from '../../../shared/feed.js';
import type { Db } from '../db/engine.js';
import { DEMO_ADMIN_EMAIL, FEED_ANNOUNCEMENTS, FEED_COMMENTS } from './demo-data.js';
import { DEMO_E2E_EMPLOYEE } from './demo-leave.js';
import { FEEDBACK_COMMENTS } from './feedback-generator.js';
import { random } from './random.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BATCH = 300;
const WEEKS = 104;

/** Likes lean on the plain like, as people's do. */
const LIKE_WEIGHTS: readonly [LikeType, number][] = [
  ['like', 0.5],
  ['celebrate', 0.2],
  ['love', 0.15],
  ['insightful', 0.08],
  ['support', 0.07],
];

const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)]!;

function likeType(next: () => number): LikeType {
  let r = next();
  for (const [type, weight] of LIKE_WEIGHTS) {
    if (r < weight) return type;
    r -= weight;
  }
  return LIKE_TYPES[0];
}

async function insertAll<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedDemoFeed(db: Db, tenantId: number, now: Date): Promise<number> {
  const next = random(20261399);
  const people = await db
    .selectFrom('employees as e')
    .innerJoin('teamMembers as m', 'm.employeeId', 'e.id')
    .select(['e.id', 'e.email'])
    .distinct()
    .where('e.tenantId', '=', tenantId)
    .where('e.status', '=', 'active')
    .orderBy('e.id')
    .execute();
  const readers = people.filter((p) => p.email !== DEMO_E2E_EMPLOYEE).map((p) => p.id);
  if (readers.length < 3) return 0;
  const announcers = await db
    .selectFrom('employees as e')
    .leftJoin('employeeRoles as er', 'er.employeeId', 'e.id')
    .leftJoin('roles as r', 'r.id', 'er.roleId')
    .select('e.id')
    .distinct()
    .where('e.tenantId', '=', tenantId)
    .where('e.status', '=', 'active')
    .where((eb) => eb.or([eb('r.name', '=', 'HR'), eb('e.email', '=', DEMO_ADMIN_EMAIL)]))
    .orderBy('e.id')
    .execute();

  // Every badge the demo gave has its post, as giving one writes it.
  await db
    .insertInto('feedPosts')
    .columns(['tenantId', 'kind', 'authorId', 'givenBadgeId', 'isDemo', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('givenBadges')
        .select(['tenantId', sql<FeedPostKind>`'badge'`.as('kind'), 'givenBy', 'id', 'isDemo', 'createdAt'])
        .where('tenantId', '=', tenantId)
        .where('isDemo', '=', 1)
        .orderBy('id'),
    )
    .execute();

  // Warm feedback its givers shared: the generator's comments of 4 and 5 stars, none under a flag.
  const warm = [...(FEEDBACK_COMMENTS[5] ?? []), ...(FEEDBACK_COMMENTS[4] ?? [])];
  const groups = await db
    .selectFrom('feedbackGroups as g')
    .select(['g.id', 'g.giverId', 'g.createdAt'])
    .where('g.tenantId', '=', tenantId)
    .where('g.isDemo', '=', 1)
    .where('g.comment', 'in', warm)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('feedback as f')
            .select('f.id')
            .whereRef('f.groupId', '=', 'g.id')
            .where('f.flagStatus', 'in', [...HIDDEN_FLAG_STATUSES]),
        ),
      ),
    )
    .orderBy('g.id')
    .execute();
  const shared = groups.filter(() => next() < 0.17);
  await insertAll(shared, async (chunk) => {
    await db
      .updateTable('feedbackGroups')
      .set({ shareOnFeed: 1 })
      .where('tenantId', '=', tenantId)
      .where(
        'id',
        'in',
        chunk.map((g) => g.id),
      )
      .execute();
    await db
      .insertInto('feedPosts')
      .values(
        chunk.map((g) => ({
          tenantId,
          kind: 'feedback' as const,
          authorId: g.giverId,
          groupId: g.id,
          isDemo: 1 as const,
          createdAt: g.createdAt,
        })),
      )
      .execute();
  });

  // An announcement every three weeks or so, over the two years.
  const announcements = [];
  if (announcers.length > 0) {
    for (let week = WEEKS - 1; week >= 0; week -= 3) {
      const at = new Date(now.getTime() - week * 7 * DAY - Math.floor(next() * 5 * DAY) - HOUR);
      announcements.push({
        tenantId,
        kind: 'announcement' as const,
        authorId: pick(announcers, next).id,
        text: pick(FEED_ANNOUNCEMENTS, next),
        isDemo: 1 as const,
        createdAt: at.toISOString(),
      });
    }
    await db.insertInto('feedPosts').values(announcements).execute();
  }

  // Colleagues like and comment in the days after a post (never the e2e employee).
  const posts = await db
    .selectFrom('feedPosts')
    .select(['id', 'authorId', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where('isDemo', '=', 1)
    .orderBy('id')
    .execute();
  const after = (iso: string) =>
    new Date(Math.min(Date.parse(iso) + Math.floor(next() * 3 * DAY) + HOUR, now.getTime() - HOUR)).toISOString();
  const likes = [];
  const comments = [];
  for (const post of posts) {
    const others = readers.filter((id) => id !== post.authorId);
    const likers = new Set<number>();
    const wanted = Math.floor(next() * next() * 9);
    while (likers.size < Math.min(wanted, others.length)) likers.add(pick(others, next));
    for (const employeeId of likers)
      likes.push({
        tenantId,
        postId: post.id,
        employeeId,
        kind: likeType(next),
        isDemo: 1 as const,
        createdAt: after(post.createdAt),
      });
    const talk = next() < 0.45 ? 1 + Math.floor(next() * 3) : 0;
    for (let i = 0; i < talk; i += 1)
      comments.push({
        tenantId,
        postId: post.id,
        employeeId: pick(others, next),
        comment: pick(FEED_COMMENTS, next),
        isDemo: 1 as const,
        createdAt: after(post.createdAt),
      });
  }
  await insertAll(likes, (chunk) => db.insertInto('feedLikes').values(chunk).execute());
  await insertAll(comments, (chunk) => db.insertInto('feedComments').values(chunk).execute());
  return posts.length;
}
