/**
 * Project and sprint feedback (docs/projects.md, "Project and sprint feedback"): product owners' ratings in the
 * app, client links and the client's page, the sprint graph's averages, lists, a PBI's detail and the CSV.
 * Vocabulary and limits: shared/project-feedback.ts.
 */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import {
  CLIENT_LINK_STATES,
  PROJECT_FEEDBACK_COMMENT_MAX,
  PROJECT_FEEDBACK_SOURCES,
  PROJECT_RATING_MAX,
  PROJECT_RATING_MIN,
} from '../project-feedback.js';
import { multiLineText } from '../validation.js';
import { bodyIdSchema, idSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';

const named = z.object({ id: z.number().int(), name: z.string() });

const rating = z
  .number({ error: V.rating })
  .int(V.rating)
  .min(PROJECT_RATING_MIN, V.rating)
  .max(PROJECT_RATING_MAX, V.rating)
  .describe('1 (poor) to 5 (excellent)');

/** The three ratings and the comment, as a product owner or a client sends them. */
export const ratingsBodyShape = {
  overall: rating,
  quality: rating,
  valueForMoney: rating,
  comment: multiLineText(PROJECT_FEEDBACK_COMMENT_MAX)
    .nullable()
    .optional()
    .describe(`At most ${PROJECT_FEEDBACK_COMMENT_MAX} characters`),
};

export const ratingAveragesSchema = z
  .object({
    overall: z.number(),
    quality: z.number(),
    valueForMoney: z.number(),
    count: z.number().int().describe('Feedbacks averaged'),
  })
  .meta({ id: 'RatingAverages' });

export const projectFeedbackSchema = z
  .object({
    id: z.number().int(),
    source: z.enum(PROJECT_FEEDBACK_SOURCES),
    giver: named.describe('The product owner, or the client'),
    sprint: named,
    pbi: z.object({ id: z.number().int(), refId: z.string(), name: z.string() }).nullable(),
    overall: z.number().int(),
    quality: z.number().int(),
    valueForMoney: z.number().int(),
    comment: z.string().nullable(),
    link: z
      .object({
        createdBy: named.nullable().describe('Who made and was shown the link (null once deleted)'),
        createdAt: z.string(),
      })
      .nullable()
      .describe(
        'A client rating: the link it came through. The link is a bearer credential, so this says who was given it, not who typed the rating',
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProjectFeedback' });
export type ProjectFeedback = z.infer<typeof projectFeedbackSchema>;

export const PROJECT_FEEDBACK_ORDER_KEYS = ['createdAt', 'overall', 'quality', 'valueForMoney'] as const;
export const projectFeedbackListQuerySchema = listQuerySchema({
  orderKeys: PROJECT_FEEDBACK_ORDER_KEYS,
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  extra: {
    sprintId: optionalIdQuery,
    pbiId: optionalIdQuery,
    source: z.enum(PROJECT_FEEDBACK_SOURCES).optional(),
  },
});
export const projectFeedbackListSchema = listResponseSchema(projectFeedbackSchema);

/** One sprint of the graph: its product owners' and clients' averages, and the sprints before it. */
export const sprintFeedbackSchema = z
  .object({
    sprint: named.extend({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
    owners: ratingAveragesSchema.nullable().describe('Product owners’ ratings of the sprint itself'),
    client: ratingAveragesSchema.nullable().describe('Clients’ ratings of the sprint itself'),
    all: ratingAveragesSchema.nullable(),
    pastSprints: ratingAveragesSchema.nullable().describe('Every rating of the sprints before this one'),
  })
  .meta({ id: 'SprintFeedback' });
export type SprintFeedback = z.infer<typeof sprintFeedbackSchema>;

export const projectFeedbackSummarySchema = z
  .object({
    sprints: z.array(sprintFeedbackSchema).describe('Oldest first, sprints without feedback included'),
    owners: ratingAveragesSchema.nullable().describe('Every product-owner rating of the project’s sprints'),
    client: ratingAveragesSchema.nullable(),
    count: z.number().int().describe('Every feedback of the project, on sprints and on PBIs'),
  })
  .meta({ id: 'ProjectFeedbackSummary' });
export type ProjectFeedbackSummary = z.infer<typeof projectFeedbackSummarySchema>;

export const pbiFeedbackParamsSchema = z.strictObject({ id: idSchema, pbiId: idSchema });
export const pbiFeedbackDetailSchema = z
  .object({
    pbi: z.object({
      id: z.number().int(),
      refId: z.string(),
      name: z.string(),
      link: z.string(),
      sprint: named.nullable(),
      participants: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
    }),
    feedbacks: z.array(projectFeedbackSchema).describe('Newest first'),
    owners: ratingAveragesSchema.nullable(),
    client: ratingAveragesSchema.nullable(),
  })
  .meta({ id: 'PbiFeedbackDetail' });
export type PbiFeedbackDetail = z.infer<typeof pbiFeedbackDetailSchema>;

/** A product owner's own rating of a sprint, or of one of its PBIs: one per giver and target, changed in place. */
export const myFeedbackBodySchema = z.strictObject({
  sprintId: bodyIdSchema,
  pbiId: bodyIdSchema.nullable().optional().describe('A backlog item of the sprint; left out: the sprint itself'),
  ...ratingsBodyShape,
});
export type MyFeedbackBody = z.input<typeof myFeedbackBodySchema>;
export const myFeedbackQuerySchema = z.strictObject({ sprintId: idSchema, pbiId: optionalIdQuery });

export const clientSchema = z
  .object({ id: z.number().int(), name: z.string(), email: z.string() })
  .meta({ id: 'ProjectClient' });
export const projectClientsSchema = z.object({ items: z.array(clientSchema).describe('By name') });

export const clientLinkSchema = z
  .object({
    id: z.number().int(),
    client: clientSchema,
    sprint: named,
    pbi: z.object({ id: z.number().int(), refId: z.string(), name: z.string() }).nullable(),
    state: z.enum(CLIENT_LINK_STATES),
    expiresAt: z.string(),
    usedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    createdBy: named.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ClientFeedbackLink' });
export type ClientLink = z.infer<typeof clientLinkSchema>;
export const clientLinkListSchema = z.object({ items: z.array(clientLinkSchema).describe('Newest first') });

export const clientLinkBodySchema = z.strictObject({
  clientId: bodyIdSchema.describe('An active member of the project holding the Client role'),
  sprintId: bodyIdSchema,
  pbiId: bodyIdSchema.nullable().optional().describe('A backlog item of the sprint; left out: the sprint'),
});
export type ClientLinkBody = z.input<typeof clientLinkBodySchema>;

export const createdClientLinkSchema = clientLinkSchema
  .extend({
    url: z.string().describe('The link with its token: answered once, here, and e-mailed to the client'),
    emailed: z
      .boolean()
      .describe('Whether the e-mail went out; false when the mail server refused it (pass the link on by hand)'),
  })
  .meta({ id: 'CreatedClientFeedbackLink' });

export const clientLinkParamsSchema = z.strictObject({ id: idSchema, linkId: idSchema });

/** The token in the client's link: 32 random bytes, base64url (43 characters). */
export const clientTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, V.clientLinkNotFound),
});

/** What the client's page shows: whose feedback is asked on what. */
export const clientFeedbackRequestSchema = z
  .object({
    company: z.string(),
    project: z.string(),
    sprint: z.string(),
    pbi: z.object({ refId: z.string(), name: z.string() }).nullable(),
    client: z.string().describe('The client’s name'),
    requestedBy: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'ClientFeedbackRequest' });
export type ClientFeedbackRequest = z.infer<typeof clientFeedbackRequestSchema>;

export const clientFeedbackBodySchema = z.strictObject(ratingsBodyShape);
export type ClientFeedbackBody = z.input<typeof clientFeedbackBodySchema>;

export const projectFeedbackReportSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');
export const projectFeedbackReportQuerySchema = z.strictObject({ sprintId: optionalIdQuery });
export const PROJECT_FEEDBACK_REPORT_FILE = 'teambeat-project-feedback.csv';
