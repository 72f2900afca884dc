/**
 * Asking for feedback (docs/feedback.md "Requests"): what the ask dialog offers, asking, the requests
 * asked of me and my own, one request (the give form prefills an answer from it), and declining. Anyone
 * may be asked, so reading and declining what one was asked needs no permission; answering is giving
 * feedback with `requestId` (shared/endpoints/feedback.ts).
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  askedRequestListQuerySchema,
  askedRequestListSchema,
  createFeedbackRequestBodySchema,
  declineFeedbackRequestBodySchema,
  feedbackRequestSchema,
  myRequestListQuerySchema,
  myRequestListSchema,
  requestOptionsSchema,
} from '../contracts/feedback-requests.js';
import { endpoint } from './define.js';

export const feedbackRequestEndpoints = {
  getFeedbackRequestOptions: endpoint({
    method: 'GET',
    path: '/api/feedback-requests/options',
    access: 'ask-feedback',
    summary:
      'What a request may name: active attributes, active colleagues, teams, and whether a subject may be chosen',
    response: requestOptionsSchema,
  }),
  createFeedbackRequest: endpoint({
    method: 'POST',
    path: '/api/feedback-requests',
    access: 'ask-feedback',
    summary: 'Ask one team or 1-5 employees for feedback on 1-5 attributes, about oneself or a chosen colleague',
    description:
      'A chosen subject needs ask-feedback-recipient. A team asks its members at the time (but the requester and ' +
      'the subject). The request expires after the tenant setting feedbackRequestExpiryDays (default 30). A broken ' +
      'rule answers 400 FEEDBACK_REQUEST_FAILED naming the field.',
    body: createFeedbackRequestBodySchema,
    status: 201,
    response: feedbackRequestSchema,
  }),
  listFeedbackRequestsAskedOfMe: endpoint({
    method: 'GET',
    path: '/api/feedback-requests/asked',
    access: 'signed-in',
    summary: 'Requests asking me for feedback: pending first (my action items), then answered, declined, expired',
    query: askedRequestListQuerySchema,
    response: askedRequestListSchema,
  }),
  listMyFeedbackRequests: endpoint({
    method: 'GET',
    path: '/api/feedback-requests/mine',
    access: 'ask-feedback',
    summary: 'Requests I made, each with the people asked and whether they answered, declined or let it expire',
    query: myRequestListQuerySchema,
    response: myRequestListSchema,
  }),
  getFeedbackRequest: endpoint({
    method: 'GET',
    path: '/api/feedback-requests/:id',
    access: 'signed-in',
    summary: 'One request, for its requester and the people asked (403 for anyone else)',
    params: idParamsSchema,
    response: feedbackRequestSchema,
  }),
  declineFeedbackRequest: endpoint({
    method: 'POST',
    path: '/api/feedback-requests/:id/decline',
    access: 'signed-in',
    summary: 'Decline a request I was asked, while it waits for me, with an optional reason (409 once closed)',
    params: idParamsSchema,
    body: declineFeedbackRequestBodySchema,
    response: feedbackRequestSchema,
  }),
};
