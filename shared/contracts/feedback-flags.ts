/**
 * Flags on feedback (docs/feedback.md "Flags"): flagging with a reason, the review queues (pending for
 * reviewers, escalated for HR), one flagged feedback with its flags and decisions, the decision, and the
 * summary the sidebar badge and the queue's update check poll.
 */
import { z } from 'zod';
import { FLAG_DECISIONS, FLAG_STATUSES } from '../feedback.js';
import { FLAG_QUEUES, FLAG_REASON_MAX } from '../feedback-requests.js';
import { isoInstantSchema, multiLineText } from '../validation.js';
import { validation as V } from '../i18n/en/validation.js';
import { listQuerySchema, listResponseSchema } from './common.js';
import { personRefSchema } from './feedback-requests.js';

export const flagFeedbackBodySchema = z.strictObject({
  reason: multiLineText(FLAG_REASON_MAX).refine((v) => v !== '', V.flagReasonRequired),
});

export const flagResultSchema = z.object({ feedbackId: z.number().int(), flagStatus: z.enum(FLAG_STATUSES) });

export const flagDecisionBodySchema = z.strictObject({ decision: z.enum(FLAG_DECISIONS) });

export const flaggedFeedbackSchema = z
  .object({
    feedbackId: z.number().int(),
    flagStatus: z.enum(FLAG_STATUSES),
    giver: personRefSchema,
    receiver: personRefSchema,
    comment: z.string().nullable(),
    givenAt: z.string(),
    ratings: z.array(
      z.object({
        categoryId: z.number().int(),
        categoryName: z.string(),
        attributeId: z.number().int().nullable(),
        attributeName: z.string().nullable(),
        rating: z.number().int(),
      }),
    ),
    flags: z.array(
      z.object({ id: z.number().int(), flaggedBy: personRefSchema, reason: z.string(), createdAt: z.string() }),
    ),
    decisions: z.array(
      z.object({ decision: z.enum(FLAG_DECISIONS), decidedBy: personRefSchema.nullable(), decidedAt: z.string() }),
    ),
    /** When it entered its current queue: the first flag (pending) or the escalation (escalated). */
    queuedAt: z.string(),
    /** The decisions the caller may take now (none once decided, or outside their queue). */
    allowedDecisions: z.array(z.enum(FLAG_DECISIONS)),
  })
  .meta({ id: 'FlaggedFeedback' });
export type FlaggedFeedback = z.infer<typeof flaggedFeedbackSchema>;

export const flagListQuerySchema = listQuerySchema({
  orderKeys: ['queuedAt'],
  defaultOrderKey: 'queuedAt',
  defaultOrderDir: 'desc',
  searchable: false,
  extra: {
    queue: z
      .enum(FLAG_QUEUES)
      .optional()
      .describe('pending (flag-feedback) or escalated (view-all-employees-feedback); default: the first held'),
  },
});
export const flagListSchema = listResponseSchema(flaggedFeedbackSchema);

export const flagSummaryQuerySchema = z.strictObject({
  since: isoInstantSchema.optional().describe('Answer hasNew: whether an item entered a queue after this instant'),
});
export const flagSummarySchema = z.object({
  /** Pending flags (0 without flag-feedback). */
  pending: z.number().int(),
  /** Escalated flags (0 without view-all-employees-feedback). */
  escalated: z.number().int(),
  /** The latest instant an item entered one of the caller's queues, or null when none is queued. */
  latestAt: z.string().nullable(),
  /** Whether an item entered the caller's queues after `since` (false without `since`). */
  hasNew: z.boolean(),
});
export type FlagSummary = z.infer<typeof flagSummarySchema>;
