/**
 * Notifications and action items (docs/notifications.md): what kinds exist, which category each belongs
 * to (the unit a person switches channels for), the channels, and a person's settings. An `enable`
 * notification informs; an `action` item needs its recipient to act and counts until it is done (wherever
 * it was done) or ignored. In the app is always on; e-mail and push (the browser's Web Push, the desktop's
 * native notifications) follow each person's settings, which start from the company's defaults.
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['enable', 'action'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The spec's suggestion types: an item that suggests giving or asking for feedback. */
export const SUGGESTION_TYPES = ['GIVE_FEEDBACK', 'ASK_FOR_FEEDBACK'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

export const NOTIFICATION_CATEGORIES = [
  'feedback',
  'requests',
  'recognition',
  'feed',
  'leave',
  'attendance',
  'projects',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Every kind of notification: its kind, its category, and whether a `suggestion_type` filter finds it. */
export const NOTIFICATION_TYPES = {
  'feedback-received': { kind: 'enable', category: 'feedback' },
  'feedback-request': { kind: 'action', category: 'requests', suggestion: 'GIVE_FEEDBACK' },
  'feedback-request-answered': { kind: 'enable', category: 'requests' },
  'feedback-request-declined': { kind: 'enable', category: 'requests' },
  'feedback-request-due-soon': { kind: 'enable', category: 'requests' },
  'feedback-request-expired': { kind: 'enable', category: 'requests' },
  'leave-approval': { kind: 'action', category: 'leave' },
  'leave-cancellation-approval': { kind: 'action', category: 'leave' },
  'leave-forwarded': { kind: 'enable', category: 'leave' },
  'leave-approved': { kind: 'enable', category: 'leave' },
  'leave-rejected': { kind: 'enable', category: 'leave' },
  'leave-cancelled': { kind: 'enable', category: 'leave' },
  'leave-cancellation-approved': { kind: 'enable', category: 'leave' },
  'leave-cancellation-rejected': { kind: 'enable', category: 'leave' },
  // Flags on feedback: the decision, to whoever flagged it.
  'flag-approved': { kind: 'enable', category: 'feedback' },
  'flag-rejected': { kind: 'enable', category: 'feedback' },
  'flag-escalated': { kind: 'enable', category: 'feedback' },
  // Badges: one given, a request waiting for its approvers, a request decided.
  'badge-received': { kind: 'enable', category: 'recognition' },
  'badge-contribution-approval': { kind: 'action', category: 'recognition' },
  'badge-recommendation-approval': { kind: 'action', category: 'recognition' },
  'badge-contribution-approved': { kind: 'enable', category: 'recognition' },
  'badge-contribution-rejected': { kind: 'enable', category: 'recognition' },
  'badge-recommendation-approved': { kind: 'enable', category: 'recognition' },
  'badge-recommendation-rejected': { kind: 'enable', category: 'recognition' },
  // Leaderboard videos: the review, to the uploader.
  'video-approved': { kind: 'enable', category: 'recognition' },
  'video-rejected': { kind: 'enable', category: 'recognition' },
  // The news feed: to a post's author, or to the people it is about; a report's review to its reporters.
  'feed-reaction': { kind: 'enable', category: 'feed' },
  'feed-reaction-about-you': { kind: 'enable', category: 'feed' },
  'feed-comment': { kind: 'enable', category: 'feed' },
  'feed-comment-about-you': { kind: 'enable', category: 'feed' },
  'feed-report-kept': { kind: 'enable', category: 'feed' },
  'feed-report-removed': { kind: 'enable', category: 'feed' },
  // Attendance written, changed or deleted by someone else (a lead, HR), to its owner.
  'attendance-corrected': { kind: 'enable', category: 'attendance' },
  'attendance-checkout-missing': { kind: 'action', category: 'attendance' },
  // Task feedback: given, to the task's assignee; asked, an action item of each person asked until they give it
  // or decline.
  'task-feedback-received': { kind: 'enable', category: 'feedback' },
  'task-feedback-request': { kind: 'action', category: 'requests', suggestion: 'GIVE_FEEDBACK' },
  // A scheduled sync of a project with its tracker failed, to its product owners.
  'project-sync-failed': { kind: 'enable', category: 'projects' },
} as const satisfies Record<
  string,
  { kind: NotificationKind; category: NotificationCategory; suggestion?: SuggestionType }
>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as [NotificationType, ...NotificationType[]];

export function notificationKind(type: NotificationType): NotificationKind {
  return NOTIFICATION_TYPES[type].kind;
}

export function notificationCategory(type: NotificationType): NotificationCategory {
  return NOTIFICATION_TYPES[type].category;
}

/** Per channel, per category: on or off. In the app is always on, so it is not a channel here. */
const channelSwitchesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as Record<
    NotificationCategory,
    z.ZodBoolean
  >,
);
export type ChannelSwitches = z.infer<typeof channelSwitchesSchema>;

export const notificationPreferencesSchema = z.strictObject({
  email: channelSwitchesSchema,
  push: channelSwitchesSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

function allCategories(on: boolean): ChannelSwitches {
  return Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, on])) as ChannelSwitches;
}

/**
 * The defaults a company starts with: e-mail for what needs you (requests, leave) and nothing else, so
 * nobody's inbox fills with every like; push for everything, since the browser asks first anyway.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { ...allCategories(false), requests: true, leave: true },
  push: allCategories(true),
};

/**
 * Stored switches (a person's, or the company's defaults) as they are now, with the categories added since
 * they were saved taking `defaults` (a person's: the company's defaults; the company's: the built-in ones): without it, a new category would fail the strict check and throw
 * away every switch the person had set.
 */
export function withEveryCategory(
  stored: unknown,
  defaults: NotificationPreferences = DEFAULT_NOTIFICATION_PREFERENCES,
): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const value = stored as Record<string, unknown>;
  return Object.fromEntries(
    NOTIFICATION_CHANNELS.map((channel) => {
      const switches = value[channel];
      if (typeof switches !== 'object' || switches === null) return [channel, switches];
      return [channel, { ...defaults[channel], ...switches }];
    }),
  );
}

/** Whether `channel` is on for a notification of `type` under `preferences`. */
export function channelOn(
  preferences: NotificationPreferences,
  channel: NotificationChannel,
  type: NotificationType,
): boolean {
  return preferences[channel][notificationCategory(type)];
}

/**
 * The days after which a pending item reminds its recipient once more (docs/notifications.md
 * "Reminders"): day 3 and day 5, then it stops, unless the company chose otherwise.
 */
export const DEFAULT_REMINDER_DAYS = [3, 5] as const;
/** The digest's days (0 = Sunday) and times (HH:mm, the company's time zone): Monday at nine. */
export const DEFAULT_DIGEST_DAYS = [1] as const;
export const DEFAULT_DIGEST_TIMES = ['09:00'] as const;

/** How often the renderer asks for counts when the live stream is down (the spec's poll). */
export const NOTIFICATION_POLL_MS = 60_000;
