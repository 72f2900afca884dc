/**
 * The news feed (docs/recognition.md "News feed") over real HTTP on both engines: what becomes a post
 * (feedback its giver shared, never a private one; every badge given or approved; announcements by
 * post-announcement), what a post shows (never ratings), the company's feedTypes and demo switch, likes
 * (one per person, also when sent at once), comments in pages of 10, removing a post about oneself,
 * reports and their review, cursor pages that neither skip nor repeat when posts arrive between them, one
 * person's feed, and other companies' posts unknown on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeEndpoints as badgeEp } from '../../shared/endpoints/badges.js';
import { feedbackEndpoints as feedbackEp } from '../../shared/endpoints/feedback.js';
import { feedbackFlagEndpoints as flagEp } from '../../shared/endpoints/feedback-flags.js';
import { feedEndpoints as ep } from '../../shared/endpoints/feed.js';
import { FEED_COMMENT_MAX } from '../../shared/feed.js';
import type { EndpointDef } from '../../shared/endpoints/define.js';
import { feedEngagementRepository } from '../src/modules/feed/engagement-repository.js';
import { AppError } from '../src/http/errors.js';
import { expectError, type CallResult } from './client.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { readSettings } from '../src/modules/tenants/repository.js';
import { createTenant } from './factories.js';
import { createTestDatabase, startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

let clock = new Date('2026-11-23T05:00:00Z');
let server: TestServer;
type Who = 'admin' | 'hr' | 'ann' | 'bob' | 'cat' | 'dan' | 'rev' | 'client';
let org: Organisation<Who, 'Core'>;
let other: Organisation<'admin' | 'emp', never>;
let craft: number; // an attribute of the category "Quality"
let star: number; // a badge

const tick = () => (clock = new Date(clock.getTime() + 60_000));
const as = (who: Who) => ({ as: org.people[who] });
const id = (who: Who) => org.people[who].id;

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    feedbackCatalogue: false,
    people: {
      admin: ['Administrator'],
      hr: ['HR'],
      ann: ['Employee'],
      bob: ['Employee'],
      cat: ['Employee'],
      dan: ['Employee'],
      // Reviews reported posts and reads the feed, nothing else.
      rev: { grants: ['flag-feedback', 'view-badges'] },
      client: ['Client'],
    },
    teams: { Core: ['ann', 'bob', 'cat', 'dan'] },
  });
  other = await organisation(server, {
    name: 'Other',
    domain: 'other.example',
    people: { admin: ['Administrator'], emp: ['Employee'] },
  });
  const quality = await org.f.category({ name: 'Quality', color: '#2563EB' });
  craft = (await org.f.attribute({ categoryId: quality.id, name: 'Craft' })).id;
  const values = await org.f.badgeCategory({ name: 'Values' });
  star = (await org.f.badge({ categoryId: values.id, name: 'Star' })).id;
});
afterAll(() => server.close());

async function give(from: Who, to: Who[], comment: string, shareOnFeed?: boolean) {
  tick();
  return server.client.ok(
    feedbackEp.giveFeedback,
    {
      body: {
        receiverIds: to.map(id),
        ratings: [{ attributeId: craft, rating: 5 }],
        comment,
        ...(shareOnFeed === undefined ? {} : { shareOnFeed }),
      },
    },
    as(from),
  );
}

async function announce(text: string, who: Who = 'hr') {
  tick();
  return server.client.ok(ep.createAnnouncement, { body: { text } }, as(who));
}

const feed = async (who: Who, query: { limit?: number; cursor?: string; employeeId?: number } = {}) =>
  server.client.ok(ep.listFeedPosts, { query }, as(who));

/** Every post the reader sees, following the cursor to the end. */
async function wholeFeed(who: Who, employeeId?: number) {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await feed(who, { limit: 100, ...(cursor ? { cursor } : {}), ...(employeeId ? { employeeId } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

describe('what becomes a post', () => {
  it('shares a feedback its giver chose to share, with names, comment and topics but never its ratings', async () => {
    const given = await give('ann', ['bob', 'cat'], 'Thanks for the careful release notes', true);
    const post = (await feed('dan')).items[0]!;
    expect(post).toMatchObject({
      kind: 'feedback',
      author: { id: id('ann'), name: 'ANN' },
      subjects: [
        { id: id('bob'), name: 'BOB' },
        { id: id('cat'), name: 'CAT' },
      ],
      text: 'Thanks for the careful release notes',
      topics: [{ categoryName: 'Quality', color: '#2563EB', attributeName: 'Craft' }],
      badge: null,
      likeCount: 0,
      commentCount: 0,
      reviewStatus: 'none',
      canRemove: false,
      canReport: true,
    });
    expect(JSON.stringify(post)).not.toMatch(/rating/i);
    // The receivers may take it off the feed, the giver too; the post carries who may.
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('bob'))).canRemove).toBe(true);
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('ann'))).canReport).toBe(false);
    // An edit keeps the post and shows the new comment; deleting the feedback deletes the post.
    await server.client.ok(
      feedbackEp.updateFeedbackGroup,
      { params: { id: given.groupId }, body: { comment: 'Thanks for the careful notes' } },
      as('ann'),
    );
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('dan'))).text).toBe(
      'Thanks for the careful notes',
    );
    await server.client.call(feedbackEp.deleteFeedbackGroup, { params: { id: given.groupId } }, as('ann'));
    expectError(await server.client.call(ep.getFeedPost, { params: { id: post.id } }, as('dan')), 404);
    expect(await server.db.selectFrom('feedPosts').select('id').where('id', '=', post.id).execute()).toEqual([]);
  });

  it('never shows private feedback: not by default, not when left unticked, not even with a forged post row', async () => {
    const silent = await give('bob', ['cat'], 'Private praise, by default');
    const unticked = await give('bob', ['dan'], 'Private praise, unticked', false);
    const texts = (await wholeFeed('hr')).map((p) => p.text);
    expect(texts).not.toContain('Private praise, by default');
    expect(texts).not.toContain('Private praise, unticked');
    const groups = await server.db
      .selectFrom('feedbackGroups')
      .select(['id', 'shareOnFeed'])
      .where('id', 'in', [silent.groupId, unticked.groupId])
      .execute();
    expect(groups.map((g) => g.shareOnFeed)).toEqual([0, 0]);
    // A post row naming a private group (no code writes one) shows nothing: the giver's choice decides.
    const forged = await org.f.feedPost({ kind: 'feedback', authorId: id('bob'), groupId: silent.groupId });
    expect((await wholeFeed('cat')).map((p) => p.id)).not.toContain(forged.id);
    expectError(await server.client.call(ep.getFeedPost, { params: { id: forged.id } }, as('cat')), 404);
    await server.db.deleteFrom('feedPosts').where('id', '=', forged.id).execute();
  });

  it('hides a shared feedback while a flag hides it, and shows it again when the flag is rejected', async () => {
    const given = await give('cat', ['dan'], 'Shared, then flagged', true);
    const post = (await feed('ann')).items[0]!;
    expect(post.text).toBe('Shared, then flagged');
    await server.client.ok(
      flagEp.flagFeedback,
      { params: { id: given.feedbackIds[0]! }, body: { reason: 'Not about work' } },
      as('dan'),
    );
    expectError(await server.client.call(ep.getFeedPost, { params: { id: post.id } }, as('ann')), 404);
    expect((await wholeFeed('cat')).map((p) => p.id)).not.toContain(post.id);
    await server.client.ok(
      flagEp.decideFlaggedFeedback,
      { params: { id: given.feedbackIds[0]! }, body: { decision: 'rejected' } },
      as('hr'),
    );
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('ann'))).id).toBe(post.id);
  });

  it('posts every badge given, and a badge approved from a request, in the same transaction', async () => {
    tick();
    const given = await server.client.ok(
      badgeEp.giveBadge,
      { body: { badgeId: star, employeeId: id('bob'), comment: 'Calm in the outage' } },
      as('hr'),
    );
    const post = (await feed('dan')).items[0]!;
    expect(post).toMatchObject({
      kind: 'badge',
      author: { id: id('hr') },
      subjects: [{ id: id('bob') }],
      text: 'Calm in the outage',
      badge: { id: star, name: 'Star' },
      badgeSource: 'given',
    });
    const row = await server.db
      .selectFrom('feedPosts')
      .select(['givenBadgeId', 'createdAt'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.givenBadgeId).toBe(given.id);
    expect(row.createdAt).toBe(given.createdAt);
    // A contribution approved gives the badge and its post; a refused one neither.
    const asked = await server.client.ok(
      badgeEp.createContribution,
      { body: { badgeId: star, contributionType: 'mentoring', description: 'Mentored the interns' } },
      as('cat'),
    );
    tick();
    await server.client.ok(
      badgeEp.setBadgeRequestStatus,
      { params: { id: asked.id }, body: { status: 'approved' } },
      as('hr'),
    );
    expect((await feed('dan')).items[0]).toMatchObject({
      kind: 'badge',
      subjects: [{ id: id('cat') }],
      text: 'Mentored the interns',
      badgeSource: 'contribution',
    });
    const refused = await server.client.ok(
      badgeEp.createRecommendation,
      { body: { badgeId: star, employeeId: id('dan'), reason: 'Kind to all' } },
      as('ann'),
    );
    await server.client.ok(
      badgeEp.setBadgeRequestStatus,
      { params: { id: refused.id }, body: { status: 'rejected' } },
      as('hr'),
    );
    expect((await wholeFeed('ann')).map((p) => p.text)).not.toContain('Kind to all');
  });
});

describe('announcements', () => {
  it('are posted by holders of post-announcement, every rule naming its field', async () => {
    const refused = expectError(
      await server.client.call(ep.createAnnouncement, { body: { text: 'Free lunch!' } }, as('ann')),
      403,
    );
    expect(refused.details).toEqual({ permission: 'post-announcement' });
    const empty = expectError(
      await server.client.call(ep.createAnnouncement, { body: { text: '   ' } }, as('hr')),
      400,
      'FEED_ANNOUNCEMENT_FAILED',
    );
    expect(empty.details).toEqual({ fields: [{ path: 'body.text', message: 'This field is required' }] });
    expect(empty.message).toBe('Announcement could not be posted');
    const long = expectError(
      await server.client.call(ep.createAnnouncement, { body: { text: 'x'.repeat(2001) } }, as('hr')),
      400,
      'FEED_ANNOUNCEMENT_FAILED',
    );
    expect(long.details).toEqual({ fields: [{ path: 'body.text', message: 'At most 2000 characters' }] });
    const posted = await announce('  Town hall on Friday  ');
    expect(posted).toMatchObject({ kind: 'announcement', text: 'Town hall on Friday', author: { id: id('hr') } });
    expect(posted.subjects).toEqual([]);
    expect((await feed('ann')).items[0]!.id).toBe(posted.id);
    // A client of the company (no view-badges) reads no feed.
    expectError(await server.client.call(ep.listFeedPosts, {}, as('client')), 403);
  });

  it('follow the company’s feedTypes: a type left out is hidden everywhere and announcing it is refused', async () => {
    const posted = await announce('Only while announcements are on');
    await org.f.setting('feedTypes', ['feedback', 'badge']);
    try {
      expect((await wholeFeed('ann')).some((p) => p.kind === 'announcement')).toBe(false);
      expectError(await server.client.call(ep.getFeedPost, { params: { id: posted.id } }, as('ann')), 404);
      expectError(
        await server.client.call(ep.createAnnouncement, { body: { text: 'Hello' } }, as('hr')),
        409,
        'FEED_ANNOUNCEMENTS_OFF',
      );
      await org.f.setting('feedTypes', ['announcement']);
      expect(new Set((await wholeFeed('ann')).map((p) => p.kind))).toEqual(new Set(['announcement']));
      // Sharing a feedback is refused while the feed shows none, and nothing is given.
      const groups = async () => (await server.db.selectFrom('feedbackGroups').select('id').execute()).length;
      const before = await groups();
      const body = { receiverIds: [id('bob')], ratings: [{ attributeId: craft, rating: 5 }], comment: 'Shared?' };
      expectError(
        await server.client.call(feedbackEp.giveFeedback, { body: { ...body, shareOnFeed: true } }, as('ann')),
        409,
        'FEED_SHARING_OFF',
      );
      expect(await groups()).toBe(before);
    } finally {
      await org.f.setting('feedTypes', ['feedback', 'badge', 'announcement', 'leaderboard-video']);
    }
  });
});

describe('likes', () => {
  it('keeps one like per person and post: another type replaces it, taking it back removes it', async () => {
    const post = await announce('Likes here');
    const like = (who: Who, type: string) =>
      server.client.call(ep.likeFeedPost, { params: { id: post.id }, body: { type: type as 'like' } }, as(who));
    const first = await server.client.ok(
      ep.likeFeedPost,
      { params: { id: post.id }, body: { type: 'like' } },
      as('ann'),
    );
    expect(first).toEqual({ likeCount: 1, likeTypes: [{ type: 'like', count: 1 }], currentUserLike: { type: 'like' } });
    const changed = await server.client.ok(
      ep.likeFeedPost,
      { params: { id: post.id }, body: { type: 'celebrate' } },
      as('ann'),
    );
    expect(changed).toEqual({
      likeCount: 1,
      likeTypes: [{ type: 'celebrate', count: 1 }],
      currentUserLike: { type: 'celebrate' },
    });
    await like('bob', 'celebrate');
    await like('cat', 'love');
    const seen = await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('dan'));
    expect(seen).toMatchObject({
      likeCount: 3,
      likeTypes: [
        { type: 'celebrate', count: 2 },
        { type: 'love', count: 1 },
      ],
      currentUserLike: null,
    });
    const bad = expectError(await like('dan', 'dislike'), 400);
    expect(bad.details).toEqual({
      fields: [{ path: 'body.type', message: 'Choose one of the reactions of the list' }],
    });
    const back = await server.client.ok(ep.unlikeFeedPost, { params: { id: post.id } }, as('ann'));
    expect(back).toMatchObject({ likeCount: 2, currentUserLike: null });
    // Taking back a like one does not have changes nothing.
    expect((await server.client.ok(ep.unlikeFeedPost, { params: { id: post.id } }, as('ann'))).likeCount).toBe(2);
  });

  it('writes one like when the same person likes many times at once, and counts everyone else', async () => {
    const post = await announce('A race of likes');
    const types = ['like', 'love', 'celebrate', 'insightful', 'support', 'like'] as const;
    const results = await Promise.all(
      types.map((type) => server.client.call(ep.likeFeedPost, { params: { id: post.id }, body: { type } }, as('bob'))),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    await Promise.all(
      (['ann', 'cat', 'dan'] as const).map((who) =>
        server.client.ok(ep.likeFeedPost, { params: { id: post.id }, body: { type: 'like' } }, as(who)),
      ),
    );
    const rows = await server.db.selectFrom('feedLikes').select('employeeId').where('postId', '=', post.id).execute();
    expect(rows.filter((r) => r.employeeId === id('bob'))).toHaveLength(1);
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('hr'))).likeCount).toBe(4);
  });

  it('lists who liked, newest first, by type and a cursor page at a time', async () => {
    const post = await announce('Who liked this');
    for (const [who, type] of [
      ['ann', 'like'],
      ['bob', 'love'],
      ['cat', 'like'],
    ] as const) {
      tick();
      await server.client.ok(ep.likeFeedPost, { params: { id: post.id }, body: { type } }, as(who));
    }
    const first = await server.client.ok(ep.listFeedLikes, { params: { id: post.id }, query: { limit: 2 } }, as('dan'));
    expect(first.items.map((l) => [l.employee.name, l.type])).toEqual([
      ['CAT', 'like'],
      ['BOB', 'love'],
    ]);
    const rest = await server.client.ok(
      ep.listFeedLikes,
      { params: { id: post.id }, query: { limit: 2, cursor: first.nextCursor! } },
      as('dan'),
    );
    expect(rest.items.map((l) => l.employee.name)).toEqual(['ANN']);
    expect(rest.nextCursor).toBeNull();
    const likes = await server.client.ok(
      ep.listFeedLikes,
      { params: { id: post.id }, query: { type: 'like' } },
      as('dan'),
    );
    expect(likes.items.map((l) => l.employee.name)).toEqual(['CAT', 'ANN']);
  });
});

describe('comments', () => {
  it('are plain text within 500 characters, newest first in pages of 10, the newest two on the post', async () => {
    const post = await announce('Talk about it');
    const comment = (text: unknown, who: Who = 'ann') =>
      server.client.call(ep.addFeedComment, { params: { id: post.id }, body: { comment: text as string } }, as(who));
    const empty = expectError(await comment(''), 400, 'FEED_COMMENT_FAILED');
    expect(empty.details).toEqual({ fields: [{ path: 'body.comment', message: 'This field is required' }] });
    expect(empty.message).toBe('Comment could not be added');
    const long = expectError(await comment('y'.repeat(FEED_COMMENT_MAX + 1)), 400, 'FEED_COMMENT_FAILED');
    expect(long.details).toEqual({ fields: [{ path: 'body.comment', message: 'At most 500 characters' }] });
    expectError(await comment(42), 400);
    const texts: string[] = [];
    for (let n = 1; n <= 12; n += 1) {
      tick();
      const added = await server.client.ok(
        ep.addFeedComment,
        { params: { id: post.id }, body: { comment: ` Comment ${n} ` } },
        as(n % 2 === 0 ? 'bob' : 'ann'),
      );
      expect(added).toMatchObject({ postId: post.id, comment: `Comment ${n}`, canDelete: true });
      texts.unshift(`Comment ${n}`);
    }
    const first = await server.client.ok(ep.listFeedComments, { params: { id: post.id } }, as('cat'));
    expect(first.items.map((c) => c.comment)).toEqual(texts.slice(0, 10));
    expect(first.items.every((c) => !c.canDelete)).toBe(true);
    const second = await server.client.ok(
      ep.listFeedComments,
      { params: { id: post.id }, query: { cursor: first.nextCursor! } },
      as('cat'),
    );
    expect(second.items.map((c) => c.comment)).toEqual(texts.slice(10));
    expect(second.nextCursor).toBeNull();
    const shown = await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('cat'));
    expect(shown.commentCount).toBe(12);
    expect(shown.latestComments.map((c) => c.comment)).toEqual(['Comment 12', 'Comment 11']);
  });

  it('counts every comment sent at once, and only its author deletes one', async () => {
    const post = await announce('Busy thread');
    const sent = await Promise.all(
      (['ann', 'bob', 'cat', 'dan', 'ann', 'bob'] as const).map((who, n) =>
        server.client.ok(ep.addFeedComment, { params: { id: post.id }, body: { comment: `At once ${n}` } }, as(who)),
      ),
    );
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('hr'))).commentCount).toBe(6);
    const bobs = sent[1]!;
    expectError(
      await server.client.call(ep.deleteFeedComment, { params: { id: bobs.id } }, as('ann')),
      403,
      'FEED_COMMENT_NOT_YOURS',
    );
    expectError(
      await server.client.call(ep.deleteFeedComment, { params: { id: bobs.id } }, { as: other.people.admin }),
      404,
    );
    const gone = await server.client.call(ep.deleteFeedComment, { params: { id: bobs.id } }, as('bob'));
    expect(gone.status).toBe(204);
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('hr'))).commentCount).toBe(5);
  });
});

describe('removing a post', () => {
  it('is for its author and the people it is about; it takes its likes and comments along', async () => {
    await give('dan', ['ann'], 'Shared about Ann', true);
    const post = (await feed('bob')).items[0]!;
    await server.client.ok(ep.likeFeedPost, { params: { id: post.id }, body: { type: 'like' } }, as('bob'));
    await server.client.ok(ep.addFeedComment, { params: { id: post.id }, body: { comment: 'Nice' } }, as('bob'));
    expectError(
      await server.client.call(ep.removeFeedPost, { params: { id: post.id } }, as('bob')),
      403,
      'FEED_POST_NOT_YOURS',
    );
    expectError(
      await server.client.call(ep.removeFeedPost, { params: { id: post.id } }, { as: other.people.admin }),
      404,
    );
    // Ann, whom it is about, takes it off the feed; the feedback itself stays hers to read.
    expect((await server.client.call(ep.removeFeedPost, { params: { id: post.id } }, as('ann'))).status).toBe(204);
    expectError(await server.client.call(ep.getFeedPost, { params: { id: post.id } }, as('dan')), 404);
    for (const table of ['feedLikes', 'feedComments'] as const)
      expect(await server.db.selectFrom(table).select('postId').where('postId', '=', post.id).execute()).toEqual([]);
    const received = await server.client.ok(feedbackEp.listFeedback, { query: { direction: 'received' } }, as('ann'));
    expect(received.items.map((f) => f.comment)).toContain('Shared about Ann');
  });

  it('answers 404, not 500, to a like or comment whose post is removed between the check and the write', async () => {
    const post = await announce('Removed while Bob reacts');
    // The moment between the service's visibility check and its insert, held open: the post goes first.
    const engagement = feedEngagementRepository({ db: server.db, tenantId: org.tenantId, now: () => clock });
    await server.client.ok(ep.removeFeedPost, { params: { id: post.id } }, as('hr'));
    for (const write of [
      () => engagement.like(post.id, id('bob'), 'like'),
      () => engagement.addComment(post.id, id('bob'), 'Too late'),
    ]) {
      const failure = await write().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    // And over HTTP, racing for real: every answer is a like or a 404.
    for (let round = 0; round < 5; round += 1) {
      const raced = await announce(`Raced ${round}`);
      const answers = await Promise.all([
        server.client.call(ep.likeFeedPost, { params: { id: raced.id }, body: { type: 'like' } }, as('bob')),
        server.client.call(ep.addFeedComment, { params: { id: raced.id }, body: { comment: 'Quick' } }, as('ann')),
        server.client.call(ep.removeFeedPost, { params: { id: raced.id } }, as('hr')),
      ]);
      expect(answers[2].status).toBe(204);
      for (const answer of answers.slice(0, 2))
        expect([200, 201, 404], JSON.stringify(answer.body)).toContain(answer.status);
    }
  });
});

describe('reports', () => {
  it('hide a post from everyone but its author and the reviewers until a reviewer keeps it, for good', async () => {
    const post = await announce('Reported, then kept');
    expectError(
      await server.client.call(ep.reportFeedPost, { params: { id: post.id }, body: { reason: 'Mine' } }, as('hr')),
      403,
      'FEED_REPORT_OWN',
    );
    const missing = expectError(
      await server.client.call(ep.reportFeedPost, { params: { id: post.id }, body: {} }, as('ann')),
      400,
      'FEED_REPORT_FAILED',
    );
    expect(missing.details).toEqual({
      fields: [{ path: 'body.reason', message: 'Say why this post should be reviewed' }],
    });
    const reported = await server.client.ok(
      ep.reportFeedPost,
      { params: { id: post.id }, body: { reason: 'Off topic' } },
      as('ann'),
    );
    expect(reported).toEqual({ postId: post.id, reviewStatus: 'pending' });
    // Hidden from readers, the reporter included; its author and the reviewers still see it.
    for (const who of ['ann', 'bob'] as const)
      expectError(await server.client.call(ep.getFeedPost, { params: { id: post.id } }, as(who)), 404);
    expect((await wholeFeed('bob')).map((p) => p.id)).not.toContain(post.id);
    const toAuthor = await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('hr'));
    expect(toAuthor).toMatchObject({ reviewStatus: 'pending', canReview: false, canReport: false });
    expect((await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('rev'))).canReview).toBe(true);
    // The queue holds it with its reasons; readers without flag-feedback have no queue.
    const queue = await server.client.ok(ep.listReportedFeedPosts, {}, as('rev'));
    const queued = queue.items.find((p) => p.id === post.id)!;
    expect(queued.reports.map((r) => [r.reporter.name, r.reason])).toEqual([['ANN', 'Off topic']]);
    expectError(await server.client.call(ep.listReportedFeedPosts, {}, as('bob')), 403);
    // A reviewer who wrote it may not decide it.
    expectError(
      await server.client.call(ep.reviewFeedPost, { params: { id: post.id }, body: { decision: 'kept' } }, as('hr')),
      403,
      'FEED_REVIEW_CONFLICT',
    );
    // Of two reviewers deciding at once, one decides.
    const [a, b] = await Promise.all([
      server.client.call(ep.reviewFeedPost, { params: { id: post.id }, body: { decision: 'kept' } }, as('rev')),
      server.client.call(ep.reviewFeedPost, { params: { id: post.id }, body: { decision: 'kept' } }, as('admin')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const kept = await server.client.ok(ep.getFeedPost, { params: { id: post.id } }, as('bob'));
    expect(kept).toMatchObject({ reviewStatus: 'kept', canReport: false });
    expectError(
      await server.client.call(ep.reportFeedPost, { params: { id: post.id }, body: { reason: 'Again' } }, as('bob')),
      409,
      'FEED_POST_REVIEWED',
    );
    expectError(
      await server.client.call(
        ep.reviewFeedPost,
        { params: { id: post.id }, body: { decision: 'removed' } },
        as('rev'),
      ),
      409,
      'FEED_POST_REVIEWED',
    );
  });

  it('are one per person, and a removed post is gone for everyone', async () => {
    const post = await announce('Reported, then removed');
    const notReported = expectError(
      await server.client.call(
        ep.reviewFeedPost,
        { params: { id: post.id }, body: { decision: 'removed' } },
        as('rev'),
      ),
      409,
    );
    expect(notReported.code).toBe('FEED_POST_NOT_REPORTED');
    await server.client.ok(ep.reportFeedPost, { params: { id: post.id }, body: { reason: 'Rude' } }, as('rev'));
    // The reviewer who reported it still sees it; a second report of theirs is refused.
    expectError(
      await server.client.call(ep.reportFeedPost, { params: { id: post.id }, body: { reason: 'Rude' } }, as('rev')),
      409,
      'FEED_ALREADY_REPORTED',
    );
    await server.client.ok(ep.reviewFeedPost, { params: { id: post.id }, body: { decision: 'removed' } }, as('admin'));
    for (const who of ['hr', 'rev', 'bob'] as const)
      expectError(await server.client.call(ep.getFeedPost, { params: { id: post.id } }, as(who)), 404);
    const queue = await server.client.ok(ep.listReportedFeedPosts, {}, as('rev'));
    expect(queue.items.map((p) => p.id)).not.toContain(post.id);
  });
});

describe('paging and whose feed', () => {
  it('neither skips nor repeats a post when new ones arrive between pages', async () => {
    const before: number[] = [];
    for (let n = 0; n < 15; n += 1) before.push((await announce(`Paged ${n}`)).id);
    const first = await feed('bob', { limit: 10 });
    expect(first.items.map((p) => p.id)).toEqual(before.slice(5).reverse());
    // Three arrive while Bob reads; two share the same instant, ties are broken by the id.
    await announce('Arrived 1');
    const same = clock;
    await announce('Arrived 2');
    clock = same;
    await announce('Arrived 3');
    const second = await feed('bob', { limit: 5, cursor: first.nextCursor! });
    expect(second.items.map((p) => p.id)).toEqual(before.slice(0, 5).reverse());
    const fresh = await feed('bob', { limit: 3 });
    expect(fresh.items.map((p) => p.text)).toEqual(['Arrived 3', 'Arrived 2', 'Arrived 1']);
    // Not JSON, and well-formed JSON whose id is a text (PostgreSQL answered 500 comparing it with the id).
    const textId = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'abc'])).toString('base64url');
    for (const cursor of ['bm90LWpzb24', textId]) {
      const forged = expectError(await server.client.call(ep.listFeedPosts, { query: { cursor } }, as('bob')), 400);
      expect(forged.details).toEqual({ fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
    }
  });

  it('narrows to one person’s feed: posts they wrote or that are about them', async () => {
    const mine = await wholeFeed('hr', id('cat'));
    expect(mine.length).toBeGreaterThan(0);
    for (const post of mine)
      expect(post.author?.id === id('cat') || post.subjects.some((s) => s.id === id('cat')), String(post.id)).toBe(
        true,
      );
    const everyone = await wholeFeed('hr');
    const about = everyone.filter((p) => p.author?.id === id('cat') || p.subjects.some((s) => s.id === id('cat')));
    expect(mine.map((p) => p.id)).toEqual(about.map((p) => p.id));
  });

  it('hides demo posts once the company switches demo data off', async () => {
    const demo = await org.f.feedPost({ kind: 'announcement', authorId: id('hr'), text: 'Demo news', isDemo: 1 });
    expect((await wholeFeed('ann')).map((p) => p.id)).toContain(demo.id);
    await org.f.setting('isDemoDataDisabled', true);
    try {
      expect((await wholeFeed('ann')).map((p) => p.id)).not.toContain(demo.id);
      expectError(await server.client.call(ep.getFeedPost, { params: { id: demo.id } }, as('ann')), 404);
    } finally {
      await org.f.setting('isDemoDataDisabled', false);
    }
  });

  it('keeps each company’s feed its own on every route', async () => {
    const post = await announce('Acme only');
    const comment = await server.client.ok(
      ep.addFeedComment,
      { params: { id: post.id }, body: { comment: 'Acme talk' } },
      as('ann'),
    );
    const stranger = { as: other.people.admin };
    expect(JSON.stringify((await server.client.ok(ep.listFeedPosts, {}, stranger)).items)).not.toContain('Acme');
    const params = { params: { id: post.id } };
    const calls: Promise<CallResult<EndpointDef>>[] = [
      server.client.call(ep.getFeedPost, params, stranger),
      server.client.call(ep.likeFeedPost, { ...params, body: { type: 'like' } }, stranger),
      server.client.call(ep.unlikeFeedPost, params, stranger),
      server.client.call(ep.listFeedLikes, params, stranger),
      server.client.call(ep.listFeedComments, params, stranger),
      server.client.call(ep.addFeedComment, { ...params, body: { comment: 'Hi' } }, stranger),
      server.client.call(ep.deleteFeedComment, { params: { id: comment.id } }, stranger),
      server.client.call(ep.reportFeedPost, { ...params, body: { reason: 'x' } }, stranger),
      server.client.call(ep.reviewFeedPost, { ...params, body: { decision: 'removed' } }, stranger),
      server.client.call(ep.removeFeedPost, params, stranger),
    ];
    for (const call of calls) expectError(await call, 404);
    // Another company's person is no one's feed here.
    expect((await server.client.ok(ep.listFeedPosts, { query: { employeeId: id('ann') } }, stranger)).items).toEqual(
      [],
    );
  });
});

describe('migration 0034-feed-types-post', () => {
  it('renames a stored `post` feed type to `announcement`, so the company’s choice is kept', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { db, engine } = database.handle;
      await migrateTo(db, engine, '0033-upload-claim');
      const old = async (name: string, value: string) => {
        const { tenant } = await createTenant(db, { name, emailDomain: `${name}.example` }, clock, {
          feedbackCatalogue: false,
        });
        await db
          .insertInto('tenantSettings')
          .values({ tenantId: tenant.id, key: 'feedTypes', value, updatedAt: clock.toISOString() })
          .onConflict((oc) => oc.columns(['tenantId', 'key']).doUpdateSet({ value }))
          .execute();
        return tenant.id;
      };
      const chose = await old('chose', JSON.stringify(['feedback', 'post']));
      const both = await old('both', JSON.stringify(['post', 'announcement']));
      const corrupt = await old('corrupt', '[not json');
      await migrateToLatest(db, engine);
      expect((await readSettings(db, chose)).feedTypes).toEqual(['feedback', 'announcement']);
      expect((await readSettings(db, both)).feedTypes).toEqual(['announcement']);
      const raw = await db
        .selectFrom('tenantSettings')
        .select('value')
        .where('tenantId', '=', corrupt)
        .where('key', '=', 'feedTypes')
        .executeTakeFirstOrThrow();
      expect(raw.value).toBe('[not json');
    } finally {
      await database.drop();
    }
  });
});
