/**
 * The leave rules as data (the spec's "leave rules" call): the fixed rules every request meets and each
 * active leave type's own rules, so a client can explain and pre-check a request before sending it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaveRulesSchema } from '../../../../shared/contracts/leave.js';
import {
  describeLeaveRules,
  earliestLeaveStart,
  LEAVE_ACTIONS,
  LEAVE_KINDS,
  LIVE_STATUSES,
  normalizeLeaveRules,
} from '../../../../shared/leave.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { leaveRulesOf } from './repository.js';

const APPROVAL_STEPS = [
  {
    step: 'po' as const,
    description:
      "The requester's product owner or team lead approves first, when the requester has one (status 1, then 10).",
  },
  { step: 'hr' as const, description: 'HR approves last (status 3 or 10, then 11), never the same person as the PO.' },
];

export function leaveRulesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/leave/rules',
      {
        // Whoever may ask for leave reads the rules they must meet; whoever manages leave types reads them too.
        config: { access: ['request-leave', 'view-leave-management'] },
        schema: {
          summary: 'Leave rules: the fixed rules of every request and each active leave type’s own rules',
          description:
            'Fixed: no start or end on a weekend day, both dates in the current year, at least one working day, no ' +
            'overlap with a standing request, the yearly quota for quota and compensatory kinds, a reason for the ' +
            'request and for every action, approval by the PO (when there is one) and then HR. Per type: ' +
            'minimum notice in calendar days, whether past days may be requested, working days per request.',
          response: responses({ 200: leaveRulesSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const settings = await readSettings(deps.db, who.tenantId);
        const today = localDate(deps.now(), settings.tenant_timezone);
        const year = Number(today.slice(0, 4));
        const rows = await deps.db
          .selectFrom('leaveTypes')
          .selectAll()
          .where('tenantId', '=', who.tenantId)
          .where('isActive', '=', 1)
          .orderBy('name')
          .execute();
        return {
          today,
          weekendDays: [...settings.weekend_days],
          year: { year, from: `${year}-01-01`, to: `${year}-12-31` },
          noOverlap: true as const,
          overlapStatuses: [...LIVE_STATUSES],
          quotaKinds: LEAVE_KINDS.filter((k) => k !== 'unpaid'),
          reasonRequired: { request: true as const, actions: [...LEAVE_ACTIONS] },
          approvalSteps: APPROVAL_STEPS,
          types: rows.map((t) => {
            const rules = normalizeLeaveRules(leaveRulesOf(t));
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
    );
  };
}
