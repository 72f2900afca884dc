/** Every scheduled job, registered once. */
import { runLeaveJobs } from '../modules/leave/auto-leaves.js';
import { expireRequests } from '../modules/feedback-requests/service.js';
import type { JobName } from '../../../shared/contracts/jobs.js';
import type { JobDefinition } from './runner.js';

export const HOUR_MS = 3_600_000;

/** The leave jobs' name, for the Run now of the auto-leave settings. */
export const LEAVE_JOB: JobName = 'leave-statuses';
/** The feedback request expiry job. */
export const FEEDBACK_REQUEST_JOB: JobName = 'feedback-requests';

export const JOBS: readonly JobDefinition[] = [
  {
    // Auto reject, auto cancel, cancellations that outlived their leave, and auto leaves
    // (docs/leave-workflow.md). Hourly: a new day shows up within the hour.
    name: LEAVE_JOB,
    everyMs: HOUR_MS,
    run: (deps, tenantId) => runLeaveJobs(deps, tenantId),
  },
  {
    // Feedback requests past their expiry stop waiting (docs/feedback.md "Requests"). Hourly, like the
    // leave jobs; lists already read an overdue pending row as expired.
    name: FEEDBACK_REQUEST_JOB,
    everyMs: HOUR_MS,
    run: (deps, tenantId) => expireRequests(deps, tenantId),
  },
];
