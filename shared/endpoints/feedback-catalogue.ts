/**
 * Feedback Management: categories and attributes (docs/feedback.md, "Categories and attributes"). Each
 * action behind its own permission; the server checks each.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  catalogueStatusBodySchema,
  feedbackAttributeBodySchema,
  feedbackAttributeListQuerySchema,
  feedbackAttributeListSchema,
  feedbackAttributeSchema,
  feedbackCatalogueCountsSchema,
  feedbackCategoryBodySchema,
  feedbackCategoryListQuerySchema,
  feedbackCategoryListSchema,
  feedbackCategorySchema,
  updateFeedbackAttributeBodySchema,
  updateFeedbackCategoryBodySchema,
} from '../contracts/feedback-catalogue.js';
import { endpoint } from './define.js';

export const feedbackCatalogueEndpoints = {
  getFeedbackCatalogueCounts: endpoint({
    method: 'GET',
    path: '/api/feedback-catalogue/counts',
    access: 'view-feedback-categories',
    summary: 'Categories and attributes, active and in total (an attribute is active when it and its category are)',
    response: feedbackCatalogueCountsSchema,
  }),
  listFeedbackCategories: endpoint({
    method: 'GET',
    path: '/api/feedback-categories',
    access: 'view-feedback-categories',
    summary: 'Feedback categories: search (name, synonyms, description), sort (default name), page',
    query: feedbackCategoryListQuerySchema,
    response: feedbackCategoryListSchema,
  }),
  createFeedbackCategory: endpoint({
    method: 'POST',
    path: '/api/feedback-categories',
    access: 'add-feedback-categories',
    summary: 'Add a feedback category (active); its name is unique in the company whatever the case',
    body: feedbackCategoryBodySchema,
    status: 201,
    response: feedbackCategorySchema,
  }),
  updateFeedbackCategory: endpoint({
    method: 'PATCH',
    path: '/api/feedback-categories/:id',
    access: 'edit-feedback-categories',
    summary: 'Change a feedback category; synonyms replace the current list',
    params: idParamsSchema,
    body: updateFeedbackCategoryBodySchema,
    response: feedbackCategorySchema,
  }),
  setFeedbackCategoryStatus: endpoint({
    method: 'PUT',
    path: '/api/feedback-categories/:id/status',
    access: 'update-feedback-categories-status',
    summary: 'Activate or deactivate a feedback category',
    description:
      'An inactive category and its attributes are not offered in new feedback; past ratings stay. The ' +
      'attributes keep their own switch and are offered again when the category is reactivated.',
    params: idParamsSchema,
    body: catalogueStatusBodySchema,
    response: feedbackCategorySchema,
  }),
  listFeedbackAttributes: endpoint({
    method: 'GET',
    path: '/api/feedback-attributes',
    access: 'view-feedback-categories',
    summary:
      'Feedback attributes with their category: search (name, synonyms, description), sort (default id desc), page',
    query: feedbackAttributeListQuerySchema,
    response: feedbackAttributeListSchema,
  }),
  createFeedbackAttribute: endpoint({
    method: 'POST',
    path: '/api/feedback-attributes',
    access: 'add-feedback-categories',
    summary: 'Add a feedback attribute (active) to an active category; its name is unique in the company',
    body: feedbackAttributeBodySchema,
    status: 201,
    response: feedbackAttributeSchema,
  }),
  updateFeedbackAttribute: endpoint({
    method: 'PATCH',
    path: '/api/feedback-attributes/:id',
    access: 'edit-feedback-categories',
    summary: 'Change a feedback attribute; it can move only to an active category',
    params: idParamsSchema,
    body: updateFeedbackAttributeBodySchema,
    response: feedbackAttributeSchema,
  }),
  setFeedbackAttributeStatus: endpoint({
    method: 'PUT',
    path: '/api/feedback-attributes/:id/status',
    access: 'update-feedback-categories-status',
    summary: 'Activate or deactivate a feedback attribute (inactive: not offered in new feedback; past ratings stay)',
    params: idParamsSchema,
    body: catalogueStatusBodySchema,
    response: feedbackAttributeSchema,
  }),
};
