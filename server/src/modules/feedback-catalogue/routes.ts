/**
 * Feedback Management: categories and attributes (shared/endpoints/feedback-catalogue.ts), each action
 * behind its own permission. The SQL and the rules (unique names, active category) are in the repository.
 */
import { feedbackCatalogueEndpoints } from '../../../../shared/endpoints/feedback-catalogue.js';
import { defineRoutes } from '../../http/endpoints.js';
import { feedbackCatalogueRepository } from './repository.js';

export const feedbackCatalogueRoutes = defineRoutes(feedbackCatalogueEndpoints, {
  getFeedbackCatalogueCounts: (ctx) => ctx.repo(feedbackCatalogueRepository).counts(),

  listFeedbackCategories: (ctx, { query }) => ctx.repo(feedbackCatalogueRepository).listCategories(query),
  createFeedbackCategory: (ctx, { body }) => ctx.repo(feedbackCatalogueRepository).createCategory(body),
  updateFeedbackCategory: (ctx, { params, body }) =>
    ctx.repo(feedbackCatalogueRepository).updateCategory(params.id, body),
  setFeedbackCategoryStatus: (ctx, { params, body }) =>
    ctx.repo(feedbackCatalogueRepository).setCategoryStatus(params.id, body.isActive),

  listFeedbackAttributes: (ctx, { query }) => ctx.repo(feedbackCatalogueRepository).listAttributes(query),
  createFeedbackAttribute: (ctx, { body }) => ctx.repo(feedbackCatalogueRepository).createAttribute(body),
  updateFeedbackAttribute: (ctx, { params, body }) =>
    ctx.repo(feedbackCatalogueRepository).updateAttribute(params.id, body),
  setFeedbackAttributeStatus: (ctx, { params, body }) =>
    ctx.repo(feedbackCatalogueRepository).setAttributeStatus(params.id, body.isActive),
});
