/**
 * The feedback Overview (issue #12, docs/feedback.md "Overview"): one employee's received feedback, or the
 * caller's teams', summed up in a tenant-local date range: the overall rating and its trend against the
 * previous equal period, counts per week, per-category and per-attribute averages, a 6-month trend and the
 * category and attribute drill-downs. Every figure comes from the rows the caller may read.
 */
import { z } from 'zod';
import { RATING_TRENDS } from '../feedback-overview.js';
import { idSchema } from './common.js';
import { isoDateSchema } from '../validation.js';

/**
 * Whose overview, at most one of them (shared/feedback-overview.ts `subjectConflict`): an employee (default
 * the caller), one team's or one function's active members, or with team=true the members of the caller's
 * teams (the caller excluded).
 */
const subjectQuery = {
  employeeId: idSchema.optional(),
  teamId: idSchema.optional(),
  functionId: idSchema.optional(),
  team: z.stringbool().optional(),
};
const rangeQuery = { from: isoDateSchema.optional(), to: isoDateSchema.optional() };

export const overviewQuerySchema = z.strictObject({ ...subjectQuery, ...rangeQuery });
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

export const trendQuerySchema = z.strictObject({
  ...subjectQuery,
  /** The trend of one category's ratings, or of one attribute's (not both). */
  categoryId: idSchema.optional(),
  attributeId: idSchema.optional(),
});
export type TrendQuery = z.output<typeof trendQuerySchema>;

/** An average of rated values (two decimals; null when none) and how many rated values made it. */
const figure = { average: z.number().nullable(), count: z.number().int() };

export const monthFigureSchema = z.object({ month: z.string().describe('YYYY-MM'), ...figure });
export type MonthFigure = z.infer<typeof monthFigureSchema>;

export const categoryFigureSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string(), ...figure });
export type CategoryFigure = z.infer<typeof categoryFigureSchema>;

export const attributeFigureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  color: z.string(),
  ...figure,
});
export type AttributeFigure = z.infer<typeof attributeFigureSchema>;

const rangeSchema = { from: z.string(), to: z.string() };

export const overviewSchema = z
  .object({
    ...rangeSchema,
    /** The employee whose overview it is; null for a team, a function or the caller's teams. */
    employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The team whose overview it is (teamId); null otherwise. */
    team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The function whose overview it is (functionId); null otherwise. */
    function: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The average of every rated value of the visible received feedback in the range. */
    overallRating: z.number().nullable(),
    ratingCount: z.number().int(),
    feedbackCount: z.number().int(),
    /** The same average over the equal period just before the range. */
    previousRating: z.number().nullable(),
    trend: z.enum(RATING_TRENDS),
    percentageChange: z.number().nullable(),
    /** Feedback received this tenant-local week (Monday to today), whatever the range. */
    weekCount: z.number().int(),
    /** Feedback received per week of the range, by the week's Monday. */
    weeks: z.array(z.object({ start: z.string(), count: z.number().int() })),
    categories: z.array(categoryFigureSchema),
    attributes: z.array(attributeFigureSchema),
  })
  .meta({ id: 'FeedbackOverview' });
export type FeedbackOverview = z.infer<typeof overviewSchema>;

export const trendSchema = z.object({ months: z.array(monthFigureSchema) });
export type FeedbackTrend = z.infer<typeof trendSchema>;

export const categoryOverviewSchema = z.object({
  ...rangeSchema,
  category: categoryFigureSchema.extend({ description: z.string().nullable() }),
  attributes: z.array(attributeFigureSchema),
});
export type CategoryOverview = z.infer<typeof categoryOverviewSchema>;

export const attributeOverviewSchema = z.object({
  ...rangeSchema,
  attribute: attributeFigureSchema.extend({ description: z.string().nullable() }),
  months: z.array(monthFigureSchema),
  /** The newest visible feedback of the range rated on it, newest first. */
  recentFeedbackIds: z.array(z.number().int()),
});
export type AttributeOverview = z.infer<typeof attributeOverviewSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });
export const overviewPeopleQuerySchema = z.strictObject({ searchText: z.string().trim().max(100).optional() });
/** The picker's groups (people, teams, functions); a group the caller may not pick from is null. */
export const overviewPeopleSchema = z.object({
  teamMembers: z.array(personSchema).nullable(),
  employees: z.array(personSchema).nullable(),
  teams: z.array(personSchema).nullable(),
  functions: z.array(personSchema).nullable(),
});
export type OverviewPeople = z.infer<typeof overviewPeopleSchema>;
