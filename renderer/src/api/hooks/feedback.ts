/**
 * Personal feedback: the give form's options and colleagues, giving, editing and deleting (optimistic in
 * the lists, then the ratings reload), the received and given lists (pages of 10, appended), one feedback,
 * seen marks and the unseen count, reactions (optimistic, never below zero). Every key sits under
 * `feedbackKeys.all`, so a gift or an edit refreshes every list and count at once.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import axios from 'axios';
import type { FeedbackAttachment, FeedbackItem, FeedbackReaction } from '../../../../shared/contracts/feedback';
import type { ListResponse } from '../../../../shared/contracts/common';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { feedbackEndpoints as ep } from '../../../../shared/endpoints/feedback';
import { FEEDBACK_PAGE_SIZE, type ReactionEmoji } from '../../../../shared/feedback';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { itemsOf, useEndpointQuery } from './query';
import { useSaveTenantSettings } from './tenant';

export type FeedbackListFilter = Omit<RequestOf<typeof ep.listFeedback>['query'], 'page' | 'pageSize'>;
export type GiveFeedbackBody = RequestOf<typeof ep.giveFeedback>['body'];
export type UpdateFeedbackBody = RequestOf<typeof ep.updateFeedbackGroup>['body'];
export type { FeedbackItem, FeedbackReaction };

export const feedbackKeys = {
  all: ['feedback'] as const,
  options: ['feedback', 'options'] as const,
  colleagues: (search: string) => ['feedback', 'colleagues', search] as const,
  averages: (ids: readonly number[]) => ['feedback', 'averages', ...ids] as const,
  lists: ['feedback', 'list'] as const,
  list: (filter: FeedbackListFilter) => ['feedback', 'list', filter] as const,
  one: (id: number) => ['feedback', 'one', id] as const,
  unseen: ['feedback', 'unseen'] as const,
};

export const useGivingOptions = () =>
  useEndpointQuery(feedbackKeys.options, ep.getGivingOptions, {}, { staleTime: 60_000 });

/**
 * Settings › Feedback, Giving: the comment's character limit and the rating deviation. The give form reads
 * both from its options, so those reload with the tenant.
 */
export function useSaveGivingSettings() {
  const { t } = useTranslation('settings');
  return useSaveTenantSettings<'characterLimit' | 'ratingDeviation'>({
    invalidates: [feedbackKeys.options],
    saved: t('feedback.giving.saved'),
    notSaved: t('feedback.giving.notSaved'),
  });
}

/** Colleagues matching a search (the first 20), for the recipients picker. */
export const useColleagues = (search: string) =>
  useEndpointQuery(
    feedbackKeys.colleagues(search),
    ep.listColleagues,
    { query: { searchText: search || undefined } },
    { select: itemsOf, placeholderData: keepPreviousData, staleTime: 30_000 },
  );

/** One colleague by id (a suggestion's "give feedback to"), or null until known or when not one. */
export function useColleague(id: number | null) {
  const query = useQuery({
    queryKey: ['feedback', 'colleague', id],
    queryFn: ({ signal }) => call(ep.listColleagues, { query: { id: id ?? undefined } }, { signal }),
    enabled: id !== null,
    select: (r) => r.items[0] ?? null,
  });
  return query.data ?? null;
}

/** The caller's recent average rating of each chosen person (the deviation rule, shown while writing). */
export function useRecentAverages(receiverIds: readonly number[]) {
  const ids = [...receiverIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: feedbackKeys.averages(ids),
    queryFn: ({ signal }) => call(ep.getRecentAverages, { query: { receiverIds: ids.join(',') } }, { signal }),
    select: (r) => r.items,
    enabled: ids.length > 0,
  });
}

/** A list, a page of 10 at a time, each appended (spec §4); page 1 again replaces it. */
export function useFeedbackList(filter: FeedbackListFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: feedbackKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(ep.listFeedback, { query: { ...filter, page: pageParam, pageSize: FEEDBACK_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ListResponse<FeedbackItem>, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled: options.enabled ?? true,
  });
}

export const useFeedback = (id: number) =>
  useEndpointQuery(
    feedbackKeys.one(id),
    ep.getFeedback,
    { params: { id } },
    {
      retry: (count, error) =>
        count < 2 && !/40[34]/.test(String((error as { response?: { status?: number } }).response?.status)),
    },
  );

export const useUnseenCount = (enabled: boolean) =>
  useEndpointQuery(
    feedbackKeys.unseen,
    ep.getUnseenCount,
    {},
    { select: (r) => r.unseen, enabled, refetchInterval: 60_000 },
  );

/** Marks received feedback seen (opened); the lists and the count refresh. Quiet: nobody asked for it. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedbackIds: number[]) => call(ep.markFeedbackSeen, { body: { feedbackIds } }),
    onSuccess: (r) => {
      queryClient.setQueryData(feedbackKeys.unseen, r);
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists });
    },
  });
}

/** Gives feedback. Failures are shown in the form (and toasted) by the page, which knows the fields. */
export function useGiveFeedback() {
  const { t } = useTranslation('feedback');
  return useApiMutation({
    mutationFn: (body: GiveFeedbackBody) => call(ep.giveFeedback, { body }),
    invalidates: [feedbackKeys.all],
    success: (r) => ({ title: t('give.sent'), body: t('give.sentBody', { count: r.feedbackIds.length }) }),
  });
}

export function useUpdateFeedbackGroup() {
  const { t } = useTranslation('feedback');
  return useApiMutation({
    mutationFn: (input: { groupId: number; body: UpdateFeedbackBody }) =>
      call(ep.updateFeedbackGroup, { params: { id: input.groupId }, body: input.body }),
    invalidates: [feedbackKeys.all],
    success: () => t('give.updated'),
  });
}

type Lists = InfiniteData<ListResponse<FeedbackItem>>;

/** Applies a change to every item of every cached list and detail, for optimistic updates. */
function patchCached(
  queryClient: ReturnType<typeof useQueryClient>,
  change: (item: FeedbackItem) => FeedbackItem | null,
) {
  queryClient.setQueriesData<Lists>({ queryKey: feedbackKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const items = page.items.flatMap((i) => {
              const next = change(i);
              return next ? [next] : [];
            });
            return { items, total: page.total - (page.items.length - items.length) };
          }),
        }
      : data,
  );
  queryClient.setQueriesData<FeedbackItem>({ queryKey: ['feedback', 'one'] }, (item) =>
    item ? (change(item) ?? item) : item,
  );
}

/**
 * Deletes a group: gone from the lists at once, then the server, then the ratings reload (spec §4). A
 * failure puts everything back and says why.
 */
export function useDeleteFeedbackGroup() {
  const { t } = useTranslation('feedback');
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => call(ep.deleteFeedbackGroup, { params: { id: groupId } }),
    onMutate: async (groupId) => {
      await queryClient.cancelQueries({ queryKey: feedbackKeys.lists });
      const before = queryClient.getQueriesData<Lists>({ queryKey: feedbackKeys.lists });
      patchCached(queryClient, (item) => (item.groupId === groupId ? null : item));
      return { before };
    },
    onError: (error, _groupId, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notify.error(t('delete.failed'), errorMessage(error));
    },
    onSuccess: () => notify.success(t('delete.done')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

/**
 * Adds or takes back one's reaction: shown at once (a count never below zero, one per person per emoji),
 * then the server's answer replaces it; a failure puts it back and says so.
 */
export function useReaction() {
  const { t } = useTranslation('feedback');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutate = (reactions: FeedbackReaction[], emoji: ReactionEmoji, add: boolean, me: string) => {
    const existing = reactions.find((r) => r.emoji === emoji);
    if (add && existing?.mine) return reactions;
    if (!add && !existing?.mine) return reactions;
    if (add) {
      return existing
        ? reactions.map((r) =>
            r.emoji === emoji ? { ...r, count: r.count + 1, mine: true, names: [...r.names, me] } : r,
          )
        : [...reactions, { emoji, count: 1, mine: true, names: [me] }];
    }
    return reactions
      .map((r) =>
        r.emoji === emoji
          ? { ...r, count: Math.max(0, r.count - 1), mine: false, names: r.names.filter((n) => n !== me) }
          : r,
      )
      .filter((r) => r.count > 0);
  };
  return useMutation({
    mutationFn: (input: { feedbackId: number; emoji: ReactionEmoji; add: boolean; me: string }) =>
      call(input.add ? ep.addReaction : ep.removeReaction, { params: { id: input.feedbackId, emoji: input.emoji } }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: feedbackKeys.all });
      const lists = queryClient.getQueriesData<Lists>({ queryKey: feedbackKeys.lists });
      const ones = queryClient.getQueriesData<FeedbackItem>({ queryKey: ['feedback', 'one'] });
      patchCached(queryClient, (item) =>
        item.id === input.feedbackId
          ? { ...item, reactions: mutate(item.reactions, input.emoji, input.add, input.me) }
          : item,
      );
      return { before: [...lists, ...ones] };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notify.error(t('reactions.failed'), errorMessage(error));
    },
    onSuccess: (answer, input) =>
      patchCached(queryClient, (item) =>
        item.id === input.feedbackId ? { ...item, reactions: answer.reactions } : item,
      ),
  });
}

export type { FeedbackAttachment };

/**
 * Uploads one file for feedback: begin (a signed link), PUT the bytes with progress, confirm (the server
 * checks the content). The signed link is used as given: same-origin /api for the local driver, the
 * bucket for S3; it carries its own authorization, so it goes without the session's token.
 */
export async function uploadFeedbackFile(
  file: File,
  kind: 'image' | 'file',
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FeedbackAttachment> {
  const begun = await call(ep.beginFeedbackAttachment, {
    body: { kind, name: file.name, size: file.size, contentType: file.type || 'application/octet-stream' },
  });
  await axios.put(begun.upload.url, file, {
    headers: begun.upload.headers,
    signal,
    onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
    timeout: 0,
  });
  onProgress(1);
  return call(ep.confirmFeedbackAttachment, { params: { id: begun.id } });
}

/** Removes an upload not yet sent with feedback (the user took it out of the form). */
export function removeFeedbackFile(id: number): Promise<undefined> {
  return call(ep.deleteFeedbackAttachment, { params: { id } });
}
