/**
 * Personal feedback: giving it (and editing or deleting what one gave), reading the received and given
 * lists and one feedback, seen marks and reactions (issue #12, docs/feedback.md). Every read is narrowed
 * by the one visibility rule (server/src/policy/feedback.ts): a route's access list only lets the caller in.
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  attachmentSchema,
  beginAttachmentBodySchema,
  begunAttachmentSchema,
  colleaguesQuerySchema,
  colleaguesSchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  feedbackListResponseSchema,
  giveFeedbackBodySchema,
  givenGroupSchema,
  givingOptionsSchema,
  markSeenBodySchema,
  reactionParamsSchema,
  reactionsResponseSchema,
  recentAveragesQuerySchema,
  recentAveragesSchema,
  unseenCountSchema,
  updateFeedbackBodySchema,
} from '../contracts/feedback.js';
import { familyAccess } from '../policy-families.js';
import { endpoint } from './define.js';

/** Whoever reads some feedback: as its giver, its receiver, a lead of the receiver, or HR. */
const FEEDBACK_READ_ACCESS = ['view-given-feedback', ...familyAccess('feedback')] as const;

export const feedbackEndpoints = {
  getGivingOptions: endpoint({
    method: 'GET',
    path: '/api/feedback/options',
    access: 'give-feedback',
    summary: 'What the give form offers: active categories with their active attributes, the comment limit',
    response: givingOptionsSchema,
  }),
  listColleagues: endpoint({
    method: 'GET',
    path: '/api/feedback/colleagues',
    access: ['give-feedback', 'ask-feedback'],
    summary: 'Active colleagues by name (the first 20), to give feedback to or ask for it',
    description:
      'Anyone who gives or asks for feedback may see who works in the company: each colleague is id, name, picture and team names, never an e-mail address, role or status. The search matches a part of the name or the whole address.',
    query: colleaguesQuerySchema,
    response: colleaguesSchema,
  }),
  getRecentAverages: endpoint({
    method: 'GET',
    path: '/api/feedback/recent-averages',
    access: 'give-feedback',
    summary: 'The caller’s average rating of each person over the last 90 days (the deviation rule)',
    description:
      'An id of nobody in the company, or of a demo person while demo data is switched off, answers a null average.',
    query: recentAveragesQuerySchema,
    response: recentAveragesSchema,
  }),
  beginFeedbackAttachment: endpoint({
    method: 'POST',
    path: '/api/feedback/attachments',
    access: 'give-feedback',
    summary: 'Start uploading a file for feedback: answers a signed upload link (docs/storage.md)',
    description:
      'Images (jpeg, png, webp, gif) and files (pdf, office documents, text, csv, zip) under 100 MB, at most ' +
      '5 images per feedback. PUT the bytes to the link with its headers, then confirm.',
    body: beginAttachmentBodySchema,
    status: 201,
    response: begunAttachmentSchema,
  }),
  confirmFeedbackAttachment: endpoint({
    method: 'POST',
    path: '/api/feedback/attachments/:id/confirm',
    access: 'give-feedback',
    summary: 'Finish an upload: its content is checked against its type, images are re-encoded with a thumbnail',
    description:
      'One confirm checks an upload at a time: a second one meanwhile answers 409 UPLOAD_CONFIRMING, and one ' +
      'after it answers the ready attachment (docs/storage.md "Confirming").',
    params: idParamsSchema,
    response: attachmentSchema,
  }),
  deleteFeedbackAttachment: endpoint({
    method: 'DELETE',
    path: '/api/feedback/attachments/:id',
    access: 'give-feedback',
    summary: 'Remove an upload of one’s own not yet attached to feedback (attached ones go with an edit)',
    description: 'Refused (409 UPLOAD_CONFIRMING) while a confirm is checking the file.',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  giveFeedback: endpoint({
    method: 'POST',
    path: '/api/feedback',
    access: 'give-feedback',
    summary: 'Give feedback to one or more colleagues: one group, one feedback per recipient',
    description:
      'Ratings 1-5 on categories or attributes (0 = chosen, not rated); the comment within the tenant’s ' +
      'characterLimit, and required when a rating deviates from the giver’s recent average for that ' +
      'person by more than ratingDeviation. With requestId it answers that request. shareOnFeed posts it on ' +
      'the news feed; 409 FEED_SHARING_OFF while the company’s feedTypes leave feedback out.',
    body: giveFeedbackBodySchema,
    status: 201,
    response: givenGroupSchema,
  }),
  updateFeedbackGroup: endpoint({
    method: 'PATCH',
    path: '/api/feedback/groups/:id',
    access: 'give-feedback',
    summary: 'Edit feedback one gave: recipients, ratings and attachments are diffed into added and removed',
    params: idParamsSchema,
    body: updateFeedbackBodySchema,
    response: givenGroupSchema,
  }),
  deleteFeedbackGroup: endpoint({
    method: 'DELETE',
    path: '/api/feedback/groups/:id',
    access: 'give-feedback',
    summary: 'Delete feedback one gave, for every recipient, with its files',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  listFeedback: endpoint({
    method: 'GET',
    path: '/api/feedback',
    access: FEEDBACK_READ_ACCESS,
    summary: 'Received or given feedback of an employee or of the caller’s teams, newest first, pages of 10',
    description:
      'Whose, at most one of: employeeId (default the caller; another needs a lead of theirs or HR), teamId ' +
      'or functionId (a team’s or a function’s active members, opened by the Overview’s rules), team=true ' +
      '(the members of the caller’s teams). Two are a 400 naming the second. Always within who may read what.',
    query: feedbackListQuerySchema,
    response: feedbackListResponseSchema,
  }),
  getUnseenCount: endpoint({
    method: 'GET',
    path: '/api/feedback/unseen-count',
    access: 'view-received-feedback',
    summary: 'How many received feedback the caller has not opened',
    response: unseenCountSchema,
  }),
  markFeedbackSeen: endpoint({
    method: 'POST',
    path: '/api/feedback/seen',
    access: 'view-received-feedback',
    summary: 'Mark received feedback as seen (the receiver only)',
    body: markSeenBodySchema,
    response: unseenCountSchema,
  }),
  getFeedback: endpoint({
    method: 'GET',
    path: '/api/feedback/:id',
    access: FEEDBACK_READ_ACCESS,
    summary: 'One feedback, if the caller may read it',
    params: idParamsSchema,
    response: feedbackItemSchema,
  }),
  addReaction: endpoint({
    method: 'PUT',
    path: '/api/feedback/:id/reactions/:emoji',
    access: FEEDBACK_READ_ACCESS,
    summary: 'React to a feedback one may read (once per emoji; again changes nothing)',
    params: reactionParamsSchema,
    response: reactionsResponseSchema,
  }),
  removeReaction: endpoint({
    method: 'DELETE',
    path: '/api/feedback/:id/reactions/:emoji',
    access: FEEDBACK_READ_ACCESS,
    summary: 'Take one’s reaction back (never below zero)',
    params: reactionParamsSchema,
    response: reactionsResponseSchema,
  }),
};
