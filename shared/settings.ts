/**
 * Tenant settings: the keys the specs name, their ranges and their defaults. Stored one row per key
 * (tenant_settings), read through `parseTenantSettings`, which fills defaults for missing keys.
 */
import { z } from 'zod';
import { DEFAULT_LATEST_CHECKOUT } from './attendance-rules.js';
import { validation as V } from './i18n/en/validation.js';
import { LANGUAGES } from './i18n/languages.js';
import { parseNetwork } from './network.js';
import { DEFAULT_MATRIX_INDEX, MATRIX_PERIODS, MAX_MATRIX_INDEX } from './feedback-matrix.js';
import { CHARACTER_LIMIT_RANGE, RATING_DEVIATION_RANGE } from './feedback.js';
import { FEED_POST_KINDS } from './feed.js';
import {
  DEFAULT_DIGEST_DAYS,
  DEFAULT_DIGEST_TIMES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_REMINDER_DAYS,
  notificationPreferencesSchema,
} from './notifications.js';

const knownZones = new Map<string, boolean>();

/** Whether the runtime knows the IANA zone. Memoised: building a DateTimeFormat is costly per request. */
export function isValidTimeZone(zone: string): boolean {
  let valid = knownZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (knownZones.size < 1000) knownZones.set(zone, valid);
  }
  return valid;
}

/**
 * What the news feed shows (docs/recognition.md "News feed"): its kinds of post, leaderboard videos
 * included. `feedPosition` is the side of Home's two columns the feed takes on a wide screen.
 */
export const FEED_TYPES = FEED_POST_KINDS;
export type FeedType = (typeof FEED_TYPES)[number];
export const FEED_POSITIONS = ['left', 'right'] as const;
export type FeedPosition = (typeof FEED_POSITIONS)[number];

export const tenantSettingsSchema = z
  .object({
    // Productivity (workforce §5 and §9)
    attendence_edit_allow_limit: z.number().int().min(0).max(365),
    tenant_timezone: z.string().refine(isValidTimeZone, V.timeZone),
    working_hours_per_day: z.number().min(0).max(24),
    break_hours_per_day: z.number().min(0).max(24),
    wfo_required_percentage: z.number().min(0).max(100),
    /** Days of the week that are not working days, 0 = Sunday … 6 = Saturday. */
    weekend_days: z
      .array(z.number().int().min(0).max(6))
      .max(6, V.workingDay)
      .refine((days) => new Set(days).size === days.length, V.eachDayOnce),
    /** Networks whose web and desktop check-ins count as work from office (see docs/workforce.md). */
    office_networks: z
      .array(
        z
          .string()
          .trim()
          .refine((v) => parseNetwork(v) !== null, V.network),
      )
      .max(50, V.networksMax),
    /**
     * The latest check-out of a shift, HH:mm on the morning after its day (00:00 to 12:00): a punch or
     * check-out after midnight and up to this time closes the day before (docs/workforce.md "Night shifts").
     */
    shift_latest_checkout: z.string().regex(/^((0\d|1[01]):[0-5]\d|12:00)$/, V.latestCheckOut),
    /**
     * Leave (docs/leave-workflow.md "Booking into next year"): null = requests stay within the current year
     * (the spec's rule); 1-12 = from that month of the year on, requests may also fall in the next year.
     */
    leaveNextYearFromMonth: z.number().int().min(1, V.monthOfYear).max(12, V.monthOfYear).nullable(),
    // Feedback and engagement (feedback §3 and §9)
    leaderboardPositions: z.number().int().min(1).max(100),
    gamificationThreshold: z.enum(['high', 'low']),
    characterLimit: z.number().int().min(CHARACTER_LIMIT_RANGE.min).max(CHARACTER_LIMIT_RANGE.max),
    ratingDeviation: z.number().min(RATING_DEVIATION_RANGE.min).max(RATING_DEVIATION_RANGE.max),
    /** Days a feedback request stays open before it expires (docs/feedback.md "Requests"). */
    feedbackRequestExpiryDays: z.number().int().min(1).max(365),
    feedTypes: z
      .array(z.enum(FEED_TYPES))
      .max(FEED_TYPES.length)
      .refine((types) => new Set(types).size === types.length, V.eachOnce),
    feedPosition: z.enum(FEED_POSITIONS),
    isDemoDataDisabled: z.boolean(),
    /** Responsibility matrix: feedback each member is expected to give per period to their teammates. */
    responsibilityMatrixIndex: z.number().int().min(0).max(MAX_MATRIX_INDEX),
    responsibilityMatrixPeriod: z.enum(MATRIX_PERIODS),
    /** The company's interface and e-mail language, for people who chose none (docs/i18n.md). */
    default_language: z.enum(LANGUAGES),
    // Notification tab (docs/notifications.md): the digest's days (the spec's selectedDays, 0 = Sunday) and
    // times (HH:mm in the company's time zone), new employees' channel switches, and the reminder days.
    notificationDigestDays: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => new Set(days).size === days.length, V.eachDayOnce),
    notificationDigestTimes: z
      .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.timeOfDay))
      .max(4)
      .refine((times) => new Set(times).size === times.length, V.eachOnce),
    notificationDefaults: notificationPreferencesSchema,
    notificationReminderDays: z
      .array(z.number().int().min(1).max(30))
      .max(3)
      .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), V.reminderDaysRising),
  })
  .strict();

export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
export type TenantSettingKey = keyof TenantSettings;

export const DEFAULT_TENANT_SETTINGS: TenantSettings = {
  attendence_edit_allow_limit: 10,
  tenant_timezone: 'Asia/Karachi',
  working_hours_per_day: 8,
  break_hours_per_day: 1,
  wfo_required_percentage: 50,
  weekend_days: [0, 6],
  office_networks: [],
  shift_latest_checkout: DEFAULT_LATEST_CHECKOUT,
  leaveNextYearFromMonth: null,
  leaderboardPositions: 10,
  gamificationThreshold: 'high',
  characterLimit: 500,
  ratingDeviation: 1,
  feedbackRequestExpiryDays: 30,
  feedTypes: [...FEED_TYPES],
  feedPosition: 'left',
  isDemoDataDisabled: false,
  responsibilityMatrixIndex: DEFAULT_MATRIX_INDEX,
  responsibilityMatrixPeriod: 'month',
  default_language: 'en',
  notificationDigestDays: [...DEFAULT_DIGEST_DAYS],
  notificationDigestTimes: [...DEFAULT_DIGEST_TIMES],
  notificationDefaults: DEFAULT_NOTIFICATION_PREFERENCES,
  notificationReminderDays: [...DEFAULT_REMINDER_DAYS],
};

/** Keys of the Notification tab, which need edit-notification-settings to change. */
export const NOTIFICATION_SETTING_KEYS = [
  'notificationDigestDays',
  'notificationDigestTimes',
  'notificationDefaults',
  'notificationReminderDays',
] as const satisfies readonly TenantSettingKey[];

/** Keys that belong to the Productivity tab and need edit-productivity-settings to change. */
export const PRODUCTIVITY_SETTING_KEYS = [
  'attendence_edit_allow_limit',
  'tenant_timezone',
  'working_hours_per_day',
  'break_hours_per_day',
  'wfo_required_percentage',
  'weekend_days',
  'office_networks',
  'shift_latest_checkout',
] as const satisfies readonly TenantSettingKey[];

/** Keys of the Leaves tab's booking settings, which need edit-leave-type to change (PUT /api/leave/settings). */
export const LEAVE_SETTING_KEYS = ['leaveNextYearFromMonth'] as const satisfies readonly TenantSettingKey[];

export const tenantSettingsPatchSchema = tenantSettingsSchema.partial().strict();
export type TenantSettingsPatch = z.infer<typeof tenantSettingsPatchSchema>;
