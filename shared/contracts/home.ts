/**
 * Home widgets (issue #13, docs/recognition.md "Home"): the home leaderboard (the company board of the
 * last 90 days, shared/contracts/leaderboards.ts), one's giving streak and frequency, top hashtags and the
 * hashtag search, top attributes, the employee and team rankings, and one's team's share of its target.
 * Company-wide figures are aggregates; someone else's received count is shown to HR only.
 */
import { z } from 'zod';
import { DEFAULT_RANKING_TYPE, MAX_HASHTAG_LENGTH, RANKING_TYPES } from '../home.js';
import { MATRIX_PERIODS } from '../feedback-matrix.js';

const personSchema = z.object({ id: z.number().int(), name: z.string() });
/** The widgets' window: tenant-local days, the last 90 through today. */
const windowFields = { from: z.string(), to: z.string() };

export const homePageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
});
export type HomePageQuery = z.output<typeof homePageQuerySchema>;

export const rankingQuerySchema = homePageQuerySchema.extend({
  type: z.enum(RANKING_TYPES).default(DEFAULT_RANKING_TYPE),
});
export type RankingQuery = z.output<typeof rankingQuerySchema>;

export const hashtagSearchQuerySchema = z.strictObject({
  /** The start of a tag, with or without its `#`; the widget never sends an empty one. */
  q: z
    .string()
    .trim()
    .min(1, 'Type the start of a hashtag')
    .max(MAX_HASHTAG_LENGTH + 1),
});

export const streakSchema = z
  .object({
    /** Consecutive ISO weeks with feedback given, through this week or last week. */
    weeks: z.number().int(),
    /** Whether this week already has feedback given. */
    thisWeek: z.boolean(),
    /** Monday of this week, tenant-local. */
    weekStart: z.string(),
  })
  .meta({ id: 'GivingStreak' });
export type GivingStreak = z.infer<typeof streakSchema>;

export const frequencySchema = z
  .object({
    /** The last 12 ISO weeks, oldest first: feedback given (one per recipient). */
    weeks: z.array(z.object({ weekStart: z.string(), given: z.number().int() })),
    /** Feedback given per week over those weeks, two decimals. */
    average: z.number(),
    /** The responsibility matrix's expectation per week (null: none, e.g. in no team of two or more). */
    target: z.number().nullable(),
    period: z.enum(MATRIX_PERIODS),
    /** What the matrix expects in one period, summed over one's teams. */
    perPeriod: z.number().int(),
  })
  .meta({ id: 'GivingFrequency' });
export type GivingFrequency = z.infer<typeof frequencySchema>;

const hashtagSchema = z.object({
  tag: z.string(),
  /** Acts of giving that used it in the window. */
  uses: z.number().int(),
  /** One of the caller's own tags that fewer than three people used: shown to them only. */
  own: z.boolean(),
});
export const hashtagListSchema = z
  .object({ ...windowFields, items: z.array(hashtagSchema) })
  .meta({ id: 'HashtagList' });
export type HashtagList = z.infer<typeof hashtagListSchema>;

export const topAttributesSchema = z
  .object({
    ...windowFields,
    items: z.array(
      z.object({
        rank: z.number().int(),
        attribute: personSchema,
        categoryName: z.string(),
        /** Counted feedback that rated it. */
        count: z.number().int(),
        /** Its average rating, two decimals. */
        average: z.number(),
      }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'TopAttributes' });
export type TopAttributes = z.infer<typeof topAttributesSchema>;

export const employeeRankingSchema = z
  .object({
    ...windowFields,
    type: z.enum(RANKING_TYPES),
    items: z.array(
      z.object({
        rank: z.number().int(),
        employee: personSchema,
        /** Feedback given, or received: received only on one's own row, or for HR. */
        count: z.number().int().nullable(),
        isMe: z.boolean(),
      }),
    ),
    total: z.number().int(),
    /** The caller's own place (null: not ranked) and count. */
    me: z.object({ rank: z.number().int().nullable(), count: z.number().int() }),
  })
  .meta({ id: 'EmployeeRanking' });
export type EmployeeRanking = z.infer<typeof employeeRankingSchema>;

export const teamRankingSchema = z
  .object({
    ...windowFields,
    items: z.array(
      z.object({
        rank: z.number().int(),
        team: personSchema,
        /** The damped average of what its members received (docs/recognition.md "Leaderboards"), two decimals. */
        score: z.number(),
        memberCount: z.number().int(),
        isMine: z.boolean(),
      }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'TeamRanking' });
export type TeamRanking = z.infer<typeof teamRankingSchema>;

export const teamPercentageSchema = z
  .object({
    period: z.enum(MATRIX_PERIODS),
    /** Each of the caller's teams: its share of the matrix target, per period, oldest first. */
    teams: z.array(
      z.object({
        team: personSchema,
        periods: z.array(z.object({ start: z.string(), end: z.string(), percent: z.number().int().nullable() })),
      }),
    ),
  })
  .meta({ id: 'TeamPercentageTrend' });
export type TeamPercentageTrend = z.infer<typeof teamPercentageSchema>;
