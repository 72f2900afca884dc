/**
 * Feedback Management: categories and attributes, their counts, and the mutations of the page's dialogs
 * and switches. The tables fetch pages themselves (DataTable); a change refreshes lists and counts.
 */
import { feedbackCatalogueEndpoints as ep } from '../../../../shared/endpoints/feedback-catalogue';
import { useTranslation } from '../../i18n';
import { useSaveMutation, useStatusMutation } from './mutation';
import { ALL_BY_NAME, itemsOf, pageFetcher, useEndpointQuery } from './query';

export const feedbackCatalogueKeys = {
  all: ['feedback-catalogue'] as const,
  counts: ['feedback-catalogue', 'counts'] as const,
  categories: ['feedback-catalogue', 'categories'] as const,
  allCategories: ['feedback-catalogue', 'categories', 'all'] as const,
  attributes: ['feedback-catalogue', 'attributes'] as const,
};

/** One page of categories, for the DataTable. */
export const fetchCategoryPage = pageFetcher(ep.listFeedbackCategories);

/** One page of attributes, for the DataTable. */
export const fetchAttributePage = pageFetcher(ep.listFeedbackAttributes);

export const useFeedbackCatalogueCounts = () =>
  useEndpointQuery(feedbackCatalogueKeys.counts, ep.getFeedbackCatalogueCounts, {});

/** Every category by name, for the attribute dialog's picker (a company has far fewer than 100). */
export const useAllCategories = () =>
  useEndpointQuery(
    feedbackCatalogueKeys.allCategories,
    ep.listFeedbackCategories,
    { query: ALL_BY_NAME },
    { select: itemsOf },
  );

/**
 * Adds a category or an attribute, or changes one when an id is given; errors are shown in the dialog.
 * Either refreshes both lists: attributes show their category's name and colour, categories count their
 * attributes.
 */
export function useSaveCategory() {
  const { t } = useTranslation('feedbackAdmin');
  return useSaveMutation(
    { create: ep.createFeedbackCategory, update: ep.updateFeedbackCategory },
    {
      invalidates: [feedbackCatalogueKeys.all],
      added: t('toasts.categoryAdded'),
      updated: t('toasts.categoryUpdated'),
    },
  );
}

export function useSaveAttribute() {
  const { t } = useTranslation('feedbackAdmin');
  return useSaveMutation(
    { create: ep.createFeedbackAttribute, update: ep.updateFeedbackAttribute },
    {
      invalidates: [feedbackCatalogueKeys.all],
      added: t('toasts.attributeAdded'),
      updated: t('toasts.attributeUpdated'),
    },
  );
}

export function useSetCategoryStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useStatusMutation(ep.setFeedbackCategoryStatus, {
    invalidates: [feedbackCatalogueKeys.all],
    activated: t('toasts.categoryActivated'),
    deactivated: t('toasts.categoryDeactivated'),
    failure: t('toasts.statusUnchanged'),
  });
}

export function useSetAttributeStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useStatusMutation(ep.setFeedbackAttributeStatus, {
    invalidates: [feedbackCatalogueKeys.all],
    activated: t('toasts.attributeActivated'),
    deactivated: t('toasts.attributeDeactivated'),
    failure: t('toasts.statusUnchanged'),
  });
}
