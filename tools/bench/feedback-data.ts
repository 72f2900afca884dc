/**
 * A large tenant for the feedback benchmark: the people of the workforce benchmark (teams of about 20,
 * each with a Team Lead) and `years` of personal feedback, about 2.4 received per person per week (2,000
 * people × 2 years ≈ 500,000 feedback rows), with the shape of the demo's (server/src/seed/demo-feedback.ts):
 * three in four to one's own team, one in eight to two people at once, one to three ratings on the
 * tenant's attributes leaning positive, a comment on most, a reaction on a third, the older ones seen.
 * Random but repeatable (server/src/seed/random.ts with a fixed seed), written week by week in big
 * batches straight into the database after the real migrations.
 */
import { REACTION_EMOJIS, storedRating } from '../../shared/feedback.js';
import type { Db } from '../../server/src/db/engine.js';
import { random } from '../../server/src/seed/random.js';
import { buildBenchPeople, type BenchPeople } from './workforce-data.js';

export type FeedbackBenchTenant = BenchPeople & {
  feedbackRows: number;
  ratingRows: number;
  categoryIds: number[];
};

const CHUNK = 1_000;
const DAY = 86_400_000;
const TEAM_SIZE = 20;

/** Used only when the tenant's creation seeds no categories (before the catalogue's seed exists). */
const CATALOGUE: Record<string, readonly string[]> = {
  Communication: ['Clarity', 'Listening', 'Written updates', 'Presenting'],
  Ownership: ['Initiative', 'Follow-through', 'Accountability', 'Raising risks'],
  Quality: ['Attention to detail', 'Testing', 'Code review', 'Documentation'],
  Collaboration: ['Helping others', 'Feedback', 'Mentoring', 'Teamwork'],
  Delivery: ['Planning', 'Estimates', 'Meeting deadlines', 'Focus'],
};

async function attributesOf(db: Db, tenantId: number, stamp: string) {
  const existing = () =>
    db
      .selectFrom('feedbackAttributes')
      .select(['id', 'categoryId'])
      .where('tenantId', '=', tenantId)
      .where('isActive', '=', 1)
      .orderBy('id')
      .execute();
  const found = await existing();
  if (found.length > 0) return found;
  for (const [name, attributes] of Object.entries(CATALOGUE)) {
    const category = await db
      .insertInto('feedbackCategories')
      .values({ tenantId, name, description: null, color: '#2563eb', isActive: 1, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feedbackAttributes')
      .values(
        attributes.map((attribute) => ({
          tenantId,
          categoryId: category.id,
          name: attribute,
          description: null,
          isActive: 1,
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();
  }
  return existing();
}

/** A rating that leans positive, as the demo's: 5 (30%), 4 (42%), 3 (18%), 2 (7%), 1 (3%). */
function rating(next: () => number): number {
  const r = next();
  return r < 0.3 ? 5 : r < 0.72 ? 4 : r < 0.9 ? 3 : r < 0.97 ? 2 : 1;
}

export async function buildFeedbackBenchTenant(
  db: Db,
  options: { employees: number; years: number; password: string; now: Date; log: (line: string) => void },
): Promise<FeedbackBenchTenant> {
  const { now, log } = options;
  const stamp = now.toISOString();
  const people = await buildBenchPeople(db, { ...options, withLeads: true });
  const { tenantId, employeeIds } = people;
  log(`  ${employeeIds.length} employees in ${people.teamIds.length} teams, ${people.leadIds.length} team leads`);
  const attributes = await attributesOf(db, tenantId, stamp);
  const categoryIds = [...new Set(attributes.map((a) => a.categoryId))];

  const next = random(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const teamOf = (i: number) => Math.floor(i / TEAM_SIZE);
  const weeks = Math.round(options.years * 52);
  const started = Date.now();
  let feedbackRows = 0;
  let ratingRows = 0;

  for (let week = weeks; week >= 1; week -= 1) {
    type Planned = {
      giverId: number;
      receivers: number[];
      at: number;
      ratings: { categoryId: number; attributeId: number; rating: number }[];
      comment: string | null;
    };
    const planned: Planned[] = [];
    for (let g = 0; g < employeeIds.length; g += 1) {
      // 2.15 acts of giving a week on average, one in eight to two people: about 2.4 feedback each.
      const gifts = Math.floor(2.15 + next());
      const team = teamOf(g);
      const teamStart = team * TEAM_SIZE;
      const teamEnd = Math.min(employeeIds.length, teamStart + TEAM_SIZE);
      const other = () => {
        for (;;) {
          const i =
            teamEnd - teamStart > 1 && next() < 0.75
              ? teamStart + Math.floor(next() * (teamEnd - teamStart))
              : Math.floor(next() * employeeIds.length);
          if (i !== g) return i;
        }
      };
      for (let k = 0; k < gifts; k += 1) {
        const first = other();
        let second = next() < 0.12 ? other() : undefined;
        if (second === first) second = undefined;
        const count = 1 + Math.floor(next() * 3);
        const chosen = new Map<number, { categoryId: number; attributeId: number; rating: number }>();
        const base = rating(next);
        while (chosen.size < Math.min(count, attributes.length)) {
          const a = pick(attributes);
          const value = Math.max(1, Math.min(5, base + (next() < 0.25 ? (next() < 0.5 ? -1 : 1) : 0)));
          chosen.set(a.id, { categoryId: a.categoryId, attributeId: a.id, rating: value });
        }
        planned.push({
          giverId: employeeIds[g]!,
          receivers: second === undefined ? [employeeIds[first]!] : [employeeIds[first]!, employeeIds[second]!],
          at: now.getTime() - week * 7 * DAY + Math.floor(next() * 7 * DAY),
          ratings: [...chosen.values()],
          comment: next() < 0.8 ? `Feedback ${week}-${g}-${k}: thanks for the work this week.` : null,
        });
      }
    }
    planned.sort((a, b) => a.at - b.at);

    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < planned.length; i += CHUNK) {
        const batch = planned.slice(i, i + CHUNK);
        const groups = await trx
          .insertInto('feedbackGroups')
          .values(
            batch.map((p) => ({
              tenantId,
              giverId: p.giverId,
              comment: p.comment,
              isDemo: 0 as const,
              createdAt: new Date(p.at).toISOString(),
              updatedAt: new Date(p.at).toISOString(),
            })),
          )
          .returning('id')
          .execute();
        // Identities are handed out in the order of the rows: the ascending ids are the batch's order.
        const groupIds = groups.map((g) => g.id).sort((a, b) => a - b);
        const rows = batch.flatMap((p, k) =>
          p.receivers.map((receiverId) => {
            return {
              row: {
                tenantId,
                groupId: groupIds[k]!,
                giverId: p.giverId,
                receiverId,
                ...storedRating(p.ratings),
                seenAt: week > 1 || next() < 0.5 ? new Date(p.at + 3_600_000).toISOString() : null,
                isDemo: 0 as const,
                createdAt: new Date(p.at).toISOString(),
              },
              plan: p,
            };
          }),
        );
        const ids: number[] = [];
        for (let j = 0; j < rows.length; j += CHUNK) {
          const inserted = await trx
            .insertInto('feedback')
            .values(rows.slice(j, j + CHUNK).map((r) => r.row))
            .returning('id')
            .execute();
          ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
        }
        const ratings = rows.flatMap((r, k) => r.plan.ratings.map((x) => ({ tenantId, feedbackId: ids[k]!, ...x })));
        for (let j = 0; j < ratings.length; j += CHUNK) {
          await trx
            .insertInto('feedbackRatings')
            .values(ratings.slice(j, j + CHUNK))
            .execute();
        }
        const reactions = rows.flatMap((r, k) =>
          next() < 0.33
            ? [
                {
                  tenantId,
                  feedbackId: ids[k]!,
                  employeeId: r.row.receiverId,
                  emoji: pick(REACTION_EMOJIS),
                  createdAt: new Date(r.plan.at + 7_200_000).toISOString(),
                },
              ]
            : [],
        );
        for (let j = 0; j < reactions.length; j += CHUNK) {
          await trx
            .insertInto('feedbackReactions')
            .values(reactions.slice(j, j + CHUNK))
            .execute();
        }
        feedbackRows += rows.length;
        ratingRows += ratings.length;
      }
    });
    if (week % 13 === 0 || week === 1)
      log(
        `  feedback: ${weeks - week + 1}/${weeks} weeks, ${feedbackRows} rows, ${ratingRows} ratings (${((Date.now() - started) / 1000).toFixed(0)}s)`,
      );
  }
  return { ...people, feedbackRows, ratingRows, categoryIds };
}
