/**
 * Feedback Management (/feedback/management): the categories feedback is rated on and their attributes
 * (docs/feedback.md, "Categories and attributes"). Limits and rules: shared/feedback-catalogue.ts.
 */
import { z } from 'zod';
import {
  ATTRIBUTE_NAME_MAX,
  CATALOGUE_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  COLOR_PATTERN,
  SYNONYM_MAX,
  SYNONYMS_MAX,
} from '../feedback-catalogue.js';
import { validation as V } from '../i18n/en/validation.js';
import { multiLineText, requiredText } from '../validation.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';

export const CATALOGUE_STATUSES = ['active', 'inactive'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

export const feedbackCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    synonyms: z.array(z.string()),
    description: z.string().nullable(),
    color: z.string().describe('#RRGGBB, upper-case'),
    isActive: z.boolean(),
    attributeCount: z.number().int().describe('Attributes of the category, active or not'),
    updatedAt: z.string(),
  })
  .meta({ id: 'FeedbackCategory' });
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

export const feedbackAttributeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    synonyms: z.array(z.string()),
    description: z.string().nullable(),
    isActive: z.boolean().describe('The attribute’s own switch; it is offered only while its category is active too'),
    category: z.object({ id: z.number().int(), name: z.string(), color: z.string(), isActive: z.boolean() }),
    updatedAt: z.string(),
  })
  .meta({ id: 'FeedbackAttribute' });
export type FeedbackAttribute = z.infer<typeof feedbackAttributeSchema>;

const statusFilter = z.enum(CATALOGUE_STATUSES).optional().describe('Only active or only inactive rows');

export const CATEGORY_ORDER_KEYS = ['name', 'attributeCount', 'updatedAt', 'id'] as const;
/** The spec's default: categories by name ascending. Searches name, synonyms and description. */
export const feedbackCategoryListQuerySchema = listQuerySchema({
  orderKeys: CATEGORY_ORDER_KEYS,
  defaultOrderKey: 'name',
  extra: { status: statusFilter },
});
export const feedbackCategoryListSchema = listResponseSchema(feedbackCategorySchema);

export const ATTRIBUTE_ORDER_KEYS = ['id', 'name', 'category', 'updatedAt'] as const;
/** The spec's default: attributes by id descending (the newest first). */
export const feedbackAttributeListQuerySchema = listQuerySchema({
  orderKeys: ATTRIBUTE_ORDER_KEYS,
  defaultOrderKey: 'id',
  defaultOrderDir: 'desc',
  extra: { status: statusFilter, categoryId: optionalIdQuery.describe('Only the attributes of this category') },
});
export const feedbackAttributeListSchema = listResponseSchema(feedbackAttributeSchema);

const synonymsSchema = z
  .array(
    z
      .string()
      .trim()
      .max(SYNONYM_MAX, V.synonymLength.replace('{{max}}', String(SYNONYM_MAX))),
  )
  .max(SYNONYMS_MAX, V.synonymCount.replace('{{max}}', String(SYNONYMS_MAX)))
  .describe('Words that also find it; trimmed, blanks and repeats (any case) dropped');

const categoryFields = {
  name: requiredText(CATEGORY_NAME_MAX).describe('Unique in the company, whatever the case'),
  synonyms: synonymsSchema,
  description: multiLineText(CATALOGUE_DESCRIPTION_MAX).nullable().optional(),
  color: z.string().trim().regex(COLOR_PATTERN, V.color).describe('#RRGGBB'),
};
/** A new category is active; without synonyms it has none. */
export const feedbackCategoryBodySchema = z.strictObject({ ...categoryFields, synonyms: synonymsSchema.default([]) });
export type FeedbackCategoryBody = z.input<typeof feedbackCategoryBodySchema>;
/** Only the fields sent change (no defaults inside: a filled-in default would erase the synonyms). */
export const updateFeedbackCategoryBodySchema = z.strictObject(categoryFields).partial();
export type UpdateFeedbackCategoryBody = z.input<typeof updateFeedbackCategoryBodySchema>;

const attributeFields = {
  name: requiredText(ATTRIBUTE_NAME_MAX).describe('Unique in the company, whatever the case'),
  synonyms: synonymsSchema,
  description: multiLineText(CATALOGUE_DESCRIPTION_MAX).nullable().optional(),
  categoryId: bodyIdSchema.describe('An active category of the company'),
};
export const feedbackAttributeBodySchema = z.strictObject({ ...attributeFields, synonyms: synonymsSchema.default([]) });
export type FeedbackAttributeBody = z.input<typeof feedbackAttributeBodySchema>;
export const updateFeedbackAttributeBodySchema = z.strictObject(attributeFields).partial();
export type UpdateFeedbackAttributeBody = z.input<typeof updateFeedbackAttributeBodySchema>;

export const catalogueStatusBodySchema = z.strictObject({ isActive: z.boolean() });

const activeTotal = z.object({ active: z.number().int(), total: z.number().int() });
/** The counts above the tabs; an attribute counts as active when it is offered (it and its category active). */
export const feedbackCatalogueCountsSchema = z
  .object({ categories: activeTotal, attributes: activeTotal })
  .meta({ id: 'FeedbackCatalogueCounts' });
export type FeedbackCatalogueCounts = z.infer<typeof feedbackCatalogueCountsSchema>;
