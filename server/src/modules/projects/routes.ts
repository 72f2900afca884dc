/**
 * The Project Hub (shared/endpoints/projects.ts, docs/projects.md): projects, members, the tracker
 * connection and syncs, sprints, PBIs, tasks and the tracker's people. Without view-all-projects the caller
 * reaches only the projects they are a member of; every read and write goes through that scope first, so one
 * they may not see is "not found".
 */
import { ALLOCATION_REPORT_FILE, PROJECT_REPORT_FILE } from '../../../../shared/contracts/projects.js';
import { toCsv } from '../../../../shared/csv.js';
import { projectEndpoints } from '../../../../shared/endpoints/projects.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type { RequestContext } from '../../http/context.js';
import { csvDownload } from '../../http/csv-download.js';
import { defineRoutes } from '../../http/endpoints.js';
import { AppError, errors } from '../../http/errors.js';
import { TrackerError } from './connectors/types.js';
import { projectFeedbackRepository } from '../project-feedback/repository.js';
import { sourcesOf } from '../project-feedback/routes.js';
import { projectRepository, type ProjectScope } from './repository.js';
import { trackerTokenContext } from './sync.js';

/** The projects the caller reaches: all with view-all-projects, else their own (project feedback uses it too). */
export async function scopeOf(ctx: RequestContext): Promise<ProjectScope> {
  return {
    memberOf: ctx.can('view-all-projects') ? null : ctx.caller.employeeId,
    hideDemo: (await ctx.settings()).isDemoDataDisabled,
  };
}

/** The project within the caller's scope (404 otherwise), and the repository. */
async function reach(ctx: RequestContext, id: number) {
  const projects = ctx.repo(projectRepository);
  const scope = await scopeOf(ctx);
  const project = await projects.get(id, scope);
  return { projects, scope, project };
}

const TOOL_NAMES = {
  'azure-devops': 'Azure DevOps',
  jira: 'Jira',
  trello: 'Trello',
  planner: 'Microsoft Planner',
  monday: 'Monday',
} as const;

export const projectRoutes = defineRoutes(projectEndpoints, {
  listProjects: async (ctx, { query }) => ctx.repo(projectRepository).list(query, await scopeOf(ctx)),

  getProjectCounts: async (ctx) => ctx.repo(projectRepository).counts(await scopeOf(ctx)),

  downloadProjectReport: async (ctx, _input, { reply }) => {
    const items = await ctx.repo(projectRepository).all(await scopeOf(ctx));
    return csvDownload(
      reply,
      PROJECT_REPORT_FILE,
      toCsv(
        [
          'Project',
          'Key',
          'Address',
          'Type',
          'Status',
          'Tracker',
          'Product owners',
          'Members',
          'Sprints',
          'Tasks',
          'Last sync',
        ],
        items.map((p) => [
          p.name,
          p.key,
          p.url,
          p.type,
          p.isActive ? 'Active' : 'Inactive',
          p.connection ? TOOL_NAMES[p.connection.tool] : '',
          p.productOwners.map((o) => o.name).join('; '),
          p.memberCount,
          p.sprintCount,
          p.taskCount,
          p.lastSync?.finishedAt ?? '',
        ]),
      ),
    );
  },

  downloadProjectAllocationReport: async (ctx, _input, { reply }) => {
    const items = await ctx.repo(projectRepository).all(await scopeOf(ctx));
    const totals = new Map<number, number>();
    for (const p of items)
      if (p.isActive)
        for (const m of p.members) totals.set(m.employeeId, (totals.get(m.employeeId) ?? 0) + m.allocation);
    return csvDownload(
      reply,
      ALLOCATION_REPORT_FILE,
      toCsv(
        [
          'Employee',
          'E-mail',
          'Project',
          'Project status',
          'Role',
          'Allocation %',
          'Total allocation % (active projects)',
        ],
        items.flatMap((p) =>
          p.members.map((m) => [
            m.name,
            m.email,
            p.name,
            p.isActive ? 'Active' : 'Inactive',
            m.role === 'product-owner' ? 'Product owner' : 'Member',
            m.allocation,
            totals.get(m.employeeId) ?? 0,
          ]),
        ),
      ),
    );
  },

  getProject: async (ctx, { params }) => (await reach(ctx, params.id)).project,

  createProject: async (ctx, { body }) => {
    const projects = ctx.repo(projectRepository);
    const id = await ctx.transaction(async (tx) => {
      const created = await tx.repo(projectRepository).create(body, ctx.caller.employeeId);
      // Someone who sees only their own projects owns what they create, or it would vanish from their list.
      if (!ctx.can('view-all-projects'))
        await tx.repo(projectRepository).addMember(created, ctx.caller.employeeId, 'product-owner', 0);
      return created;
    });
    return projects.get(id, { memberOf: null, hideDemo: false });
  },

  updateProject: async (ctx, { params, body }) => {
    const { projects, scope, project } = await reach(ctx, params.id);
    await projects.update(params.id, project, body);
    return projects.get(params.id, scope);
  },

  setProjectStatus: async (ctx, { params, body }) => {
    const { projects, scope } = await reach(ctx, params.id);
    await projects.setStatus(params.id, body.isActive);
    return projects.get(params.id, scope);
  },

  setProjectMembers: async (ctx, { params, body }) => {
    const { projects, scope } = await reach(ctx, params.id);
    const ids = body.members.map((m) => m.employeeId);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0)
      throw errors.validation(
        [{ path: 'body.members', message: V.projectMemberTwice }],
        MESSAGES.PROJECT_MEMBER_FAILED,
      );
    const missing = await projects.unknownEmployees(ids);
    if (missing.length > 0)
      throw errors.validation(
        [{ path: 'body.members', message: V.unknownEmployees.replace('{{ids}}', missing.join(', ')) }],
        MESSAGES.PROJECT_MEMBER_FAILED,
      );
    await ctx.transaction(async (tx) => {
      await tx.repo(projectRepository).replaceMembers(params.id, body.members);
      // A client taken off the project can no longer use the feedback links sent to them.
      await tx.repo(projectFeedbackRepository).revokeLinksOfNonMembers(params.id);
    });
    // Removing oneself may take the project out of the caller's scope: answer it as it now is.
    return projects.get(params.id, { ...scope, memberOf: null });
  },

  connectProject: async (ctx, { params, body }) => {
    const { projects, scope, project } = await reach(ctx, params.id);
    const stored = await projects.connection(params.id);
    const context = trackerTokenContext(ctx.caller.tenantId, params.id);
    const sameAccount = stored?.tool === body.tool && (stored.trackerUser ?? '') === body.user;
    const token =
      body.token || (sameAccount && stored?.trackerToken ? ctx.deps.secretBox.open(stored.trackerToken, context) : '');
    const fields = [
      ...(token ? [] : [{ path: 'body.token', message: V.trackerTokenRequired }]),
      ...(body.tool === 'jira' && !body.user ? [{ path: 'body.user', message: V.trackerUserRequired }] : []),
      ...(body.tool === 'trello' && !body.user ? [{ path: 'body.user', message: V.trackerKeyRequired }] : []),
    ];
    if (fields.length > 0) throw errors.validation(fields, MESSAGES.PROJECT_CONNECT_FAILED);
    let trackerName: string;
    try {
      const connector = ctx.deps.projectSync.connector({
        tool: body.tool,
        baseUrl: project.url,
        projectKey: project.key,
        user: body.user,
        token,
      });
      trackerName = (await connector.verify()).name;
    } catch (error) {
      if (!(error instanceof TrackerError)) throw error;
      // The tracker's refusal is the person's to fix (address, key, token): 400 with its reason. A tracker that
      // cannot be reached at all is a gateway failure.
      const status = error.code === 'unreachable' ? 502 : 400;
      throw new AppError(status, 'PROJECT_CONNECT_FAILED', `${MESSAGES.PROJECT_CONNECT_FAILED}: ${error.message}`, {
        tracker: error.code,
        ...(error.retryAfterSeconds !== null ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      });
    }
    await projects.saveConnection(params.id, {
      tool: body.tool,
      user: body.user,
      sealedToken: ctx.deps.secretBox.seal(token, context),
      trackerName,
    });
    return projects.get(params.id, scope);
  },

  disconnectProject: async (ctx, { params }) => {
    const { projects, scope } = await reach(ctx, params.id);
    await projects.forgetConnection(params.id);
    return projects.get(params.id, scope);
  },

  startProjectSync: async (ctx, { params, body }) => {
    const { projects, project } = await reach(ctx, params.id);
    if (body.sprintId === undefined && !ctx.can('sync-all-sprints')) throw errors.forbidden('sync-all-sprints');
    if (!project.isActive) throw errors.rule('PROJECT_INACTIVE');
    if (body.sprintId !== undefined) {
      const sprint = await projects.sprintRef(params.id, body.sprintId);
      if (sprint.trackerRef === null)
        throw errors.validation([{ path: 'body.sprintId', message: MESSAGES.NO_SPRINT_DATA }], MESSAGES.NO_SPRINT_DATA);
    }
    await ctx.deps.projectSync.start({
      tenantId: ctx.caller.tenantId,
      projectId: params.id,
      sprintId: body.sprintId ?? null,
      requestedBy: ctx.caller.employeeId,
    });
    return (await projects.latestSync(params.id))!;
  },

  getLatestProjectSync: async (ctx, { params }) => {
    const { projects } = await reach(ctx, params.id);
    return projects.latestSync(params.id);
  },

  listSprints: async (ctx, { params }) => {
    const { projects } = await reach(ctx, params.id);
    return { items: await projects.sprints(params.id) };
  },

  createSprint: async (ctx, { params, body }) => {
    const { projects } = await reach(ctx, params.id);
    const id = await projects.createSprint(params.id, body);
    return projects.sprint(params.id, id);
  },

  updateSprint: async (ctx, { params, body }) => {
    const { projects } = await reach(ctx, params.id);
    await projects.updateSprint(params.id, params.sprintId, body);
    return projects.sprint(params.id, params.sprintId);
  },

  listPbis: async (ctx, { params, query }) => {
    const { projects } = await reach(ctx, params.id);
    // The rating columns are project feedback: read with its permission, clients' only with theirs.
    return projects.pbis(params.id, query, ctx.can('view-project-feedback') ? sourcesOf(ctx) : null);
  },

  listProjectTasks: async (ctx, { params, query }) => {
    const { projects } = await reach(ctx, params.id);
    return projects.tasks(params.id, query);
  },

  ignoreProjectTasks: async (ctx, { params, body }) => {
    const { projects } = await reach(ctx, params.id);
    const ids = [...new Set(body.taskIds)];
    await refuseForeign(projects, params.id, ids);
    return { changed: await projects.ignoreTasks(params.id, ids, body.reason, ctx.caller.employeeId) };
  },

  restoreProjectTasks: async (ctx, { params, body }) => {
    const { projects } = await reach(ctx, params.id);
    const ids = [...new Set(body.taskIds)];
    await refuseForeign(projects, params.id, ids);
    return { changed: await projects.restoreTasks(params.id, ids) };
  },

  listProjectParticipants: async (ctx, { params }) => {
    const { projects } = await reach(ctx, params.id);
    return { items: await projects.people(params.id) };
  },

  mapProjectParticipant: async (ctx, { params, body }) => {
    const { projects } = await reach(ctx, params.id);
    if (body.employeeId !== null && (await projects.unknownEmployees([body.employeeId])).length > 0)
      throw errors.validation(
        [{ path: 'body.employeeId', message: V.noSuchEmployee }],
        MESSAGES.PROJECT_PARTICIPANT_FAILED,
      );
    return projects.mapPerson(params.id, params.personId, body.employeeId);
  },
});

/** Task ids of another project (or tenant) are refused and nothing changes. */
async function refuseForeign(projects: ReturnType<typeof projectRepository>, projectId: number, ids: number[]) {
  const foreign = await projects.foreignTasks(projectId, ids);
  if (foreign.length > 0)
    throw errors.validation([{ path: 'body.taskIds', message: `${V.taskNotFound} (${foreign.join(', ')})` }]);
}
