/** Leave: types, holidays, requests and approvals, balances, the calendar and the auto-leave setup. */
import type { ListResponse } from '../../../shared/contracts/common';
import type {
  AutoLeavesConfig,
  AutoLeavesConfigBody,
  AutoLeavesRun,
  CreateLeaveRequestBody,
  LeaveRequest,
  LeaveType,
} from '../../../shared/contracts/leave';
import type { LeaveAction, LeaveRules } from '../../../shared/leave';
import type { TenantSettings } from '../../../shared/settings';
import { api } from './client';

export type Holiday = { id: number; name: string; date: string; isActive: boolean };
export type LeaveBalanceType = LeaveType & { taken: number; pending: number; remaining: number | null };
export type LeaveDetails = {
  employeeId: number;
  year: number;
  absents: number;
  totalQuota: number;
  totalLeavesTaken: number;
  pendingLeaveCount: number;
  remainingLeaves: number;
  leaveTypes: LeaveBalanceType[];
};
export type Approvers = { po: { id: number; name: string }[]; hr: { id: number; name: string }[] };
export type CalendarEntry = {
  requestId: number;
  employee: { id: number; name: string };
  leaveType: { name: string; icon: string };
  startDate: string;
  endDate: string;
  status: number;
  statusLabel: string;
};
export type LeaveTypeBody = {
  name: string;
  kind: LeaveType['kind'];
  icon: LeaveType['icon'];
  yearlyQuota: number;
} & LeaveRules;
export type ProductivitySettings = Pick<
  TenantSettings,
  | 'attendence_edit_allow_limit'
  | 'tenant_timezone'
  | 'working_hours_per_day'
  | 'break_hours_per_day'
  | 'wfo_required_percentage'
  | 'weekend_days'
  | 'office_networks'
>;

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const leaveApi = {
  types: () => data(api.get<{ items: LeaveType[] }>('/leave-types')).then((r) => r.items),
  createType: (body: LeaveTypeBody) => data(api.post<LeaveType>('/leave-types', body)),
  updateType: (id: number, body: Partial<Omit<LeaveTypeBody, 'kind'>>) =>
    data(api.patch<LeaveType>(`/leave-types/${id}`, body)),
  setTypeStatus: (id: number, isActive: boolean) => data(api.put<LeaveType>(`/leave-types/${id}/status`, { isActive })),
  holidays: (year?: number) =>
    data(api.get<{ items: Holiday[] }>('/holidays', { params: { year } })).then((r) => r.items),
  createHoliday: (body: { name: string; date: string }) => data(api.post<Holiday>('/holidays', body)),
  updateHoliday: (id: number, body: { name?: string; date?: string }) =>
    data(api.patch<Holiday>(`/holidays/${id}`, body)),
  setHolidayStatus: (id: number, isActive: boolean) => data(api.put<Holiday>(`/holidays/${id}/status`, { isActive })),
  myRequests: (pageNumber: number, leaveId?: number) =>
    data(api.get<ListResponse<LeaveRequest>>('/leave-requests', { params: { pageNumber, pageSize: 20, leaveId } })),
  pending: (pageNumber: number, leaveId?: number) =>
    data(
      api.get<ListResponse<LeaveRequest>>('/leave-requests/pending', { params: { pageNumber, pageSize: 20, leaveId } }),
    ),
  request: (id: number) => data(api.get<LeaveRequest>(`/leave-requests/${id}`)),
  create: (body: CreateLeaveRequestBody) => data(api.post<LeaveRequest>('/leave-requests', body)),
  act: (id: number, action: LeaveAction, reason: string) =>
    data(api.post<LeaveRequest>(`/leave-requests/${id}/actions`, { action, reason })),
  details: () => data(api.get<LeaveDetails>('/leave/details')),
  approvers: () => data(api.get<Approvers>('/leave/approvers')),
  calendar: (params: { startDate: string; endDate: string; teamId?: number | undefined }) =>
    data(api.get<{ items: CalendarEntry[] }>('/leave/calendar', { params })).then((r) => r.items),
  autoConfig: () => data(api.get<AutoLeavesConfig>('/leave/auto-leaves-config')),
  saveAutoConfig: (body: AutoLeavesConfigBody) => data(api.put<AutoLeavesConfig>('/leave/auto-leaves-config', body)),
  runAuto: () => data(api.post<AutoLeavesRun>('/leave/auto-leaves/run')),
  productivity: () => data(api.get<ProductivitySettings>('/tenant/productivity-settings')),
  saveProductivity: (body: Partial<ProductivitySettings>) =>
    data(api.patch<ProductivitySettings>('/tenant/productivity-settings', body)),
};

export const leaveKeys = {
  all: ['leave'] as const,
  types: ['leave', 'types'] as const,
  holidays: (year: number) => ['leave', 'holidays', year] as const,
  mine: (page: number, leaveId?: number) => ['leave', 'mine', page, leaveId ?? null] as const,
  pending: (page: number) => ['leave', 'pending', page] as const,
  details: ['leave', 'details'] as const,
  calendar: (from: string, to: string, teamId?: number) => ['leave', 'calendar', from, to, teamId ?? null] as const,
  autoConfig: ['leave', 'auto-config'] as const,
  productivity: ['tenant', 'productivity'] as const,
};
