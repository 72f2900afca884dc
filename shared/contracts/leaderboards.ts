/**
 * Leaderboards (issue #13, docs/recognition.md "Leaderboards"): who ranks highest by received feedback in a
 * tenant-local period, company-wide, on one category, on one attribute or within one team; the caller's own
 * place and the counted feedback behind it; and, for HR, pairs who rate each other suspiciously well.
 * A board shows names, places and damped scores, never a feedback's contents.
 */
import { z } from 'zod';
import { LEADERBOARD_KINDS } from '../leaderboards.js';
import { idSchema } from './common.js';
import { isoDateSchema } from '../validation.js';

/**
 * The period: tenant-local days (default the last 90 through today, at most 731). Anyone but HR asks one
 * of the presets ending today (the last 30 days, 90 days or year); another period answers 400.
 */
export const leaderboardQuerySchema = z.strictObject({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;

export const explainQuerySchema = z.strictObject({
  board: z.enum(LEADERBOARD_KINDS),
  /** The category, attribute or team of the board; none for the company board. */
  id: idSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ExplainQuery = z.output<typeof explainQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

const boardSchema = z.object({
  kind: z.enum(LEADERBOARD_KINDS),
  /** The category, attribute or team; null for the company board. */
  id: z.number().int().nullable(),
  name: z.string().nullable(),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  employee: personSchema,
  /** The damped score (docs/recognition.md), two decimals. */
  score: z.number(),
  /**
   * Feedback counted, each weighed by its repeat weight (two decimals), and the feedback behind it: the
   * caller's own row and, for HR, everyone's; null on other people's rows.
   */
  counted: z.number().nullable(),
  feedbackCount: z.number().int().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z
  .object({
    board: boardSchema,
    from: z.string(),
    to: z.string(),
    /** The tenant's top positions (leaderboardPositions): how many places the board shows. */
    positions: z.number().int(),
    /** Counted feedback needed to rank (gamificationThreshold: high 5, low 2). */
    minimum: z.number(),
    /** The board's mean rated value, towards which scores are shrunk; null when nothing was rated. */
    mean: z.number().nullable(),
    /** How many people rank on the board. */
    rankedCount: z.number().int(),
    /** The top `positions` places, best first (fewer when fewer people rank). */
    entries: z.array(leaderboardEntrySchema),
    /** The caller's own place; null when they cannot be on this board (a team they are not in). */
    me: z
      .object({
        rank: z.number().int().nullable(),
        score: z.number().nullable(),
        counted: z.number(),
        feedbackCount: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'Leaderboard' });
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const explanationSchema = z
  .object({
    board: boardSchema,
    from: z.string(),
    to: z.string(),
    rank: z.number().int().nullable(),
    rankedCount: z.number().int(),
    score: z.number().nullable(),
    /** The score of the place just above the caller's (null when first or not ranked). */
    aheadScore: z.number().nullable(),
    mean: z.number().nullable(),
    priorWeight: z.number(),
    minimum: z.number(),
    windowDays: z.number().int(),
    /** Σ weight × rated values, Σ weight × number of rated values, Σ weight, and the feedback behind them. */
    weightedSum: z.number(),
    weightedCount: z.number(),
    counted: z.number(),
    feedbackCount: z.number().int(),
    /** Each counted feedback, newest first: its weight always; who gave it and its average only when the caller may read it. */
    entries: z.array(
      z.object({
        createdAt: z.string(),
        /** 1 for the first from that giver in the window, 2 for the second (weight 1/2)… */
        repeat: z.number().int(),
        weight: z.number(),
        ratedCount: z.number().int(),
        visible: z.boolean(),
        feedbackId: z.number().int().nullable(),
        giver: personSchema.nullable(),
        average: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'LeaderboardExplanation' });
export type LeaderboardExplanation = z.infer<typeof explanationSchema>;

export const ringsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    minFeedback: z.number().int(),
    minGap: z.number(),
    rings: z.array(
      z.object({
        a: personSchema,
        b: personSchema,
        aToB: z.object({ feedbackCount: z.number().int(), average: z.number() }),
        bToA: z.object({ feedbackCount: z.number().int(), average: z.number() }),
        aFromOthers: z.number().nullable(),
        bFromOthers: z.number().nullable(),
        gap: z.number(),
      }),
    ),
  })
  .meta({ id: 'ReciprocalRings' });
export type ReciprocalRings = z.infer<typeof ringsSchema>;

/** What the boards can be about: active categories and attributes, and the teams the caller may open. */
export const leaderboardChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  attributes: z.array(
    z.object({ id: z.number().int(), name: z.string(), categoryId: z.number().int(), categoryName: z.string() }),
  ),
  teams: z.array(personSchema),
  /** The caller's first team by name (the team view's default); null when in none. */
  myTeamId: z.number().int().nullable(),
});
export type LeaderboardChoices = z.infer<typeof leaderboardChoicesSchema>;
