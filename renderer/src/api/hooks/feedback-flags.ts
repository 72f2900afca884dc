/**
 * Flags on feedback (docs/feedback.md "Flags"): flagging, the review queues, one flagged feedback, the
 * decision, and the summary the sidebar badge and the queue's update check poll. The queue is not
 * refetched on a timer: the summary is, and the queue reloads only when it says items arrived (spec §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ResponseOf } from '../../../../shared/endpoints/define';
import { feedbackFlagEndpoints as ep } from '../../../../shared/endpoints/feedback-flags';
import type { FlagDecision } from '../../../../shared/feedback';
import type { FlagQueue } from '../../../../shared/feedback-requests';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

export const feedbackFlagKeys = {
  all: ['feedback-flags'] as const,
  queues: ['feedback-flags', 'queue'] as const,
  queue: (queue: FlagQueue, page: number, pageSize: number) =>
    ['feedback-flags', 'queue', queue, page, pageSize] as const,
  summary: ['feedback-flags', 'summary'] as const,
  one: (id: number) => ['feedback-flags', 'one', id] as const,
};

export type FlaggedFeedback = ResponseOf<typeof ep.getFlaggedFeedback>;

/** How often the badge and the update check ask whether something arrived. */
export const FLAG_POLL_MS = 30_000;

export const useFlagQueue = (queue: FlagQueue, page: number, pageSize: number) =>
  useEndpointQuery(
    feedbackFlagKeys.queue(queue, page, pageSize),
    ep.listFlaggedFeedback,
    { query: { queue, page, pageSize } },
    // Fresh until the summary says otherwise: a reviewer's page does not jump under them.
    { staleTime: Infinity },
  );

/** The counts of my queues (the sidebar badge), polled. */
export const useFlagSummary = (enabled = true) =>
  useEndpointQuery(
    feedbackFlagKeys.summary,
    ep.getFlagSummary,
    { query: {} },
    { refetchInterval: FLAG_POLL_MS, enabled },
  );

/**
 * The update check of the queue: when the polled summary's latest arrival moves past what the shown list
 * was loaded with, the queue reloads; otherwise it stays as it is.
 */
export function useRefreshQueueOnArrival() {
  const queryClient = useQueryClient();
  const summary = useFlagSummary();
  const seen = useRef<string | null | undefined>(undefined);
  const latest = summary.data?.latestAt;
  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current !== undefined && latest !== seen.current && latest !== null && (seen.current ?? '') < latest)
      void queryClient.invalidateQueries({ queryKey: feedbackFlagKeys.queues });
    seen.current = latest;
  }, [latest, queryClient]);
}

export const useFlaggedFeedback = (id: number) =>
  useEndpointQuery(feedbackFlagKeys.one(id), ep.getFlaggedFeedback, { params: { id } });

/** Flags a feedback with a reason; the dialog shows a failure in the form itself. */
export function useFlagFeedback() {
  const { t } = useTranslation('feedbackRequests');
  return useApiMutation({
    mutationFn: (input: { feedbackId: number; reason: string }) =>
      call(ep.flagFeedback, { params: { id: input.feedbackId }, body: { reason: input.reason } }),
    // The lead's feedback lists hide it from now on: every feedback query refetches.
    invalidates: [feedbackFlagKeys.all, ['feedback']],
    success: () => ({ title: t('flagDialog.done'), body: t('flagDialog.doneBody') }),
  });
}

export function useDecideFlag() {
  const { t } = useTranslation('feedbackRequests');
  return useApiMutation({
    mutationFn: (input: { feedbackId: number; decision: FlagDecision }) =>
      call(ep.decideFlaggedFeedback, { params: { id: input.feedbackId }, body: { decision: input.decision } }),
    invalidates: [feedbackFlagKeys.all, ['feedback']],
    success: (flagged) => ({
      title: t(`decision.done.${flagged.flagStatus as FlagDecision}`),
      body: flagged.receiver.name,
    }),
    failure: t('decision.failed'),
  });
}
