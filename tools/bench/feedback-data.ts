/**
 * A large tenant for the feedback benchmark: the people of the workforce benchmark (teams of about 20,
 * each with a Team Lead) and `years` of personal feedback, about 2.4 received per person per week (2,000
 * people × 2 years ≈ 500,000 feedback rows), from the demo's generator (server/src/seed/feedback-generator.ts)
 * with more acts of giving a week: three in four to one's own team, one in eight to two people at once, one
 * to three ratings on the tenant's attributes leaning positive, a comment on most, a reaction on a third,
 * the older ones seen. Random but repeatable (server/src/seed/random.ts with a fixed seed), written week by
 * week in big batches straight into the database after the real migrations.
 */
import type { Db } from '../../server/src/db/engine.js';
import { feedbackGenerator } from '../../server/src/seed/feedback-generator.js';
import { random } from '../../server/src/seed/random.js';
import { buildBenchPeople, type BenchPeople } from './workforce-data.js';

export type FeedbackBenchTenant = BenchPeople & {
  feedbackRows: number;
  ratingRows: number;
  categoryIds: number[];
};

const CHUNK = 1_000;
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

  // The people of the workforce benchmark sit in teams of TEAM_SIZE in the order of their ids.
  const teamOf = new Map(employeeIds.map((id, i) => [id, people.teamIds[Math.floor(i / TEAM_SIZE)]!]));
  const generator = feedbackGenerator({
    teamOf,
    attributes,
    now,
    next: random(20261124),
    // 2.15 acts of giving a week on average, one in eight to two people: about 2.4 feedback each.
    gifts: (next) => Math.floor(2.15 + next()),
    batch: CHUNK,
    isDemo: 0,
  });
  const weeks = Math.round(options.years * 52);
  const started = Date.now();
  let feedbackRows = 0;
  let ratingRows = 0;
  for (let week = weeks - 1; week >= 0; week -= 1) {
    const planned = generator.week(week);
    const written = await db.transaction().execute((trx) => generator.write(trx, tenantId, planned));
    feedbackRows += written.feedback.length;
    ratingRows += written.ratingRows;
    if (week % 13 === 0)
      log(
        `  feedback: ${weeks - week}/${weeks} weeks, ${feedbackRows} rows, ${ratingRows} ratings (${((Date.now() - started) / 1000).toFixed(0)}s)`,
      );
  }
  return { ...people, feedbackRows, ratingRows, categoryIds };
}
