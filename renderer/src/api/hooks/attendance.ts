/**
 * Attendance and breaks: today's card and its actions (also the desktop tray's), the day and month views,
 * the past three months, hours statistics, the change history, and manual edits. Every change refreshes
 * everything under ['attendance']; today's actions answer today itself, which is kept as it came.
 */
import { keepPreviousData, useQuery, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { attendanceEndpoints as ep } from '../../../../shared/endpoints/attendance';
import { useFormat, useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { itemsOf, useEndpointQuery } from './query';

/** Everything under ['attendance'] is refreshed after any change (today, days, months, stats, audit). */
export const attendanceKeys = {
  all: ['attendance'] as const,
  today: ['attendance', 'today'] as const,
  employees: ['attendance', 'employees'] as const,
  day: (employeeId: number | undefined, date: string) => ['attendance', 'day', employeeId ?? 'me', date] as const,
  month: (employeeId: number | undefined, month: string) => ['attendance', 'month', employeeId ?? 'me', month] as const,
  pastMonths: (employeeId: number | undefined) => ['attendance', 'past-months', employeeId ?? 'me'] as const,
  stats: (employeeId: number | undefined, start: string, end: string) =>
    ['attendance', 'stats', employeeId ?? 'me', start, end] as const,
  audit: (attendanceId: number) => ['attendance', 'audit', attendanceId] as const,
};

/** Every attendance view but today's card, which an action answers directly (new views included). */
const VIEWS_BUT_TODAY: InvalidateQueryFilters = {
  queryKey: attendanceKeys.all,
  predicate: (query) => query.queryKey[1] !== 'today',
};

export type TodayResponse = ResponseOf<typeof ep.getAttendanceToday>;
export type AuditEntry = ResponseOf<typeof ep.listAttendanceAudit>['items'][number];
export type TodayAction = 'check-in' | 'check-out' | 'start-break' | 'end-break' | 'undo-check-out';
type Source = 'web' | 'desktop';

/** The toast of each of today's actions (namespace `attendance`). */
const ACTION_TOASTS = {
  'check-in': 'toast.checkedIn',
  'check-out': 'toast.checkedOut',
  'start-break': 'toast.breakStarted',
  'end-break': 'toast.breakEnded',
  'undo-check-out': 'toast.checkOutUndone',
} as const satisfies Record<TodayAction, string>;

/** The toasts' texts: this namespace, and failures by their error code. */
const useToastTexts = () => useTranslation(['attendance', 'errors']);

/** Today of the signed-in user; outside React for the desktop tray's sync. */
export const fetchAttendanceToday = (signal?: AbortSignal) => call(ep.getAttendanceToday, {}, { signal });

/**
 * Check in (from the web or the desktop app), check out (or undo it), start or end a break: the answer is today,
 * and for ending a break or the day whether a break in its first minute was cancelled.
 */
export function actOnToday(action: TodayAction, source: Source): Promise<TodayResponse & { breakCancelled?: boolean }> {
  switch (action) {
    case 'check-in':
      return call(ep.checkIn, { body: { source } });
    case 'check-out':
      return call(ep.checkOut);
    case 'start-break':
      return call(ep.startBreak);
    case 'end-break':
      return call(ep.endBreak);
    case 'undo-check-out':
      return call(ep.undoCheckOut);
  }
}

export function useAttendanceToday() {
  return useQuery({ queryKey: attendanceKeys.today, queryFn: ({ signal }) => fetchAttendanceToday(signal) });
}

/**
 * Keeps an answered today and refreshes every other attendance view (the tray acts outside a mutation).
 * Stable across renders, so effects may depend on it.
 */
export function useAcceptToday() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      keep: (today: TodayResponse) => {
        queryClient.setQueryData(attendanceKeys.today, today);
      },
      refreshViews: async () => {
        await queryClient.invalidateQueries(VIEWS_BUT_TODAY);
      },
    }),
    [queryClient],
  );
}

/** One of today's actions; the card shows the answer at once and the other views refresh. */
export function useTodayAction(source: Source) {
  const { keep } = useAcceptToday();
  const { t } = useToastTexts();
  return useApiMutation({
    mutationFn: async (action: TodayAction) => {
      const today = await actOnToday(action, source);
      keep(today);
      return today;
    },
    invalidates: [VIEWS_BUT_TODAY],
    // A break ended in its first minute is cancelled, not refused: the toast says so.
    success: (today, action) =>
      today.breakCancelled
        ? { title: t('toast.breakCancelled'), body: t('toast.breakCancelledBody') }
        : action === 'undo-check-out'
          ? { title: t('toast.checkOutUndone'), body: t('toast.checkOutUndoneBody') }
          : t(ACTION_TOASTS[action]),
    failure: t('errors:ATTENDANCE_SAVE_FAILED'),
  });
}

/** The employees whose attendance the caller may see (the month view's picker). */
export const useAttendanceEmployees = (enabled: boolean) =>
  useEndpointQuery(
    attendanceKeys.employees,
    ep.listAttendanceEmployees,
    {},
    { select: itemsOf, enabled, staleTime: 5 * 60_000 },
  );

/** A day of an employee's attendance; the caller's own without an id. */
export const useAttendanceDay = (employeeId: number | undefined, date: string) =>
  useEndpointQuery(attendanceKeys.day(employeeId, date), ep.getAttendanceDay, { query: { date, employeeId } });

export const useAttendanceMonth = (employeeId: number | undefined, month: string) =>
  useEndpointQuery(
    attendanceKeys.month(employeeId, month),
    ep.getAttendanceMonth,
    { query: { month, employeeId } },
    { placeholderData: keepPreviousData },
  );

export const useAttendancePastMonths = (employeeId: number | undefined) =>
  useEndpointQuery(attendanceKeys.pastMonths(employeeId), ep.getAttendancePastMonths, { query: { employeeId } });

export const useAttendanceStats = (employeeId: number | undefined, startDate: string, endDate: string) =>
  useEndpointQuery(
    attendanceKeys.stats(employeeId, startDate, endDate),
    ep.getAttendanceStats,
    { query: { startDate, endDate, employeeId } },
    { placeholderData: keepPreviousData },
  );

export const useAttendanceAudit = (attendanceId: number) =>
  useEndpointQuery(
    attendanceKeys.audit(attendanceId),
    ep.listAttendanceAudit,
    { params: { id: attendanceId } },
    { select: itemsOf },
  );

type AttendanceChanges = RequestOf<typeof ep.updateAttendance>['body'];

/**
 * Adds an attendance for an employee on a day, or changes one when an id is given. The dialog shows
 * field errors itself; the toast names the employee and the day.
 */
export function useSaveAttendance() {
  const { t } = useToastTexts();
  const fmt = useFormat();
  return useApiMutation({
    mutationFn: (input: {
      attendanceId: number | undefined;
      employee: { id: number; name: string };
      date: string;
      body: AttendanceChanges & { checkIn: string };
    }) =>
      input.attendanceId !== undefined
        ? call(ep.updateAttendance, { params: { id: input.attendanceId }, body: input.body })
        : call(ep.createAttendance, { body: { ...input.body, employeeId: input.employee.id } }),
    invalidates: [attendanceKeys.all],
    success: (_, input) => ({
      title: input.attendanceId !== undefined ? t('toast.attendanceUpdated') : t('toast.attendanceAdded'),
      body: t('toast.whoAndDay', { name: input.employee.name, day: fmt.day(input.date) }),
    }),
    // The dialog says a failure itself (docs/architecture.md, "Failures in forms").
  });
}

/**
 * Corrects a device punch: the punch stays as the device made it and the correction, with its reason,
 * stands in for it (docs/workforce.md).
 */
export function useCorrectAttendance() {
  const { t } = useToastTexts();
  const fmt = useFormat();
  return useApiMutation({
    mutationFn: (input: {
      punchId: number;
      employee: { id: number; name: string };
      date: string;
      body: RequestOf<typeof ep.correctAttendance>['body'];
    }) => call(ep.correctAttendance, { params: { id: input.punchId }, body: input.body }),
    invalidates: [attendanceKeys.all],
    success: (_, input) => ({
      title: t('toast.punchCorrected'),
      body: t('toast.whoAndDay', { name: input.employee.name, day: fmt.day(input.date) }),
    }),
    // The dialog says a failure itself (docs/architecture.md, "Failures in forms").
  });
}

/** Adds a break to an attendance, or changes one when a break id is given. */
export function useSaveBreak() {
  const { t } = useToastTexts();
  return useApiMutation({
    mutationFn: (input: { attendanceId: number; breakId: number | undefined; body: { start: string; end: string } }) =>
      input.breakId !== undefined
        ? call(ep.updateAttendanceBreak, { params: { id: input.breakId }, body: input.body })
        : call(ep.addAttendanceBreak, { params: { id: input.attendanceId }, body: input.body }),
    invalidates: [attendanceKeys.all],
    success: (_, input) => (input.breakId !== undefined ? t('toast.breakUpdated') : t('toast.breakAdded')),
    // The dialog says a failure itself (docs/architecture.md, "Failures in forms").
  });
}

/** Deletes an attendance (of the day `date`, for the toast) with its breaks. */
export function useDeleteAttendance() {
  const { t } = useToastTexts();
  const fmt = useFormat();
  return useApiMutation({
    mutationFn: (input: { id: number; date: string }) => call(ep.deleteAttendance, { params: { id: input.id } }),
    invalidates: [attendanceKeys.all],
    success: (_, input) => ({ title: t('toast.attendanceDeleted'), body: fmt.day(input.date) }),
    failure: t('errors:ATTENDANCE_SAVE_FAILED'),
  });
}

export function useDeleteBreak() {
  const { t } = useToastTexts();
  return useApiMutation({
    mutationFn: (breakId: number) => call(ep.deleteAttendanceBreak, { params: { id: breakId } }),
    invalidates: [attendanceKeys.all],
    success: () => t('toast.breakDeleted'),
    failure: t('errors:BREAK_SAVE_FAILED'),
  });
}
