/** Every scheduled job, registered once. */
import { purgeAbandonedUploads } from '../storage/uploads.js';
import { runLeaveJobs } from '../modules/leave/auto-leaves.js';
import { expireRequests } from '../modules/feedback-requests/service.js';
import { sweepUnusedImages } from '../modules/badges/images.js';
import type { JobName } from '../../../shared/contracts/jobs.js';
import { readSettings } from '../modules/tenants/repository.js';
import { sendDigests } from '../modules/notifications/digest.js';
import { announceRequestsDue, remindMissingCheckouts } from '../modules/notifications/timed.js';
import { applyDuePunches } from '../modules/devices/ingest.js';
import { runScheduledBiotimePull } from '../modules/devices/biotime.js';
import { rebuildRecentDays } from '../modules/attendance/days.js';
import type { JobDefinition } from './runner.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The leave jobs' name, for the Run now of the auto-leave settings. */
export const LEAVE_JOB: JobName = 'leave-statuses';
/** The feedback request expiry job. */
export const FEEDBACK_REQUEST_JOB: JobName = 'feedback-requests';

/** Deletes uploads begun and never confirmed (server/src/storage, docs/storage.md). */
export const STORAGE_ORPHANS_JOB: JobName = 'storage-orphans';
/** Notifications no process delivered, and reminders of open action items (docs/notifications.md). */
export const NOTIFICATIONS_JOB: JobName = 'notifications';
/** Connected projects read from their trackers (docs/projects.md, "Syncing"). */
export const PROJECT_SYNC_JOB: JobName = 'project-sync';
/** Device punches held for being ahead of the server's clock, applied when their time comes (docs/devices.md). */
export const DEVICE_PUNCHES_JOB: JobName = 'device-punches';
/** Deletes confirmed badge images no badge uses (docs/recognition.md "Badges"). */
export const BADGE_IMAGES_JOB: JobName = 'badge-images';
/** Transactions pulled from the company's BioTime server (docs/devices.md "BioTime"). */
export const BIOTIME_PULL_JOB: JobName = 'biotime-pull';
/** The daily attendance aggregate of the recent days computed again (docs/workforce.md "Daily aggregate"). */
export const ATTENDANCE_DAYS_JOB: JobName = 'attendance-days';

export const JOBS: readonly JobDefinition[] = [
  {
    // Each connected, active project is read again when its last sync is six hours old, or when the tracker's
    // rate limit said to come back; projects one at a time, since several often share one tracker account.
    name: PROJECT_SYNC_JOB,
    everyMs: 15 * 60_000,
    run: (deps, tenantId) => deps.projectSync.runScheduled(tenantId),
  },
  {
    // Auto reject, auto cancel, cancellations that outlived their leave, and auto leaves
    // (docs/leave-workflow.md). Hourly: a new day shows up within the hour.
    name: LEAVE_JOB,
    everyMs: HOUR_MS,
    run: (deps, tenantId) => runLeaveJobs(deps, tenantId),
  },
  {
    // An upload link lives 15 minutes; a pending upload a day old was abandoned (a closed tab, a failed
    // save): its file, and the row a module kept of it. Hourly, so one lingers at most a day and an hour.
    name: STORAGE_ORPHANS_JOB,
    everyMs: HOUR_MS,
    run: async (deps, tenantId) => ({
      ...(await deps.storage.purgeOrphans(tenantId)),
      ...(await purgeAbandonedUploads(deps, tenantId)),
    }),
  },
  {
    // Feedback requests past their expiry stop waiting (docs/feedback.md "Requests"). Hourly, like the
    // leave jobs; lists already read an overdue pending row as expired.
    name: FEEDBACK_REQUEST_JOB,
    everyMs: HOUR_MS,
    run: (deps, tenantId) => expireRequests(deps, tenantId),
  },
  {
    // Delivery happens when a change is heard; this catches what a stopped process claimed and never sent
    // (after 10 minutes), sends the reminders of open action items on the company's reminder days, writes what
    // time causes (a check-out forgotten yesterday, a request closing tomorrow), tries again
    // the e-mails the mail server refused, and sends the e-mail digests at the company's times (so within 15
    // minutes of them).
    name: NOTIFICATIONS_JOB,
    everyMs: 15 * 60_000,
    run: async (deps, tenantId) => ({
      delivered: await deps.notifications.delivery.sweep(tenantId),
      reminded: await deps.notifications.delivery.remind(
        tenantId,
        (await readSettings(deps.db, tenantId)).notificationReminderDays,
      ),
      checkoutsMissing: await remindMissingCheckouts(deps.db, tenantId, deps.now()),
      requestsDue: await announceRequestsDue(deps.db, tenantId, deps.now()),
      mailRetried: await deps.mailer.retryFailed(tenantId),
      digests: await sendDigests(
        { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
        tenantId,
        deps.now(),
      ),
    }),
  },
  {
    // A device clock running ahead delivers punches later than now; they are held, and applied once their time
    // has come: on the next upload of any device, on "Apply waiting punches", and at the latest here.
    name: DEVICE_PUNCHES_JOB,
    everyMs: 5 * 60_000,
    run: (deps, tenantId) => applyDuePunches(deps, tenantId),
  },
  {
    // A company's BioTime server is read at the interval its connection sets (5 minutes to a day); the job looks
    // every 5 minutes whether that much time has passed since the last pull started.
    name: BIOTIME_PULL_JOB,
    everyMs: 5 * 60_000,
    run: (deps, tenantId) => runScheduledBiotimePull(deps, tenantId),
  },
  {
    // A badge image confirmed but left unused for a day: a form never saved. Daily: such files only cost
    // space, and replaced images are deleted at once.
    name: BADGE_IMAGES_JOB,
    everyMs: DAY_MS,
    run: (deps, tenantId) => sweepUnusedImages(deps, tenantId),
  },
  {
    // Every write keeps the daily aggregate in its own transaction; this computes the last two months again from
    // the source rows anyway, daily (and on Run now), so a row written by hand or by an older version is mended.
    name: ATTENDANCE_DAYS_JOB,
    everyMs: DAY_MS,
    run: (deps, tenantId) => rebuildRecentDays(deps, tenantId),
  },
];
