/**
 * Feedback requests (docs/feedback.md "Requests"): the ask dialog's body and choices, the two lists
 * (asked of me, my requests), one request, and declining. The request rules that need no database are in
 * shared/feedback-requests.ts; the server runs them on every create.
 */
import { z } from 'zod';
import { REQUEST_RECIPIENT_STATUSES } from '../feedback.js';
import { DECLINE_REASON_MAX, REQUEST_MESSAGE_MAX } from '../feedback-requests.js';
import { isoDateSchema, multiLineText } from '../validation.js';
import { validation as V } from '../i18n/en/validation.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema } from './common.js';

/** An employee as lists show them: a name and an avatar. */
export const personRefSchema = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** An attribute asked about, with its category (the give form prefills ratings by these ids). */
export const requestAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  color: z.string(),
});
export type RequestAttribute = z.infer<typeof requestAttributeSchema>;

/** Hygiene bound on the id lists; the rules (1-5) answer with the spec's message. */
const ID_LIST_MAX = 100;

export const createFeedbackRequestBodySchema = z.strictObject({
  subjectId: bodyIdSchema
    .optional()
    .describe('Whom the feedback is about; oneself when absent (else ask-feedback-recipient)'),
  attributeIds: z.array(bodyIdSchema).max(ID_LIST_MAX).describe('1 to 5 active attributes'),
  teamId: bodyIdSchema.nullable().optional().describe('Ask one team (its members but the requester and subject)'),
  employeeIds: z.array(bodyIdSchema).max(ID_LIST_MAX).optional().describe('Or ask 1 to 5 active employees'),
  message: multiLineText(REQUEST_MESSAGE_MAX).refine((v) => v !== '', V.required),
  dueDate: isoDateSchema.nullable().optional().describe('YYYY-MM-DD, not before today'),
});
export type CreateFeedbackRequestBody = z.infer<typeof createFeedbackRequestBodySchema>;

export const declineFeedbackRequestBodySchema = z.strictObject({
  reason: multiLineText(DECLINE_REASON_MAX).optional(),
});

export const requestRecipientSchema = z.object({
  employee: personRefSchema,
  status: z.enum(REQUEST_RECIPIENT_STATUSES),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});

const requestShape = {
  id: z.number().int(),
  requester: personRefSchema,
  subject: personRefSchema,
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  attributes: z.array(requestAttributeSchema),
  message: z.string(),
  dueDate: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
};

/**
 * One request: the requester sees every person asked; a person asked sees their own row only (who else
 * was asked is the requester's business).
 */
export const feedbackRequestSchema = z
  .object({ ...requestShape, recipients: z.array(requestRecipientSchema) })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** A request in the list of those asked of me: my own status in it. */
export const askedRequestSchema = z
  .object({
    ...requestShape,
    status: z.enum(REQUEST_RECIPIENT_STATUSES),
    respondedAt: z.string().nullable(),
  })
  .meta({ id: 'AskedFeedbackRequest' });
export type AskedRequest = z.infer<typeof askedRequestSchema>;

export const askedRequestListQuerySchema = listQuerySchema({
  orderKeys: ['createdAt'],
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  searchable: false,
  extra: { status: z.enum(REQUEST_RECIPIENT_STATUSES).optional().describe('Only this status; all when absent') },
});
export const askedRequestListSchema = listResponseSchema(askedRequestSchema);

export const myRequestListQuerySchema = listQuerySchema({
  orderKeys: ['createdAt'],
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  searchable: false,
});
export const myRequestListSchema = listResponseSchema(feedbackRequestSchema);

/** What the ask dialog offers: active attributes, active colleagues, teams. */
export const requestOptionsSchema = z.object({
  attributes: z.array(requestAttributeSchema),
  employees: z.array(personRefSchema),
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), memberIds: z.array(z.number().int()) })),
  /** Whether the caller may ask about someone else (ask-feedback-recipient). */
  canChooseSubject: z.boolean(),
  expiryDays: z.number().int(),
});
export type RequestOptions = z.infer<typeof requestOptionsSchema>;
