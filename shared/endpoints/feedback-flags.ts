/**
 * Flags on feedback (docs/feedback.md "Flags"): flagging a feedback one may read, the review queues
 * (pending for reviewers with flag-feedback, escalated for HR with view-all-employees-feedback), their
 * counts and update check, one flagged feedback, and the final decision.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  flagDecisionBodySchema,
  flagFeedbackBodySchema,
  flaggedFeedbackSchema,
  flagListQuerySchema,
  flagListSchema,
  flagResultSchema,
  flagSummaryQuerySchema,
  flagSummarySchema,
} from '../contracts/feedback-flags.js';
import { familyAccess } from '../policy-families.js';
import { endpoint } from './define.js';

const REVIEWERS = ['flag-feedback', 'view-all-employees-feedback'] as const;

export const feedbackFlagEndpoints = {
  flagFeedback: endpoint({
    method: 'POST',
    path: '/api/feedback-flags/:id',
    access: familyAccess('feedback'),
    summary: 'Flag the feedback :id with a reason, once; it is hidden until a reviewer decides',
    description:
      'Anyone who may read the feedback (apart from the flag) may flag it, but its giver. 409 when the caller ' +
      'flagged it already or a reviewer decided it.',
    params: idParamsSchema,
    body: flagFeedbackBodySchema,
    status: 201,
    response: flagResultSchema,
  }),
  listFlaggedFeedback: endpoint({
    method: 'GET',
    path: '/api/feedback-flags',
    access: REVIEWERS,
    summary: 'A review queue: pending flags (flag-feedback) or escalated ones (view-all-employees-feedback)',
    query: flagListQuerySchema,
    response: flagListSchema,
  }),
  getFlagSummary: endpoint({
    method: 'GET',
    path: '/api/feedback-flags/summary',
    access: REVIEWERS,
    summary: 'Counts of the caller’s queues for the sidebar badge, and whether items arrived since an instant',
    query: flagSummaryQuerySchema,
    response: flagSummarySchema,
  }),
  getFlaggedFeedback: endpoint({
    method: 'GET',
    path: '/api/feedback-flags/:id',
    access: REVIEWERS,
    summary: 'The flagged feedback :id with its flags, reasons and decisions',
    params: idParamsSchema,
    response: flaggedFeedbackSchema,
  }),
  decideFlaggedFeedback: endpoint({
    method: 'POST',
    path: '/api/feedback-flags/:id/decision',
    access: REVIEWERS,
    summary: 'Approve (stays hidden), reject (shown again) or escalate (to HR) the flagged feedback :id; final',
    description:
      'Pending flags are decided by flag-feedback, escalated ones (approve or reject) by ' +
      'view-all-employees-feedback. A second decision answers 409, also when two reviewers decide at once.',
    params: idParamsSchema,
    body: flagDecisionBodySchema,
    response: flaggedFeedbackSchema,
  }),
};
