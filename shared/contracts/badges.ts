/**
 * Badges and recognition (docs/recognition.md "Badges"): Badge Control (categories, badges with their
 * image, company badges, the champion badge), giving, My badges, and badge requests (contributions and
 * recommendations) with their approval. The rules that need no database are in shared/badges.ts; the server
 * runs them on every write.
 */
import { z } from 'zod';
import {
  BADGE_CATEGORY_NAME_MAX,
  BADGE_DESCRIPTION_MAX,
  BADGE_NAME_MAX,
  BADGE_REQUEST_STATUSES,
  BADGE_REQUEST_TYPES,
  CONTRIBUTION_TYPES,
  GIVEN_BADGE_SOURCES,
} from '../badges.js';
import { isoDateSchema, lineText, multiLineText, requiredText } from '../validation.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';
import { personRefSchema } from './feedback-requests.js';
import { COMMENT_HARD_MAX } from './feedback.js';
import { begunUploadSchema, uploadDeclarationFields } from './storage.js';

const statusFilter = z.enum(['active', 'inactive']).optional().describe('Only active or only inactive rows');

// Badge categories

export const badgeCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    isActive: z.boolean(),
    badgeCount: z.number().int().describe('Badges of the category, active or not'),
    updatedAt: z.string(),
  })
  .meta({ id: 'BadgeCategory' });
export type BadgeCategory = z.infer<typeof badgeCategorySchema>;

export const BADGE_CATEGORY_ORDER_KEYS = ['updatedAt', 'name', 'badgeCount', 'id'] as const;
/** The spec's default for Badge Control's lists: updatedAt descending, pages of 10. */
export const badgeCategoryListQuerySchema = listQuerySchema({
  orderKeys: BADGE_CATEGORY_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
  extra: { status: statusFilter },
});
export const badgeCategoryListSchema = listResponseSchema(badgeCategorySchema);

export const badgeCategoryBodySchema = z.strictObject({
  name: requiredText(BADGE_CATEGORY_NAME_MAX).describe('Unique in the company, whatever the case'),
});
export const updateBadgeCategoryBodySchema = badgeCategoryBodySchema.partial();

export const badgeStatusBodySchema = z.strictObject({ isActive: z.boolean() });

// Badges

export const imageSchema = z.object({
  /** A signed link valid 30 minutes (docs/storage.md). */
  url: z.string(),
  /** The 320-pixel thumbnail, or null when the image was kept as uploaded. */
  thumbnailUrl: z.string().nullable(),
});

export const badgeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    category: z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() }),
    image: imageSchema.nullable(),
    isCompany: z.boolean().describe('A company badge: given only by holders of assign-badge'),
    isChampion: z.boolean().describe('The champion badge: at most one per company'),
    isActive: z.boolean(),
    heldCount: z.number().int().describe('How many times it was given'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Badge' });
export type Badge = z.infer<typeof badgeSchema>;

export const BADGE_ORDER_KEYS = ['updatedAt', 'name', 'category', 'id'] as const;
export const badgeListQuerySchema = listQuerySchema({
  orderKeys: BADGE_ORDER_KEYS,
  defaultOrderKey: 'updatedAt',
  defaultOrderDir: 'desc',
  extra: {
    status: statusFilter,
    categoryId: optionalIdQuery.describe('Only the badges of this category'),
    company: z.enum(['true', 'false']).optional().describe('Only company badges (true) or only the others'),
  },
});
export const badgeListSchema = listResponseSchema(badgeSchema);

const badgeFields = {
  name: requiredText(BADGE_NAME_MAX).describe('Unique in the company, whatever the case'),
  description: multiLineText(BADGE_DESCRIPTION_MAX).nullable().optional(),
  categoryId: bodyIdSchema.describe('An active badge category of the company'),
  imageId: bodyIdSchema.describe('A confirmed badge image (POST /api/badges/images)'),
  isCompany: z.boolean(),
  isChampion: z.boolean().describe('Makes this the champion badge; the previous one stops being it'),
};
export const badgeBodySchema = z.strictObject({
  ...badgeFields,
  isCompany: badgeFields.isCompany.default(false),
  isChampion: badgeFields.isChampion.default(false),
});
export type BadgeBody = z.input<typeof badgeBodySchema>;
/** Only the fields sent change. */
export const updateBadgeBodySchema = z.strictObject(badgeFields).partial();
export type UpdateBadgeBody = z.input<typeof updateBadgeBodySchema>;

/** A badge image about to be uploaded (an image: jpeg, png, webp or gif; shared/attachments.ts). */
export const beginBadgeImageBodySchema = z.strictObject({ kind: z.literal('image'), ...uploadDeclarationFields });
export const begunBadgeImageSchema = begunUploadSchema;
export const badgeImageSchema = imageSchema.extend({ id: z.number().int() }).meta({ id: 'BadgeImage' });

/** A badge as the pickers offer it (giving, contributions, recommendations). */
export const badgeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  categoryName: z.string(),
  image: imageSchema.nullable(),
  isCompany: z.boolean(),
  isChampion: z.boolean(),
  /** Whether the caller may give it (company badges need assign-badge). */
  canGive: z.boolean(),
});
export type BadgeOption = z.infer<typeof badgeOptionSchema>;

export const badgeOptionsSchema = z
  .object({
    badges: z.array(badgeOptionSchema),
    /** What the caller may do on the badges pages (permission or activity). */
    canGive: z.boolean(),
    canContribute: z.boolean(),
    canRecommend: z.boolean(),
    characterLimit: z.number().int(),
  })
  .meta({ id: 'BadgeOptions' });
export type BadgeOptions = z.infer<typeof badgeOptionsSchema>;

export const badgeColleaguesQuerySchema = z.strictObject({
  searchText: lineText(200).optional().describe('Part of a name or e-mail address'),
});
export const badgeColleaguesSchema = z.array(personRefSchema);

export const championsSchema = z
  .object({
    badge: badgeOptionSchema.nullable().describe('The champion badge, or null when the company has none'),
    champions: z.array(z.object({ employee: personRefSchema, count: z.number().int(), lastGivenAt: z.string() })),
  })
  .meta({ id: 'Champions' });

// Given badges

export const giveBadgeBodySchema = z.strictObject({
  badgeId: bodyIdSchema.nullable().optional(),
  employeeId: bodyIdSchema.nullable().optional(),
  comment: multiLineText(COMMENT_HARD_MAX).nullable().optional().describe('Within the company’s characterLimit'),
});
export type GiveBadgeBody = z.infer<typeof giveBadgeBodySchema>;

export const givenBadgeSchema = z
  .object({
    id: z.number().int(),
    badge: z.object({ id: z.number().int(), name: z.string(), image: imageSchema.nullable() }),
    employee: personRefSchema,
    givenBy: personRefSchema.nullable().describe('Null when the giver’s account was removed'),
    comment: z.string(),
    source: z.enum(GIVEN_BADGE_SOURCES),
    requestId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GivenBadge' });
export type GivenBadge = z.infer<typeof givenBadgeSchema>;

export const myBadgesSchema = z
  .object({
    total: z.number().int(),
    groups: z.array(
      z.object({
        badge: badgeOptionSchema.omit({ canGive: true }),
        count: z.number().int(),
        /** Newest first. */
        given: z.array(
          z.object({
            id: z.number().int(),
            givenBy: personRefSchema.nullable(),
            comment: z.string(),
            source: z.enum(GIVEN_BADGE_SOURCES),
            createdAt: z.string(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'MyBadges' });
export type MyBadges = z.infer<typeof myBadgesSchema>;

export const recentGivenQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const recentGivenSchema = z.array(givenBadgeSchema);

// Badge requests

export const contributionBodySchema = z.strictObject({
  badgeId: bodyIdSchema.nullable().optional(),
  contributionType: z.string().trim().max(60).nullable().optional().describe(CONTRIBUTION_TYPES.join(', ')),
  description: multiLineText(COMMENT_HARD_MAX).nullable().optional().describe('Within the characterLimit'),
});
export type ContributionBody = z.infer<typeof contributionBodySchema>;

export const recommendationBodySchema = z.strictObject({
  badgeId: bodyIdSchema.nullable().optional(),
  employeeId: bodyIdSchema.nullable().optional(),
  reason: multiLineText(COMMENT_HARD_MAX).nullable().optional().describe('Within the characterLimit'),
});
export type RecommendationBody = z.infer<typeof recommendationBodySchema>;

export const badgeRequestSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(BADGE_REQUEST_TYPES),
    status: z.enum(BADGE_REQUEST_STATUSES),
    badge: z.object({ id: z.number().int(), name: z.string(), image: imageSchema.nullable() }),
    /** Whom the badge would go to: the requester for a contribution, the colleague for a recommendation. */
    employee: personRefSchema,
    requestedBy: personRefSchema,
    contributionType: z.enum(CONTRIBUTION_TYPES).nullable(),
    description: z.string(),
    decidedBy: personRefSchema.nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    /** Whether the caller may change its status now (an approver, not their own, not above them). */
    canDecide: z.boolean(),
  })
  .meta({ id: 'BadgeRequest' });
export type BadgeRequest = z.infer<typeof badgeRequestSchema>;

const requestFilters = {
  badgeId: optionalIdQuery,
  status: z.enum(BADGE_REQUEST_STATUSES).optional(),
  type: z.enum(BADGE_REQUEST_TYPES).optional(),
  startDate: isoDateSchema.optional().describe('Made on or after this day (the company’s calendar)'),
  endDate: isoDateSchema.optional().describe('Made on or before this day'),
};
export const BADGE_REQUEST_ORDER_KEYS = ['createdAt', 'status', 'id'] as const;
export const badgeRequestListQuerySchema = listQuerySchema({
  orderKeys: BADGE_REQUEST_ORDER_KEYS,
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  extra: { ...requestFilters, employeeId: optionalIdQuery.describe('Only requests for this employee') },
});
export type BadgeRequestListQuery = z.infer<typeof badgeRequestListQuerySchema>;
export const myBadgeRequestListQuerySchema = listQuerySchema({
  orderKeys: BADGE_REQUEST_ORDER_KEYS,
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  extra: requestFilters,
});
export const badgeRequestListSchema = listResponseSchema(badgeRequestSchema);

export const badgeRequestStatusBodySchema = z.strictObject({
  status: z.enum(['under_review', 'approved', 'rejected']),
});

export const badgeRequestStatsSchema = z
  .object({
    pending: z.number().int(),
    under_review: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    total: z.number().int(),
    contribution: z.number().int(),
    recommendation: z.number().int(),
  })
  .meta({ id: 'BadgeRequestStats' });
export type BadgeRequestStats = z.infer<typeof badgeRequestStatsSchema>;

export const recentRequestsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const recentRequestsSchema = z.array(badgeRequestSchema);

export const recommendationsQuerySchema = z.strictObject({
  badgeId: optionalIdQuery,
  employeeId: optionalIdQuery,
  limit: z.coerce.number().int().min(1).max(50).default(10).describe('How many groups, the first ones'),
});
/** Recommendations grouped by badge and recommended employee, most recommended first. */
export const recommendationGroupsSchema = z.array(
  z.object({
    badge: z.object({ id: z.number().int(), name: z.string() }),
    employee: personRefSchema,
    count: z.number().int(),
    pending: z.number().int().describe('Pending or under review'),
    recommenders: z
      .array(
        z.object({
          person: personRefSchema,
          reason: z.string(),
          status: z.enum(BADGE_REQUEST_STATUSES),
          createdAt: z.string(),
        }),
      )
      .describe('The 20 newest; count has them all'),
  }),
);
export type RecommendationGroup = z.infer<typeof recommendationGroupsSchema>[number];
