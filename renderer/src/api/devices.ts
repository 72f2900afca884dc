/** Biometric devices: the admin API (devices, mappings, unmapped punches, agent keys, ADMS) for the devices page. */
import type { z } from 'zod';
import type {
  admsPendingDeviceSchema,
  AdmsSettings,
  agentKeySchema,
  ApplyResult,
  ConnectionTestResponse,
  createdAgentKeySchema,
  CreateDeviceBody,
  Device,
  deviceUserMappingSchema,
  unmappedPunchGroupSchema,
  UpdateDeviceBody,
} from '../../../shared/contracts/devices';
import type { ListResponse } from '../../../shared/contracts/common';
import { api } from './client';
import type { ListQuery as ListParams } from '../../../shared/contracts/common';

export type DeviceUserMapping = z.infer<typeof deviceUserMappingSchema>;
export type UnmappedPunchGroup = z.infer<typeof unmappedPunchGroupSchema>;
export type AgentKey = z.infer<typeof agentKeySchema>;
export type CreatedAgentKey = z.infer<typeof createdAgentKeySchema>;
export type AdmsPendingDevice = z.infer<typeof admsPendingDeviceSchema>;

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const devicesApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    data(
      api.get<ListResponse<Device>>('/devices', {
        params: { ...params, searchText: params.searchText || undefined },
        signal,
      }),
    ),
  create: (body: CreateDeviceBody) => data(api.post<Device>('/devices', body)),
  update: (id: number, body: UpdateDeviceBody) => data(api.patch<Device>(`/devices/${id}`, body)),
  setStatus: (id: number, isActive: boolean) => data(api.put<Device>(`/devices/${id}/status`, { isActive })),
  testConnection: (id: number) => data(api.post<ConnectionTestResponse>(`/devices/${id}/test-connection`)),
  mappings: () => data(api.get<ListResponse<DeviceUserMapping>>('/device-user-mappings')),
  saveMapping: (deviceUserId: string, employeeId: number) =>
    data(
      api.post<{ mapping: DeviceUserMapping; result: ApplyResult }>('/device-user-mappings', {
        deviceUserId,
        employeeId,
      }),
    ),
  deleteMapping: (id: number) => data(api.delete<void>(`/device-user-mappings/${id}`)),
  unmapped: () => data(api.get<ListResponse<UnmappedPunchGroup>>('/device-punches/unmapped')),
  applyUnmapped: () => data(api.post<ApplyResult>('/device-punches/apply-unmapped')),
  agentKeys: () => data(api.get<ListResponse<AgentKey>>('/device-agent-keys')),
  createAgentKey: (name: string) => data(api.post<CreatedAgentKey>('/device-agent-keys', { name })),
  revokeAgentKey: (id: number) => data(api.delete<void>(`/device-agent-keys/${id}`)),
  admsSettings: () => data(api.get<AdmsSettings>('/adms/settings')),
  saveAdmsSettings: (body: { enabled: boolean; serverAddress: string | null }) =>
    data(api.put<AdmsSettings>('/adms/settings', body)),
  testAdms: () => data(api.post<{ ok: true; latencyMs: number }>('/adms/settings/test')),
  pendingDevices: () => data(api.get<ListResponse<AdmsPendingDevice>>('/adms/pending-devices')),
  approvePending: (id: number, body: { name: string; timeZone?: string }) =>
    data(api.post<Device>(`/adms/pending-devices/${id}/approve`, body)),
  dismissPending: (id: number) => data(api.delete<void>(`/adms/pending-devices/${id}`)),
};

export const deviceKeys = {
  devices: ['devices', 'list'] as const,
  mappings: ['device-mappings'] as const,
  unmapped: ['device-unmapped'] as const,
  agentKeys: ['device-agent-keys'] as const,
  adms: ['adms-settings'] as const,
  pending: ['adms-pending'] as const,
};
