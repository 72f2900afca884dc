/**
 * Badges and recognition (docs/recognition.md "Badges"): Badge Control's lists and dialogs, giving, My
 * badges, champions, contributions and recommendations, and the approvers' status changes, which are
 * optimistic: the list shows the new status at once and rolls back with a message when the server refuses.
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type { ListResponse } from '../../../../shared/contracts/common';
import type { BadgeRequest } from '../../../../shared/contracts/badges';
import type { BadgeRequestStatus, BadgeRequestType } from '../../../../shared/badges';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { badgeEndpoints as ep } from '../../../../shared/endpoints/badges';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation, useSaveMutation, useStatusMutation } from './mutation';
import { ALL_BY_NAME, itemsOf, pageFetcher, useEndpointQuery } from './query';

export const badgeKeys = {
  all: ['badges'] as const,
  categories: ['badges', 'categories'] as const,
  allCategories: ['badges', 'categories', 'all'] as const,
  control: ['badges', 'control'] as const,
  options: ['badges', 'options'] as const,
  colleagues: (searchText: string) => ['badges', 'colleagues', searchText] as const,
  champions: ['badges', 'champions'] as const,
  mine: ['badges', 'mine'] as const,
  recent: ['badges', 'recent'] as const,
  requests: ['badges', 'requests'] as const,
};

export type RequestFilters = {
  badgeId?: number | undefined;
  status?: BadgeRequestStatus | undefined;
  type?: BadgeRequestType | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** One page of badge categories, for the DataTable. */
export const fetchBadgeCategoryPage = pageFetcher(ep.listBadgeCategories);

/** One page of badges, for the DataTable. */
export const fetchBadgePage = pageFetcher(ep.listBadges);

/** Every badge category by name, for the badge dialog's picker. */
export const useAllBadgeCategories = () =>
  useEndpointQuery(badgeKeys.allCategories, ep.listBadgeCategories, { query: ALL_BY_NAME }, { select: itemsOf });

export function useSaveBadgeCategory() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (input: { id?: number | undefined; name: string }) =>
      input.id === undefined
        ? call(ep.createBadgeCategory, { body: { name: input.name } })
        : call(ep.updateBadgeCategory, { params: { id: input.id }, body: { name: input.name } }),
    invalidates: [badgeKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.categoryAdded') : t('toasts.categoryUpdated'),
      body: saved.name,
    }),
  });
}

/** A category's or a badge's status; both say the same. */
function useBadgeStatusMutation(endpoint: typeof ep.setBadgeCategoryStatus | typeof ep.setBadgeStatus) {
  const { t } = useTranslation('badges');
  return useStatusMutation(endpoint, {
    invalidates: [badgeKeys.all],
    activated: t('toasts.activated'),
    deactivated: t('toasts.deactivated'),
    failure: t('toasts.statusUnchanged'),
  });
}

export const useSetBadgeCategoryStatus = () => useBadgeStatusMutation(ep.setBadgeCategoryStatus);

/** Uploads a badge image: begin (a signed link), PUT the bytes, confirm (checked and re-encoded). */
export async function uploadBadgeImage(file: File, signal?: AbortSignal) {
  const begun = await call(ep.beginBadgeImage, {
    body: { kind: 'image', name: file.name, size: file.size, contentType: file.type || 'application/octet-stream' },
  });
  await axios.put(begun.upload.url, file, { headers: begun.upload.headers, signal, timeout: 0 });
  return call(ep.confirmBadgeImage, { params: { id: begun.id } });
}

/** Adds a badge, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveBadge() {
  const { t } = useTranslation('badges');
  return useSaveMutation(
    { create: ep.createBadge, update: ep.updateBadge },
    { invalidates: [badgeKeys.all], added: t('toasts.badgeAdded'), updated: t('toasts.badgeUpdated') },
  );
}

export const useSetBadgeStatus = () => useBadgeStatusMutation(ep.setBadgeStatus);

export const useBadgeOptions = () => useEndpointQuery(badgeKeys.options, ep.getBadgeOptions, {});

export const useBadgeColleagues = (searchText: string, enabled: boolean) =>
  useEndpointQuery(
    badgeKeys.colleagues(searchText),
    ep.listBadgeColleagues,
    { query: { searchText } },
    { enabled, placeholderData: keepPreviousData },
  );

export const useChampions = () => useEndpointQuery(badgeKeys.champions, ep.getBadgeChampions, {});

export const useMyBadges = () => useEndpointQuery(badgeKeys.mine, ep.getMyBadges, {});

export const useRecentGivenBadges = () =>
  useEndpointQuery(badgeKeys.recent, ep.listRecentGivenBadges, { query: { limit: 10 } });

/** Gives a badge. Errors are shown on the form's fields. */
export function useGiveBadge() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (body: RequestOf<typeof ep.giveBadge>['body']) => call(ep.giveBadge, { body }),
    invalidates: [badgeKeys.all],
    success: (given) => ({
      title: t('toasts.given'),
      body: t('toasts.givenBody', { badge: given.badge.name, name: given.employee.name }),
    }),
  });
}

export function useCreateContribution() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (body: RequestOf<typeof ep.createContribution>['body']) => call(ep.createContribution, { body }),
    invalidates: [badgeKeys.requests],
    success: (r) => ({ title: t('toasts.contributionSent'), body: r.badge.name }),
  });
}

export function useCreateRecommendation() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (body: RequestOf<typeof ep.createRecommendation>['body']) => call(ep.createRecommendation, { body }),
    invalidates: [badgeKeys.requests],
    success: (r) => ({
      title: t('toasts.recommendationSent'),
      body: t('toasts.givenBody', { badge: r.badge.name, name: r.employee.name }),
    }),
  });
}

const filterQuery = (filters: RequestFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/** The caller's own requests of one type, with filters, a page at a time. */
export const useMyBadgeRequests = (page: number, filters: RequestFilters) =>
  useEndpointQuery(
    [...badgeKeys.requests, 'mine', page, filters],
    ep.listMyBadgeRequests,
    { query: { page, pageSize: 10, ...filterQuery(filters) } },
    { placeholderData: keepPreviousData },
  );

/** Every request of the company (approvers), with filters, a page at a time. */
export const useBadgeRequests = (page: number, filters: RequestFilters, enabled: boolean) =>
  useEndpointQuery(
    [...badgeKeys.requests, 'all', page, filters],
    ep.listBadgeRequests,
    { query: { page, pageSize: 10, ...filterQuery(filters) } },
    { placeholderData: keepPreviousData, enabled },
  );

export const useBadgeRequestStats = (enabled: boolean) =>
  useEndpointQuery([...badgeKeys.requests, 'stats'], ep.getBadgeRequestStats, {}, { enabled });

export const useRecommendationGroups = (enabled: boolean) =>
  useEndpointQuery([...badgeKeys.requests, 'recommendations'], ep.listRecommendations, { query: {} }, { enabled });

/**
 * An approver's status change, optimistic: every cached list of requests shows the new status at once;
 * a refusal puts the lists back as they were and says why. Approving also refreshes badges held.
 */
export function useSetRequestStatus() {
  const { t } = useTranslation('badges');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const listKey = [...badgeKeys.requests, 'all'];
  return useMutation({
    mutationFn: (input: { id: number; status: 'under_review' | 'approved' | 'rejected' }) =>
      call(ep.setBadgeRequestStatus, { params: { id: input.id }, body: { status: input.status } }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<ListResponse<BadgeRequest>>({ queryKey: listKey });
      queryClient.setQueriesData<ListResponse<BadgeRequest>>({ queryKey: listKey }, (data) =>
        data
          ? {
              ...data,
              items: data.items.map((r) =>
                r.id === input.id ? { ...r, status: input.status, canDecide: input.status === 'under_review' } : r,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notify.error(t('toasts.statusFailed'), errorMessage(error));
    },
    onSuccess: (r) => notify.success(t(`toasts.status.${r.status}`), r.badge.name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }),
  });
}
