/**
 * Task feedback of one tenant (docs/projects.md "Task feedback"): the facts the routes decide on (a task's
 * project, assignee and state; membership; shared teams), the task rows with their feedback figures, the
 * feedback with its ratings, the requests, and the overview's aggregates. Bound to the tenant by the request
 * context (`ctx.repo(taskFeedbackRepository)`); inside a transaction through `tx.repo(…)`.
 */
import { sql, type SqlBool } from 'kysely';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import type {
  FeedbackTask,
  GivenTask,
  TaskFeedback,
  TaskFeedbackRequest,
} from '../../../../shared/contracts/task-feedback.js';
import { averageOf } from '../../../../shared/feedback-overview.js';
import { storedRating } from '../../../../shared/feedback.js';
import type { PermissionName } from '../../../../shared/permissions.js';
import type { TrackerTaskStatus } from '../../../../shared/projects.js';
import {
  RECENT_TASKS_LIMIT,
  STATUS_BUCKETS,
  TASK_PEOPLE_LIMIT,
  taskStatus,
  type TaskFeedbackRequestStatus,
} from '../../../../shared/task-feedback.js';
import { shownPeople } from '../../db/demo.js';
import { toNumber } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate, searchCondition } from '../../http/list.js';
import type { ResolvedRating } from '../feedback/giving-repository.js';
import { closeActions, notify, subjects } from '../notifications/writer.js';
import { teammatesQuery } from '../teams/membership.js';

/** What the reader may see of tasks: demo projects hidden while the company switched demo data off; metrics. */
export type TaskView = { hideDemo: boolean; metrics: boolean };

type ListArgs<K extends string> = {
  page: number;
  pageSize: number;
  orderKey: K;
  orderDir: 'asc' | 'desc';
  searchText?: string | undefined;
  projectId?: number | undefined;
};

type TaskRow = {
  id: number;
  trackerRef: string;
  name: string;
  status: string;
  trackerStateName: string;
  url: string;
  sprintId: number | null;
  sprintName: string | null;
  projectId: number;
  projectName: string;
  personName: string | null;
  employeeId: number | null;
  employeeName: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  devCycleHours: number | string | null;
  qaKickbacks: number;
  qaCycleHours: number | string | null;
  ignoredReason: string | null;
  pending: number | string | null;
};

type Figures = {
  ratingSum: number | string | null;
  ratingCount: number | string | null;
  feedbackCount: number | string | null;
  unseenCount: number | string | null;
  lastFeedbackAt: string | null;
};

const NO_FIGURES: Figures = {
  ratingSum: 0,
  ratingCount: 0,
  feedbackCount: 0,
  unseenCount: 0,
  lastFeedbackAt: null,
};

function taskView(row: TaskRow, figures: Figures, view: TaskView): FeedbackTask {
  const hours = (v: number | string | null) => (v === null || !view.metrics ? null : Number(v));
  return {
    id: row.id,
    issueId: row.trackerRef,
    name: row.name,
    sprint: row.sprintId !== null && row.sprintName !== null ? { id: row.sprintId, name: row.sprintName } : null,
    plan: { id: row.projectId, name: row.projectName },
    startDate: row.startedAt,
    endDate: row.finishedAt,
    devCycleTime: hours(row.devCycleHours),
    qaKickbacks: view.metrics ? row.qaKickbacks : null,
    qaCycleTime: hours(row.qaCycleHours),
    status: taskStatus({
      status: row.status as TrackerTaskStatus,
      ignored: row.ignoredReason !== null,
      requested: toNumber(row.pending) > 0,
    }),
    trackerStatus: row.trackerStateName,
    link: row.url,
    assignee:
      row.personName === null && row.employeeName === null
        ? null
        : { id: row.employeeId, name: row.employeeName ?? row.personName ?? '' },
    avgRating: averageOf(toNumber(figures.ratingSum), toNumber(figures.ratingCount)),
    feedbackCount: toNumber(figures.feedbackCount),
    unseenCount: toNumber(figures.unseenCount),
    lastFeedbackAt: figures.lastFeedbackAt,
  };
}

/**
 * How many requests for feedback on task `t` wait for an answer: a task with any shows as requested
 * (taskStatus), on the task feedback pages and on the project's Tasks tab alike.
 */
export const pendingRequestCount = sql<
  number | string
>`(select count(*) from task_feedback_requests r where r.task_id = t.id and r.status = 'pending')`;

export function taskFeedbackRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();

  /** How a notification names the task: its tracker id and name ("WEB-12 Checkout page"). */
  async function taskLabel(taskId: number): Promise<string> {
    const row = await db
      .selectFrom('projectTasks')
      .select(['trackerRef', 'name'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    return `${row.trackerRef} ${row.name}`;
  }

  /** Tasks of the tenant with what a row shows; `pending` counts the requests waiting for an answer. */
  function taskSelect(view: TaskView) {
    let query = db
      .selectFrom('projectTasks as t')
      .innerJoin('projects as p', 'p.id', 't.projectId')
      .leftJoin('projectSprints as s', 's.id', 't.sprintId')
      .leftJoin('trackerPeople as tp', 'tp.id', 't.assigneeId')
      .leftJoin('employees as e', 'e.id', 'tp.employeeId')
      .select([
        't.id',
        't.trackerRef',
        't.name',
        't.status',
        't.trackerStateName',
        't.url',
        't.sprintId',
        's.name as sprintName',
        'p.id as projectId',
        'p.name as projectName',
        'tp.name as personName',
        'e.id as employeeId',
        'e.name as employeeName',
        't.startedAt',
        't.finishedAt',
        't.devCycleHours',
        't.qaKickbacks',
        't.qaCycleHours',
        't.ignoredReason',
        pendingRequestCount.as('pending'),
      ])
      .where('t.tenantId', '=', tenantId);
    if (view.hideDemo) query = query.where('p.isDemo', '=', 0);
    return query;
  }

  /**
   * The task feedback `f` shown while `hideDemo`: neither its giver nor its receiver a demo person (a real
   * task's feedback may be a demo person's, e.g. their answer to a request). The rule is server/src/db/demo.ts's.
   */
  const shownFeedback = (hideDemo: boolean) =>
    sql<SqlBool>`(${shownPeople(scope, 'f.giverId', hideDemo)} and ${shownPeople(scope, 'f.receiverId', hideDemo)})`;

  /** Per task, the figures of the feedback on it shown (received by `receiverId` when given). */
  function figuresOf(hideDemo: boolean, receiverId?: number) {
    let query = db
      .selectFrom('taskFeedback as f')
      .select((eb) => [
        'f.taskId',
        eb.fn.sum<number | string>('f.ratingSum').as('ratingSum'),
        eb.fn.sum<number | string>('f.ratingCount').as('ratingCount'),
        eb.fn.count<number | string>('f.id').as('feedbackCount'),
        sql<number | string>`sum(case when f.seen_at is null then 1 else 0 end)`.as('unseenCount'),
        eb.fn.max('f.createdAt').as('lastFeedbackAt'),
      ])
      .where('f.tenantId', '=', tenantId)
      .where(shownFeedback(hideDemo))
      .groupBy('f.taskId');
    if (receiverId !== undefined) query = query.where('f.receiverId', '=', receiverId);
    return query;
  }

  /** Task feedback as read; a hidden demo person's (as giver or receiver) left out while `hideDemo`. */
  async function feedbackViews(filter: { ids?: number[]; taskId?: number; giverId?: number; hideDemo?: boolean }) {
    let query = db
      .selectFrom('taskFeedback as f')
      .innerJoin('employees as g', 'g.id', 'f.giverId')
      .innerJoin('employees as r', 'r.id', 'f.receiverId')
      .select([
        'f.id',
        'f.taskId',
        'f.giverId',
        'g.name as giverName',
        'f.receiverId',
        'r.name as receiverName',
        'f.comment',
        'f.ratingSum',
        'f.ratingCount',
        'f.seenAt',
        'f.createdAt',
        'f.updatedAt',
      ])
      .where('f.tenantId', '=', tenantId)
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc');
    if (filter.ids) query = query.where('f.id', 'in', filter.ids);
    if (filter.taskId !== undefined) query = query.where('f.taskId', '=', filter.taskId);
    if (filter.giverId !== undefined) query = query.where('f.giverId', '=', filter.giverId);
    if (filter.hideDemo) query = query.where(shownFeedback(true));
    const rows = await query.execute();
    const ratings = await taskRatingsOf(rows.map((r) => r.id));
    return rows.map((f): TaskFeedback => ({
      id: f.id,
      taskId: f.taskId,
      giver: { id: f.giverId, name: f.giverName },
      receiver: { id: f.receiverId, name: f.receiverName },
      comment: f.comment,
      rating: averageOf(f.ratingSum, f.ratingCount),
      ratings: ratings.get(f.id) ?? [],
      seenAt: f.seenAt,
      createdAt: f.createdAt,
      updatedAt: f.updatedAt,
    }));
  }

  /** The ratings of task feedback, named like personal feedback's (the same catalogue). */
  async function taskRatingsOf(ids: number[]) {
    const byFeedback = new Map<number, TaskFeedback['ratings']>();
    if (ids.length === 0) return byFeedback;
    const rows = await db
      .selectFrom('taskFeedbackRatings as r')
      .innerJoin('feedbackCategories as c', 'c.id', 'r.categoryId')
      .leftJoin('feedbackAttributes as a', 'a.id', 'r.attributeId')
      .select([
        'r.taskFeedbackId',
        'r.categoryId',
        'c.name as categoryName',
        'c.color',
        'r.attributeId',
        'a.name as attributeName',
        'r.rating',
      ])
      .where('r.tenantId', '=', tenantId)
      .where('r.taskFeedbackId', 'in', ids)
      .orderBy('r.id')
      .execute();
    for (const { taskFeedbackId, ...r } of rows)
      byFeedback.set(taskFeedbackId, [...(byFeedback.get(taskFeedbackId) ?? []), r]);
    return byFeedback;
  }

  async function writeRatings(feedbackId: number, ratings: readonly ResolvedRating[]) {
    await db.deleteFrom('taskFeedbackRatings').where('taskFeedbackId', '=', feedbackId).execute();
    if (ratings.length > 0)
      await db
        .insertInto('taskFeedbackRatings')
        .values(ratings.map((r) => ({ tenantId, taskFeedbackId: feedbackId, ...r })))
        .execute();
  }

  /**
   * The giver's request on the task, if one waits, is answered by their feedback (given or edited), and its
   * action item closes.
   */
  async function answerRequest(taskId: number, giverId: number, at: string) {
    await db
      .updateTable('taskFeedbackRequests')
      .set({ status: 'answered' satisfies TaskFeedbackRequestStatus, answeredAt: at })
      .where('tenantId', '=', tenantId)
      .where('taskId', '=', taskId)
      .where('askedId', '=', giverId)
      .where('status', '=', 'pending')
      .execute();
    await closeActions(db, tenantId, subjects.taskRequest(taskId, giverId), now(), giverId);
  }

  async function requestViews(filter: {
    taskId?: number;
    askedId?: number;
    pendingOnly?: boolean;
    hideDemo?: boolean;
  }) {
    let query = db
      .selectFrom('taskFeedbackRequests as q')
      .innerJoin('projectTasks as t', 't.id', 'q.taskId')
      .innerJoin('projects as p', 'p.id', 't.projectId')
      .innerJoin('employees as rq', 'rq.id', 'q.requesterId')
      .innerJoin('employees as ak', 'ak.id', 'q.askedId')
      .select([
        'q.id',
        't.id as taskId',
        't.trackerRef',
        't.name as taskName',
        'p.id as projectId',
        'p.name as projectName',
        'q.requesterId',
        'rq.name as requesterName',
        'q.askedId',
        'ak.name as askedName',
        'q.status',
        'q.createdAt',
        'q.answeredAt',
      ])
      .where('q.tenantId', '=', tenantId)
      .orderBy('q.createdAt')
      .orderBy('q.id');
    if (filter.taskId !== undefined) query = query.where('q.taskId', '=', filter.taskId);
    if (filter.askedId !== undefined) query = query.where('q.askedId', '=', filter.askedId);
    if (filter.pendingOnly) query = query.where('q.status', '=', 'pending');
    if (filter.hideDemo)
      query = query
        .where('p.isDemo', '=', 0)
        .where(shownPeople(scope, 'q.askedId', true))
        .where(shownPeople(scope, 'q.requesterId', true));
    const rows = await query.execute();
    return rows.map((q): TaskFeedbackRequest => ({
      id: q.id,
      task: { id: q.taskId, issueId: q.trackerRef, name: q.taskName, plan: { id: q.projectId, name: q.projectName } },
      requester: { id: q.requesterId, name: q.requesterName },
      asked: { id: q.askedId, name: q.askedName },
      status: q.status,
      createdAt: q.createdAt,
      answeredAt: q.answeredAt,
    }));
  }

  return {
    /** What the routes decide on about one task of the tenant; undefined for none (or another tenant's). */
    async facts(taskId: number, hideDemo: boolean) {
      let query = db
        .selectFrom('projectTasks as t')
        .innerJoin('projects as p', 'p.id', 't.projectId')
        .leftJoin('trackerPeople as tp', 'tp.id', 't.assigneeId')
        // A hidden demo person is no assignee: their task has none while demo data is off.
        .leftJoin('employees as e', (join) =>
          join.onRef('e.id', '=', 'tp.employeeId').on(shownPeople(scope, 'e.id', hideDemo)),
        )
        .select(['t.id', 't.projectId', 't.ignoredReason', 'e.id as receiverId', 'e.status as receiverStatus'])
        .where('t.tenantId', '=', tenantId)
        .where('t.id', '=', taskId);
      if (hideDemo) query = query.where('p.isDemo', '=', 0);
      return query.executeTakeFirst();
    },

    async isMember(projectId: number, employeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('projectMembers')
        .select('employeeId')
        .where('tenantId', '=', tenantId)
        .where('projectId', '=', projectId)
        .where('employeeId', '=', employeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the employee gave feedback on the task or was asked to. */
    async involved(taskId: number, employeeId: number): Promise<boolean> {
      // A receiver stays involved after the task is reassigned: their feedback is still theirs to read.
      const gaveOrGot = await db
        .selectFrom('taskFeedback')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('taskId', '=', taskId)
        .where((eb) => eb.or([eb('giverId', '=', employeeId), eb('receiverId', '=', employeeId)]))
        .executeTakeFirst();
      if (gaveOrGot) return true;
      const asked = await db
        .selectFrom('taskFeedbackRequests')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('taskId', '=', taskId)
        .where('askedId', '=', employeeId)
        .executeTakeFirst();
      return asked !== undefined;
    },

    /**
     * Whose task feedback a reader may pick (the "Whose tasks" picker): the tenant's active employees, those
     * sharing a team with the reader when `among` is 'team', never the reader; one query, by name.
     */
    people(
      readerId: number,
      among: 'team' | 'all',
      options: { search: string | undefined; hideDemo: boolean },
    ): Promise<{ id: number; name: string }[]> {
      let query = db
        .selectFrom('employees as e')
        .select(['e.id', 'e.name'])
        .where('e.tenantId', '=', tenantId)
        .where('e.status', '=', 'active')
        .where('e.id', '<>', readerId);
      if (among === 'team') query = query.where('e.id', 'in', teammatesQuery(db, tenantId, readerId));
      if (options.hideDemo) query = query.where('e.isDemo', '=', 0);
      if (options.search) query = query.where(searchCondition(['e.name'], options.search));
      return query
        .orderBy(sql`lower(e.name)`)
        .orderBy('e.id')
        .limit(TASK_PEOPLE_LIMIT)
        .execute();
    },

    /** An employee of the tenant by id, with their status; undefined for none. */
    employee: (id: number) =>
      db
        .selectFrom('employees')
        .select(['id', 'name', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** One task as a row, its figures over every feedback on it. */
    async task(taskId: number, view: TaskView): Promise<FeedbackTask> {
      const row = await taskSelect(view).where('t.id', '=', taskId).executeTakeFirst();
      if (!row) throw errors.notFound('taskNotFound');
      const figures = await figuresOf(view.hideDemo).where('f.taskId', '=', taskId).executeTakeFirst();
      return taskView(row, figures ?? NO_FIGURES, view);
    },

    /** The employee's tasks: assigned to them now, or on which they received feedback. */
    async received(
      employeeId: number,
      query: ListArgs<'lastFeedbackAt' | 'issueId' | 'name' | 'avgRating' | 'endDate'>,
      view: TaskView,
    ): Promise<ListResponse<FeedbackTask>> {
      let base = taskSelect(view)
        .leftJoin(figuresOf(view.hideDemo, employeeId).as('agg'), 'agg.taskId', 't.id')
        .select([
          'agg.ratingSum',
          'agg.ratingCount',
          'agg.feedbackCount',
          'agg.unseenCount',
          'agg.lastFeedbackAt',
          sql<number | null>`case when agg.rating_count > 0 then agg.rating_sum * 1.0 / agg.rating_count end`.as(
            'avgRating',
          ),
        ])
        .where((eb) => eb.or([eb('tp.employeeId', '=', employeeId), eb('agg.taskId', 'is not', null)]));
      if (query.projectId !== undefined) base = base.where('t.projectId', '=', query.projectId);
      const page = await paginate(base, query, {
        orderBy: {
          lastFeedbackAt: { ref: 'agg.lastFeedbackAt' },
          issueId: { ref: 't.trackerRef', text: true },
          name: { ref: 't.name', text: true },
          avgRating: { ref: 'avgRating' },
          endDate: { ref: 't.finishedAt' },
        },
        search: ['t.trackerRef', 't.name', 'p.name'],
        tieBreaker: 't.id',
      });
      return { total: page.total, items: page.items.map((row) => taskView(row, row, view)) };
    },

    /** The feedback the giver gave, each with its task (whose figures are of that feedback alone). */
    async given(
      giverId: number,
      query: ListArgs<'createdAt' | 'issueId' | 'name' | 'rating'>,
      view: TaskView,
    ): Promise<ListResponse<GivenTask>> {
      let base = taskSelect(view)
        .innerJoin('taskFeedback as f', 'f.taskId', 't.id')
        .select(['f.id as feedbackId', 'f.createdAt as givenAt', 'f.rating as storedRating', 'f.seenAt as givenSeenAt'])
        .select(['f.ratingSum', 'f.ratingCount'])
        .where('f.giverId', '=', giverId)
        .where(shownPeople(scope, 'f.receiverId', view.hideDemo));
      if (query.projectId !== undefined) base = base.where('t.projectId', '=', query.projectId);
      const page = await paginate(base, query, {
        orderBy: {
          createdAt: { ref: 'f.createdAt' },
          issueId: { ref: 't.trackerRef', text: true },
          name: { ref: 't.name', text: true },
          rating: { ref: 'f.rating' },
        },
        search: ['t.trackerRef', 't.name', 'p.name'],
        tieBreaker: 'f.id',
      });
      const ids = page.items.map((r) => r.feedbackId);
      const feedback = new Map((ids.length === 0 ? [] : await feedbackViews({ ids })).map((f) => [f.id, f]));
      return {
        total: page.total,
        items: page.items.map((row) => ({
          task: taskView(
            row,
            {
              ratingSum: row.ratingSum,
              ratingCount: row.ratingCount,
              feedbackCount: 1,
              unseenCount: row.givenSeenAt === null ? 1 : 0,
              lastFeedbackAt: row.givenAt,
            },
            view,
          ),
          feedback: feedback.get(row.feedbackId)!,
        })),
      };
    },

    /** Every feedback on a task, newest first (the route keeps those the reader may read). */
    onTask: (taskId: number, hideDemo: boolean) => feedbackViews({ taskId, hideDemo }),

    async feedback(id: number): Promise<TaskFeedback> {
      const [found] = await feedbackViews({ ids: [id] });
      if (!found) throw errors.notFound('taskFeedbackNotFound');
      return found;
    },

    /** The giver's feedback on a task, if any. */
    async mine(taskId: number, giverId: number): Promise<TaskFeedback | null> {
      const [found] = await feedbackViews({ taskId, giverId });
      return found ?? null;
    },

    /**
     * Writes a new feedback and answers the giver's request on the task. A second feedback by the same giver
     * on the task (two sent at once included: the unique index decides) is a 409 and the transaction keeps
     * nothing.
     */
    async create(values: {
      taskId: number;
      giverId: number;
      receiverId: number;
      comment: string | null;
      ratings: readonly ResolvedRating[];
    }): Promise<number> {
      const at = stamp();
      let id: number;
      try {
        id = (
          await db
            .insertInto('taskFeedback')
            .values({
              tenantId,
              taskId: values.taskId,
              giverId: values.giverId,
              receiverId: values.receiverId,
              comment: values.comment,
              ...storedRating(values.ratings),
              createdAt: at,
              updatedAt: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.coded(409, 'TASK_FEEDBACK_GIVEN');
        throw error;
      }
      await writeRatings(id, values.ratings);
      await answerRequest(values.taskId, values.giverId, at);
      await notify(
        db,
        tenantId,
        {
          type: 'task-feedback-received',
          recipientIds: [values.receiverId],
          actorId: values.giverId,
          params: { task: await taskLabel(values.taskId) },
          link: `/task/${values.taskId}`,
        },
        now(),
      );
      return id;
    },

    /** The feedback's owner facts; undefined for none of the tenant. */
    owner: (id: number) =>
      db
        .selectFrom('taskFeedback')
        .select(['id', 'giverId', 'receiverId'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Replaces a feedback's ratings and comment; like giving, it answers its giver's request on the task. */
    async update(id: number, values: { comment: string | null; ratings: readonly ResolvedRating[] }) {
      const at = stamp();
      const row = await db
        .updateTable('taskFeedback')
        .set({ comment: values.comment, ...storedRating(values.ratings), updatedAt: at })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .returning(['taskId', 'giverId'])
        .executeTakeFirstOrThrow();
      await writeRatings(id, values.ratings);
      await answerRequest(row.taskId, row.giverId, at);
    },

    async markSeen(id: number) {
      await db
        .updateTable('taskFeedback')
        .set({ seenAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('seenAt', 'is', null)
        .execute();
    },

    /**
     * Active members of the project, by name, but the one excluded: those who may give task feedback (a
     * role granting give-task-feedback; a client of the project holds none), or every one with `anyone`; no
     * demo people while `hideDemo`.
     */
    colleagues(projectId: number, except: number, options: { anyone?: boolean; hideDemo: boolean }) {
      let query = db
        .selectFrom('projectMembers as pm')
        .innerJoin('employees as e', 'e.id', 'pm.employeeId')
        .select(['e.id', 'e.name'])
        .where('pm.tenantId', '=', tenantId)
        .where('pm.projectId', '=', projectId)
        .where('e.status', '=', 'active')
        .where('e.id', '<>', except)
        .where(shownPeople(scope, 'e.id', options.hideDemo));
      if (!options.anyone)
        query = query.where(
          'e.id',
          'in',
          db
            .selectFrom('employeeRoles as er')
            .innerJoin('roleGrants as g', 'g.roleId', 'er.roleId')
            .select('er.employeeId')
            .where('er.tenantId', '=', tenantId)
            .where('g.tenantId', '=', tenantId)
            .where('g.kind', '=', 'permission')
            .where('g.name', '=', 'give-task-feedback' satisfies PermissionName),
        );
      return query
        .orderBy(sql`lower(e.name)`)
        .orderBy('e.id')
        .execute();
    },

    /**
     * Asks each employee: a new row pending, a declined one reopened, a pending or answered one kept. Each one
     * newly waiting gets an action item, done when they give their feedback or decline.
     */
    async ask(taskId: number, requesterId: number, employeeIds: readonly number[]) {
      const at = stamp();
      const waiting: number[] = [];
      // Someone who gave feedback on the task already has answered: asking them would wait for good.
      const gave = new Set(
        (
          await db
            .selectFrom('taskFeedback')
            .select('giverId')
            .where('tenantId', '=', tenantId)
            .where('taskId', '=', taskId)
            .execute()
        ).map((f) => f.giverId),
      );
      for (const askedId of employeeIds.filter((id) => !gave.has(id))) {
        const reopened = await db
          .updateTable('taskFeedbackRequests')
          .set({ status: 'pending', requesterId, createdAt: at, answeredAt: null })
          .where('tenantId', '=', tenantId)
          .where('taskId', '=', taskId)
          .where('askedId', '=', askedId)
          .where('status', '=', 'declined')
          .executeTakeFirst();
        if (Number(reopened.numUpdatedRows) > 0) {
          waiting.push(askedId);
          continue;
        }
        const inserted = await db
          .insertInto('taskFeedbackRequests')
          .values({ tenantId, taskId, requesterId, askedId, status: 'pending', createdAt: at })
          .onConflict((oc) => oc.columns(['taskId', 'askedId']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) waiting.push(askedId);
      }
      await notify(
        db,
        tenantId,
        {
          type: 'task-feedback-request',
          recipientIds: waiting,
          actorId: requesterId,
          subject: (recipientId) => subjects.taskRequest(taskId, recipientId),
          params: { task: await taskLabel(taskId) },
          link: `/task/${taskId}/give`,
        },
        now(),
      );
    },

    /** The requests on a task: all of them, or those asked of one person. */
    requests: (taskId: number, hideDemo: boolean, askedId?: number) =>
      requestViews(askedId === undefined ? { taskId, hideDemo } : { taskId, askedId, hideDemo }),

    /** Requests waiting for the employee's answer. */
    asked: (askedId: number, hideDemo: boolean) => requestViews({ askedId, pendingOnly: true, hideDemo }),

    request: (id: number) =>
      db
        .selectFrom('taskFeedbackRequests')
        .select(['id', 'askedId', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Declines a pending request, closing its action item; false when it was not pending any more (answered or
     * declined meanwhile).
     */
    async decline(id: number): Promise<boolean> {
      const result = await db
        .updateTable('taskFeedbackRequests')
        .set({ status: 'declined' satisfies TaskFeedbackRequestStatus, answeredAt: stamp() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      const row = await db
        .selectFrom('taskFeedbackRequests')
        .select(['taskId', 'askedId'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await closeActions(db, tenantId, subjects.taskRequest(row.taskId, row.askedId), now(), row.askedId);
      return true;
    },

    /** The overview's figures of an employee's received task feedback and tasks (docs/projects.md). */
    async overview(employeeId: number, periods: { from: string; to: string; previousFrom: string }, view: TaskView) {
      const demo = view.hideDemo ? sql`and p.is_demo = 0` : sql``;
      // Only the feedback shown counts: none a demo person gave while demo data is off.
      const shown = shownFeedback(view.hideDemo);
      const period = (from: string, to: string) =>
        sql<{ sum: number | string | null; count: number | string | null }>`
          select sum(f.rating_sum) as sum, sum(f.rating_count) as count
          from task_feedback f
          join project_tasks t on t.id = f.task_id
          join projects p on p.id = t.project_id
          where f.tenant_id = ${tenantId} and f.receiver_id = ${employeeId}
            and f.created_at >= ${from} and f.created_at < ${to} and ${shown} ${demo}`.execute(db);
      const [current, previous] = await Promise.all([
        period(periods.from, periods.to),
        period(periods.previousFrom, periods.from),
      ]);
      const average = (r: { rows: { sum: number | string | null; count: number | string | null }[] }) =>
        averageOf(toNumber(r.rows[0]?.sum), toNumber(r.rows[0]?.count));

      const bucket = (statuses: readonly string[]) =>
        sql<number>`sum(case when t.ignored_reason is null and t.status in (${sql.join(statuses)}) then 1 else 0 end)`;
      const stats = await sql<Record<string, number | string | null>>`
        select count(distinct t.project_id) as projects,
          count(*) as tasks,
          sum(case when t.ignored_reason is not null then 1 else 0 end) as ignored,
          sum(case when exists (select 1 from task_feedback f where f.task_id = t.id and f.receiver_id = ${employeeId}
            and ${shown}) then 1 else 0 end) as received,
          sum(case when t.ignored_reason is null then t.qa_kickbacks else 0 end) as kickbacks,
          avg(case when t.ignored_reason is null then t.dev_cycle_hours end) as dev,
          avg(case when t.ignored_reason is null then t.qa_cycle_hours end) as qa,
          ${bucket(STATUS_BUCKETS.inProgress)} as in_progress,
          ${bucket(STATUS_BUCKETS.done)} as done,
          ${bucket(STATUS_BUCKETS.reviewed)} as reviewed
        from project_tasks t
        join projects p on p.id = t.project_id
        where t.tenant_id = ${tenantId} ${demo}
          and (t.assignee_id in (select tp.id from tracker_people tp where tp.tenant_id = ${tenantId}
                 and tp.employee_id = ${employeeId})
            or exists (select 1 from task_feedback f where f.task_id = t.id and f.receiver_id = ${employeeId}
              and ${shown}))`.execute(db);
      const s = stats.rows[0] ?? {};
      const hours = (v: number | string | null | undefined) =>
        !view.metrics || v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;

      const recent = await taskSelect(view)
        .innerJoin(figuresOf(view.hideDemo, employeeId).as('agg'), 'agg.taskId', 't.id')
        .select(['agg.ratingSum', 'agg.ratingCount', 'agg.feedbackCount', 'agg.unseenCount', 'agg.lastFeedbackAt'])
        .orderBy('agg.lastFeedbackAt', 'desc')
        .orderBy('t.id', 'desc')
        .limit(RECENT_TASKS_LIMIT)
        .execute();

      return {
        avgRating: average(current),
        previousAvgRating: average(previous),
        recentTasks: recent.map((row) => taskView(row, row, view)),
        counts: {
          projectCount: toNumber(s.projects),
          taskCount: toNumber(s.tasks),
          ignoredTaskCount: toNumber(s.ignored),
          receivedTaskCount: toNumber(s.received),
          qaKickbacks: view.metrics ? toNumber(s.kickbacks) : null,
          devCycleTime: hours(s.dev),
          qaCycleTime: hours(s.qa),
          inProgressCount: toNumber(s.inProgress),
          doneCount: toNumber(s.done),
          reviewedCount: toNumber(s.reviewed),
        },
      };
    },
  };
}
