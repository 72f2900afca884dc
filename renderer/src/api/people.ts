/** Employees, roles and teams: list fetchers for the data table and mutations for the dialogs. */
import type { ListResponse } from '../../../shared/contracts/common';
import type {
  CreateEmployeeBody,
  Employee,
  EmployeeStatus,
  Role,
  RoleBody,
  Team,
  UpdateEmployeeBody,
} from '../../../shared/contracts/people';
import { api } from './client';

export type ListParams = {
  page: number;
  pageSize: number;
  orderKey: string;
  orderDir: 'asc' | 'desc';
  searchText?: string | undefined;
};

const list =
  <T>(path: string) =>
  (params: ListParams, signal?: AbortSignal) =>
    api
      .get<ListResponse<T>>(path, { params: { ...params, searchText: params.searchText || undefined }, signal })
      .then((r) => r.data);

export const peopleApi = {
  employees: list<Employee>('/employees'),
  createEmployee: (body: CreateEmployeeBody) => api.post<Employee>('/employees', body).then((r) => r.data),
  updateEmployee: (id: number, body: UpdateEmployeeBody) =>
    api.patch<Employee>(`/employees/${id}`, body).then((r) => r.data),
  setEmployeeStatus: (id: number, status: EmployeeStatus) =>
    api.put<Employee>(`/employees/${id}/status`, { status }).then((r) => r.data),
  roles: list<Role>('/roles'),
  createRole: (body: RoleBody) => api.post<Role>('/roles', body).then((r) => r.data),
  updateRole: (id: number, body: Partial<RoleBody>) => api.patch<Role>(`/roles/${id}`, body).then((r) => r.data),
  teams: list<Team>('/teams'),
};

/** Every role or team for a picker: the lists are small, one page of 100 holds them. */
export const allRoles = () =>
  peopleApi.roles({ page: 1, pageSize: 100, orderKey: 'name', orderDir: 'asc' }).then((r) => r.items);
export const allTeams = () =>
  peopleApi.teams({ page: 1, pageSize: 100, orderKey: 'name', orderDir: 'asc' }).then((r) => r.items);

export const queryKeys = {
  employees: ['employees'] as const,
  roles: ['roles'] as const,
  allRoles: ['roles', 'all'] as const,
  allTeams: ['teams', 'all'] as const,
};
