/**
 * Feedback Management: categories and attributes, their counts, and the mutations of the page's dialogs
 * and switches. The tables fetch pages themselves (DataTable); a change refreshes lists and counts.
 */
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../../shared/contracts/common';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { feedbackCatalogueEndpoints as ep } from '../../../../shared/endpoints/feedback-catalogue';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation } from './mutation';

export const feedbackCatalogueKeys = {
  all: ['feedback-catalogue'] as const,
  counts: ['feedback-catalogue', 'counts'] as const,
  categories: ['feedback-catalogue', 'categories'] as const,
  allCategories: ['feedback-catalogue', 'categories', 'all'] as const,
  attributes: ['feedback-catalogue', 'attributes'] as const,
};

export type CategoryBody = RequestOf<typeof ep.createFeedbackCategory>['body'];
export type CategoryChanges = RequestOf<typeof ep.updateFeedbackCategory>['body'];
export type AttributeBody = RequestOf<typeof ep.createFeedbackAttribute>['body'];
export type AttributeChanges = RequestOf<typeof ep.updateFeedbackAttribute>['body'];
type CategoryListQuery = NonNullable<RequestOf<typeof ep.listFeedbackCategories>['query']>;
type AttributeListQuery = NonNullable<RequestOf<typeof ep.listFeedbackAttributes>['query']>;

/** One page of categories, for the DataTable. */
export const fetchCategoryPage = (params: ListQuery, signal?: AbortSignal) =>
  call(ep.listFeedbackCategories, { query: params as CategoryListQuery }, { signal });

/** One page of attributes, for the DataTable. */
export const fetchAttributePage = (params: ListQuery, signal?: AbortSignal) =>
  call(ep.listFeedbackAttributes, { query: params as AttributeListQuery }, { signal });

export function useFeedbackCatalogueCounts() {
  return useQuery({
    queryKey: feedbackCatalogueKeys.counts,
    queryFn: ({ signal }) => call(ep.getFeedbackCatalogueCounts, {}, { signal }),
  });
}

/** Every category by name, for the attribute dialog's picker (a company has far fewer than 100). */
export function useAllCategories() {
  return useQuery({
    queryKey: feedbackCatalogueKeys.allCategories,
    queryFn: ({ signal }) =>
      call(
        ep.listFeedbackCategories,
        { query: { page: 1, pageSize: 100, orderKey: 'name', orderDir: 'asc' } },
        { signal },
      ).then((r) => r.items),
  });
}

/** Adds a category, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveCategory() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; changes: CategoryChanges } | { id?: undefined; body: CategoryBody }) =>
      input.id === undefined
        ? call(ep.createFeedbackCategory, { body: input.body })
        : call(ep.updateFeedbackCategory, { params: { id: input.id }, body: input.changes }),
    // Attributes show their category's name and colour.
    invalidates: [feedbackCatalogueKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.categoryAdded') : t('toasts.categoryUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetCategoryStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setFeedbackCategoryStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [feedbackCatalogueKeys.all],
    success: (c) => ({
      title: c.isActive ? t('toasts.categoryActivated') : t('toasts.categoryDeactivated'),
      body: c.name,
    }),
    failure: t('toasts.statusUnchanged'),
  });
}

/** Adds an attribute, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveAttribute() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; changes: AttributeChanges } | { id?: undefined; body: AttributeBody }) =>
      input.id === undefined
        ? call(ep.createFeedbackAttribute, { body: input.body })
        : call(ep.updateFeedbackAttribute, { params: { id: input.id }, body: input.changes }),
    // Categories count their attributes.
    invalidates: [feedbackCatalogueKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.attributeAdded') : t('toasts.attributeUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetAttributeStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setFeedbackAttributeStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [feedbackCatalogueKeys.all],
    success: (a) => ({
      title: a.isActive ? t('toasts.attributeActivated') : t('toasts.attributeDeactivated'),
      body: a.name,
    }),
    failure: t('toasts.statusUnchanged'),
  });
}
