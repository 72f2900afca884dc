/** Attendance and breaks: today's card, check-in/out, breaks, day and month views, stats, manual edits. */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { isoDateSchema, isoInstantSchema, isoMonthSchema } from '../validation.js';
import { bodyIdSchema, idSchema } from './common.js';

export const ATTENDANCE_SOURCES = ['web', 'desktop', 'device', 'manual'] as const;
export type AttendanceSource = (typeof ATTENDANCE_SOURCES)[number];
export const attendanceStates = ['not-checked-in', 'checked-in', 'on-break', 'checked-out'] as const;
export type AttendanceState = (typeof attendanceStates)[number];

const instant = isoInstantSchema;

export const breakSchema = z
  .object({ id: z.number().int(), start: z.string(), end: z.string().nullable() })
  .meta({ id: 'Break' });
export type Break = z.infer<typeof breakSchema>;

/** A device punch as the device made it: kept unchanged and shown beside its correction. */
export const originalPunchSchema = z.object({
  id: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string().nullable(),
  source: z.enum(ATTENDANCE_SOURCES),
  isWfo: z.boolean(),
  workedMinutes: z.number().int().nullable(),
});

export const correctionSchema = z
  .object({
    reason: z.string(),
    by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    at: z.string(),
    original: originalPunchSchema,
  })
  .meta({ id: 'AttendanceCorrection' });
export type Correction = z.infer<typeof correctionSchema>;

export const attendanceSchema = z
  .object({
    id: z.number().int(),
    employeeId: z.number().int(),
    date: z.string().describe('Tenant-local day, YYYY-MM-DD'),
    checkIn: z.string(),
    checkOut: z.string().nullable(),
    source: z.enum(ATTENDANCE_SOURCES),
    isWfo: z.boolean(),
    breaks: z.array(breakSchema),
    workedMinutes: z
      .number()
      .int()
      .describe('Up to now while the shift runs; 0 when the check-out is missing (every total counts it so)'),
    breakMinutes: z.number().int(),
    missingCheckOut: z
      .boolean()
      .describe('Still open after its shift’s latest check-out (setting shift_latest_checkout): no worked time'),
    updatedAt: z.string(),
    updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    correction: correctionSchema
      .nullable()
      .describe('Set when this attendance corrects a device punch: the reason, who, when, and the punch as it stays'),
  })
  .meta({ id: 'Attendance' });
export type Attendance = z.infer<typeof attendanceSchema>;

export const todayResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  state: z.enum(attendanceStates),
  attendance: attendanceSchema.nullable(),
  workingHoursPerDay: z.number(),
  checkOutUndoUntil: z
    .string()
    .nullable()
    .describe(
      'Until when the caller may undo their check-out (POST /api/attendance/check-out/undo): set for a check-out ' +
        'made on today’s card in the last CHECK_OUT_UNDO_MINUTES minutes with no change to the day since; null otherwise',
    ),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/** Ending a break, or checking out during one: today, and whether a break in its first minute was cancelled. */
export const breakEndResponseSchema = todayResponseSchema.extend({
  breakCancelled: z
    .boolean()
    .describe('The running break was in its first minute: it was cancelled (not recorded) instead of ended'),
});

export const checkInBodySchema = z
  .strictObject({ source: z.enum(['web', 'desktop']).default('web') })
  .default({ source: 'web' });

const employeeQuery = idSchema.optional().describe('Defaults to the caller');

export const dayQuerySchema = z.strictObject({ employeeId: employeeQuery, date: isoDateSchema });
export const dayResponseSchema = z.object({
  date: z.string(),
  isWeekend: z.boolean(),
  attendance: attendanceSchema.nullable(),
});

export const monthQuerySchema = z.strictObject({
  employeeId: employeeQuery,
  month: isoMonthSchema,
});
export const monthDaySchema = z.object({
  date: z.string(),
  isWeekend: z.boolean(),
  holiday: z.object({ name: z.string() }).nullable(),
  /** A leave standing on this day: approved, or still pending (its status tells which). */
  leave: z
    .object({
      requestId: z.number().int(),
      leaveType: z.string(),
      icon: z.string(),
      status: z.number().int(),
      statusLabel: z.string(),
    })
    .nullable(),
  attendance: attendanceSchema.nullable(),
});
export const attendanceTotalsSchema = z.object({
  workingDays: z.number().int().describe('Days up to today that are neither weekends nor public holidays'),
  presentDays: z.number().int(),
  leaveDays: z.number().int().describe('Working days up to today covered by approved leave'),
  absentDays: z.number().int().describe('Working days up to today with neither attendance nor approved leave'),
  wfoDays: z.number().int(),
  workedMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  expectedMinutes: z.number().int().describe('(workingDays − leaveDays) × working_hours_per_day'),
});
export type AttendanceTotals = z.infer<typeof attendanceTotalsSchema>;
export const monthResponseSchema = z.object({
  month: z.string(),
  employeeId: z.number().int(),
  days: z.array(monthDaySchema),
  totals: attendanceTotalsSchema,
});
export type MonthResponse = z.infer<typeof monthResponseSchema>;

export const pastMonthsQuerySchema = z.strictObject({ employeeId: employeeQuery });
export const pastMonthsResponseSchema = z.object({
  employeeId: z.number().int(),
  months: z.array(z.object({ month: z.string() }).extend(attendanceTotalsSchema.shape)),
});

export const statsQuerySchema = z
  .strictObject({ employeeId: employeeQuery, startDate: isoDateSchema, endDate: isoDateSchema })
  .refine((q) => q.startDate <= q.endDate, { message: V.dateOrder, path: ['startDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 731 * 86_400_000, {
    message: V.rangeTwoYears,
    path: ['endDate'],
  });
export const statsResponseSchema = attendanceTotalsSchema.extend({
  employeeId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  averageWorkedMinutes: z.number().int().describe('Per present day'),
  wfoPercentage: z.number().describe('wfoDays ÷ presentDays × 100'),
});

export const createAttendanceBodySchema = z.strictObject({
  employeeId: bodyIdSchema.optional().describe('Defaults to the caller'),
  checkIn: instant,
  checkOut: instant.nullable().optional(),
  isWfo: z.boolean().optional(),
  breaks: z
    .array(z.strictObject({ start: instant, end: instant }))
    .max(20)
    .optional(),
});
export type CreateAttendanceBody = z.input<typeof createAttendanceBodySchema>;
export const updateAttendanceBodySchema = z.strictObject({
  checkIn: instant.optional(),
  checkOut: instant.nullable().optional(),
  isWfo: z.boolean().optional(),
});
export const CORRECTION_REASON_MAX = 500;
/** A correction of a device punch: the right times, and why (required). */
export const correctionBodySchema = z.strictObject({
  checkIn: instant,
  checkOut: instant.nullable().optional(),
  isWfo: z.boolean().optional().describe('Defaults to the punch’s; only a team or company editor may change it'),
  reason: z
    .string()
    .trim()
    .min(1, V.correctionReason)
    .max(CORRECTION_REASON_MAX, V.maxLength.replace('{{max}}', String(CORRECTION_REASON_MAX))),
});
export type CorrectionBody = z.input<typeof correctionBodySchema>;
export const breakBodySchema = z.strictObject({ start: instant, end: instant });
export const updateBreakBodySchema = z.strictObject({ start: instant.optional(), end: instant.optional() });

/** The employees whose attendance the caller may see: everyone, their team members, or only themselves. */
export const attendanceEmployeesResponseSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
});
export type AttendanceEmployee = z.infer<typeof attendanceEmployeesResponseSchema>['items'][number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['create', 'update', 'delete']),
  subject: z.enum(['attendance', 'break']),
  breakId: z.number().int().nullable(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const auditResponseSchema = z.object({ items: z.array(auditEntrySchema) });
