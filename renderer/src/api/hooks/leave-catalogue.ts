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
  return useApiMutation({
    mutationFn: (input: { id: number; changes: LeaveTypeChanges } | { id?: undefined; body: LeaveTypeBody }) =>
      input.id === undefined
        ? call(ep.createLeaveType, { body: input.body })
        : call(ep.updateLeaveType, { params: { id: input.id }, body: input.changes }),
    invalidates: [leaveCatalogueKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? 'Leave type added' : 'Leave type updated',
      body: saved.name,
    }),
  });
}

export function useSetLeaveTypeStatus() {
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setLeaveTypeStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [leaveCatalogueKeys.all],
    success: (t) => ({ title: t.isActive ? 'Leave type activated' : 'Leave type deactivated', body: t.name }),
    failure: 'The status did not change',
  });
}

/** Adds a holiday, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveHoliday() {
  return useApiMutation({
    mutationFn: (input: { id?: number | undefined; body: { name: string; date: string } }) =>
      input.id === undefined
        ? call(ep.createHoliday, { body: input.body })
        : call(ep.updateHoliday, { params: { id: input.id }, body: input.body }),
    invalidates: HOLIDAY_VIEWS,
    success: (h, input) => ({
      title: input.id === undefined ? 'Holiday added' : 'Holiday updated',
      body: `${h.name}, ${formatDay(h.date)}`,
    }),
  });
}

export function useSetHolidayStatus() {
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setHolidayStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: HOLIDAY_VIEWS,
    success: (h) => ({ title: h.isActive ? 'Holiday activated' : 'Holiday deactivated', body: h.name }),
    failure: 'The status did not change',
  });
}
