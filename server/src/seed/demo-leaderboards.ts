/**
 * One reciprocal ring in the demo company (docs/recognition.md "Leaderboards"), so HR's review on the
 * Leaderboard page is alive: a member of the Data team and one of Design (never a lead, never the e2e
 * employee's team) rate each other Excellent every other week over the last two months, far above what
 * their colleagues give them. Demo rows like the rest of the demo feedback: hidden when the company switches demo data off.
 */
import type { Db } from '../db/engine.js';
import { writeHashtags } from '../modules/home/hashtags.js';
import { demoAttributes } from './demo-feedback.js';

const DAY = 86_400_000;
const COMMENTS = [
  'Brilliant as always, thank you!',
  'Amazing work again this sprint.',
  'The best teammate anyone could ask for.',
  'Flawless, as usual.',
];

export async function seedDemoRing(db: Db, tenantId: number, now: Date): Promise<number> {
  // The second member of each team (never its lead, the first): colleagues who rarely work together.
  const second = (team: string) =>
    db
      .selectFrom('teamMembers')
      .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
      .innerJoin('employees', 'employees.id', 'teamMembers.employeeId')
      .select('teamMembers.employeeId')
      .where('teamMembers.tenantId', '=', tenantId)
      .where('teams.name', '=', team)
      .where('employees.status', '=', 'active')
      .orderBy('teamMembers.employeeId')
      .offset(1)
      .limit(1)
      .executeTakeFirst();
  const pair = [await second('Data'), await second('Design')].filter((m) => m !== undefined);
  const attributes = (await demoAttributes(db, tenantId)).slice(0, 2);
  if (pair.length < 2 || attributes.length < 2) return 0;
  const [a, b] = [pair[0]!.employeeId, pair[1]!.employeeId];
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 4; i += 1) {
      for (const [giverId, receiverId, hours] of [
        [a, b, 10],
        [b, a, 14],
      ] as const) {
        const at = new Date(now.getTime() - (8 + i * 14) * DAY - hours * 3_600_000).toISOString();
        const group = await trx
          .insertInto('feedbackGroups')
          .values({ tenantId, giverId, comment: COMMENTS[i]!, isDemo: 1, createdAt: at, updatedAt: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeHashtags(trx, tenantId, [
          { id: group.id, giverId, isDemo: 1, createdAt: at, comment: COMMENTS[i]! },
        ]);
        const feedback = await trx
          .insertInto('feedback')
          .values({
            tenantId,
            groupId: group.id,
            giverId,
            receiverId,
            rating: 5,
            ratingSum: 5 * attributes.length,
            ratingCount: attributes.length,
            seenAt: at,
            isDemo: 1,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('feedbackRatings')
          .values(
            attributes.map((r) => ({
              tenantId,
              feedbackId: feedback.id,
              categoryId: r.categoryId,
              attributeId: r.id,
              rating: 5,
            })),
          )
          .execute();
        written += 1;
      }
    }
  });
  return written;
}
