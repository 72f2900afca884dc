/**
 * Project and sprint feedback (docs/projects.md, "Project and sprint feedback"): the product owners' ratings,
 * the client links and the client's page (public, by token), the sprint graph's averages, the lists, a PBI's
 * detail and the CSV. Authenticated routes reach only the projects the caller may see (another answers 404).
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  clientFeedbackBodySchema,
  clientFeedbackRequestSchema,
  clientLinkBodySchema,
  clientLinkListSchema,
  clientLinkParamsSchema,
  clientLinkSchema,
  clientTokenParamsSchema,
  createdClientLinkSchema,
  myFeedbackBodySchema,
  myFeedbackQuerySchema,
  pbiFeedbackDetailSchema,
  pbiFeedbackParamsSchema,
  projectClientsSchema,
  projectFeedbackListQuerySchema,
  projectFeedbackListSchema,
  projectFeedbackReportQuerySchema,
  projectFeedbackReportSchema,
  projectFeedbackSchema,
  projectFeedbackSummarySchema,
} from '../contracts/project-feedback.js';
import { endpoint } from './define.js';

const SCOPE = ' Without view-all-projects, only the projects the caller is a member of (another one answers 404).';
const CLIENTS =
  ' Client ratings are left out for a caller without view-client-feedback (its averages and lists hold only the product owners’).';
const OWNER =
  ' The caller must be a product owner of the project, or hold view-all-projects (403 PROJECT_FEEDBACK_NOT_OWNER).';

export const projectFeedbackEndpoints = {
  getProjectFeedbackSummary: endpoint({
    method: 'GET',
    path: '/api/projects/:id/feedback/summary',
    access: 'view-project-feedback',
    summary: 'Each sprint’s averages of overall, quality and value for money: product owners, clients, past sprints',
    description: `The sprint graph. Ratings of a sprint itself; ratings of its PBIs are in the PBI detail.${CLIENTS}${SCOPE}`,
    params: idParamsSchema,
    response: projectFeedbackSummarySchema,
  }),
  listProjectFeedback: endpoint({
    method: 'GET',
    path: '/api/projects/:id/feedback',
    access: 'view-project-feedback',
    summary: 'The project’s feedbacks with their count: filter by sprint, PBI and source, sort, page',
    description: `${CLIENTS.trim()}${SCOPE}`,
    params: idParamsSchema,
    query: projectFeedbackListQuerySchema,
    response: projectFeedbackListSchema,
  }),
  downloadProjectFeedback: endpoint({
    method: 'GET',
    path: '/api/projects/:id/feedback/report',
    access: 'download-project-feedback',
    summary: 'Download the project’s feedbacks as CSV (one sprint, or all)',
    description: `One row per feedback: sprint, PBI, source, giver, the three ratings, comment, dates.${CLIENTS}${SCOPE}`,
    params: idParamsSchema,
    query: projectFeedbackReportQuerySchema,
    produces: 'text/csv',
    response: projectFeedbackReportSchema,
  }),
  getPbiFeedback: endpoint({
    method: 'GET',
    path: '/api/projects/:id/pbis/:pbiId/feedback',
    access: 'view-project-feedback',
    summary: 'A backlog item with its participants, its feedbacks and the product owners’ and clients’ averages',
    description: `${CLIENTS.trim()}${SCOPE}`,
    params: pbiFeedbackParamsSchema,
    response: pbiFeedbackDetailSchema,
  }),
  getMyProjectFeedback: endpoint({
    method: 'GET',
    path: '/api/projects/:id/feedback/mine',
    access: 'give-project-feedback',
    summary: 'The caller’s own rating of a sprint (or of one of its PBIs), or null',
    description: SCOPE.trim(),
    params: idParamsSchema,
    query: myFeedbackQuerySchema,
    response: projectFeedbackSchema.nullable(),
  }),
  saveMyProjectFeedback: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/feedback/mine',
    access: 'give-project-feedback',
    summary: 'Rate a sprint or one of its PBIs as a product owner: overall, quality, value for money, a comment',
    description: `One rating per product owner and sprint or PBI: saving again changes it.${OWNER}${SCOPE}`,
    params: idParamsSchema,
    body: myFeedbackBodySchema,
    response: projectFeedbackSchema,
  }),
  listProjectClients: endpoint({
    method: 'GET',
    path: '/api/projects/:id/clients',
    access: 'request-client-feedback',
    summary: 'The clients a feedback link may go to: active members of the project holding the Client role',
    description: `${OWNER.trim()}${SCOPE}`,
    params: idParamsSchema,
    response: projectClientsSchema,
  }),
  listClientFeedbackLinks: endpoint({
    method: 'GET',
    path: '/api/projects/:id/client-links',
    access: 'request-client-feedback',
    summary: 'The project’s client feedback links with their state: pending, used, expired or revoked',
    description: `Never the token: only its hash is stored.${OWNER}${SCOPE}`,
    params: idParamsSchema,
    response: clientLinkListSchema,
  }),
  createClientFeedbackLink: endpoint({
    method: 'POST',
    path: '/api/projects/:id/client-links',
    access: 'request-client-feedback',
    summary: 'Ask a client to rate a sprint or PBI: a single-use link, e-mailed and answered once here',
    description: `The link works 14 days, once. A pending (or expired, never used) link of the same client for the same sprint or PBI is revoked. \`emailed\` says whether the e-mail went out (false: the mail server refused it; pass the link on by hand). 409 CLIENT_FEEDBACK_GIVEN when the client already rated it; 409 CLIENT_LINK_BUSY when another link for the same client and target was made at the same moment (one stays pending).${OWNER}${SCOPE}`,
    params: idParamsSchema,
    body: clientLinkBodySchema,
    status: 201,
    response: createdClientLinkSchema,
  }),
  revokeClientFeedbackLink: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/client-links/:linkId',
    access: 'request-client-feedback',
    summary: 'Withdraw a pending client link: it no longer opens the client’s page',
    description: `A used link cannot be withdrawn (409 CLIENT_LINK_NOT_PENDING); an expired or revoked one is answered as it is.${OWNER}${SCOPE}`,
    params: clientLinkParamsSchema,
    response: clientLinkSchema,
  }),
  getClientFeedbackRequest: endpoint({
    method: 'GET',
    path: '/api/client-feedback/:token',
    access: 'public',
    summary: 'What a client link asks to rate (no account: the token is the credential)',
    description:
      '404 for an unknown token; 410 CLIENT_LINK_USED, CLIENT_LINK_EXPIRED or CLIENT_LINK_REVOKED for a link that no longer works (a client since deactivated or taken off the project counts as revoked). Rate limited per address.',
    params: clientTokenParamsSchema,
    response: clientFeedbackRequestSchema,
    errorStatuses: [410],
  }),
  submitClientFeedback: endpoint({
    method: 'POST',
    path: '/api/client-feedback/:token',
    access: 'public',
    summary: 'The client’s ratings: overall, quality, value for money and a comment, once per link',
    description:
      'The link is spent by the same conditional update that checks it, so of two submits at once exactly one is kept; the other answers 410 CLIENT_LINK_USED. The link is a bearer credential and needs no session, but a request carrying the live session of anyone other than the link’s client is refused (403 CLIENT_LINK_NOT_YOURS: sign out to use it). Rate limited per address.',
    params: clientTokenParamsSchema,
    body: clientFeedbackBodySchema,
    status: 204,
    response: emptyResponseSchema,
    errorStatuses: [410],
  }),
};
