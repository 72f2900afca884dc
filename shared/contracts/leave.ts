/** Leave types, public holidays, leave requests, approvals and balances. */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import {
  DEFAULT_LEAVE_RULES,
  LEAVE_ACTIONS,
  LEAVE_EVENT_ACTIONS,
  LEAVE_EVENT_ACTORS,
  LEAVE_KINDS,
  LEAVE_RULE_LIMITS,
  LEAVE_STATUSES,
  type LeaveAction,
} from '../leave.js';
import { tenantSettingsSchema } from '../settings.js';
import { isoDateSchema, lineText, multiLineText, requiredText } from '../validation.js';
import {
  bodyIdSchema,
  idSchema,
  listQuerySchema,
  listResponseSchema,
  PAGE_SIZES,
  withPageNumberAlias,
} from './common.js';

export const LEAVE_ICONS = ['calendar', 'beach', 'medical', 'home', 'baby', 'briefcase', 'heart', 'star'] as const;
export type LeaveIcon = (typeof LEAVE_ICONS)[number];

export const leaveTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(LEAVE_KINDS),
    icon: z.enum(LEAVE_ICONS),
    yearlyQuota: z.number().int(),
    isActive: z.boolean(),
    minNoticeDays: z.number().int().describe('Calendar days of notice before the first day; 0 = may start today'),
    allowBackdated: z.boolean().describe('Whether a request may start before today (always false with notice)'),
    maxDaysPerRequest: z.number().int().describe('Working days one request may hold; 0 = no limit'),
  })
  .meta({ id: 'LeaveType' });
export type LeaveType = z.infer<typeof leaveTypeSchema>;
export const leaveTypeListSchema = z.object({ items: z.array(leaveTypeSchema) });
/** The leave rules of a type, with their ranges (docs/leave-workflow.md, "Leave rules"). */
const leaveRuleFields = {
  minNoticeDays: z
    .number()
    .int(V.noticeWhole)
    .min(LEAVE_RULE_LIMITS.minNoticeDays.min, V.noticeRange)
    .max(LEAVE_RULE_LIMITS.minNoticeDays.max, V.noticeRange),
  allowBackdated: z.boolean(),
  maxDaysPerRequest: z
    .number()
    .int(V.maxDaysWhole)
    .min(LEAVE_RULE_LIMITS.maxDaysPerRequest.min, V.maxDaysRange)
    .max(LEAVE_RULE_LIMITS.maxDaysPerRequest.max, V.maxDaysRange),
};
export const leaveRulesBodySchema = z.strictObject(leaveRuleFields);

export const leaveTypeBodySchema = z.strictObject({
  name: requiredText(60),
  kind: z.enum(LEAVE_KINDS),
  icon: z.enum(LEAVE_ICONS).default('calendar'),
  yearlyQuota: z.number().int().min(0).max(365).default(0),
  minNoticeDays: leaveRuleFields.minNoticeDays.default(DEFAULT_LEAVE_RULES.minNoticeDays),
  allowBackdated: leaveRuleFields.allowBackdated
    .default(DEFAULT_LEAVE_RULES.allowBackdated)
    .describe('Stored as false when minNoticeDays > 0: notice rules out past days'),
  maxDaysPerRequest: leaveRuleFields.maxDaysPerRequest.default(DEFAULT_LEAVE_RULES.maxDaysPerRequest),
});
export type LeaveTypeBody = z.input<typeof leaveTypeBodySchema>;
export const updateLeaveTypeBodySchema = z.strictObject({
  name: requiredText(60).optional(),
  icon: z.enum(LEAVE_ICONS).optional(),
  yearlyQuota: z.number().int().min(0).max(365).optional(),
  minNoticeDays: leaveRuleFields.minNoticeDays.optional(),
  allowBackdated: leaveRuleFields.allowBackdated
    .optional()
    .describe('Stored as false when the resulting minNoticeDays > 0'),
  maxDaysPerRequest: leaveRuleFields.maxDaysPerRequest.optional(),
});
export type UpdateLeaveTypeBody = z.input<typeof updateLeaveTypeBodySchema>;

/** GET /api/leave/rules: the fixed rules of every request, and each active type's own rules. */
export const leaveRulesSchema = z
  .object({
    today: z.string().describe('Today in the tenant time zone (YYYY-MM-DD); notice counts from it'),
    weekendDays: z.array(z.number().int()).describe('Days a leave may neither start nor end on (0 = Sunday)'),
    year: z
      .object({ year: z.number().int(), from: z.string(), to: z.string() })
      .describe('The current year: both dates of a request lie in it, unless `bookable` opens the next one too'),
    bookable: z
      .object({
        nextYearFromMonth: z
          .number()
          .int()
          .nullable()
          .describe(
            'The tenant setting leaveNextYearFromMonth: from this month (1-12) on, next year is open; null = never',
          ),
        to: z.string().describe('The last day a request may end today: 31 December of this year, or of next year'),
      })
      .describe('How far ahead a request may fall; a request never spans the year end (LEAVE_SPANS_YEAR_END)'),
    noOverlap: z.literal(true).describe('A request may not overlap a standing request of the same employee'),
    overlapStatuses: z.array(z.number().int()).describe('Statuses of requests that block an overlapping one'),
    quotaKinds: z.array(z.enum(LEAVE_KINDS)).describe('Kinds whose yearly quota limits the working days'),
    reasonRequired: z.object({
      request: z.literal(true).describe('A new request needs a reason'),
      actions: z.array(z.number().int()).describe('Actions (1-5) that need a reason: all of them'),
    }),
    approvalSteps: z
      .array(z.object({ step: z.enum(['po', 'hr']), description: z.string() }))
      .describe(
        'PO (product owner or team lead) first when the requester has one, then HR; descriptions in the caller’s language',
      ),
    types: z.array(
      z.object({
        leaveTypeId: z.number().int(),
        name: z.string(),
        kind: z.enum(LEAVE_KINDS),
        yearlyQuota: z
          .number()
          .int()
          .nullable()
          .describe(
            'null for unpaid leave, which has no quota, and for compensatory leave, which is earned (GET /api/leave/details)',
          ),
        minNoticeDays: z.number().int(),
        allowBackdated: z.boolean(),
        maxDaysPerRequest: z.number().int(),
        earliestStart: z
          .string()
          .nullable()
          .describe('The first day a request may start today; null = any day this year'),
        summary: z
          .string()
          .describe(
            'The rules in one line in the caller’s language, e.g. "At least 3 days\' notice · up to 10 working days per request"',
          ),
      }),
    ),
  })
  .meta({ id: 'LeaveRules' });
export type LeaveRulesView = z.infer<typeof leaveRulesSchema>;

/** The Leaves tab's booking settings (GET and PUT /api/leave/settings), tenant settings behind edit-leave-type. */
export const leaveSettingsSchema = z
  .strictObject({
    leaveNextYearFromMonth: tenantSettingsSchema.shape.leaveNextYearFromMonth.describe(
      'null (the default): requests stay within the current year. 1-12: from that month of the year on, ' +
        'requests may also fall in the next year, and spend that year’s quota (docs/leave-workflow.md)',
    ),
  })
  .meta({ id: 'LeaveSettings' });
export type LeaveSettings = z.infer<typeof leaveSettingsSchema>;
export const statusBodySchema = z.strictObject({ isActive: z.boolean() });

export const holidaySchema = z
  .object({ id: z.number().int(), name: z.string(), date: z.string(), isActive: z.boolean() })
  .meta({ id: 'Holiday' });
export const holidayListQuerySchema = z.strictObject({
  year: z.coerce
    .string()
    .regex(/^[0-9]{4}$/, 'A year like 2026')
    .transform(Number)
    .pipe(z.number().int().min(2000).max(2100))
    .optional()
    .describe('Defaults to the current year'),
});
export const holidayListSchema = z.object({ items: z.array(holidaySchema) });
export const holidayBodySchema = z.strictObject({ name: requiredText(80), date: isoDateSchema });

const statusSchema = z.literal(LEAVE_STATUSES);

export const leaveEventSchema = z.object({
  action: z
    .literal(LEAVE_EVENT_ACTIONS)
    .nullable()
    .describe('The action (1-7); 8 when the requester edited the pending request; null when it was created'),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  actorRole: z.enum(LEAVE_EVENT_ACTORS),
  fromStatus: statusSchema.nullable(),
  toStatus: statusSchema,
  reason: z.string().nullable(),
  at: z.string(),
});

export const leaveRequestSchema = z
  .object({
    id: z.number().int(),
    employee: z.object({ id: z.number().int(), name: z.string() }),
    leaveType: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(LEAVE_KINDS), icon: z.string() }),
    startDate: z.string(),
    endDate: z.string(),
    days: z.number().int(),
    reason: z.string(),
    status: statusSchema,
    statusLabel: z.string(),
    isAuto: z.boolean(),
    createdAt: z.string(),
    events: z.array(leaveEventSchema),
  })
  .meta({ id: 'LeaveRequest' });
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const createLeaveRequestBodySchema = z
  .strictObject({
    leaveTypeId: bodyIdSchema,
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    reason: multiLineText(1000).min(1, 'A reason is required.'),
  })
  .refine((b) => b.startDate <= b.endDate, {
    message: V.startAfterEnd,
    path: ['startDate'],
  });
export type CreateLeaveRequestBody = z.input<typeof createLeaveRequestBodySchema>;
/** Editing a pending request replaces what it asks for: the same fields and rules as a new one. */
export const updateLeaveRequestBodySchema = createLeaveRequestBodySchema;

/** The details of 409 LEAVE_OVERLAP: the earliest standing request of the person in the way of the dates asked. */
export const leaveOverlapDetailsSchema = z.object({
  requestId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: statusSchema,
});
export type LeaveOverlapDetails = z.infer<typeof leaveOverlapDetailsSchema>;
/** The details of 400 LEAVE_QUOTA_EXCEEDED: the working days asked and those left of the type in that year. */
export const leaveQuotaDetailsSchema = z.object({ remaining: z.number().int(), requested: z.number().int() });
export type LeaveQuotaDetails = z.infer<typeof leaveQuotaDetailsSchema>;

/** The employees whose leave the caller may open (the Leave page's picker). */
export const leaveEmployeesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
});

export const leaveActionBodySchema = z.strictObject({
  action: z.union(
    LEAVE_ACTIONS.map((a) => z.literal(a)) as [z.ZodLiteral<LeaveAction>, ...z.ZodLiteral<LeaveAction>[]],
  ),
  reason: multiLineText(1000).min(1, 'A reason is required.'),
});

/** Pages of 20, as the spec's "more pages" rule for leave requests and pending approvals. */
export const LEAVE_PAGE_SIZE = 20;
/** 20 (the spec's) besides the table choices. */
export const LEAVE_PAGE_SIZES = [LEAVE_PAGE_SIZE, ...PAGE_SIZES] as const;
const leaveTypeFilter = idSchema.optional().describe('Only this leave type');
/** Newest first; the spec's `pageNumber` still works for `page`. */
const leaveListQuery = <E extends z.ZodRawShape>(extra: E) =>
  withPageNumberAlias(
    listQuerySchema({
      orderKeys: ['startDate'],
      defaultOrderKey: 'startDate',
      defaultOrderDir: 'desc',
      pageSizes: LEAVE_PAGE_SIZES,
      defaultPageSize: LEAVE_PAGE_SIZE,
      searchable: false,
      extra,
    }),
  );
export const leaveRequestListQuerySchema = leaveListQuery({
  leaveId: leaveTypeFilter,
  employeeId: idSchema.optional(),
});
export const pendingApprovalsQuerySchema = leaveListQuery({ leaveId: leaveTypeFilter });
export const leaveRequestListSchema = listResponseSchema(leaveRequestSchema);

export const leaveDetailsQuerySchema = z.strictObject({ employeeId: idSchema.optional() });
export const leaveDetailsSchema = z.object({
  employeeId: z.number().int(),
  year: z.number().int(),
  absents: z.number().int().describe('Past working days this year with no attendance, leave or holiday'),
  totalQuota: z.number().int().describe('Yearly quotas of the active quota types plus the compensatory days earned'),
  totalLeavesTaken: z.number().int().describe('Working days of approved leave that has started (today or before)'),
  totalLeavesBooked: z.number().int().describe('Working days of approved leave that starts after today'),
  pendingLeaveCount: z.number().int(),
  remainingLeaves: z.number().int(),
  leaveTypes: z.array(
    leaveTypeSchema.extend({
      taken: z.number().int().describe('Approved leave that has started'),
      booked: z.number().int().describe('Approved leave that starts after today'),
      pending: z.number().int(),
      earned: z
        .number()
        .int()
        .nullable()
        .describe(
          'Compensatory types: days earned this year by work on weekend days and public holidays (their allowance instead of yearlyQuota); null for other kinds',
        ),
      remaining: z.number().int().nullable(),
    }),
  ),
});

export const approversQuerySchema = z.strictObject({ employeeId: idSchema.optional() });
export const approversSchema = z.object({
  po: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hr: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The leave calendar (/leaves-calendar): who is away when, by team. */
export const leaveCalendarQuerySchema = z
  .strictObject({
    teamId: idSchema.optional().describe('One team; default every team the caller may see'),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
  })
  .refine((q) => q.startDate <= q.endDate, { message: V.dateOrder, path: ['startDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 92 * 86_400_000, {
    message: V.calendarRange,
    path: ['endDate'],
  });
export const leaveCalendarSchema = z.object({
  employees: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe(
      'The rows of the calendar, by name: every active employee in view, away or not, and anyone else with leave in the range',
    ),
  holidays: z
    .array(z.object({ date: z.string(), name: z.string() }))
    .describe('The active public holidays of the range, by date'),
  items: z.array(
    z.object({
      requestId: z.number().int(),
      employee: z.object({ id: z.number().int(), name: z.string() }),
      leaveType: z.object({ name: z.string(), icon: z.string() }),
      startDate: z.string(),
      endDate: z.string(),
      status: statusSchema,
      statusLabel: z.string(),
    }),
  ),
});
export type LeaveCalendar = z.infer<typeof leaveCalendarSchema>;

/** Auto leaves: past working days without attendance, leave or holiday become leave of these types. */
export const autoLeavesConfigSchema = z.object({
  enabled: z.boolean(),
  integrationId: z.string().nullable(),
  firstLeaveTypeId: z.number().int().nullable(),
  secondLeaveTypeId: z.number().int().nullable(),
  enabledSince: z.string().nullable(),
});
export const autoLeavesConfigBodySchema = z.strictObject({
  enabled: z.boolean(),
  integrationId: lineText(120).nullable().optional(),
  firstLeaveTypeId: bodyIdSchema.nullable().optional(),
  secondLeaveTypeId: bodyIdSchema.nullable().optional(),
  enabledSince: isoDateSchema
    .optional()
    .describe('Mark absences from this day on (this year, not after today); default: today, or unchanged'),
});
export type AutoLeavesConfigBody = z.input<typeof autoLeavesConfigBodySchema>;
export type AutoLeavesConfig = z.infer<typeof autoLeavesConfigSchema>;

/** What one run of the leave jobs changed (POST /api/leave/auto-leaves/run). */
export const autoLeavesRunSchema = z.object({
  created: z.number().int().describe('Auto leaves (status 12) created for unexplained absences'),
  autoRejected: z.number().int().describe('Pending requests whose last day passed, now 13 Auto rejected'),
  cancellationsRefused: z
    .number()
    .int()
    .describe('Cancellation requests still undecided after the leave ended, returned to approved'),
  autoCancelled: z.number().int().describe('Requests of employees no longer active, now 14 Auto cancelled'),
});
export type AutoLeavesRun = z.infer<typeof autoLeavesRunSchema>;
