/** Every scheduled job, registered once. */
import { runLeaveJobs } from '../modules/leave/auto-leaves.js';
import type { JobName } from '../../../shared/contracts/jobs.js';
import type { JobDefinition } from './runner.js';

export const HOUR_MS = 3_600_000;

/** The leave jobs' name, for the Run now of the auto-leave settings. */
export const LEAVE_JOB: JobName = 'leave-statuses';

export const JOBS: readonly JobDefinition[] = [
  {
    // Auto reject, auto cancel, cancellations that outlived their leave, and auto leaves
    // (docs/leave-workflow.md). Hourly: a new day shows up within the hour.
    name: LEAVE_JOB,
    everyMs: HOUR_MS,
    run: (deps, tenantId) => runLeaveJobs(deps, tenantId),
  },
];
