/**
 * Task feedback (docs/projects.md "Task feedback"): feedback on a project's task, given to the employee its
 * assignee is; the received and given lists, a task with its feedback, requests and the overview. Rules and
 * bounds: shared/task-feedback.ts.
 */
import { z } from 'zod';
import { TASK_STATUSES } from '../projects.js';
import { RATING_TRENDS } from '../feedback-overview.js';
import {
  RECENT_TASKS_LIMIT,
  TASK_PEOPLE_LIMIT,
  TASK_FEEDBACK_REQUEST_STATUSES,
  TASK_RATINGS_MAX,
  TASK_REQUEST_MAX_EMPLOYEES,
} from '../task-feedback.js';
import { multiLineText } from '../validation.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';
import { COMMENT_HARD_MAX, givingOptionsSchema, ratingInputSchema, ratingSchema } from './feedback.js';

const named = z.object({ id: z.number().int(), name: z.string() });

export const feedbackTaskSchema = z
  .object({
    id: z.number().int(),
    issueId: z.string().describe('The tracker’s key of the issue'),
    name: z.string(),
    sprint: named.nullable(),
    plan: named.describe('The project the task belongs to'),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    devCycleTime: z.number().nullable().describe('Hours; null without view-task-metrics'),
    qaKickbacks: z.number().int().nullable().describe('Null without view-task-metrics'),
    qaCycleTime: z.number().nullable().describe('Hours; null without view-task-metrics'),
    status: z.enum(TASK_STATUSES).describe('ignored, then requested while a request waits, else the tracker’s'),
    trackerStatus: z.string(),
    link: z.string(),
    assignee: z
      .object({ id: z.number().int().nullable().describe('The employee, once mapped'), name: z.string() })
      .nullable(),
    avgRating: z.number().nullable().describe('Average of the rated values its assignee received on it'),
    feedbackCount: z.number().int(),
    unseenCount: z.number().int().describe('Feedback on it its receiver has not marked seen'),
    lastFeedbackAt: z.string().nullable(),
  })
  .meta({ id: 'FeedbackTask' });
export type FeedbackTask = z.infer<typeof feedbackTaskSchema>;

export const taskFeedbackSchema = z
  .object({
    id: z.number().int(),
    taskId: z.number().int(),
    giver: named,
    receiver: named,
    comment: z.string().nullable(),
    rating: z.number().nullable().describe('Average of its rated values, two decimals; null when nothing rated'),
    ratings: z.array(ratingSchema),
    seenAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TaskFeedback' });
export type TaskFeedback = z.infer<typeof taskFeedbackSchema>;

export const taskFeedbackRequestSchema = z
  .object({
    id: z.number().int(),
    task: z.object({ id: z.number().int(), issueId: z.string(), name: z.string(), plan: named }),
    requester: named,
    asked: named,
    status: z.enum(TASK_FEEDBACK_REQUEST_STATUSES),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: 'TaskFeedbackRequest' });
export type TaskFeedbackRequest = z.infer<typeof taskFeedbackRequestSchema>;

export const taskFeedbackDetailSchema = z
  .object({
    task: feedbackTaskSchema,
    feedback: z.array(taskFeedbackSchema).describe('Those the caller may read, newest first'),
    requests: z
      .array(taskFeedbackRequestSchema)
      .describe('The assignee sees every request on the task, a person asked their own'),
    mine: z.number().int().nullable().describe('The caller’s own feedback on the task, if given'),
  })
  .meta({ id: 'TaskFeedbackDetail' });
export type TaskFeedbackDetail = z.infer<typeof taskFeedbackDetailSchema>;

/** The give form, prefilled: the task, the catalogue, the company's limit and the caller's feedback if any. */
export const taskFeedbackFormSchema = z.object({
  task: feedbackTaskSchema,
  receiver: named,
  categories: givingOptionsSchema.shape.categories,
  characterLimit: z.number().int(),
  feedback: taskFeedbackSchema.nullable().describe('The caller’s own feedback on the task: the form edits it'),
});
export type TaskFeedbackForm = z.infer<typeof taskFeedbackFormSchema>;

export const taskFeedbackBodySchema = z.strictObject({
  ratings: z.array(ratingInputSchema).max(TASK_RATINGS_MAX),
  comment: multiLineText(COMMENT_HARD_MAX).optional().describe('At most the company’s characterLimit'),
});
export type TaskFeedbackBody = z.input<typeof taskFeedbackBodySchema>;

export const taskRequestBodySchema = z.strictObject({
  employeeIds: z
    .array(bodyIdSchema)
    .max(50)
    .describe(`Members of the task’s project, 1 to ${TASK_REQUEST_MAX_EMPLOYEES}, never oneself`),
});
export type TaskRequestBody = z.input<typeof taskRequestBodySchema>;
export const taskRequestsSchema = z.object({ items: z.array(taskFeedbackRequestSchema) });

export const RECEIVED_TASK_ORDER_KEYS = ['lastFeedbackAt', 'issueId', 'name', 'avgRating', 'endDate'] as const;
export const receivedTasksQuerySchema = listQuerySchema({
  orderKeys: RECEIVED_TASK_ORDER_KEYS,
  defaultOrderKey: 'lastFeedbackAt',
  defaultOrderDir: 'desc',
  extra: {
    employeeId: optionalIdQuery.describe('Whose tasks: the caller when left out'),
    projectId: optionalIdQuery,
  },
});
export const receivedTasksSchema = listResponseSchema(feedbackTaskSchema);

export const GIVEN_TASK_ORDER_KEYS = ['createdAt', 'issueId', 'name', 'rating'] as const;
export const givenTasksQuerySchema = listQuerySchema({
  orderKeys: GIVEN_TASK_ORDER_KEYS,
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  extra: { projectId: optionalIdQuery },
});
export const givenTaskSchema = z
  .object({ task: feedbackTaskSchema, feedback: taskFeedbackSchema })
  .meta({ id: 'GivenTaskFeedback' });
export type GivenTask = z.infer<typeof givenTaskSchema>;
export const givenTasksSchema = listResponseSchema(givenTaskSchema);

export const taskOverviewQuerySchema = z.strictObject({
  employeeId: optionalIdQuery.describe('Whose overview: the caller when left out'),
});
export const taskOverviewSchema = z
  .object({
    subject: named,
    from: z.string(),
    to: z.string(),
    avgRating: z.number().nullable().describe('Rated values received in the period, two decimals'),
    previousAvgRating: z.number().nullable(),
    percentageChange: z.number().nullable(),
    trend: z.enum(RATING_TRENDS),
    recentTasks: z.array(feedbackTaskSchema).max(RECENT_TASKS_LIMIT),
    stats: z.object({
      avgRating: z.number().nullable(),
      percentageChange: z.number().nullable(),
      trend: z.enum(RATING_TRENDS),
      projectCount: z.number().int(),
      taskCount: z.number().int(),
      ignoredTaskCount: z.number().int(),
      receivedTaskCount: z.number().int().describe('Tasks that received feedback'),
      qaKickbacks: z.number().int().nullable().describe('Null without view-task-metrics'),
      devCycleTime: z.number().nullable().describe('Average hours; null without view-task-metrics'),
      qaCycleTime: z.number().nullable().describe('Average hours; null without view-task-metrics'),
      inProgressCount: z.number().int(),
      doneCount: z.number().int().describe('Done or completed'),
      reviewedCount: z.number().int().describe('In testing or UAT'),
    }),
  })
  .meta({ id: 'TaskFeedbackOverview' });
export type TaskOverview = z.infer<typeof taskOverviewSchema>;

export const taskColleaguesSchema = z.object({
  items: z.array(named).describe('Active members of the task’s project who may be asked, by name'),
});

export const taskFeedbackPeopleQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional().describe('Part of the name, any case'),
});
export const taskFeedbackPeopleSchema = z.object({
  items: z.array(named).max(TASK_PEOPLE_LIMIT).describe(`By name, the first ${TASK_PEOPLE_LIMIT}`),
});
export type TaskFeedbackPerson = z.infer<typeof named>;
