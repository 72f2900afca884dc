/**
 * Two years of feedback for the demo company (issue #12), so every feedback page is alive: each active
 * teammate gives one or two feedback a week, mostly to their own team, sometimes across teams or to
 * two people at once; ratings lean positive as real ones do (about 4 on average, a few poor ones with a
 * comment), reactions on about a third, the older ones seen; requests in every state; a few decided flags. Random but repeatable (a fixed seed), written in batches; it rates the tenant's seeded
 * categories and attributes (server/src/seed/tenant.ts), and seeds nothing when there are none.
 */
import { averageRating, REACTION_EMOJIS, REQUEST_DEFAULT_EXPIRY_DAYS, storedRating } from '../../../shared/feedback.js';
import type { Db } from '../db/engine.js';
import { DEMO_E2E_EMPLOYEE } from './demo-leave.js';
import { random } from './random.js';

const WEEKS = 104;
const BATCH = 300;
const DAY = 86_400_000;

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Outstanding work on the release: calm, thorough and ahead of schedule.',
    'Your walkthrough made a hard topic easy for the whole team. Thank you!',
    'You picked up the incident at midnight and kept everyone informed. Exemplary.',
    'The new onboarding guide is brilliant; three people used it this week already.',
  ],
  4: [
    'Solid delivery this sprint, and the code review comments were really helpful.',
    'Thanks for jumping in on the customer call, it went much better with you there.',
    'Good planning on the migration; a little more notice to QA would make it perfect.',
    'Clear write-up of the options. I would love a recommendation at the end next time.',
  ],
  3: [
    'The feature works; the tests around the edge cases could be stronger.',
    'Good effort on the estimate, though it slipped twice. Let us pair on the next one.',
    'Helpful in the retro. Following up on the action items would close the loop.',
  ],
  2: [
    'The handover missed the open questions, which cost the team a day. Let us fix the checklist together.',
    'Several review comments were left unanswered before merging. Please reply before you merge.',
  ],
  1: ['The deadline passed without a word to the team. Please raise risks as soon as you see them.'],
};

const REQUEST_MESSAGES = [
  'I presented the quarterly roadmap on Tuesday: how clear was it?',
  'I am working on my estimates. How did the last sprint feel from your side?',
  'Could you tell me how the handover of the billing service went?',
  'I would value your view on how I run our stand-ups.',
];

const FLAG_REASONS = ['Personal remark, not about the work', 'Shares confidential numbers', 'Unfair to the person'];

/** A rating that leans positive: 5 (30%), 4 (42%), 3 (18%), 2 (7%), 1 (3%). */
function rating(next: () => number): number {
  const r = next();
  return r < 0.3 ? 5 : r < 0.72 ? 4 : r < 0.9 ? 3 : r < 0.97 ? 2 : 1;
}

const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)]!;

export async function seedDemoFeedback(db: Db, tenantId: number, now: Date): Promise<number> {
  const next = random(20261124);
  const attributes = await db
    .selectFrom('feedbackAttributes')
    .select(['id', 'categoryId'])
    .where('tenantId', '=', tenantId)
    .where('isActive', '=', 1)
    .orderBy('id')
    .execute();
  if (attributes.length === 0) return 0;
  const members = await db
    .selectFrom('teamMembers')
    .innerJoin('employees', 'employees.id', 'teamMembers.employeeId')
    .select(['teamMembers.employeeId', 'teamMembers.teamId', 'employees.email'])
    .where('teamMembers.tenantId', '=', tenantId)
    .where('employees.status', '=', 'active')
    .orderBy('teamMembers.employeeId')
    .execute();
  const teamOf = new Map(members.map((m) => [m.employeeId, m.teamId]));
  // The e2e employee starts with no requests of his own, asked or asking, like his leave (demo-leave.ts).
  const e2e = members.find((m) => m.email === DEMO_E2E_EMPLOYEE)?.employeeId;
  const people = [...teamOf.keys()];
  const mates = (id: number) => people.filter((p) => p !== id && teamOf.get(p) === teamOf.get(id));
  if (people.length < 3) return 0;

  type Planned = {
    giverId: number;
    receivers: number[];
    at: Date;
    ratings: { categoryId: number; attributeId: number; rating: number }[];
    comment: string | null;
  };
  const planned: Planned[] = [];
  for (let week = WEEKS; week >= 0; week -= 1) {
    for (const giverId of people) {
      const gifts = next() < 0.55 ? 1 : next() < 0.6 ? 2 : 0;
      for (let g = 0; g < gifts; g += 1) {
        const own = mates(giverId);
        const pool = own.length > 0 && next() < 0.75 ? own : people.filter((p) => p !== giverId);
        const first = pick(pool, next);
        const second =
          next() < 0.12
            ? pick(
                pool.filter((p) => p !== first),
                next,
              )
            : undefined;
        const receivers = second === undefined ? [first] : [first, second];
        const at = new Date(now.getTime() - week * 7 * DAY - Math.floor(next() * 7 * DAY));
        if (at.getTime() >= now.getTime()) continue;
        const count = 1 + Math.floor(next() * 3);
        const chosen = new Map<number, { categoryId: number; attributeId: number; rating: number }>();
        const base = rating(next);
        while (chosen.size < count) {
          const a = pick(attributes, next);
          const value = Math.max(1, Math.min(5, base + (next() < 0.25 ? (next() < 0.5 ? -1 : 1) : 0)));
          chosen.set(a.id, { categoryId: a.categoryId, attributeId: a.id, rating: value });
        }
        const ratings = [...chosen.values()];
        const low = Math.min(...ratings.map((r) => r.rating));
        const comment =
          low <= 2 || next() < 0.8
            ? pick(COMMENTS[Math.round(averageRating(ratings.map((r) => r.rating))!.average)]!, next)
            : null;
        planned.push({ giverId, receivers, at, ratings, comment });
      }
    }
  }
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());

  const feedbackIds: { id: number; receiverId: number; at: Date }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < planned.length; i += BATCH) {
      const batch = planned.slice(i, i + BATCH);
      const groups = await trx
        .insertInto('feedbackGroups')
        .values(
          batch.map((p) => ({
            tenantId,
            giverId: p.giverId,
            comment: p.comment,
            isDemo: 1 as const,
            createdAt: p.at.toISOString(),
            updatedAt: p.at.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      // Identities are handed out in the order of the rows: the ascending ids are the batch's order.
      const groupIds = groups.map((g) => g.id).sort((a, b) => a - b);
      const rows = batch.flatMap((p, k) =>
        p.receivers.map((receiverId) => {
          const ageDays = (now.getTime() - p.at.getTime()) / DAY;
          return {
            tenantId,
            groupId: groupIds[k]!,
            giverId: p.giverId,
            receiverId,
            ...storedRating(p.ratings),
            seenAt: ageDays > 3 || next() < 0.5 ? new Date(p.at.getTime() + 3_600_000).toISOString() : null,
            isDemo: 1 as const,
            createdAt: p.at.toISOString(),
            plan: p,
          };
        }),
      );
      const inserted = await trx
        .insertInto('feedback')
        .values(rows.map(({ plan: _, ...row }) => row))
        .returning('id')
        .execute();
      const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
      const ratings = rows.flatMap((row, k) => row.plan.ratings.map((r) => ({ tenantId, feedbackId: ids[k]!, ...r })));
      for (let j = 0; j < ratings.length; j += BATCH) {
        await trx
          .insertInto('feedbackRatings')
          .values(ratings.slice(j, j + BATCH))
          .execute();
      }
      const reactions = rows.flatMap((row, k) =>
        next() < 0.33
          ? [
              {
                tenantId,
                feedbackId: ids[k]!,
                employeeId: row.receiverId,
                emoji: pick(REACTION_EMOJIS, next),
                createdAt: new Date(row.plan.at.getTime() + 7_200_000).toISOString(),
              },
            ]
          : [],
      );
      if (reactions.length > 0) await trx.insertInto('feedbackReactions').values(reactions).execute();
      rows.forEach((row, k) => feedbackIds.push({ id: ids[k]!, receiverId: row.receiverId, at: row.plan.at }));
    }

    // A few decided flags on recent feedback: the review queues start empty, so the first flag anyone
    // raises is the one a reviewer sees (the e2e relies on it).
    const recent = feedbackIds.slice(-200);
    const states = ['approved', 'rejected', 'approved', 'rejected'] as const;
    for (const [k, status] of states.entries()) {
      const target = recent[k * 37]!;
      const at = new Date(target.at.getTime() + 86_400_000).toISOString();
      await trx
        .insertInto('feedbackFlags')
        .values({
          tenantId,
          feedbackId: target.id,
          flaggedBy: target.receiverId,
          reason: FLAG_REASONS[k % FLAG_REASONS.length]!,
          status,
          decidedBy: null,
          decidedAt: at,
          createdAt: at,
        })
        .execute();
      await trx.updateTable('feedback').set({ flagStatus: status }).where('id', '=', target.id).execute();
    }

    // Requests in every state: answered ones point at feedback the recipient gave the requester.
    for (let r = 0; r < 24; r += 1) {
      const requesterId = people[(r * 7) % people.length]!;
      const asked = mates(requesterId)
        .filter((p) => p !== e2e)
        .slice(0, 2 + (r % 3));
      if (requesterId === e2e) continue;
      if (asked.length === 0) continue;
      const createdAt = new Date(now.getTime() - (r < 8 ? 2 + r * 2 : 20 + r * 9) * DAY);
      const expiresAt = new Date(createdAt.getTime() + REQUEST_DEFAULT_EXPIRY_DAYS * DAY);
      const request = await trx
        .insertInto('feedbackRequests')
        .values({
          tenantId,
          requesterId,
          subjectId: requesterId,
          teamId: null,
          message: REQUEST_MESSAGES[r % REQUEST_MESSAGES.length]!,
          dueDate: new Date(createdAt.getTime() + 14 * DAY).toISOString().slice(0, 10),
          expiresAt: expiresAt.toISOString(),
          isDemo: 1,
          createdAt: createdAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attributeIds = [...new Set([pick(attributes, next).id, pick(attributes, next).id])];
      await trx
        .insertInto('feedbackRequestAttributes')
        .values(attributeIds.map((attributeId) => ({ tenantId, requestId: request.id, attributeId })))
        .execute();
      const expired = expiresAt.getTime() < now.getTime();
      for (const [k, employeeId] of asked.entries()) {
        const state = expired
          ? k === 0
            ? 'answered'
            : 'expired'
          : (['pending', 'answered', 'declined'] as const)[(r + k) % 3]!;
        const respondedAt = new Date(createdAt.getTime() + DAY).toISOString();
        let groupId: number | null = null;
        if (state === 'answered') {
          const value = rating(next);
          groupId = (
            await trx
              .insertInto('feedbackGroups')
              .values({
                tenantId,
                giverId: employeeId,
                comment: pick(COMMENTS[value]!, next),
                requestId: request.id,
                isDemo: 1,
                createdAt: respondedAt,
                updatedAt: respondedAt,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          const categoryOf = new Map(attributes.map((a) => [a.id, a.categoryId]));
          const ratings = attributeIds.map((attributeId) => ({
            categoryId: categoryOf.get(attributeId)!,
            attributeId,
            rating: value,
          }));
          const answer = await trx
            .insertInto('feedback')
            .values({
              tenantId,
              groupId,
              giverId: employeeId,
              receiverId: requesterId,
              ...storedRating(ratings),
              seenAt: respondedAt,
              isDemo: 1,
              createdAt: respondedAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('feedbackRatings')
            .values(ratings.map((r) => ({ tenantId, feedbackId: answer.id, ...r })))
            .execute();
        }
        await trx
          .insertInto('feedbackRequestRecipients')
          .values({
            tenantId,
            requestId: request.id,
            employeeId,
            status: state,
            groupId,
            respondedAt: state === 'answered' || state === 'declined' ? respondedAt : null,
          })
          .execute();
      }
    }
  });
  return feedbackIds.length;
}
