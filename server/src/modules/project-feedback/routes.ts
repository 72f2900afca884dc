/**
 * Project and sprint feedback (shared/endpoints/project-feedback.ts, docs/projects.md "Project and sprint
 * feedback"). Every signed-in route first reaches the project through the projects module's scope (without
 * view-all-projects, only one's own projects; another is "not found"); asking clients and rating in the app
 * also need the caller to be a product owner of it (or to hold view-all-projects for the links). The client's
 * two routes are public: the token is the credential, rate limited per address like sign-in.
 */
import { PROJECT_FEEDBACK_REPORT_FILE, type ClientLinkBody } from '../../../../shared/contracts/project-feedback.js';
import { toCsv } from '../../../../shared/csv.js';
import { projectFeedbackEndpoints } from '../../../../shared/endpoints/project-feedback.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type { Deps } from '../../deps.js';
import type { RequestContext } from '../../http/context.js';
import { csvDownload } from '../../http/csv-download.js';
import { defineRoutes } from '../../http/endpoints.js';
import { AppError, errors } from '../../http/errors.js';
import { projectRepository } from '../projects/repository.js';
import { scopeOf } from '../projects/routes.js';
import { bearerToken } from '../../http/access.js';
import {
  clientFeedbackRequest,
  clientLinkUrl,
  mailClientLink,
  newClientToken,
  sessionOf,
  submitClientFeedback,
} from './client-links.js';
import { projectFeedbackRepository, type Sources } from './repository.js';

/** The project within the caller's scope (404 otherwise): the projects module's rule. */
async function reach(ctx: RequestContext, id: number) {
  const project = await ctx.repo(projectRepository).get(id, await scopeOf(ctx));
  return { project, feedback: ctx.repo(projectFeedbackRepository) };
}

/** Reached, and the caller is one of its product owners (or, when `orAll`, holds view-all-projects). */
async function reachAsOwner(ctx: RequestContext, id: number, orAll: boolean) {
  const reached = await reach(ctx, id);
  if (!(orAll && ctx.can('view-all-projects')) && !(await reached.feedback.isProductOwner(id, ctx.caller.employeeId)))
    throw errors.coded(403, 'PROJECT_FEEDBACK_NOT_OWNER');
  return reached;
}

/** Client ratings are read only with view-client-feedback. */
export const sourcesOf = (ctx: RequestContext): Sources =>
  ctx.can('view-client-feedback') ? ['user', 'client'] : ['user'];

// The token routes are public: per client address, like sign-in.
const tokenLimit = (deps: Deps) => ({ max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' });

export const projectFeedbackRoutes = defineRoutes(projectFeedbackEndpoints, {
  getProjectFeedbackSummary: async (ctx, { params }) => {
    const { feedback } = await reach(ctx, params.id);
    return feedback.summary(params.id, sourcesOf(ctx));
  },

  listProjectFeedback: async (ctx, { params, query }) => {
    const { feedback } = await reach(ctx, params.id);
    return feedback.list(params.id, sourcesOf(ctx), query);
  },

  downloadProjectFeedback: async (ctx, { params, query }, { reply }) => {
    const { feedback } = await reach(ctx, params.id);
    const rows = await feedback.all(params.id, sourcesOf(ctx), query.sprintId);
    return csvDownload(
      reply,
      PROJECT_FEEDBACK_REPORT_FILE,
      toCsv(
        [
          'Sprint',
          'PBI',
          'PBI name',
          'Source',
          'Given by',
          'E-mail',
          'Overall',
          'Quality',
          'Value for money',
          'Comment',
          'Given at',
          'Changed at',
        ],
        rows.map((f) => [
          f.sprint.name,
          f.pbi?.refId ?? '',
          f.pbi?.name ?? '',
          f.source === 'client' ? 'Client' : 'Product owner',
          f.giver.name,
          f.giverEmail,
          f.overall,
          f.quality,
          f.valueForMoney,
          f.comment ?? '',
          f.createdAt,
          f.updatedAt,
        ]),
      ),
    );
  },

  getPbiFeedback: async (ctx, { params }) => {
    const { feedback } = await reach(ctx, params.id);
    return feedback.pbiDetail(params.id, params.pbiId, sourcesOf(ctx));
  },

  getMyProjectFeedback: async (ctx, { params, query }) => {
    const { feedback } = await reach(ctx, params.id);
    await feedback.target(params.id, query.sprintId, query.pbiId ?? null, 'query.pbiId');
    return feedback.mine(params.id, ctx.caller.employeeId, query.sprintId, query.pbiId ?? null);
  },

  saveMyProjectFeedback: async (ctx, { params, body }) => {
    const { feedback } = await reachAsOwner(ctx, params.id, false);
    const pbiId = body.pbiId ?? null;
    await feedback.target(params.id, body.sprintId, pbiId, 'body.pbiId');
    return feedback.saveMine(params.id, ctx.caller.employeeId, body.sprintId, pbiId, body);
  },

  listProjectClients: async (ctx, { params }) => {
    const { feedback } = await reachAsOwner(ctx, params.id, true);
    return { items: await feedback.clients(params.id) };
  },

  listClientFeedbackLinks: async (ctx, { params }) => {
    const { feedback } = await reachAsOwner(ctx, params.id, true);
    return { items: await feedback.links(params.id) };
  },

  createClientFeedbackLink: async (ctx, { params, body }, { request }) => {
    const { project, feedback } = await reachAsOwner(ctx, params.id, true);
    const { client, sprint, pbi } = await checkLinkBody(ctx, params.id, body);
    const { token, hash } = newClientToken();
    const id = await ctx.transaction((tx) =>
      tx.repo(projectFeedbackRepository).createLink(params.id, {
        clientId: client.id,
        sprintId: sprint.id,
        pbiId: pbi?.id ?? null,
        tokenHash: hash,
        createdBy: ctx.caller.employeeId,
      }),
    );
    const link = await feedback.link(params.id, id);
    const url = clientLinkUrl(ctx.deps, `${request.protocol}://${request.host}`, token);
    const emailed = await mailClientLink(ctx.deps, ctx.caller.tenantId, {
      clientId: client.id,
      clientEmail: client.email,
      clientName: client.name,
      project: project.name,
      sprint: sprint.name,
      pbi: pbi ? { refId: pbi.trackerRef, name: pbi.name } : null,
      requestedBy: link.createdBy?.name ?? project.name,
      url,
      token,
      expiresAt: link.expiresAt,
    });
    return { ...link, url, emailed };
  },

  revokeClientFeedbackLink: async (ctx, { params }) => {
    const { feedback } = await reachAsOwner(ctx, params.id, true);
    await feedback.revokeLink(params.id, params.linkId);
    return feedback.link(params.id, params.linkId);
  },

  getClientFeedbackRequest: {
    rateLimit: tokenLimit,
    handler: (ctx, { params }) => clientFeedbackRequest(ctx.deps, params.token),
  },

  submitClientFeedback: {
    rateLimit: tokenLimit,
    handler: async (ctx, { params, body }, { request }) => {
      const signedIn = await sessionOf(ctx.deps, bearerToken(request));
      await submitClientFeedback(ctx.deps, params.token, body, signedIn);
      return undefined;
    },
  },
});

/** The client (an active member holding the Client role), the sprint and the PBI of a new link, or why not. */
async function checkLinkBody(ctx: RequestContext, projectId: number, body: ClientLinkBody) {
  const feedback = ctx.repo(projectFeedbackRepository);
  const client = (await feedback.clients(projectId)).find((c) => c.id === body.clientId);
  if (!client)
    throw new AppError(400, 'CLIENT_NOT_A_CLIENT', MESSAGES.CLIENT_LINK_FAILED, {
      fields: [{ path: 'body.clientId', message: MESSAGES.CLIENT_NOT_A_CLIENT }],
    });
  const { sprint, pbi } = await feedback.target(projectId, body.sprintId, body.pbiId ?? null, 'body.pbiId');
  if (await feedback.hasRated(client.id, sprint.id, pbi?.id ?? null))
    throw errors.coded(409, 'CLIENT_FEEDBACK_GIVEN', {
      fields: [{ path: 'body.clientId', message: MESSAGES.CLIENT_FEEDBACK_GIVEN }],
    });
  return { client, sprint, pbi };
}
