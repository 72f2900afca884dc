/**
 * Task feedback (docs/projects.md "Task feedback"): giving feedback on a project's task to the employee its
 * assignee is, editing one's own, the received and given lists, a task with its feedback, seen marks,
 * requests for feedback on one's task and the overview. Every task and feedback is of the caller's company
 * (another company's answers 404).
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  givenTasksQuerySchema,
  givenTasksSchema,
  receivedTasksQuerySchema,
  receivedTasksSchema,
  taskColleaguesSchema,
  taskFeedbackBodySchema,
  taskFeedbackDetailSchema,
  taskFeedbackFormSchema,
  taskFeedbackSchema,
  taskFeedbackPeopleQuerySchema,
  taskFeedbackPeopleSchema,
  taskOverviewQuerySchema,
  taskOverviewSchema,
  taskRequestBodySchema,
  taskRequestsSchema,
} from '../contracts/task-feedback.js';
import { endpoint } from './define.js';

const WHOSE =
  ' Another employee’s: with view-task-feedback-all-employees, or view-task-feedback-team-members for someone sharing a team with the caller (403 otherwise).';
const REACH =
  ' A task is reached by the members of its project (or with view-all-projects), its assignee, the people who gave feedback on it or were asked to, and those who may read its assignee’s feedback; another answers 404.';

export const taskFeedbackEndpoints = {
  listReceivedTaskFeedback: endpoint({
    method: 'GET',
    path: '/api/task-feedback/received',
    access: 'view-received-task-feedback',
    summary: 'An employee’s tasks with the feedback they received on them: average, count, unseen; search, sort, page',
    description: `The caller’s tasks when no employeeId is given.${WHOSE}`,
    query: receivedTasksQuerySchema,
    response: receivedTasksSchema,
  }),
  listGivenTaskFeedback: endpoint({
    method: 'GET',
    path: '/api/task-feedback/given',
    access: 'view-given-task-feedback',
    summary: 'The task feedback the caller gave, each with its task: search, sort, page',
    query: givenTasksQuerySchema,
    response: givenTasksSchema,
  }),
  listAskedTaskFeedback: endpoint({
    method: 'GET',
    path: '/api/task-feedback/asked',
    access: 'give-task-feedback',
    summary: 'Requests for task feedback waiting for the caller’s answer, oldest first',
    response: taskRequestsSchema,
  }),
  getTaskFeedbackOverview: endpoint({
    method: 'GET',
    path: '/api/task-feedback/overview',
    access: 'view-task-feedback-overview',
    summary: 'Average rating of the last 90 days, its change and trend, recent tasks and the task stats',
    description: `Cycle times and kickbacks only with view-task-metrics (null otherwise).${WHOSE}`,
    query: taskOverviewQuerySchema,
    response: taskOverviewSchema,
  }),
  listTaskFeedbackPeople: endpoint({
    method: 'GET',
    path: '/api/task-feedback/people',
    access: ['view-task-feedback-team-members', 'view-task-feedback-all-employees'],
    summary: 'Whose task feedback the caller may read: active employees matching a search, by name',
    description:
      'Everyone with view-task-feedback-all-employees, else those sharing a team with the caller; never the caller (the picker’s "Me"), nor demo people while demo data is off.',
    query: taskFeedbackPeopleQuerySchema,
    response: taskFeedbackPeopleSchema,
  }),
  getTaskFeedbackDetail: endpoint({
    method: 'GET',
    path: '/api/task-feedback/tasks/:id',
    access: ['view-received-task-feedback', 'view-given-task-feedback', 'give-task-feedback'],
    summary: 'A task with the feedback on it the caller may read and its requests',
    description: `Its giver, its receiver, the receiver’s team leads (view-task-feedback-team-members) and view-task-feedback-all-employees read a feedback.${REACH}`,
    params: idParamsSchema,
    response: taskFeedbackDetailSchema,
  }),
  getTaskFeedbackForm: endpoint({
    method: 'GET',
    path: '/api/task-feedback/tasks/:id/form',
    access: 'give-task-feedback',
    summary: 'The give form prefilled from a task: the task, who receives, the catalogue and the caller’s feedback',
    description:
      'Refused as giving would be: one’s own task, an ignored one, one without a mapped assignee (400), outside the project (403).',
    params: idParamsSchema,
    response: taskFeedbackFormSchema,
  }),
  giveTaskFeedback: endpoint({
    method: 'POST',
    path: '/api/task-feedback/tasks/:id/feedback',
    access: 'give-task-feedback',
    summary: 'Give feedback on a task: ratings on the active catalogue and a comment, to its assignee',
    description:
      'Once per giver and task (409 after; edit it instead). Never on one’s own task, an ignored task or one whose assignee is not mapped to an active employee (400); only as a member of its project or with view-all-projects (403). Answers a pending request of the caller on the task.',
    params: idParamsSchema,
    body: taskFeedbackBodySchema,
    status: 201,
    response: taskFeedbackSchema,
  }),
  updateTaskFeedback: endpoint({
    method: 'PUT',
    path: '/api/task-feedback/feedback/:id',
    access: 'give-task-feedback',
    summary: 'Replace the ratings and comment of one’s own task feedback',
    description:
      'Only its giver (403 otherwise); the receiver stays the one it was given to. Like giving, answers a pending request of the giver on the task and closes its action item.',
    params: idParamsSchema,
    body: taskFeedbackBodySchema,
    response: taskFeedbackSchema,
  }),
  markTaskFeedbackSeen: endpoint({
    method: 'POST',
    path: '/api/task-feedback/feedback/:id/seen',
    access: 'view-received-task-feedback',
    summary: 'Mark a task feedback one received as seen (the first time counts)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  listTaskFeedbackColleagues: endpoint({
    method: 'GET',
    path: '/api/task-feedback/tasks/:id/colleagues',
    access: 'request-task-feedback',
    summary: 'Whom the assignee may ask for feedback on the task: active members of its project who may give it',
    description:
      'Members holding give-task-feedback through a role; a client of the project holds none and is left out.',
    params: idParamsSchema,
    response: taskColleaguesSchema,
  }),
  requestTaskFeedback: endpoint({
    method: 'POST',
    path: '/api/task-feedback/tasks/:id/requests',
    access: 'request-task-feedback',
    summary: 'Ask colleagues on the task’s project for feedback on one’s task; it shows requested until answered',
    description:
      'Only its assignee (403 otherwise). Each person asked is an active member of the project (400 TASK_REQUEST_NOT_MEMBER) who may give task feedback (400 TASK_REQUEST_CANNOT_GIVE, a client of the project), naming body.employeeIds. Asking someone again keeps their pending or answered request and reopens a declined one.',
    params: idParamsSchema,
    body: taskRequestBodySchema,
    status: 201,
    response: taskRequestsSchema,
  }),
  declineTaskFeedbackRequest: endpoint({
    method: 'POST',
    path: '/api/task-feedback/requests/:id/decline',
    access: 'give-task-feedback',
    summary: 'Decline a request for task feedback asked of the caller',
    description: 'Only the person asked, while pending (409 after); anyone else’s answers 404.',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
} as const;
