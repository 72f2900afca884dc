/**
 * Two years of feedback for the demo company (issue #12), so every feedback page is alive: each active
 * teammate gives one or two feedback a week, mostly to their own team, sometimes across teams or to
 * two people at once; ratings lean positive as real ones do (about 4 on average, a few poor ones with a
 * comment), reactions on about a third, the older ones seen (the generator the benchmark shares,
 * feedback-generator.ts); requests in every state; a few decided flags. Random but repeatable (a fixed
 * seed), written in batches; it rates the tenant's seeded categories and attributes
 * (server/src/seed/tenant.ts), and seeds nothing when there are none.
 */
import { REQUEST_DEFAULT_EXPIRY_DAYS, storedRating } from '../../../shared/feedback.js';
import type { Db } from '../db/engine.js';
import { writeHashtags } from '../modules/home/hashtags.js';
import { DEMO_E2E_EMPLOYEE } from './demo-leave.js';
import { commentFor, feedbackGenerator, leaningRating, pick, type PlannedFeedback } from './feedback-generator.js';
import { random } from './random.js';

const WEEKS = 104;
const BATCH = 300;
const DAY = 86_400_000;

const REQUEST_MESSAGES = [
  'I presented the quarterly roadmap on Tuesday: how clear was it?',
  'I am working on my estimates. How did the last sprint feel from your side?',
  'Could you tell me how the handover of the billing service went?',
  'I would value your view on how I run our stand-ups.',
];

const FLAG_REASONS = ['Personal remark, not about the work', 'Shares confidential numbers', 'Unfair to the person'];

/** The active attributes the demo rates, in the order they were made. */
export function demoAttributes(db: Db, tenantId: number) {
  return db
    .selectFrom('feedbackAttributes')
    .select(['id', 'categoryId'])
    .where('tenantId', '=', tenantId)
    .where('isActive', '=', 1)
    .orderBy('id')
    .execute();
}

export async function seedDemoFeedback(db: Db, tenantId: number, now: Date): Promise<number> {
  const next = random(20261124);
  const attributes = await demoAttributes(db, tenantId);
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

  const generator = feedbackGenerator({
    teamOf,
    attributes,
    now,
    next,
    // One a week about half the time, two now and then: about one act of giving a week.
    gifts: (r) => (r() < 0.55 ? 1 : r() < 0.6 ? 2 : 0),
    batch: BATCH,
    isDemo: 1,
  });
  const planned: PlannedFeedback[] = [];
  for (let week = WEEKS; week >= 0; week -= 1) planned.push(...generator.week(week));

  return db.transaction().execute(async (trx) => {
    const { feedback } = await generator.write(trx, tenantId, planned);

    // A few decided flags on recent feedback: the review queues start empty, so the first flag anyone
    // raises is the one a reviewer sees (the e2e relies on it).
    const recent = feedback.slice(-200);
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
          const value = leaningRating(next);
          const comment = commentFor(value, next);
          groupId = (
            await trx
              .insertInto('feedbackGroups')
              .values({
                tenantId,
                giverId: employeeId,
                comment,
                requestId: request.id,
                isDemo: 1,
                createdAt: respondedAt,
                updatedAt: respondedAt,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          await writeHashtags(trx, tenantId, [
            { id: groupId, giverId: employeeId, isDemo: 1, createdAt: respondedAt, comment },
          ]);
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
    return feedback.length;
  });
}
