/**
 * The leave rules as data (the spec's "leave rules" call): the fixed rules every request meets and each
 * active leave type's own rules, so a client can explain and pre-check a request before sending it.
 */
import { leaveRulesEndpoints, leaveSettingsEndpoints } from '../../../../shared/endpoints/leave.js';
import {
  describeLeaveRules,
  earliestLeaveStart,
  LEAVE_ACTIONS,
  LEAVE_KINDS,
  lastBookableYear,
  LIVE_STATUSES,
  normalizeLeaveRules,
} from '../../../../shared/leave.js';
import type { TenantSettings } from '../../../../shared/settings.js';
import { namespaceTranslator } from '../../../../shared/i18n/index.js';
import { localDate } from '../../../../shared/time.js';
import { defineRoutes } from '../../http/endpoints.js';
import { callerLanguage } from '../../http/language.js';
import { tenantRepository } from '../tenants/repository.js';
import { leaveCatalogueRepository } from './catalogue-repository.js';

export const leaveRulesRoutes = defineRoutes(leaveRulesEndpoints, {
  getLeaveRules: async (ctx, _input, { request }) => {
    const settings = await ctx.settings();
    // Texts for people (the approval steps, each type's rules) in the caller's language (docs/i18n.md).
    const language = await callerLanguage(ctx, request);
    const leaveTexts = namespaceTranslator(language, 'leave');
    const settingsTexts = namespaceTranslator(language, 'settings');
    const today = localDate(ctx.now(), settings.tenant_timezone);
    const year = Number(today.slice(0, 4));
    const types = (await ctx.repo(leaveCatalogueRepository).listTypes()).filter((t) => t.isActive);
    return {
      today,
      weekendDays: [...settings.weekend_days],
      year: { year, from: `${year}-01-01`, to: `${year}-12-31` },
      bookable: {
        nextYearFromMonth: settings.leaveNextYearFromMonth,
        to: `${lastBookableYear(today, settings.leaveNextYearFromMonth)}-12-31`,
      },
      noOverlap: true as const,
      overlapStatuses: [...LIVE_STATUSES],
      quotaKinds: LEAVE_KINDS.filter((k) => k !== 'unpaid'),
      reasonRequired: { request: true as const, actions: [...LEAVE_ACTIONS] },
      approvalSteps: [
        { step: 'po' as const, description: leaveTexts('approvalSteps.po') },
        { step: 'hr' as const, description: leaveTexts('approvalSteps.hr') },
      ],
      types: types.map((t) => {
        const rules = normalizeLeaveRules({
          minNoticeDays: t.minNoticeDays,
          allowBackdated: t.allowBackdated,
          maxDaysPerRequest: t.maxDaysPerRequest,
        });
        return {
          leaveTypeId: t.id,
          name: t.name,
          kind: t.kind,
          yearlyQuota: t.kind === 'quota' ? t.yearlyQuota : null,
          ...rules,
          earliestStart: earliestLeaveStart(rules, today),
          summary: describeLeaveRules(rules, settingsTexts),
        };
      }),
    };
  },
});

/** The Leaves tab's booking settings (tenant settings). */
const leaveSettingsOf = (settings: TenantSettings) => ({ leaveNextYearFromMonth: settings.leaveNextYearFromMonth });

export const leaveSettingsRoutes = defineRoutes(leaveSettingsEndpoints, {
  getLeaveSettings: async (ctx) => leaveSettingsOf(await ctx.settings()),

  updateLeaveSettings: async (ctx, { body }) => {
    const tenants = ctx.repo(tenantRepository);
    await tenants.writeSettings(body);
    return leaveSettingsOf(await tenants.readSettings());
  },
});
