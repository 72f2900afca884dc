/** The signed-in employee (/api/me) and the tenant's settings. */
import { z } from 'zod';
import {
  LEAVE_SETTING_KEYS,
  NOTIFICATION_SETTING_KEYS,
  tenantSettingsPatchSchema,
  tenantSettingsSchema,
  PRODUCTIVITY_SETTING_KEYS,
} from '../settings.js';
import { LANGUAGES } from '../i18n/languages.js';
import { requiredText } from '../validation.js';
import { teamRefSchema } from './people.js';

export const meResponseSchema = z
  .object({
    employee: z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      employeeIdentificationNo: z.string().nullable(),
      legacyId: z.string().nullable(),
      teams: z.array(teamRefSchema),
      /** Comma-separated team ids, as the spec's login employee carries them. */
      userTeams: z.string(),
      isSettingProfile: z.boolean(),
      /** The person's own language, or null to follow the company's `default_language`. */
      language: z.enum(LANGUAGES).nullable(),
    }),
    permissions: z.array(z.string()),
    activities: z.array(z.string()),
    tenant: z.object({
      id: z.number().int(),
      name: z.string(),
      emailDomain: z.string(),
      logo: z.string().nullable(),
      settings: tenantSettingsSchema,
    }),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** What a signed-in person changes about their own account (PATCH /api/me). */
export const updateMeBodySchema = z.strictObject({
  /** 'en' or 'fr', or null to follow the company's default language. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

/** The company logo's address (`/api/tenant-logos/<id>`, or an older logo's data URL), or null. */
export const logoFieldSchema = z
  .string()
  .nullable()
  .describe('The company logo: a path on this server (GET /api/tenant-logos/{logoId}), or null');

export const tenantResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  emailDomain: z.string(),
  logo: logoFieldSchema,
  settings: tenantSettingsSchema,
});

export const tenantLogoParamsSchema = z.strictObject({
  logoId: z.uuid().describe('The logo’s id, from the `logo` path of the tenant or of the sign-in lookup'),
});
export const tenantLogoResponseSchema = z.string().describe('The logo (image/png, image/jpeg or image/webp)');

/**
 * The tenant's own fields. The logo is not among them: it is uploaded as a file (PUT /api/tenant/logo) and
 * removed with DELETE. The time zone is a company-wide fact, changeable here (the Tenant tab) as well as
 * on the Productivity tab.
 */
export const updateTenantBodySchema = z.strictObject({
  name: requiredText(120).optional(),
  settings: tenantSettingsPatchSchema
    .omit(
      Object.fromEntries(
        [...PRODUCTIVITY_SETTING_KEYS, ...NOTIFICATION_SETTING_KEYS, ...LEAVE_SETTING_KEYS]
          .filter((k) => k !== 'tenant_timezone')
          .map((k) => [k, true]),
      ) as {
        [
          K in Exclude<
            | (typeof PRODUCTIVITY_SETTING_KEYS)[number]
            | (typeof NOTIFICATION_SETTING_KEYS)[number]
            | (typeof LEAVE_SETTING_KEYS)[number],
            'tenant_timezone'
          >
        ]: true;
      },
    )
    .optional(),
});

export const productivitySettingsSchema = tenantSettingsSchema.pick({
  attendence_edit_allow_limit: true,
  tenant_timezone: true,
  working_hours_per_day: true,
  break_hours_per_day: true,
  wfo_required_percentage: true,
  weekend_days: true,
  office_networks: true,
  shift_latest_checkout: true,
});
export type ProductivitySettings = z.infer<typeof productivitySettingsSchema>;
export const productivitySettingsPatchSchema = productivitySettingsSchema.partial().strict();

/** The Notification tab (docs/notifications.md), changed with edit-notification-settings. */
export const tenantNotificationSettingsSchema = tenantSettingsSchema
  .pick({
    notificationDigestDays: true,
    notificationDigestTimes: true,
    notificationDefaults: true,
    notificationReminderDays: true,
  })
  .meta({ id: 'TenantNotificationSettings' });
export type TenantNotificationSettings = z.infer<typeof tenantNotificationSettingsSchema>;
export const tenantNotificationSettingsPatchSchema = tenantNotificationSettingsSchema.partial().strict();
