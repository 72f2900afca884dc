/**
 * Badges and recognition (docs/recognition.md "Badges"): Badge Control's lists and dialogs, giving, My
 * badges, champions, contributions and recommendations, and the approvers' status changes, which are
 * optimistic: the list shows the new status at once and rolls back with a message when the server refuses.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common';
import type { BadgeRequest } from '../../../../shared/contracts/badges';
import type { BadgeRequestStatus, BadgeRequestType } from '../../../../shared/badges';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { badgeEndpoints as ep } from '../../../../shared/endpoints/badges';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation } from './mutation';

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

export type BadgeBody = RequestOf<typeof ep.createBadge>['body'];
export type BadgeChanges = RequestOf<typeof ep.updateBadge>['body'];
type CategoryListQuery = NonNullable<RequestOf<typeof ep.listBadgeCategories>['query']>;
type BadgeListQuery = NonNullable<RequestOf<typeof ep.listBadges>['query']>;
export type RequestFilters = {
  badgeId?: number | undefined;
  status?: BadgeRequestStatus | undefined;
  type?: BadgeRequestType | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** One page of badge categories, for the DataTable. */
export const fetchBadgeCategoryPage = (params: ListQuery, signal?: AbortSignal) =>
  call(ep.listBadgeCategories, { query: params as CategoryListQuery }, { signal });

/** One page of badges, for the DataTable. */
export const fetchBadgePage = (params: ListQuery, signal?: AbortSignal) =>
  call(ep.listBadges, { query: params as BadgeListQuery }, { signal });

/** Every badge category by name, for the badge dialog's picker. */
export function useAllBadgeCategories() {
  return useQuery({
    queryKey: badgeKeys.allCategories,
    queryFn: ({ signal }) =>
      call(
        ep.listBadgeCategories,
        { query: { page: 1, pageSize: 100, orderKey: 'name', orderDir: 'asc' } },
        { signal },
      ).then((r) => r.items),
  });
}

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

export function useSetBadgeCategoryStatus() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setBadgeCategoryStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [badgeKeys.all],
    success: (c) => ({ title: c.isActive ? t('toasts.activated') : t('toasts.deactivated'), body: c.name }),
    failure: t('toasts.statusUnchanged'),
  });
}

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
  return useApiMutation({
    mutationFn: (input: { id: number; changes: BadgeChanges } | { id?: undefined; body: BadgeBody }) =>
      input.id === undefined
        ? call(ep.createBadge, { body: input.body })
        : call(ep.updateBadge, { params: { id: input.id }, body: input.changes }),
    invalidates: [badgeKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.badgeAdded') : t('toasts.badgeUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetBadgeStatus() {
  const { t } = useTranslation('badges');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setBadgeStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [badgeKeys.all],
    success: (b) => ({ title: b.isActive ? t('toasts.activated') : t('toasts.deactivated'), body: b.name }),
    failure: t('toasts.statusUnchanged'),
  });
}

export function useBadgeOptions() {
  return useQuery({ queryKey: badgeKeys.options, queryFn: ({ signal }) => call(ep.getBadgeOptions, {}, { signal }) });
}

export function useBadgeColleagues(searchText: string, enabled: boolean) {
  return useQuery({
    queryKey: badgeKeys.colleagues(searchText),
    queryFn: ({ signal }) => call(ep.listBadgeColleagues, { query: { searchText } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useChampions() {
  return useQuery({
    queryKey: badgeKeys.champions,
    queryFn: ({ signal }) => call(ep.getBadgeChampions, {}, { signal }),
  });
}

export function useMyBadges() {
  return useQuery({ queryKey: badgeKeys.mine, queryFn: ({ signal }) => call(ep.getMyBadges, {}, { signal }) });
}

export function useRecentGivenBadges() {
  return useQuery({
    queryKey: badgeKeys.recent,
    queryFn: ({ signal }) => call(ep.listRecentGivenBadges, { query: { limit: 10 } }, { signal }),
  });
}

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
export function useMyBadgeRequests(page: number, filters: RequestFilters) {
  return useQuery({
    queryKey: [...badgeKeys.requests, 'mine', page, filters],
    queryFn: ({ signal }) =>
      call(ep.listMyBadgeRequests, { query: { page, pageSize: 10, ...filterQuery(filters) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every request of the company (approvers), with filters, a page at a time. */
export function useBadgeRequests(page: number, filters: RequestFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...badgeKeys.requests, 'all', page, filters],
    queryFn: ({ signal }) =>
      call(ep.listBadgeRequests, { query: { page, pageSize: 10, ...filterQuery(filters) } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBadgeRequestStats(enabled: boolean) {
  return useQuery({
    queryKey: [...badgeKeys.requests, 'stats'],
    queryFn: ({ signal }) => call(ep.getBadgeRequestStats, {}, { signal }),
    enabled,
  });
}

export function useRecommendationGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...badgeKeys.requests, 'recommendations'],
    queryFn: ({ signal }) => call(ep.listRecommendations, { query: {} }, { signal }),
    enabled,
  });
}

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
