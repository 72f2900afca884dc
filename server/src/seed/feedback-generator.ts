/**
 * Generated personal feedback, one generator for the demo company (demo-feedback.ts) and the feedback
 * benchmark (tools/bench/feedback-data.ts). The caller gives the size (the weeks it plans, the acts of
 * giving per person per week) and the randomness (a seeded `next`, server/src/seed/random.ts); the shape is
 * the same for both: three in four acts of giving to one's own team, one in eight to two people at once,
 * one to three of the tenant's attributes rated around one value leaning positive, a comment on most (always
 * on a poor one, most praise carrying a #hashtag or two), a reaction from the receiver on a third, all but
 * the last few days' seen. Written in batches, each feedback with the stored averages of shared/feedback.ts
 * and each comment's hashtags (docs/recognition.md "Home").
 */
import { averageRating, REACTION_EMOJIS, storedRating } from '../../../shared/feedback.js';
import type { Db } from '../db/engine.js';
import { writeHashtags } from '../modules/home/hashtags.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Feedback younger than this is seen half the time; older feedback is seen. */
const UNSEEN_DAYS = 3;

export type Random = () => number;
export type GeneratedRating = { categoryId: number; attributeId: number; rating: number };

/** One act of giving: its group, and one feedback per receiver with the same ratings. */
export type PlannedFeedback = {
  giverId: number;
  receivers: number[];
  at: Date;
  ratings: GeneratedRating[];
  comment: string | null;
};

export type FeedbackGeneratorOptions = {
  /** Each active employee with their team, in a fixed order (the order the random choices follow). */
  teamOf: ReadonlyMap<number, number>;
  /** The tenant's active attributes, in a fixed order. */
  attributes: readonly { id: number; categoryId: number }[];
  now: Date;
  next: Random;
  /** How many acts of giving one person makes in one week. */
  gifts: (next: Random) => number;
  /** Groups a batch writes in one statement (and the most rows of any one statement). */
  batch: number;
  isDemo: 0 | 1;
};

/** A written feedback: what the demo's flags and requests build on. */
export type WrittenFeedback = { id: number; receiverId: number; at: Date };

/** The comments of generated feedback by rating (1 to 5); the news feed shows the shared ones. */
export const FEEDBACK_COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Outstanding work on the release: calm, thorough and ahead of schedule. #ownership',
    'Your walkthrough made a hard topic easy for the whole team. Thank you! #teamwork #mentoring',
    'You picked up the incident at midnight and kept everyone informed. Exemplary. #ownership #oncall',
    'The new onboarding guide is brilliant; three people used it this week already. #knowledgesharing',
  ],
  4: [
    'Solid delivery this sprint, and the code review comments were really helpful. #codereview',
    'Thanks for jumping in on the customer call, it went much better with you there. #customerfirst #teamwork',
    'Good planning on the migration; a little more notice to QA would make it perfect. #planning',
    'Clear write-up of the options. I would love a recommendation at the end next time.',
  ],
  3: [
    'The feature works; the tests around the edge cases could be stronger. #testing',
    'Good effort on the estimate, though it slipped twice. Let us pair on the next one.',
    'Helpful in the retro. Following up on the action items would close the loop. #retro',
  ],
  2: [
    'The handover missed the open questions, which cost the team a day. Let us fix the checklist together.',
    'Several review comments were left unanswered before merging. Please reply before you merge.',
  ],
  1: ['The deadline passed without a word to the team. Please raise risks as soon as you see them.'],
};

/** A comment that fits a rating (1 to 5). */
export function commentFor(rating: number, next: Random): string {
  return pick(FEEDBACK_COMMENTS[rating]!, next);
}

/** A rating that leans positive: 5 (30%), 4 (42%), 3 (18%), 2 (7%), 1 (3%). */
export function leaningRating(next: Random): number {
  const r = next();
  return r < 0.3 ? 5 : r < 0.72 ? 4 : r < 0.9 ? 3 : r < 0.97 ? 2 : 1;
}

export const pick = <T>(list: readonly T[], next: Random): T => list[Math.floor(next() * list.length)]!;

/**
 * The position of a uniform pick from `list` without the positions `skip` (ascending): the same pick, for
 * the same random value, as from a copy of the list with those left out, without making the copy. None
 * when nothing is left (the random value is drawn all the same).
 */
function pickSkipping(length: number, skip: readonly number[], next: Random): number | undefined {
  let i = Math.floor(next() * (length - skip.length));
  if (length - skip.length <= 0) return undefined;
  for (const s of skip) if (i >= s) i += 1;
  return i;
}

export function feedbackGenerator(options: FeedbackGeneratorOptions) {
  const { teamOf, attributes, now, next, batch, isDemo } = options;
  const people = [...teamOf.keys()];
  const positionIn = (list: readonly number[]) => new Map(list.map((id, i) => [id, i]));
  const everyone = { list: people, position: positionIn(people) };
  const teams = new Map<number, typeof everyone>();
  for (const teamId of new Set(teamOf.values())) {
    const list = people.filter((p) => teamOf.get(p) === teamId);
    teams.set(teamId, { list, position: positionIn(list) });
  }

  /** One to three attributes (never more than there are) rated around one value. */
  function ratings(): GeneratedRating[] {
    const count = 1 + Math.floor(next() * 3);
    const chosen = new Map<number, GeneratedRating>();
    const base = leaningRating(next);
    while (chosen.size < Math.min(count, attributes.length)) {
      const a = pick(attributes, next);
      const value = Math.max(1, Math.min(5, base + (next() < 0.25 ? (next() < 0.5 ? -1 : 1) : 0)));
      chosen.set(a.id, { categoryId: a.categoryId, attributeId: a.id, rating: value });
    }
    return [...chosen.values()];
  }

  return {
    /** The acts of giving of week `week` back from now (0 ends now), oldest first. */
    week(week: number): PlannedFeedback[] {
      const planned: PlannedFeedback[] = [];
      for (const giverId of people) {
        const gifts = options.gifts(next);
        for (let g = 0; g < gifts; g += 1) {
          const team = teams.get(teamOf.get(giverId)!)!;
          const pool = team.list.length > 1 && next() < 0.75 ? team : everyone;
          const giver = pool.position.get(giverId)!;
          const first = pickSkipping(pool.list.length, [giver], next);
          if (first === undefined) continue;
          const second =
            next() < 0.12
              ? pickSkipping(
                  pool.list.length,
                  [giver, first].sort((a, b) => a - b),
                  next,
                )
              : undefined;
          const receivers = [first, ...(second === undefined ? [] : [second])].map((i) => pool.list[i]!);
          const at = new Date(now.getTime() - week * WEEK - Math.floor(next() * WEEK));
          if (at.getTime() >= now.getTime()) continue;
          const rated = ratings();
          const values = rated.map((r) => r.rating);
          const comment =
            Math.min(...values) <= 2 || next() < 0.8
              ? commentFor(Math.round(averageRating(values)!.average), next)
              : null;
          planned.push({ giverId, receivers, at, ratings: rated, comment });
        }
      }
      return planned.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    /** Writes planned acts of giving: groups, feedback, ratings, reactions; in batches of `batch`. */
    async write(db: Db, tenantId: number, planned: readonly PlannedFeedback[]) {
      const written: WrittenFeedback[] = [];
      let ratingRows = 0;
      const insertAll = async <T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) => {
        for (let j = 0; j < rows.length; j += batch) await insert(rows.slice(j, j + batch));
      };
      for (let i = 0; i < planned.length; i += batch) {
        const plans = planned.slice(i, i + batch);
        const groups = await db
          .insertInto('feedbackGroups')
          .values(
            plans.map((p) => ({
              tenantId,
              giverId: p.giverId,
              comment: p.comment,
              isDemo,
              createdAt: p.at.toISOString(),
              updatedAt: p.at.toISOString(),
            })),
          )
          .returning('id')
          .execute();
        // Identities are handed out in the order of the rows: the ascending ids are the batch's order.
        const groupIds = groups.map((g) => g.id).sort((a, b) => a - b);
        await writeHashtags(
          db,
          tenantId,
          plans.map((p, k) => ({
            id: groupIds[k]!,
            giverId: p.giverId,
            isDemo,
            createdAt: p.at.toISOString(),
            comment: p.comment,
          })),
        );
        const rows = plans.flatMap((p, k) =>
          p.receivers.map((receiverId) => ({
            plan: p,
            row: {
              tenantId,
              groupId: groupIds[k]!,
              giverId: p.giverId,
              receiverId,
              ...storedRating(p.ratings),
              seenAt:
                now.getTime() - p.at.getTime() > UNSEEN_DAYS * DAY || next() < 0.5
                  ? new Date(p.at.getTime() + 3_600_000).toISOString()
                  : null,
              isDemo,
              createdAt: p.at.toISOString(),
            },
          })),
        );
        const ids: number[] = [];
        await insertAll(rows, async (chunk) => {
          const inserted = await db
            .insertInto('feedback')
            .values(chunk.map((r) => r.row))
            .returning('id')
            .execute();
          ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
        });
        const ratings = rows.flatMap((r, k) => r.plan.ratings.map((x) => ({ tenantId, feedbackId: ids[k]!, ...x })));
        await insertAll(ratings, (chunk) => db.insertInto('feedbackRatings').values(chunk).execute());
        const reactions = rows.flatMap((r, k) =>
          next() < 0.33
            ? [
                {
                  tenantId,
                  feedbackId: ids[k]!,
                  employeeId: r.row.receiverId,
                  emoji: pick(REACTION_EMOJIS, next),
                  createdAt: new Date(r.plan.at.getTime() + 7_200_000).toISOString(),
                },
              ]
            : [],
        );
        await insertAll(reactions, (chunk) => db.insertInto('feedbackReactions').values(chunk).execute());
        rows.forEach((r, k) => written.push({ id: ids[k]!, receiverId: r.row.receiverId, at: r.plan.at }));
        ratingRows += ratings.length;
      }
      return { feedback: written, ratingRows };
    },
  };
}
