/**
 * Employees, roles and teams: the pages of the Employee Directory and of Roles & Permissions, and the
 * role and team pickers of other pages. Lists shown in a DataTable come as page fetchers (the table runs
 * the query with its own paging); everything else as query and mutation hooks.
 */
import { useQuery } from '@tanstack/react-query';
import type { EmployeeImageBody, EmployeeStatus } from '../../../../shared/contracts/people';
import { employeeEndpoints, roleEndpoints, teamEndpoints } from '../../../../shared/endpoints/people';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { meKey } from './me';
import { useApiMutation, useSaveMutation } from './mutation';
import { ALL_BY_NAME, itemsOf, pageFetcher, useEndpointQuery } from './query';

export const peopleKeys = {
  employees: ['employees'] as const,
  /** An employee picker's search, with the filters the server applies. */
  employeePick: (searchText: string, filter: EmployeePickFilter = {}) =>
    ['employees', 'pick', searchText, filter] as const,
  roles: ['roles'] as const,
  allRoles: ['roles', 'all'] as const,
  allTeams: ['teams', 'all'] as const,
};

/**
 * One page of the Employee Directory, for the DataTable. Its sort keys are the columns' sortKey, each
 * one of the contract's order keys.
 */
export const fetchEmployeePage = pageFetcher(employeeEndpoints.listEmployees);

/** One page of roles, for the DataTable (sort keys as above). */
export const fetchRolePage = pageFetcher(roleEndpoints.listRoles);

export const useAllRoles = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useEndpointQuery(peopleKeys.allRoles, roleEndpoints.listRoles, { query: ALL_BY_NAME }, { enabled, select: itemsOf });

export const useAllTeams = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useEndpointQuery(peopleKeys.allTeams, teamEndpoints.listTeams, { query: ALL_BY_NAME }, { enabled, select: itemsOf });

/**
 * What a picker leaves out, on the server: filtering the page of 10 in the browser would show fewer than
 * 10 names whenever the page held some of those left out.
 */
export type EmployeePickFilter = { status?: EmployeeStatus; exceptId?: number | undefined };

/** The first ten employees by name matching a search (and the filter), for picking one. */
export const useEmployeePick = (searchText: string, enabled: boolean, filter: EmployeePickFilter = {}) =>
  useEndpointQuery(
    peopleKeys.employeePick(searchText, filter),
    employeeEndpoints.listEmployees,
    { query: { ...ALL_BY_NAME, pageSize: 10, searchText: searchText || undefined, ...filter } },
    { enabled, staleTime: 30_000 },
  );

/**
 * The employee ID the add form suggests (docs/workforce.md "Employee profile"). Under the employees key, so
 * adding one refreshes it; always fetched afresh when the form opens.
 */
export const useNextEmployeeNumber = (enabled: boolean) =>
  useEndpointQuery(
    [...peopleKeys.employees, 'next-number'],
    employeeEndpoints.nextEmployeeNumber,
    {},
    {
      enabled,
      staleTime: 0,
      gcTime: 0,
    },
  );

/** Adds an employee, or changes one when an id is given. Errors are shown (and toasted) by the dialog. */
export function useSaveEmployee() {
  const { t } = useTranslation('people');
  return useSaveMutation(
    { create: employeeEndpoints.createEmployee, update: employeeEndpoints.updateEmployee },
    {
      // The employee may be the signed-in user (name, roles, and so permissions).
      invalidates: [peopleKeys.employees, meKey],
      added: t('toasts.employeeAdded'),
      updated: t('toasts.employeeUpdated'),
      // A new e-mail waits for the code sent to it (docs/security.md, "E-mail change").
      describe: (saved) =>
        saved.pendingEmail ? t('toasts.pendingEmail', { name: saved.name, email: saved.pendingEmail }) : saved.name,
    },
  );
}

/**
 * An employee's picture as a `blob:` URL, or undefined while loading or without one. Teambeat serves
 * pictures only to signed-in callers and an <img> carries no access token, so the picture is fetched
 * through the typed client (docs/security.md, "Employee pictures"). The key holds the picture's version,
 * so a new upload loads anew and an unchanged one is fetched once.
 */
export function useEmployeeImage(employeeId: number, image: string | null): string | undefined {
  const query = useQuery({
    queryKey: ['employee-image', employeeId, image] as const,
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await call(employeeEndpoints.getEmployeeImage, { params: { id: employeeId } }, { signal })),
    enabled: image !== null,
    staleTime: Infinity,
    retry: false,
  });
  return image === null ? undefined : query.data;
}

/** Uploads an employee's picture (PNG, JPEG or WebP up to 2 MiB); the directory and the header refresh. */
export function useUploadEmployeeImage() {
  const { t } = useTranslation('people');
  return useApiMutation({
    mutationFn: (input: { id: number; body: EmployeeImageBody }) =>
      call(employeeEndpoints.uploadEmployeeImage, { params: { id: input.id }, body: input.body }),
    // The employee may be the signed-in user (the header shows their picture).
    invalidates: [peopleKeys.employees, meKey],
    success: (saved) => ({ title: t('toasts.pictureUploaded'), body: saved.name }),
    failure: t('toasts.pictureFailed'),
  });
}

export function useSetEmployeeStatus() {
  const { t } = useTranslation('people');
  return useApiMutation({
    mutationFn: (input: { id: number; status: EmployeeStatus }) =>
      call(employeeEndpoints.setEmployeeStatus, { params: { id: input.id }, body: { status: input.status } }),
    // The employee may be the signed-in user (name, roles, and so permissions).
    invalidates: [peopleKeys.employees, meKey],
    success: (saved) => ({
      title: saved.status === 'active' ? t('toasts.employeeActivated') : t('toasts.employeeDeactivated'),
      body: saved.name,
    }),
    failure: t('toasts.statusFailed'),
  });
}

/** E-mails a new invitation; the earlier link stops working. */
export function useResendInvitation() {
  const { t } = useTranslation('people');
  return useApiMutation({
    mutationFn: (id: number) => call(employeeEndpoints.resendInvitation, { params: { id } }),
    invalidates: [peopleKeys.employees],
    success: (saved) => ({ title: t('toasts.invitationSent'), body: saved.email }),
    failure: t('toasts.invitationFailed'),
  });
}

/** Adds a role, or changes one when an id is given. Errors are shown (and toasted) by the dialog. */
export function useSaveRole() {
  const { t } = useTranslation('people');
  return useSaveMutation(
    { create: roleEndpoints.createRole, update: roleEndpoints.updateRole },
    // The signed-in user may hold the role: their permissions change with it.
    { invalidates: [peopleKeys.roles, meKey], added: t('toasts.roleAdded'), updated: t('toasts.roleUpdated') },
  );
}
