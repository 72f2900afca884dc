/**
 * Leave types and public holidays: the queries and mutations of the Leaves and Holidays settings tabs
 * and of the request dialog. The example of a hooks module (docs/architecture.md): every call goes
 * through the typed client with the endpoint map's declaration, and each mutation says what it
 * invalidates and what the user is told.
 */
import { useQuery } from '@tanstack/react-query';
import { leaveCatalogueEndpoints as ep } from '../../../../shared/endpoints/leave-catalogue';
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { formatDay } from '../../components/format';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { attendanceKeys } from './attendance';
import { useApiMutation } from './mutation';
import { productivityKeys } from './productivity';

export const leaveCatalogueKeys = {
  /** Leave types and holidays both sit under the leave keys: a change refreshes balances and calendars too. */
  all: ['leave'] as const,
  types: ['leave', 'types'] as const,
  holidays: (year?: number) => ['leave', 'holidays', year ?? 'current'] as const,
};

/** A holiday is a day off on every page: leave, attendance (month, stats) and productivity figures. */
const HOLIDAY_VIEWS = [leaveCatalogueKeys.all, attendanceKeys.all, productivityKeys.all];

export type LeaveTypeBody = RequestOf<typeof ep.createLeaveType>['body'];
export type LeaveTypeChanges = RequestOf<typeof ep.updateLeaveType>['body'];
export type Holiday = ResponseOf<typeof ep.createHoliday>;

export function useLeaveTypes() {
  return useQuery({
    queryKey: leaveCatalogueKeys.types,
    queryFn: ({ signal }) => call(ep.listLeaveTypes, {}, { signal }).then((r) => r.items),
  });
}

/** Holidays of a year; this year in the company's time zone when no year is given. */
export function useHolidays(year?: number) {
  return useQuery({
    queryKey: leaveCatalogueKeys.holidays(year),
    queryFn: ({ signal }) => call(ep.listHolidays, { query: { year } }, { signal }).then((r) => r.items),
  });
}

/** Adds a type, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveLeaveType() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (input: { id: number; changes: LeaveTypeChanges } | { id?: undefined; body: LeaveTypeBody }) =>
      input.id === undefined
        ? call(ep.createLeaveType, { body: input.body })
        : call(ep.updateLeaveType, { params: { id: input.id }, body: input.changes }),
    invalidates: [leaveCatalogueKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.typeAdded') : t('toasts.typeUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetLeaveTypeStatus() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setLeaveTypeStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [leaveCatalogueKeys.all],
    success: (type) => ({
      title: type.isActive ? t('toasts.typeActivated') : t('toasts.typeDeactivated'),
      body: type.name,
    }),
    failure: t('toasts.statusUnchanged'),
  });
}

/** Adds a holiday, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveHoliday() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (input: { id?: number | undefined; body: { name: string; date: string } }) =>
      input.id === undefined
        ? call(ep.createHoliday, { body: input.body })
        : call(ep.updateHoliday, { params: { id: input.id }, body: input.body }),
    invalidates: HOLIDAY_VIEWS,
    success: (h, input) => ({
      title: input.id === undefined ? t('toasts.holidayAdded') : t('toasts.holidayUpdated'),
      body: t('toasts.holiday', { name: h.name, date: formatDay(h.date) }),
    }),
  });
}

export function useSetHolidayStatus() {
  const { t } = useTranslation('leave');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setHolidayStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: HOLIDAY_VIEWS,
    success: (h) => ({
      title: h.isActive ? t('toasts.holidayActivated') : t('toasts.holidayDeactivated'),
      body: h.name,
    }),
    failure: t('toasts.statusUnchanged'),
  });
}
