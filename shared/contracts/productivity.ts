/**
 * Productivity dashboards (workforce spec §3, §4, §7): the overview with its chart series, the paged
 * per-employee attendance of the dashboard, team attendance and team WFO statistics (per member for a
 * team one belongs to, per team otherwise), and the CSV reports. Formulas: docs/workforce.md.
 */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { validateDateRange, type DateRange, type DateRangeErrors } from '../date-range.js';
import { isoDateSchema } from '../validation.js';
import { listQuerySchema, listResponseSchema, optionalIdQuery, PAGE_SIZES, type PageSize } from './common.js';
import { teamRefSchema } from './people.js';

/** The longest range any productivity figure or report covers: two years (one of them a leap year). */
export const PRODUCTIVITY_MAX_RANGE_DAYS = 731;
/** Ranges longer than this are charted per week (Monday to Sunday) instead of per day. */
export const DAILY_SERIES_MAX_DAYS = 92;
/** Spec §4 and §9: team stats come in pages of 50, the dashboard's attendance in pages of 10. */
export const TEAM_STATS_PAGE_SIZE: PageSize = 50;
/** Spec §9 "Stats page size default 5": the stats lists also take pages of 5, beside the table choices. */
export const TEAM_STATS_PAGE_SIZES = [5, ...PAGE_SIZES] as const;
export const PRODUCTIVITY_ATTENDANCE_PAGE_SIZE: PageSize = 10;
export const RANGE_TOO_LONG_MESSAGE = V.rangeTwoYears;

/**
 * The range rule of every productivity call: the dashboard date-filter rule (shared/date-range.ts: real
 * days, not after today, From not after To) plus the two-year cap. The server answers with these
 * messages per field; the renderer shows the same ones before asking.
 */
export function validateProductivityRange(range: DateRange, today: string): DateRangeErrors {
  const errors = validateDateRange(range, today);
  if (
    Object.keys(errors).length === 0 &&
    Date.parse(range.to) - Date.parse(range.from) >= PRODUCTIVITY_MAX_RANGE_DAYS * 86_400_000
  ) {
    errors.to = RANGE_TOO_LONG_MESSAGE;
  }
  return errors;
}

const rangeShape = {
  startDate: isoDateSchema.describe('First day, YYYY-MM-DD, not after today'),
  endDate: isoDateSchema.describe('Last day, YYYY-MM-DD, not after today, at most two years after startDate'),
};
const teamIdQuery = optionalIdQuery.describe('One team; default: everyone the caller may see');

const employeeRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  employeeIdentificationNo: z.string().nullable(),
});

/** Figures of one employee (or summed over a group) for a range. */
const figuresShape = {
  workingDays: z
    .number()
    .int()
    .describe('Days of the range up to today that are neither weekend days nor active public holidays'),
  presentDays: z.number().int().describe('Days with an attendance (weekend work included)'),
  leaveDays: z.number().int().describe('Working days covered by approved leave'),
  absentDays: z.number().int().describe('Working days with neither attendance nor approved leave'),
  workedMinutes: z.number().int(),
  expectedMinutes: z.number().int().describe('(workingDays − leaveDays) × working_hours_per_day × 60'),
  wfoDays: z.number().int(),
  wfoPercentage: z.number().describe('wfoDays ÷ presentDays × 100, one decimal; 0 without attendance'),
  attendancePercentage: z
    .number()
    .describe('Working days present ÷ (workingDays − leaveDays) × 100, one decimal; 0 when nothing was expected'),
};

// ---- Productivity dashboard: attendance (pages of 10, search) ----

export const PRODUCTIVITY_ORDER_KEYS = ['name', 'presentDays', 'workedMinutes', 'wfoDays'] as const;
export type ProductivityOrderKey = (typeof PRODUCTIVITY_ORDER_KEYS)[number];

export const productivityAttendanceQuerySchema = listQuerySchema({
  orderKeys: PRODUCTIVITY_ORDER_KEYS,
  defaultOrderKey: 'name',
  defaultPageSize: PRODUCTIVITY_ATTENDANCE_PAGE_SIZE,
  extra: { ...rangeShape, teamId: teamIdQuery },
}).extend({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('The spec’s name for searchText; searchText wins when both come'),
});

export const productivityEmployeeRowSchema = z
  .object({
    employee: employeeRefSchema,
    ...figuresShape,
    requiredWfoPercentage: z.number(),
    meetsWfo: z.boolean().describe('wfoPercentage ≥ wfo_required_percentage'),
  })
  .meta({ id: 'ProductivityEmployeeRow' });
export type ProductivityEmployeeRow = z.infer<typeof productivityEmployeeRowSchema>;
export const productivityAttendanceResponseSchema = listResponseSchema(productivityEmployeeRowSchema);

// ---- Productivity overview (start, end, team) ----

export const productivityOverviewQuerySchema = z.strictObject({ ...rangeShape, teamId: teamIdQuery });

export const overviewPointSchema = z.object({
  start: z.string().describe('First day of the bucket'),
  end: z.string().describe('Last day of the bucket'),
  workingDays: z.number().int(),
  workedHours: z.number(),
  expectedHours: z.number(),
  presentDays: z.number().int(),
  wfoDays: z.number().int(),
  wfoPercentage: z.number().nullable().describe('Null when nobody was present'),
  attendanceRate: z.number().nullable().describe('Null when the bucket holds no working day'),
});
export type OverviewPoint = z.infer<typeof overviewPointSchema>;

export const productivityOverviewSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    team: teamRefSchema.nullable(),
    employees: z.number().int().describe('Active employees in scope'),
    workingHoursPerDay: z.number(),
    requiredWfoPercentage: z.number(),
    totals: z.object({
      ...figuresShape,
      hoursPercentage: z.number().describe('workedMinutes ÷ expectedMinutes × 100, one decimal'),
    }),
    granularity: z.enum(['day', 'week']),
    series: z.array(overviewPointSchema),
  })
  .meta({ id: 'ProductivityOverview' });
export type ProductivityOverview = z.infer<typeof productivityOverviewSchema>;

// ---- Team attendance and team WFO statistics (pages of 50) ----

export const TEAM_STATS_ORDER_KEYS = [
  'name',
  'presentDays',
  'wfoDays',
  'attendancePercentage',
  'wfoPercentage',
] as const;

export const teamStatsQuerySchema = listQuerySchema({
  orderKeys: TEAM_STATS_ORDER_KEYS,
  defaultOrderKey: 'name',
  pageSizes: TEAM_STATS_PAGE_SIZES,
  defaultPageSize: TEAM_STATS_PAGE_SIZE,
  extra: { ...rangeShape, teamId: teamIdQuery },
});

const memberAttendanceSchema = z.object({
  employee: employeeRefSchema,
  workingDays: z.number().int(),
  presentDays: z.number().int(),
  leaveDays: z.number().int(),
  absentDays: z.number().int(),
  attendancePercentage: z.number(),
  averageWorkedMinutes: z.number().int().describe('Per present day'),
});
const teamAttendanceSchema = memberAttendanceSchema.omit({ employee: true }).extend({
  team: teamRefSchema,
  memberCount: z.number().int(),
});
const memberWfoSchema = z.object({
  employee: employeeRefSchema,
  presentDays: z.number().int(),
  wfoDays: z.number().int(),
  wfoPercentage: z.number(),
  requiredPercentage: z.number(),
  meetsRequirement: z.boolean(),
});
const teamWfoSchema = memberWfoSchema.omit({ employee: true }).extend({
  team: teamRefSchema,
  memberCount: z.number().int(),
});

/** `level` tells which rows came: per member (the caller belongs to the team, or sees all) or per team. */
export const teamAttendanceStatsSchema = z.discriminatedUnion('level', [
  z.object({
    level: z.literal('members'),
    team: teamRefSchema,
    items: z.array(memberAttendanceSchema),
    total: z.number().int(),
  }),
  z.object({ level: z.literal('teams'), items: z.array(teamAttendanceSchema), total: z.number().int() }),
]);
export type TeamAttendanceStats = z.infer<typeof teamAttendanceStatsSchema>;
export const teamWfoStatsSchema = z.discriminatedUnion('level', [
  z.object({
    level: z.literal('members'),
    team: teamRefSchema,
    items: z.array(memberWfoSchema),
    total: z.number().int(),
  }),
  z.object({ level: z.literal('teams'), items: z.array(teamWfoSchema), total: z.number().int() }),
]);
export type TeamWfoStats = z.infer<typeof teamWfoStatsSchema>;

/** The teams the caller may pick on the dashboard: every team with view-productivity-all-teams, else their own. */
export const productivityTeamsSchema = z.object({ allTeams: z.boolean(), items: z.array(teamRefSchema) });
export type ProductivityTeams = z.infer<typeof productivityTeamsSchema>;

// ---- CSV reports ----

export const REPORTS = {
  'company-summary': { permission: 'download-company-summary', title: 'Company summary' },
  'employee-summary': { permission: 'download-employee-summary', title: 'Employee summary' },
  'leave-report': { permission: 'download-leave-report', title: 'Leave report' },
} as const;
export type ReportName = keyof typeof REPORTS;

export const reportQuerySchema = z.strictObject({
  ...rangeShape,
  teamId: teamIdQuery,
  employeeId: optionalIdQuery.describe('One employee (employee summary and leave report)'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export const csvResponseSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 with a byte-order mark');

/** The download's file name: teambeat-company-summary-2026-01-01-to-2026-03-31.csv. */
export function reportFileName(report: ReportName, startDate: string, endDate: string): string {
  return `teambeat-${report}-${startDate}-to-${endDate}.csv`;
}
