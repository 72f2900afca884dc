/**
 * Task feedback (issue #15, docs/projects.md "Task feedback"): feedback on a task synced from a project's
 * tracker, given to the employee its assignee is. The bounds and the pure rules both sides apply: the
 * server always enforces them, the form shows them as the user types. Isomorphic: no Node, no DOM.
 */
import type { ErrorCode } from './messages.js';
import type { TaskStatus, TrackerTaskStatus } from './projects.js';

/** A request's life: asked, then answered by the feedback of the person asked, or declined by them. */
export const TASK_FEEDBACK_REQUEST_STATUSES = ['pending', 'answered', 'declined'] as const;
export type TaskFeedbackRequestStatus = (typeof TASK_FEEDBACK_REQUEST_STATUSES)[number];

/** At most this many colleagues are asked at once (a bound of ours, like personal feedback's requests). */
export const TASK_REQUEST_MAX_EMPLOYEES = 5;
/** The overview's period and the one before it it is compared with, in days. */
export const TASK_OVERVIEW_DAYS = 90;
/** The overview's recent tasks: the latest this many tasks that received feedback. */
export const RECENT_TASKS_LIMIT = 5;
/** How many people the "Whose tasks" picker lists at once (by name; typing narrows it). */
export const TASK_PEOPLE_LIMIT = 20;
/** The most ratings one task feedback holds (the catalogue's attributes are fewer in practice). */
export const TASK_RATINGS_MAX = 50;

/**
 * A broken rule: the body field it names and its error code (shared/i18n/en/errors.ts). The form's content
 * follows personal feedback's rules (`contentIssues`, shared/feedback.ts).
 */
export type TaskFeedbackIssue = { field: 'ratings' | 'comment' | 'employeeIds'; code: ErrorCode };

/** Whom a request asks: one to TASK_REQUEST_MAX_EMPLOYEES colleagues, each once, never oneself. */
export function taskRequestIssues(employeeIds: readonly number[], rules: { selfId: number }): TaskFeedbackIssue[] {
  if (employeeIds.length === 0) return [{ field: 'employeeIds', code: 'TASK_REQUEST_NOBODY' }];
  if (new Set(employeeIds).size !== employeeIds.length) return [{ field: 'employeeIds', code: 'TASK_REQUEST_TWICE' }];
  if (employeeIds.length > TASK_REQUEST_MAX_EMPLOYEES) return [{ field: 'employeeIds', code: 'TASK_REQUEST_TOO_MANY' }];
  if (employeeIds.includes(rules.selfId)) return [{ field: 'employeeIds', code: 'TASK_REQUEST_SELF' }];
  return [];
}

/**
 * The status a task shows: ignored first (it is out of feedback whatever else holds), then requested while
 * a request for its feedback waits for an answer, else the tracker's status.
 */
export function taskStatus(task: { status: TrackerTaskStatus; ignored: boolean; requested: boolean }): TaskStatus {
  if (task.ignored) return 'ignored';
  if (task.requested) return 'requested';
  return task.status;
}

/** The overview's status counts: in progress, reviewed (in testing or UAT) and done (done or completed). */
export const STATUS_BUCKETS = {
  inProgress: ['in-progress'],
  reviewed: ['testing', 'uat'],
  done: ['done', 'completed'],
} as const satisfies Record<string, readonly TrackerTaskStatus[]>;

/** The overview's period (the last TASK_OVERVIEW_DAYS days up to now) and the equal one before it. */
export function overviewPeriods(now: Date): { from: string; to: string; previousFrom: string } {
  const span = TASK_OVERVIEW_DAYS * 86_400_000;
  return {
    from: new Date(now.getTime() - span).toISOString(),
    to: now.toISOString(),
    previousFrom: new Date(now.getTime() - 2 * span).toISOString(),
  };
}
