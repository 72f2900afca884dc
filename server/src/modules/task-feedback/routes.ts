/**
 * Task feedback (shared/endpoints/task-feedback.ts, docs/projects.md "Task feedback"). Each route passes its
 * permission at the guard; here it decides whose rows the caller reaches:
 *
 *   - a task is reached by the members of its project (or with view-all-projects), its assignee's employee,
 *     whoever gave feedback on it or was asked to, and whoever may read its assignee's feedback (a team lead
 *     with view-task-feedback-team-members sharing a team, view-task-feedback-all-employees); anyone else,
 *     and every other company, gets 404;
 *   - a feedback is read by its giver, its receiver, the receiver's team leads and the all-employees level;
 *   - giving needs the project (a member, product owner or not, or view-all-projects): a task reached
 *     otherwise answers 403.
 * Refusals change nothing: every check runs before the one transaction that writes.
 */
import type { TaskFeedbackBody } from '../../../../shared/contracts/task-feedback.js';
import { averageOf, ratingTrend } from '../../../../shared/feedback-overview.js';
import { contentIssues } from '../../../../shared/feedback.js';
import { taskFeedbackEndpoints } from '../../../../shared/endpoints/task-feedback.js';
import type { ErrorCode } from '../../../../shared/messages.js';
import { overviewPeriods, taskRequestIssues } from '../../../../shared/task-feedback.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { feedbackRepository } from '../feedback/repository.js';
import { givingRepository, type ResolvedRating } from '../feedback/giving-repository.js';
import { demoHidden, requireShown } from '../../policy/demo.js';
import { policyRepository } from '../../policy/repository.js';
import { holds } from '../../policy/scope.js';
import { taskFeedbackRepository, type TaskView } from './repository.js';

async function viewOf(ctx: RequestContext): Promise<TaskView> {
  return { hideDemo: await demoHidden(ctx), metrics: ctx.can('view-task-metrics') };
}

/**
 * Whether the caller may read what this employee received: the policy's `task-feedback` family (themselves
 * with its own level, a teammate as lead with its team level, anyone with its all level).
 */
const readsReceivedOf = (ctx: RequestContext, employeeId: number): Promise<boolean> =>
  ctx.repo(policyRepository).allowsEmployee('task-feedback', ctx.caller, employeeId);

/**
 * Whose list or overview: the caller by default; another employee of the tenant within the caller's level
 * of the `task-feedback` family (404 for none in the tenant, 403 naming the team and all levels).
 */
async function subjectOf(ctx: RequestContext, employeeId: number | undefined) {
  const id = employeeId ?? ctx.caller.employeeId;
  if (id !== ctx.caller.employeeId) {
    await ctx.repo(policyRepository).authorizeEmployee('task-feedback', ctx.caller, id);
    await requireShown(ctx, id);
  }
  const employee = await ctx.repo(taskFeedbackRepository).employee(id);
  if (!employee) throw errors.notFound('employeeNotFound');
  return { id: employee.id, name: employee.name };
}

/** The task's facts and how the caller reaches it; 404 when they do not (or it is another tenant's). */
async function reach(ctx: RequestContext, taskId: number) {
  const repo = ctx.repo(taskFeedbackRepository);
  const view = await viewOf(ctx);
  const facts = await repo.facts(taskId, view.hideDemo);
  if (!facts) throw errors.notFound('taskNotFound');
  const me = ctx.caller.employeeId;
  const onProject = ctx.can('view-all-projects') || (await repo.isMember(facts.projectId, me));
  const isAssignee = facts.receiverId === me;
  const reached =
    onProject ||
    isAssignee ||
    (await repo.involved(taskId, me)) ||
    (facts.receiverId !== null && (await readsReceivedOf(ctx, facts.receiverId)));
  if (!reached) throw errors.notFound('taskNotFound');
  return { repo, view, facts, onProject, isAssignee };
}

/** The rules of giving on this task (not those of the form's content); answers the receiver's id. */
async function givable(ctx: RequestContext, taskId: number) {
  const reached = await reach(ctx, taskId);
  const { facts, onProject } = reached;
  if (!onProject) throw errors.coded(403, 'TASK_FEEDBACK_NOT_ON_PROJECT');
  if (facts.receiverId === null || facts.receiverStatus !== 'active') throw errors.rule('TASK_FEEDBACK_NO_ASSIGNEE');
  if (facts.receiverId === ctx.caller.employeeId) throw errors.rule('TASK_FEEDBACK_OWN_TASK');
  return { ...reached, receiverId: facts.receiverId, ignored: facts.ignoredReason !== null };
}

/** The form's content: the shared rules, then the ratings against the active catalogue. */
async function checkContent(ctx: RequestContext, body: TaskFeedbackBody, failure: ErrorCode) {
  const { characterLimit } = await ctx.settings();
  const [first, ...rest] = contentIssues(body, { characterLimit });
  if (first) throw errors.formRules(failure, [first, ...rest]);
  const ratings: ResolvedRating[] | null = await ctx.repo(givingRepository).resolveRatings(body.ratings);
  if (!ratings) throw errors.formRules(failure, [{ field: 'ratings', code: 'FEEDBACK_RATING_UNKNOWN' }]);
  return { ratings, comment: body.comment?.trim() || null };
}

export const taskFeedbackRoutes = defineRoutes(taskFeedbackEndpoints, {
  listReceivedTaskFeedback: async (ctx, { query }) => {
    const subject = await subjectOf(ctx, query.employeeId);
    return ctx.repo(taskFeedbackRepository).received(subject.id, query, await viewOf(ctx));
  },

  listGivenTaskFeedback: async (ctx, { query }) =>
    ctx.repo(taskFeedbackRepository).given(ctx.caller.employeeId, query, await viewOf(ctx)),

  listAskedTaskFeedback: async (ctx) => ({
    items: await ctx.repo(taskFeedbackRepository).asked(ctx.caller.employeeId, await demoHidden(ctx)),
  }),

  getTaskFeedbackOverview: async (ctx, { query }) => {
    const subject = await subjectOf(ctx, query.employeeId);
    const periods = overviewPeriods(ctx.now());
    const figures = await ctx.repo(taskFeedbackRepository).overview(subject.id, periods, await viewOf(ctx));
    const { trend, percentageChange } = ratingTrend(figures.avgRating, figures.previousAvgRating);
    return {
      subject,
      from: periods.from,
      to: periods.to,
      avgRating: figures.avgRating,
      previousAvgRating: figures.previousAvgRating,
      percentageChange,
      trend,
      recentTasks: figures.recentTasks,
      stats: { avgRating: figures.avgRating, percentageChange, trend, ...figures.counts },
    };
  },

  // The guard passed either level; the all-employees one reaches everyone, the team-members one teammates.
  listTaskFeedbackPeople: async (ctx, { query }) => ({
    items: await ctx
      .repo(taskFeedbackRepository)
      .people(ctx.caller.employeeId, holds('task-feedback', 'all', ctx.caller.permissions) ? 'all' : 'team', {
        search: query.search || undefined,
        hideDemo: await demoHidden(ctx),
      }),
  }),

  getTaskFeedbackDetail: async (ctx, { params }) => {
    const { repo, view, isAssignee } = await reach(ctx, params.id);
    const me = ctx.caller.employeeId;
    const readable = new Map<number, boolean>();
    const feedback = [];
    for (const f of await repo.onTask(params.id, view.hideDemo)) {
      if (f.giver.id !== me && !readable.has(f.receiver.id))
        readable.set(f.receiver.id, await readsReceivedOf(ctx, f.receiver.id));
      if (f.giver.id === me || readable.get(f.receiver.id)) feedback.push(f);
    }
    const task = await repo.task(params.id, view);
    // The task's figures are those of the feedback the caller reads, not of every feedback on it.
    const rated = feedback.flatMap((f) => f.ratings.map((r) => r.rating)).filter((r) => r > 0);
    const sum = rated.reduce((a, b) => a + b, 0);
    return {
      task: {
        ...task,
        avgRating: averageOf(sum, rated.length),
        feedbackCount: feedback.length,
        unseenCount: feedback.filter((f) => f.seenAt === null).length,
      },
      feedback,
      requests: await repo.requests(params.id, view.hideDemo, isAssignee ? undefined : me),
      mine: feedback.find((f) => f.giver.id === me)?.id ?? null,
    };
  },

  getTaskFeedbackForm: async (ctx, { params }) => {
    const { repo, view, receiverId, ignored } = await givable(ctx, params.id);
    const mine = await repo.mine(params.id, ctx.caller.employeeId);
    // An ignored task takes no new feedback; one given before it was ignored may still be edited.
    if (ignored && !mine) throw errors.rule('TASK_FEEDBACK_IGNORED');
    const receiver = (await repo.employee(receiverId))!;
    return {
      task: await repo.task(params.id, view),
      receiver: { id: receiver.id, name: receiver.name },
      categories: await ctx.repo(feedbackRepository).givingOptions(),
      characterLimit: (await ctx.settings()).characterLimit,
      feedback: mine,
    };
  },

  giveTaskFeedback: async (ctx, { params, body }) => {
    const { repo, receiverId, ignored } = await givable(ctx, params.id);
    if (ignored) throw errors.rule('TASK_FEEDBACK_IGNORED');
    const content = await checkContent(ctx, body, 'TASK_FEEDBACK_SUBMIT_FAILED');
    if (await repo.mine(params.id, ctx.caller.employeeId)) throw errors.coded(409, 'TASK_FEEDBACK_GIVEN');
    const id = await ctx.transaction((tx) =>
      tx.repo(taskFeedbackRepository).create({
        taskId: params.id,
        giverId: ctx.caller.employeeId,
        receiverId,
        ...content,
      }),
    );
    return repo.feedback(id);
  },

  updateTaskFeedback: async (ctx, { params, body }) => {
    const repo = ctx.repo(taskFeedbackRepository);
    const owner = await repo.owner(params.id);
    if (!owner) throw errors.notFound('taskFeedbackNotFound');
    if (owner.giverId !== ctx.caller.employeeId) throw errors.coded(403, 'TASK_FEEDBACK_NOT_GIVER');
    const content = await checkContent(ctx, body, 'TASK_FEEDBACK_UPDATE_FAILED');
    await ctx.transaction((tx) => tx.repo(taskFeedbackRepository).update(params.id, content));
    return repo.feedback(params.id);
  },

  markTaskFeedbackSeen: async (ctx, { params }) => {
    const repo = ctx.repo(taskFeedbackRepository);
    const owner = await repo.owner(params.id);
    if (!owner) throw errors.notFound('taskFeedbackNotFound');
    if (owner.receiverId !== ctx.caller.employeeId) throw errors.coded(403, 'TASK_FEEDBACK_NOT_RECEIVER');
    await repo.markSeen(params.id);
    return undefined;
  },

  listTaskFeedbackColleagues: async (ctx, { params }) => {
    const { repo, view, facts, isAssignee } = await reach(ctx, params.id);
    if (!isAssignee) throw errors.coded(403, 'TASK_REQUEST_NOT_ASSIGNEE');
    return { items: await repo.colleagues(facts.projectId, ctx.caller.employeeId, { hideDemo: view.hideDemo }) };
  },

  requestTaskFeedback: async (ctx, { params, body }) => {
    const { repo, view, facts, isAssignee } = await reach(ctx, params.id);
    if (!isAssignee) throw errors.coded(403, 'TASK_REQUEST_NOT_ASSIGNEE');
    if (facts.ignoredReason !== null) throw errors.rule('TASK_FEEDBACK_IGNORED');
    const [first, ...rest] = taskRequestIssues(body.employeeIds, { selfId: ctx.caller.employeeId });
    if (first) throw errors.formRules('TASK_REQUEST_FAILED', [first, ...rest]);
    // Only active project members who may give task feedback (a client of the project may not) are asked;
    // a demo person is no member while demo data is off.
    const idsOf = async (anyone: boolean) =>
      new Set(
        (await repo.colleagues(facts.projectId, ctx.caller.employeeId, { anyone, hideDemo: view.hideDemo })).map(
          (c) => c.id,
        ),
      );
    const givers = await idsOf(false);
    if (body.employeeIds.some((id) => !givers.has(id))) {
      const members = await idsOf(true);
      const code = body.employeeIds.every((id) => members.has(id))
        ? 'TASK_REQUEST_CANNOT_GIVE'
        : 'TASK_REQUEST_NOT_MEMBER';
      throw errors.formRules('TASK_REQUEST_FAILED', [{ field: 'employeeIds', code }]);
    }
    await ctx.transaction((tx) =>
      tx.repo(taskFeedbackRepository).ask(params.id, ctx.caller.employeeId, body.employeeIds),
    );
    return { items: await repo.requests(params.id, view.hideDemo) };
  },

  declineTaskFeedbackRequest: async (ctx, { params }) => {
    const repo = ctx.repo(taskFeedbackRepository);
    const request = await repo.request(params.id);
    if (!request || request.askedId !== ctx.caller.employeeId) throw errors.notFound('taskRequestNotFound');
    if (!(await repo.decline(params.id))) throw errors.coded(409, 'TASK_REQUEST_CLOSED');
    return undefined;
  },
});
