/**
 * Feedback requests (docs/feedback.md "Requests"): what the ask dialog offers, asking, the lists of what
 * was asked of me and what I asked, one request (the give form prefills an answer from it), declining,
 * and the tenant setting of how long a request stays open.
 */
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { feedbackRequestEndpoints as ep } from '../../../../shared/endpoints/feedback-requests';
import { tenantEndpoints } from '../../../../shared/endpoints/tenant';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { meKey } from './me';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';
import { tenantKeys } from './tenant';

export const feedbackRequestKeys = {
  all: ['feedback-requests'] as const,
  options: ['feedback-requests', 'options'] as const,
  asked: (page: number, pageSize: number) => ['feedback-requests', 'asked', page, pageSize] as const,
  mine: (page: number, pageSize: number) => ['feedback-requests', 'mine', page, pageSize] as const,
  one: (id: number) => ['feedback-requests', 'one', id] as const,
};

export type FeedbackRequestBody = RequestOf<typeof ep.createFeedbackRequest>['body'];
export type FeedbackRequest = ResponseOf<typeof ep.getFeedbackRequest>;
export type AskedRequest = ResponseOf<typeof ep.listFeedbackRequestsAskedOfMe>['items'][number];
export type RequestOptions = ResponseOf<typeof ep.getFeedbackRequestOptions>;

/** Attributes, colleagues and teams a request may name. */
export const useRequestOptions = (enabled = true) =>
  useEndpointQuery(feedbackRequestKeys.options, ep.getFeedbackRequestOptions, {}, { enabled });

/** What was asked of me: my action items (pending) first. */
export const useAskedOfMe = (page: number, pageSize: number) =>
  useEndpointQuery(feedbackRequestKeys.asked(page, pageSize), ep.listFeedbackRequestsAskedOfMe, {
    query: { page, pageSize },
  });

/** What I asked, each with the people asked and where they stand. */
export const useMyRequests = (page: number, pageSize: number, enabled = true) =>
  useEndpointQuery(
    feedbackRequestKeys.mine(page, pageSize),
    ep.listMyFeedbackRequests,
    { query: { page, pageSize } },
    { enabled },
  );

/** One request (its requester and the people asked may read it): the give form's prefill. */
export const useFeedbackRequest = (id: number | null) =>
  useEndpointQuery(
    feedbackRequestKeys.one(id ?? 0),
    ep.getFeedbackRequest,
    { params: { id: id! } },
    { enabled: id !== null },
  );

/** Asks for feedback. The dialog shows a failure in the form (fields) and as a toast itself. */
export function useAskFeedback() {
  const { t } = useTranslation('feedbackRequests');
  return useApiMutation({
    mutationFn: (body: FeedbackRequestBody) => call(ep.createFeedbackRequest, { body }),
    invalidates: [feedbackRequestKeys.all],
    success: (request) => ({
      title: t('askDialog.sent'),
      body: t('askDialog.sentBody', { count: request.recipients.length }),
    }),
  });
}

export function useDeclineRequest() {
  const { t } = useTranslation('feedbackRequests');
  return useApiMutation({
    mutationFn: (input: { id: number; reason?: string }) =>
      call(ep.declineFeedbackRequest, {
        params: { id: input.id },
        body: input.reason ? { reason: input.reason } : {},
      }),
    invalidates: [feedbackRequestKeys.all],
    success: (request) => ({ title: t('decline.done'), body: request.requester.name }),
    failure: t('decline.failed'),
  });
}

/** Settings › General: how many days a new request stays open. */
export function useSaveRequestExpiry() {
  const { t } = useTranslation('feedbackRequests');
  return useApiMutation({
    mutationFn: (days: number) =>
      call(tenantEndpoints.updateTenant, { body: { settings: { feedbackRequestExpiryDays: days } } }),
    invalidates: [tenantKeys.tenant, meKey, feedbackRequestKeys.options],
    success: (saved) => ({
      title: t('settings.saved'),
      body: t('settings.savedBody', { count: saved.settings.feedbackRequestExpiryDays }),
    }),
    failure: t('settings.notSaved'),
  });
}
