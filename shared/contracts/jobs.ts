/** The job runner's recorded runs, as administrators see them (Settings, Jobs). */
import { z } from 'zod';
import { listQuerySchema, listResponseSchema } from './common.js';

export const JOB_NAMES = [
  'leave-statuses',
  'storage-orphans',
  'feedback-requests',
  'badge-images',
  'notifications',
  'project-sync',
  'device-punches',
  'biotime-pull',
  'attendance-days',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** What started a run: its schedule, or someone's Run now. */
export const JOB_RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type JobRunTrigger = (typeof JOB_RUN_TRIGGERS)[number];
/** A run is running until it ends, then succeeded or failed. */
export const JOB_RUN_OUTCOMES = ['running', 'succeeded', 'failed'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

export const JOB_LABELS: Record<JobName, string> = {
  'leave-statuses': 'Leave jobs (auto reject, auto cancel, cancellations, auto leaves)',
  'storage-orphans': 'Uploads never confirmed (deleted after a day)',
  'feedback-requests': 'Feedback requests (expire those left unanswered)',
  'badge-images': 'Badge images no badge uses (deleted after a day)',
  notifications: 'Notifications no server sent, and reminders of open action items',
  'project-sync': 'Projects synced with their trackers (every 6 hours, and when rate limits allow again)',
  'device-punches': 'Device punches held for being ahead of the clock, applied when their time comes',
  'biotime-pull': 'Punches pulled from the BioTime server, at the interval its connection sets',
  'attendance-days': 'Daily attendance figures of the last two months computed again from attendance and leave',
};

export const jobRunSchema = z
  .object({
    id: z.number().int(),
    job: z.string(),
    trigger: z.enum(JOB_RUN_TRIGGERS),
    outcome: z.enum(JOB_RUN_OUTCOMES),
    /** What the run changed, by name (e.g. autoRejected: 2). */
    counts: z.record(z.string(), z.number()),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'JobRun' });
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobRunListQuerySchema = listQuerySchema({
  orderKeys: ['startedAt'],
  defaultOrderKey: 'startedAt',
  defaultOrderDir: 'desc',
  extra: { job: z.enum(JOB_NAMES).optional() },
});
export const jobRunListSchema = listResponseSchema(jobRunSchema);
