/**
 * Leave requests and approvals, balances, the leave calendar and the auto-leave setup: the queries and
 * mutations of the Leave and Leave calendar pages and of the Leaves settings tab. Leave types and holidays
 * are in leave-catalogue.ts; every key here sits under its `all`, so a change there refreshes these too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAVE_PAGE_SIZE } from '../../../../shared/contracts/leave';
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import {
  autoLeavesEndpoints,
  leaveCalendarEndpoints,
  leaveRequestEndpoints,
  leaveSettingsEndpoints,
} from '../../../../shared/endpoints/leave';
import type { LeaveAction } from '../../../../shared/leave';
import { leaveStatusLabel } from '../../components/format';
import { i18n, useTranslation } from '../../i18n';
import { call } from '../typed';
import { leaveCatalogueKeys } from './leave-catalogue';
import { meKey } from './me';
import { useApiMutation } from './mutation';
import { itemsOf, useEndpointQuery } from './query';
// The texts of the failures these calls can answer with details (error-texts.ts).
import './leave-failures';

const ep = { ...leaveRequestEndpoints, ...leaveCalendarEndpoints, ...autoLeavesEndpoints, ...leaveSettingsEndpoints };

export const leaveKeys = {
  all: leaveCatalogueKeys.all,
  details: (employeeId?: number) => ['leave', 'details', employeeId ?? null] as const,
  mine: (page: number, leaveId?: number, employeeId?: number) =>
    ['leave', 'mine', page, leaveId ?? null, employeeId ?? null] as const,
  employees: ['leave', 'employees'] as const,
  approvers: (employeeId: number) => ['leave', 'approvers', employeeId] as const,
  pending: (page: number, leaveId?: number) => ['leave', 'pending', page, leaveId ?? null] as const,
  calendar: (from: string, to: string, teamId?: number) => ['leave', 'calendar', from, to, teamId ?? null] as const,
  autoConfig: ['leave', 'auto-config'] as const,
  settings: ['leave', 'settings'] as const,
};

export type LeaveDetails = ResponseOf<typeof ep.getLeaveDetails>;
/** One leave type with what the employee took, holds pending and has left of it this year. */
export type LeaveBalanceType = LeaveDetails['leaveTypes'][number];
export type CalendarRange = RequestOf<typeof ep.getLeaveCalendar>['query'];
export type CreateLeaveRequest = RequestOf<typeof ep.createLeaveRequest>['body'];
export type AutoLeavesConfigBody = RequestOf<typeof ep.setAutoLeavesConfig>['body'];
export type LeaveJobsRun = ResponseOf<typeof ep.runLeaveJobs>;
export type LeaveSettingsBody = RequestOf<typeof ep.updateLeaveSettings>['body'];

/** The balance this year of the signed-in employee, or of another one the caller may see. */
export const useLeaveDetails = (employeeId?: number) =>
  useEndpointQuery(leaveKeys.details(employeeId), ep.getLeaveDetails, { query: { employeeId } });

/** The employees whose leave the caller may open (the Leave page's picker). */
export const useLeaveEmployees = (enabled: boolean) =>
  useEndpointQuery(leaveKeys.employees, ep.listLeaveEmployees, {}, { select: itemsOf, enabled, staleTime: 5 * 60_000 });

/** Who approves an employee's leave: team lead / PO stage, then HR. */
export const useLeaveApprovers = (employeeId: number) =>
  useEndpointQuery(leaveKeys.approvers(employeeId), ep.getLeaveApprovers, { query: { employeeId } });

/**
 * A page of the signed-in employee's requests ('mine'), of another employee's (`employeeId`), or of the
 * requests waiting for their decision ('pending'), optionally of one leave type. The previous page stays
 * shown while the next one loads.
 */
export function useLeaveRequests(mode: 'mine' | 'pending', page: number, leaveId?: number, employeeId?: number) {
  const query = { page, pageSize: LEAVE_PAGE_SIZE, leaveId, ...(mode === 'mine' ? { employeeId } : {}) };
  return useQuery({
    queryKey: mode === 'mine' ? leaveKeys.mine(page, leaveId, employeeId) : leaveKeys.pending(page, leaveId),
    queryFn: ({ signal }) =>
      mode === 'mine'
        ? call(ep.listLeaveRequests, { query }, { signal })
        : call(ep.listPendingLeaveRequests, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Live leave between two dates, of one team or of every team the caller may see. */
export const useLeaveCalendar = ({ startDate, endDate, teamId }: CalendarRange) =>
  useEndpointQuery(
    leaveKeys.calendar(startDate, endDate, teamId),
    ep.getLeaveCalendar,
    { query: { startDate, endDate, teamId } },
    { placeholderData: keepPreviousData },
  );

export const useAutoLeavesConfig = () => useEndpointQuery(leaveKeys.autoConfig, ep.getAutoLeavesConfig, {});

/** Sends a request. Failures are shown (and toasted) by the dialog, which knows the form. */
export function useRequestLeave() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (body: CreateLeaveRequest) => call(ep.createLeaveRequest, { body }),
    invalidates: [leaveKeys.all],
    success: (created) => ({
      title: t('toasts.requested'),
      body: t('toasts.requestedBody', {
        count: created.days,
        status: leaveStatusLabel(created.status, created.statusLabel),
      }),
    }),
  });
}

/** Saves an edit of one's pending request. Failures are shown (and toasted) by the dialog. */
export function useEditLeave() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: ({ id, ...body }: CreateLeaveRequest & { id: number }) =>
      call(ep.updateLeaveRequest, { params: { id }, body }),
    invalidates: [leaveKeys.all],
    success: (updated) => ({
      title: t('toasts.edited'),
      body: t('toasts.requestedBody', {
        count: updated.days,
        status: leaveStatusLabel(updated.status, updated.statusLabel),
      }),
    }),
  });
}

/**
 * Acts on a request; `verb` is the label of the button pressed, which the success toast repeats.
 * Failures are shown (and toasted) by the dialog: their title depends on the action.
 */
export function useLeaveAction() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (input: { id: number; action: LeaveAction; reason: string; verb: string }) =>
      call(ep.actOnLeaveRequest, { params: { id: input.id }, body: { action: input.action, reason: input.reason } }),
    invalidates: [leaveKeys.all],
    success: (updated, input) => ({
      title: t('toasts.acted', { verb: input.verb, name: updated.employee.name }),
      body: leaveStatusLabel(updated.status, updated.statusLabel),
    }),
  });
}

/** Saves the auto-leave setup. The failure toast is the caller's (its message falls back to the spec's). */
export function useSaveAutoLeavesConfig() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (body: AutoLeavesConfigBody) => call(ep.setAutoLeavesConfig, { body }),
    invalidates: [leaveKeys.autoConfig],
    success: (saved) => (saved.enabled ? t('toasts.autoOn') : t('toasts.autoOff')),
  });
}

/** The Leaves tab's booking settings (from which month next year opens). */
export const useLeaveSettings = () => useEndpointQuery(leaveKeys.settings, ep.getLeaveSettings, {});

/** Saves them; the request dialog reads them from the signed-in answer (/api/me), so that is read again too. */
export function useSaveLeaveSettings() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (body: LeaveSettingsBody) => call(ep.updateLeaveSettings, { body }),
    invalidates: [leaveKeys.settings, meKey],
    success: () => t('leaveBooking.saved'),
    failure: t('leaveBooking.notSaved'),
  });
}

/** What one run of the leave jobs changed, in one line, in the interface's language. */
export function leaveJobsSummary(r: LeaveJobsRun): string {
  return i18n.t('leave:toasts.jobsSummary', {
    count: r.created,
    autoRejected: r.autoRejected,
    cancellationsRefused: r.cancellationsRefused,
    autoCancelled: r.autoCancelled,
  });
}

/** Runs the leave jobs now; they may create, reject and cancel requests anywhere, so all leave refreshes. */
export function useRunLeaveJobs() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: () => call(ep.runLeaveJobs),
    invalidates: [leaveKeys.all],
    success: (r) => ({ title: t('toasts.jobsRan'), body: leaveJobsSummary(r) }),
    failure: t('toasts.jobsFailed'),
  });
}
