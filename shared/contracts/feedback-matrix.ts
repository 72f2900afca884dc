/**
 * The responsibility matrix (docs/feedback.md "Responsibility matrix"): who is expected to give feedback to
 * whom in a period, given and remaining counts, suggestions. The rules are in shared/feedback-matrix.ts.
 */
import { z } from 'zod';
import { MATRIX_PERIODS, SUGGESTION_TYPES } from '../feedback-matrix.js';
import { isoDateSchema } from '../validation.js';

export const matrixQuerySchema = z.strictObject({
  date: isoDateSchema.optional().describe('A day of the period to show (YYYY-MM-DD); today in the tenant’s zone'),
});
export type MatrixQuery = z.infer<typeof matrixQuerySchema>;

const periodSchema = z.object({
  kind: z.enum(MATRIX_PERIODS),
  start: z.string().describe('First day, YYYY-MM-DD, in the tenant’s zone'),
  end: z.string().describe('Last day, YYYY-MM-DD, inclusive'),
  /** The tenant's responsibilityMatrixIndex: feedback each member is expected to give in the period. */
  index: z.number().int(),
});
export type MatrixPeriodInfo = z.infer<typeof periodSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

const countsShape = {
  expected: z.number().int(),
  given: z.number().int(),
  remaining: z.number().int(),
};

export const myMatrixSchema = z.object({
  period: periodSchema,
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      memberCount: z.number().int(),
      ...countsShape,
      /** Each other member: feedback the caller gave them, and got from them, in the period. */
      teammates: z.array(personSchema.extend({ givenTo: z.number().int(), receivedFrom: z.number().int() })),
    }),
  ),
  suggestions: z.array(
    z.object({
      type: z.enum(SUGGESTION_TYPES),
      employee: personSchema,
      team: personSchema,
      /** Feedback given to (GIVE_FEEDBACK) or received from (ASK_FOR_FEEDBACK) them in the period. */
      count: z.number().int(),
    }),
  ),
});
export type MyMatrix = z.infer<typeof myMatrixSchema>;

export const teamMatrixSchema = z.object({
  period: periodSchema,
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The spec's totalCount: feedback expected from the whole team in the period. */
      totalCount: z.number().int(),
      /** The spec's responsabilityMatrixCount: feedback given within the team in the period. */
      givenCount: z.number().int(),
      remainingCount: z.number().int(),
      members: z.array(personSchema.extend({ ...countsShape, isMe: z.boolean() })),
    }),
  ),
});
export type TeamMatrix = z.infer<typeof teamMatrixSchema>;

export const matrixCsvSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');

/** The download's file name: teambeat-responsibility-matrix-2026-11-01-to-2026-11-30.csv. */
export function matrixFileName(start: string, end: string): string {
  return `teambeat-responsibility-matrix-${start}-to-${end}.csv`;
}
