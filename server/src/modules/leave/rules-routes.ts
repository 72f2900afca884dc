/**
 * The leave rules as data (the spec's "leave rules" call): the fixed rules every request meets and each
 * active leave type's own rules, so a client can explain and pre-check a request before sending it.
 */
import { leaveRulesEndpoints } from '../../../../shared/endpoints/leave.js';
import {
  describeLeaveRules,
  earliestLeaveStart,
  LEAVE_ACTIONS,
  LEAVE_KINDS,
  LIVE_STATUSES,
  normalizeLeaveRules,
} from '../../../../shared/leave.js';
import { localDate } from '../../../../shared/time.js';
import { defineRoutes } from '../../http/endpoints.js';
import { leaveCatalogueRepository } from './catalogue-repository.js';

const APPROVAL_STEPS = [
  {
    step: 'po' as const,
    description:
      "The requester's product owner or team lead approves first, when the requester has one (status 1, then 10).",
  },
  { step: 'hr' as const, description: 'HR approves last (status 3 or 10, then 11), never the same person as the PO.' },
];

export const leaveRulesRoutes = defineRoutes(leaveRulesEndpoints, {
  getLeaveRules: async (ctx) => {
    const settings = await ctx.settings();
    const today = localDate(ctx.now(), settings.tenant_timezone);
    const year = Number(today.slice(0, 4));
    const types = (await ctx.repo(leaveCatalogueRepository).listTypes()).filter((t) => t.isActive);
    return {
      today,
      weekendDays: [...settings.weekend_days],
      year: { year, from: `${year}-01-01`, to: `${year}-12-31` },
      noOverlap: true as const,
      overlapStatuses: [...LIVE_STATUSES],
      quotaKinds: LEAVE_KINDS.filter((k) => k !== 'unpaid'),
      reasonRequired: { request: true as const, actions: [...LEAVE_ACTIONS] },
      approvalSteps: APPROVAL_STEPS,
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
          yearlyQuota: t.kind === 'unpaid' ? null : t.yearlyQuota,
          ...rules,
          earliestStart: earliestLeaveStart(rules, today),
          summary: describeLeaveRules(rules),
        };
      }),
    };
  },
});
