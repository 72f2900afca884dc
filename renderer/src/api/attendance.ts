/** Attendance and breaks: today's card and its actions, day and month views, statistics, manual edits. */
import type { z } from 'zod';
import type {
  Attendance,
  AttendanceEmployee,
  auditResponseSchema,
  CreateAttendanceBody,
  dayResponseSchema,
  MonthResponse,
  pastMonthsResponseSchema,
  statsResponseSchema,
  TodayResponse,
} from '../../../shared/contracts/attendance';
import { api } from './client';

export type DayResponse = z.infer<typeof dayResponseSchema>;
export type PastMonthsResponse = z.infer<typeof pastMonthsResponseSchema>;
export type StatsResponse = z.infer<typeof statsResponseSchema>;
export type AuditEntry = z.infer<typeof auditResponseSchema>['items'][number];
export type TodayAction = 'check-in' | 'check-out' | 'start-break' | 'end-break';

const ACTION_PATHS: Record<TodayAction, string> = {
  'check-in': '/attendance/check-in',
  'check-out': '/attendance/check-out',
  'start-break': '/attendance/break/start',
  'end-break': '/attendance/break/end',
};

const get = <T>(path: string, params?: Record<string, unknown>, signal?: AbortSignal) =>
  api.get<T>(path, { params, signal }).then((r) => r.data);

export const attendanceApi = {
  today: (signal?: AbortSignal) => get<TodayResponse>('/attendance/today', undefined, signal),
  /** Check in (from the web or the desktop app), check out, start or end a break: the answer is today. */
  act: (action: TodayAction, source: 'web' | 'desktop' = 'web') =>
    api.post<TodayResponse>(ACTION_PATHS[action], action === 'check-in' ? { source } : {}).then((r) => r.data),
  employees: (signal?: AbortSignal) =>
    get<{ items: AttendanceEmployee[] }>('/attendance/employees', undefined, signal).then((r) => r.items),
  day: (date: string, employeeId?: number, signal?: AbortSignal) =>
    get<DayResponse>('/attendance/day', { date, employeeId }, signal),
  month: (month: string, employeeId?: number, signal?: AbortSignal) =>
    get<MonthResponse>('/attendance/month', { month, employeeId }, signal),
  pastMonths: (employeeId?: number, signal?: AbortSignal) =>
    get<PastMonthsResponse>('/attendance/past-months', { employeeId }, signal),
  stats: (startDate: string, endDate: string, employeeId?: number, signal?: AbortSignal) =>
    get<StatsResponse>('/attendance/stats', { startDate, endDate, employeeId }, signal),
  create: (body: CreateAttendanceBody) => api.post<Attendance>('/attendance', body).then((r) => r.data),
  update: (id: number, body: { checkIn?: string; checkOut?: string | null; isWfo?: boolean }) =>
    api.patch<Attendance>(`/attendance/${id}`, body).then((r) => r.data),
  remove: (id: number) => api.delete(`/attendance/${id}`).then(() => undefined),
  addBreak: (attendanceId: number, body: { start: string; end: string }) =>
    api.post<Attendance>(`/attendance/${attendanceId}/breaks`, body).then((r) => r.data),
  updateBreak: (id: number, body: { start?: string; end?: string }) =>
    api.patch<Attendance>(`/breaks/${id}`, body).then((r) => r.data),
  removeBreak: (id: number) => api.delete<Attendance>(`/breaks/${id}`).then((r) => r.data),
  audit: (attendanceId: number, signal?: AbortSignal) =>
    get<{ items: AuditEntry[] }>(`/attendance/${attendanceId}/audit`, undefined, signal).then((r) => r.items),
};

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
