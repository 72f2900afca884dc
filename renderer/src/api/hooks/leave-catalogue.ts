/**
 * Leave types and public holidays: the queries and mutations of the Leaves and Holidays settings tabs
 * and of the request dialog. The example of a hooks module (docs/architecture.md): every call goes
 * through the typed client with the endpoint map's declaration, and each mutation says what it
 * invalidates and what the user is told.
 */
import { leaveCatalogueEndpoints as ep } from '../../../../shared/endpoints/leave-catalogue';
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { formatDay } from '../../components/format';
import { useTranslation } from '../../i18n';
import { attendanceKeys } from './attendance';
import { useSaveMutation, useStatusMutation } from './mutation';
import { productivityKeys } from './productivity';
import { itemsOf, useEndpointQuery } from './query';

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

export const useLeaveTypes = () =>
  useEndpointQuery(leaveCatalogueKeys.types, ep.listLeaveTypes, {}, { select: itemsOf });

/** Holidays of a year; this year in the company's time zone when no year is given. */
export const useHolidays = (year?: number) =>
  useEndpointQuery(leaveCatalogueKeys.holidays(year), ep.listHolidays, { query: { year } }, { select: itemsOf });

/** Adds a type, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveLeaveType() {
  const { t } = useTranslation('leave');
  return useSaveMutation(
    { create: ep.createLeaveType, update: ep.updateLeaveType },
    { invalidates: [leaveCatalogueKeys.all], added: t('toasts.typeAdded'), updated: t('toasts.typeUpdated') },
  );
}

export function useSetLeaveTypeStatus() {
  const { t } = useTranslation('leave');
  return useStatusMutation(ep.setLeaveTypeStatus, {
    invalidates: [leaveCatalogueKeys.all],
    activated: t('toasts.typeActivated'),
    deactivated: t('toasts.typeDeactivated'),
    failure: t('toasts.statusUnchanged'),
  });
}

/** Adds a holiday, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveHoliday() {
  const { t } = useTranslation('leave');
  return useSaveMutation(
    { create: ep.createHoliday, update: ep.updateHoliday },
    {
      invalidates: HOLIDAY_VIEWS,
      added: t('toasts.holidayAdded'),
      updated: t('toasts.holidayUpdated'),
      describe: (h) => t('toasts.holiday', { name: h.name, date: formatDay(h.date) }),
    },
  );
}

export function useSetHolidayStatus() {
  const { t } = useTranslation('leave');
  return useStatusMutation(ep.setHolidayStatus, {
    invalidates: HOLIDAY_VIEWS,
    activated: t('toasts.holidayActivated'),
    deactivated: t('toasts.holidayDeactivated'),
    failure: t('toasts.statusUnchanged'),
  });
}
