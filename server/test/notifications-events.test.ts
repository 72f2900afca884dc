/**
 * The events that notify beyond leave and feedback (docs/notifications.md "What notifies whom"), over real
 * HTTP on both engines: likes and comments on the news feed (the post's author and the people it is about,
 * a changed like type is no news), a report's review (its reporters), a flag's decision (whoever flagged),
 * badges given and badge requests (an action item of each approver, closed by the decision; the outcome to
 * the requester, the badge to a recommended person), a video's review (its uploader), attendance changed by
 * someone else (its owner). Never the actor; every line written whole in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotificationBody, type NotificationList } from '../../shared/contracts/notifications.js';
import { badgeEndpoints as badgeEp } from '../../shared/endpoints/badges.js';
import { feedbackFlagEndpoints as flagEp } from '../../shared/endpoints/feedback-flags.js';
import { feedEndpoints as feedEp } from '../../shared/endpoints/feed.js';
import { leaderboardVideoEndpoints as videoEp } from '../../shared/endpoints/leaderboard-videos.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { notificationText } from '../../shared/notification-text.js';
import type { NotificationType } from '../../shared/notifications.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation, type Person } from './organisation.js';

let clock = new Date('2026-11-23T05:00:00Z'); // Monday, 10:00 in Karachi
let server: TestServer;
type Who = 'admin' | 'hr' | 'lead' | 'ann' | 'bob' | 'cat' | 'dan' | 'rev' | 'uploader';
let org: Organisation<Who, 'Core'>;
let attributeId: number;
let star: number;

const tick = () => (clock = new Date(clock.getTime() + 60_000));
const as = (who: Who) => ({ as: org.people[who] });
const nameOf = new Map<number, Who>();

beforeAll(async () => {
  server = await startServer({}, () => clock);
  org = await organisation(server, {
    feedbackCatalogue: false,
    people: {
      admin: ['Administrator'],
      hr: ['HR'],
      lead: ['Team Lead'],
      ann: ['Employee'],
      bob: ['Employee'],
      cat: ['Employee'],
      dan: ['Employee'],
      // Reviews flags and reported posts, and reads the feed; decides no badge request.
      rev: { grants: ['flag-feedback', 'view-badges'] },
      uploader: { grants: ['upload-leaderboard-video', 'view-feedback-overview'] },
    },
    teams: { Core: ['ann', 'bob', 'lead'] },
  });
  for (const [key, person] of Object.entries(org.people)) nameOf.set(person.id, key as Who);
  const category = await org.f.category({ name: 'Quality' });
  attributeId = (await org.f.attribute({ categoryId: category.id, name: 'Craft' })).id;
  const values = await org.f.badgeCategory({ name: 'Values' });
  star = (await org.f.badge({ categoryId: values.id, name: 'Star' })).id;
});
afterAll(() => server.close());

type Written = { who: Who; type: NotificationType; actor: Who | null; kind: string; subject: string | null };
type Row = Written & { params: Record<string, string | number>; link: string | null; closed: boolean };

const lastId = async () =>
  (await server.db.selectFrom('notifications').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

async function rowsAfter(mark: number): Promise<Row[]> {
  const rows = await server.db
    .selectFrom('notifications')
    .select(['recipientId', 'type', 'actorId', 'kind', 'subject', 'body', 'closedAt'])
    .where('tenantId', '=', org.tenantId)
    .where('id', '>', mark)
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const body = parseNotificationBody(r.body)!;
    return {
      who: nameOf.get(r.recipientId)!,
      type: r.type,
      actor: r.actorId === null ? null : nameOf.get(r.actorId)!,
      kind: r.kind,
      subject: r.subject,
      params: body.params,
      link: body.link,
      closed: r.closedAt !== null,
    };
  });
}

/** The notifications `act` wrote, in the order written. */
async function during(act: () => Promise<unknown>): Promise<Row[]> {
  const mark = await lastId();
  tick();
  await act();
  return rowsAfter(mark);
}

/** Who got which type, sorted: what the tests compare. */
const whoGot = (rows: readonly Row[]) => rows.map((r) => `${r.who}:${r.type}`).sort();

const bell = async (who: Person) => {
  const res = await who.api.get<NotificationList>('/api/notification/v2?limit=50');
  expect(res.status).toBe(200);
  return res.body;
};

describe('news feed', () => {
  it('tells a post’s author and the people it is about of a new like or comment, never the actor', async () => {
    const { ann, bob, cat } = org.people;
    const { group } = await org.f.feedback({
      giverId: ann.id,
      receiverIds: [bob.id, cat.id],
      shareOnFeed: 1,
      ratings: [{ attributeId, rating: 5 }],
    });
    const post = await org.f.feedPost({ kind: 'feedback', authorId: ann.id, groupId: group.id });
    const like = (who: Who, type: 'like' | 'love') =>
      server.client.ok(feedEp.likeFeedPost, { params: { id: post.id }, body: { type } }, as(who));

    const liked = await during(() => like('dan', 'like'));
    expect(whoGot(liked)).toEqual(['ann:feed-reaction', 'bob:feed-reaction-about-you', 'cat:feed-reaction-about-you']);
    expect(liked[0]).toMatchObject({ actor: 'dan', kind: 'enable', link: `/feed/${post.id}`, params: {} });
    // Changing one's like type is no news.
    expect(await during(() => like('dan', 'love'))).toEqual([]);
    // The receiver who likes it is not told of their own like.
    expect(whoGot(await during(() => like('bob', 'love')))).toEqual([
      'ann:feed-reaction',
      'cat:feed-reaction-about-you',
    ]);

    const commented = await during(() =>
      server.client.ok(
        feedEp.addFeedComment,
        { params: { id: post.id }, body: { comment: 'Well deserved' } },
        as('ann'),
      ),
    );
    expect(whoGot(commented)).toEqual(['bob:feed-comment-about-you', 'cat:feed-comment-about-you']);
    expect(commented.every((r) => r.actor === 'ann')).toBe(true);
    expect(whoGot(await during(() => like('ann', 'like')))).toEqual([
      'bob:feed-reaction-about-you',
      'cat:feed-reaction-about-you',
    ]);
  });

  it('tells an announcement’s author of a comment, and the reporters what a reviewer decided', async () => {
    const { hr } = org.people;
    const post = await org.f.feedPost({ kind: 'announcement', authorId: hr.id, text: 'Town hall on Friday' });
    const commented = await during(() =>
      server.client.ok(feedEp.addFeedComment, { params: { id: post.id }, body: { comment: 'See you' } }, as('cat')),
    );
    expect(whoGot(commented)).toEqual(['hr:feed-comment']);

    const report = (who: Who, id: number) =>
      server.client.ok(feedEp.reportFeedPost, { params: { id }, body: { reason: 'Off topic' } }, as(who));
    const review = (id: number, decision: 'kept' | 'removed') =>
      server.client.ok(feedEp.reviewFeedPost, { params: { id }, body: { decision } }, as('rev'));
    // Reporting tells nobody; the review tells each reporter, neither the author nor the reviewer.
    expect(await during(() => report('dan', post.id))).toEqual([]);
    // A reported post is hidden from other readers: a second report is one sent before it was hidden.
    await org.f.feedReport({ postId: post.id, reportedBy: org.people.cat.id });
    const kept = await during(() => review(post.id, 'kept'));
    expect(whoGot(kept)).toEqual(['cat:feed-report-kept', 'dan:feed-report-kept']);
    expect(kept[0]).toMatchObject({ actor: 'rev', link: `/feed/${post.id}` });

    const other = await org.f.feedPost({ kind: 'announcement', authorId: hr.id, text: 'Parking is closed' });
    await report('ann', other.id);
    const removed = await during(() => review(other.id, 'removed'));
    expect(removed).toMatchObject([{ who: 'ann', type: 'feed-report-removed', actor: 'rev', link: null }]);
  });
});

describe('feedback flags', () => {
  it('tells whoever flagged a feedback each decision on it, never its giver or the reviewer', async () => {
    const { ann, bob } = org.people;
    const { feedback } = await org.f.feedback({
      giverId: ann.id,
      receiverIds: [bob.id],
      ratings: [{ attributeId, rating: 1 }],
    });
    const id = feedback[0]!.id;
    const flag = (who: Who) =>
      server.client.ok(flagEp.flagFeedback, { params: { id }, body: { reason: 'Hurtful' } }, as(who));
    const decide = (who: Who, decision: 'approved' | 'rejected' | 'escalated') =>
      server.client.ok(flagEp.decideFlaggedFeedback, { params: { id }, body: { decision } }, as(who));
    // The receiver and their team lead flag it; flagging tells nobody.
    expect(await during(() => flag('bob'))).toEqual([]);
    await flag('lead');

    const escalated = await during(() => decide('rev', 'escalated'));
    expect(whoGot(escalated)).toEqual(['bob:flag-escalated', 'lead:flag-escalated']);
    expect(escalated[0]).toMatchObject({ actor: 'rev', params: { giver: 'ANN' }, link: null });
    const approved = await during(() => decide('hr', 'approved'));
    expect(whoGot(approved)).toEqual(['bob:flag-approved', 'lead:flag-approved']);
    expect(approved[0]!.actor).toBe('hr');

    const second = (await org.f.feedback({ giverId: ann.id, receiverIds: [bob.id] })).feedback[0]!.id;
    await server.client.ok(flagEp.flagFeedback, { params: { id: second }, body: { reason: 'Unfair' } }, as('bob'));
    const rejected = await during(() =>
      server.client.ok(
        flagEp.decideFlaggedFeedback,
        { params: { id: second }, body: { decision: 'rejected' } },
        as('rev'),
      ),
    );
    expect(whoGot(rejected)).toEqual(['bob:flag-rejected']);
  });
});

describe('badges', () => {
  const decide = (who: Who, id: number, status: 'approved' | 'rejected' | 'under_review') =>
    server.client.ok(badgeEp.setBadgeRequestStatus, { params: { id }, body: { status } }, as(who));
  const recommend = (who: Who, employee: Who) =>
    server.client.ok(
      badgeEp.createRecommendation,
      { body: { badgeId: star, employeeId: org.people[employee].id, reason: 'Fixed the build' } },
      as(who),
    );

  it('tells the holder of a badge given', async () => {
    const given = await during(() =>
      server.client.ok(
        badgeEp.giveBadge,
        { body: { badgeId: star, employeeId: org.people.cat.id, comment: 'Thanks for the help' } },
        as('admin'),
      ),
    );
    // Its post on the feed tells nobody more.
    expect(given).toMatchObject([
      { who: 'cat', type: 'badge-received', actor: 'admin', params: { badge: 'Star' }, link: '/my-badges' },
    ]);
  });

  it('asks every approver of a contribution, keeps the items through a review and closes them on the decision', async () => {
    const { hr, lead } = org.people;
    const hrBefore = (await bell(hr)).unreadAction;
    let id = 0;
    const asked = await during(async () => {
      id = (
        await server.client.ok(
          badgeEp.createContribution,
          { body: { badgeId: star, contributionType: 'mentoring', description: 'Mentored two new hires' } },
          as('bob'),
        )
      ).id;
    });
    // HR and the administrator decide any request; the lead shares Core with Bob. Nobody else, not Bob.
    expect(whoGot(asked)).toEqual([
      'admin:badge-contribution-approval',
      'hr:badge-contribution-approval',
      'lead:badge-contribution-approval',
    ]);
    for (const row of asked)
      expect(row).toMatchObject({
        kind: 'action',
        actor: 'bob',
        subject: `badge-request:${id}`,
        params: { badge: 'Star', employee: 'BOB' },
        link: '/contributions',
      });
    expect((await bell(hr)).unreadAction).toBe(hrBefore + 1);

    // A review is no decision: the items stay open and nobody is told.
    expect(await during(() => decide('hr', id, 'under_review'))).toEqual([]);
    expect((await bell(lead)).unreadAction).toBe(1);

    const approved = await during(() => decide('lead', id, 'approved'));
    // The contributor hears once (not also "badge received"); the approver nothing.
    expect(approved).toMatchObject([
      { who: 'bob', type: 'badge-contribution-approved', actor: 'lead', params: { badge: 'Star' }, link: '/my-badges' },
    ]);
    expect((await rowsAfter(0)).filter((r) => r.subject === `badge-request:${id}` && !r.closed)).toEqual([]);
    expect((await bell(hr)).unreadAction).toBe(hrBefore);
    expect((await bell(lead)).unreadAction).toBe(0);

    const other = await server.client.ok(
      badgeEp.createContribution,
      { body: { badgeId: star, contributionType: 'mentoring', description: 'Ran the offsite' } },
      as('ann'),
    );
    const rejected = await during(() => decide('lead', other.id, 'rejected'));
    expect(rejected).toMatchObject([
      { who: 'ann', type: 'badge-contribution-rejected', actor: 'lead', link: '/contributions' },
    ]);
    expect((await bell(hr)).unreadAction).toBe(hrBefore);
  });

  it('asks only approvers who may decide for the person recommended, and tells the outcome', async () => {
    // Cat is in no team of the lead: only HR and the administrator decide for her.
    let rec = await recommend('ann', 'cat');
    const asked = (await rowsAfter(0)).filter((r) => r.subject === `badge-request:${rec.id}`);
    expect(whoGot(asked)).toEqual(['admin:badge-recommendation-approval', 'hr:badge-recommendation-approval']);
    expect(asked[0]).toMatchObject({
      actor: 'ann',
      params: { badge: 'Star', employee: 'CAT' },
      link: '/recommendations',
    });
    const rejected = await during(() => decide('hr', rec.id, 'rejected'));
    expect(rejected).toMatchObject([
      { who: 'ann', type: 'badge-recommendation-rejected', actor: 'hr', params: { badge: 'Star', employee: 'CAT' } },
    ]);
    expect((await rowsAfter(0)).filter((r) => r.subject === `badge-request:${rec.id}` && !r.closed)).toEqual([]);

    // Bob is in Core: the lead is asked too. An approval tells the recommender and gives Bob his badge.
    const recommended = await during(async () => (rec = await recommend('cat', 'bob')));
    expect(whoGot(recommended)).toEqual([
      'admin:badge-recommendation-approval',
      'hr:badge-recommendation-approval',
      'lead:badge-recommendation-approval',
    ]);
    const approved = await during(() => decide('admin', rec.id, 'approved'));
    expect(whoGot(approved)).toEqual(['bob:badge-received', 'cat:badge-recommendation-approved']);
    expect(approved.every((r) => r.actor === 'admin')).toBe(true);

    // A recommendation of HR: only those holding all HR holds decide it (the administrator), never HR.
    const forHr = await during(() => recommend('ann', 'hr'));
    expect(whoGot(forHr)).toEqual(['admin:badge-recommendation-approval']);
  });
});

describe('leaderboard videos', () => {
  it('tells the uploader of a review that changes the video’s status, and of likes on its post', async () => {
    const video = await org.f.leaderboardVideo({ uploadedBy: org.people.uploader.id, title: 'Demo day' });
    const review = (videoStatus: 'approved' | 'rejected') =>
      server.client.ok(
        videoEp.setLeaderboardVideoReview,
        { params: { id: video.id }, body: { videoStatus } },
        as('admin'),
      );
    const approved = await during(() => review('approved'));
    expect(approved).toMatchObject([
      {
        who: 'uploader',
        type: 'video-approved',
        actor: 'admin',
        params: { title: 'Demo day' },
        link: `/leaderboard?video=${video.id}`,
      },
    ]);
    expect(await during(() => review('approved'))).toEqual([]);

    const liked = await during(() =>
      server.client.ok(videoEp.likeLeaderboardVideo, { params: { id: video.id }, body: { type: 'like' } }, as('ann')),
    );
    expect(liked).toMatchObject([
      { who: 'uploader', type: 'feed-reaction', actor: 'ann', link: `/leaderboard?video=${video.id}` },
    ]);
    const commented = await during(() =>
      server.client.ok(
        videoEp.addLeaderboardVideoComment,
        { params: { id: video.id }, body: { comment: 'Great demo' } },
        as('bob'),
      ),
    );
    expect(whoGot(commented)).toEqual(['uploader:feed-comment']);

    const rejected = await during(() => review('rejected'));
    expect(rejected).toMatchObject([{ who: 'uploader', type: 'video-rejected', actor: 'admin', link: null }]);
  });
});

describe('attendance', () => {
  it('tells the owner of each change someone else made to their attendance, once per change', async () => {
    const { bob } = org.people;
    let id = 0;
    // A lead's entry for a team member, with a break: one notification for the whole entry.
    const created = await during(async () => {
      const res = await org.people.lead.api.post('/api/attendance', {
        employeeId: bob.id,
        checkIn: '2026-11-20T04:00:00Z',
        checkOut: '2026-11-20T12:00:00Z',
        breaks: [{ start: '2026-11-20T08:00:00Z', end: '2026-11-20T08:30:00Z' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      id = res.body.id;
    });
    expect(created).toMatchObject([
      {
        who: 'bob',
        type: 'attendance-corrected',
        actor: 'lead',
        params: { startDate: '2026-11-20', endDate: '2026-11-20' },
        link: '/attendance',
      },
    ]);
    const edited = await during(async () => {
      const res = await org.people.hr.api.patch(`/api/attendance/${id}`, { checkOut: '2026-11-20T13:00:00Z' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(whoGot(edited)).toEqual(['bob:attendance-corrected']);
    expect(edited[0]!.actor).toBe('hr');
    const breakAdded = await during(async () => {
      const res = await org.people.lead.api.post(`/api/attendance/${id}/breaks`, {
        start: '2026-11-20T10:00:00Z',
        end: '2026-11-20T10:15:00Z',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });
    expect(whoGot(breakAdded)).toEqual(['bob:attendance-corrected']);

    // The owner's own changes tell nobody.
    const own = await during(async () => {
      const res = await bob.api.post('/api/attendance/check-in', { source: 'web' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(own).toEqual([]);

    const deleted = await during(async () => {
      expect((await org.people.hr.api.delete(`/api/attendance/${id}`)).status).toBe(204);
    });
    expect(deleted).toMatchObject([{ who: 'bob', type: 'attendance-corrected', actor: 'hr' }]);
    expect(notificationText('en', 'attendance-corrected', deleted[0]!.params, 'HR')).toBe(
      'HR changed your attendance of 20-Nov-2026',
    );
  });
});

describe('texts', () => {
  it('writes every notification made above in both languages with nothing left unfilled', async () => {
    const rows = await server.db
      .selectFrom('notifications as n')
      .leftJoin('employees as a', 'a.id', 'n.actorId')
      .select(['n.type', 'n.body', 'a.name as actorName'])
      .where('n.tenantId', '=', org.tenantId)
      .execute();
    const made = new Set(rows.map((r) => r.type));
    for (const type of [
      'feed-reaction',
      'feed-reaction-about-you',
      'feed-comment',
      'feed-comment-about-you',
      'feed-report-kept',
      'feed-report-removed',
      'flag-approved',
      'flag-rejected',
      'flag-escalated',
      'badge-received',
      'badge-contribution-approval',
      'badge-recommendation-approval',
      'badge-contribution-approved',
      'badge-contribution-rejected',
      'badge-recommendation-approved',
      'badge-recommendation-rejected',
      'video-approved',
      'video-rejected',
      'attendance-corrected',
    ] as const)
      expect(made, type).toContain(type);
    for (const row of rows)
      for (const language of LANGUAGES) {
        const text = notificationText(language, row.type, parseNotificationBody(row.body)!.params, row.actorName);
        expect(text, `${row.type} in ${language}`).not.toMatch(/\{\{|\}\}/);
      }
  });
});
