/**
 * Biometric devices: the queries and mutations of the Biometric Devices page (devices, connection test, user
 * mappings, unmapped punches, agent keys, ADMS settings and devices waiting for approval). Every call goes through
 * the typed client with the endpoint map's declaration; each mutation says what it invalidates and what the user is
 * told. Dialogs that show a failure in the form pass their own onError to `mutate`.
 */
import { useQuery } from '@tanstack/react-query';
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { deviceEndpoints as ep, deviceIntegrationEndpoints as integration } from '../../../../shared/endpoints/devices';
import type { ApplyResult } from '../../../../shared/contracts/devices';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { attendanceKeys } from './attendance';
import { useApiMutation } from './mutation';

export const deviceKeys = {
  devices: ['devices', 'list'] as const,
  connectionTest: (id: number) => ['device-connection-test', id] as const,
  mappings: ['device-mappings'] as const,
  unmapped: ['device-unmapped'] as const,
  agentKeys: ['device-agent-keys'] as const,
  adms: ['adms-settings'] as const,
  pending: ['adms-pending'] as const,
  held: ['adms-held'] as const,
};

export type DeviceBody = RequestOf<typeof ep.createDevice>['body'];
export type DeviceUserMapping = ResponseOf<typeof ep.listDeviceUserMappings>['items'][number];
export type UnmappedPunchGroup = ResponseOf<typeof ep.listUnmappedPunches>['items'][number];
export type AgentKey = ResponseOf<typeof integration.listAgentKeys>['items'][number];
export type CreatedAgentKey = ResponseOf<typeof integration.createAgentKey>;
export type AdmsSettingsBody = RequestOf<typeof integration.updateAdmsSettings>['body'];
export type AdmsPendingDevice = ResponseOf<typeof integration.listAdmsPendingDevices>['items'][number];
export type AdmsHeldUpload = ResponseOf<typeof integration.listAdmsHeldUploads>['items'][number];
export type ApproveAdmsDeviceBody = RequestOf<typeof integration.approveAdmsPendingDevice>['body'];

type DeviceListQuery = RequestOf<typeof ep.listDevices>['query'];
type PendingListQuery = RequestOf<typeof integration.listAdmsPendingDevices>['query'];
type HeldListQuery = RequestOf<typeof integration.listAdmsHeldUploads>['query'];

/** The page parameters the paged table passes (plain strings and numbers; the server refuses other values). */
type PageParams = {
  page: number;
  pageSize: number;
  orderKey: string;
  orderDir: 'asc' | 'desc';
  searchText?: string | undefined;
};

/** What a run of waiting punches did, as the toasts say it: one sentence per combination of counts. */
export function describeApply(result: ApplyResult, t: TFunction<['devices', 'errors']>): string {
  const values = { count: result.applied, kept: result.skipped, unmapped: result.unmapped };
  if (result.skipped > 0 && result.unmapped > 0) return t('apply.appliedKeptUnmapped', values);
  if (result.skipped > 0) return t('apply.appliedKept', values);
  if (result.unmapped > 0) return t('apply.appliedUnmapped', values);
  return t('apply.applied', values);
}

// Devices

/**
 * One page of the devices list, for the paged table (which runs the query under `deviceKeys.devices`). The table
 * speaks plain strings and numbers; its sort keys are the columns' sortKey values and its page sizes PAGE_SIZES,
 * each a value the list's query accepts (the server refuses any other with 400).
 */
export function fetchDevicePage(
  params: {
    page: number;
    pageSize: number;
    orderKey: string;
    orderDir: 'asc' | 'desc';
    searchText?: string | undefined;
  },
  signal?: AbortSignal,
) {
  return call(ep.listDevices, { query: params as DeviceListQuery }, { signal });
}

/** Adds a device, or changes one when an id is given. The dialog shows failures itself. */
export function useSaveDevice() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (input: { id?: number | undefined; body: DeviceBody }) =>
      input.id === undefined
        ? call(ep.createDevice, { body: input.body })
        : call(ep.updateDevice, { params: { id: input.id }, body: input.body }),
    invalidates: [deviceKeys.devices],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.deviceAdded') : t('toasts.deviceUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetDeviceStatus() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setDeviceStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [deviceKeys.devices],
    success: (saved) => ({
      title: saved.isActive ? t('toasts.deviceActivated') : t('toasts.deviceDeactivated'),
      body: saved.name,
    }),
    failure: t('toasts.statusFailed'),
  });
}

/**
 * The server's connection test of a device. A query, not a mutation: it runs once when the dialog opens, "Test
 * again" refetches, and closing forgets the answer.
 */
export function useDeviceConnectionTest(id: number) {
  return useQuery({
    queryKey: deviceKeys.connectionTest(id),
    queryFn: ({ signal }) => call(ep.testDeviceConnection, { params: { id } }, { signal }),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

// Device user mappings and unmapped punches

export function useDeviceUserMappings() {
  return useQuery({
    queryKey: deviceKeys.mappings,
    queryFn: ({ signal }) => call(ep.listDeviceUserMappings, {}, { signal }),
  });
}

export function useUnmappedPunches() {
  return useQuery({
    queryKey: deviceKeys.unmapped,
    queryFn: ({ signal }) => call(ep.listUnmappedPunches, {}, { signal }),
  });
}

/** Maps a device user id to an employee and applies its waiting punches. The dialog shows failures itself. */
export function useSaveDeviceUserMapping() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (body: RequestOf<typeof ep.saveDeviceUserMapping>['body']) => call(ep.saveDeviceUserMapping, { body }),
    // Mapping applies the device user's punches: their attendance changes.
    invalidates: [deviceKeys.mappings, deviceKeys.unmapped, attendanceKeys.all],
    success: ({ mapping, result }) => ({
      title: t('toasts.mapped', { deviceUserId: mapping.deviceUserId, name: mapping.employee.name }),
      body: describeApply(result, t),
    }),
  });
}

export function useDeleteDeviceUserMapping() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (mapping: { id: number }) => call(ep.deleteDeviceUserMapping, { params: { id: mapping.id } }),
    invalidates: [deviceKeys.mappings],
    success: () => t('toasts.mappingRemoved'),
    failure: t('toasts.mappingRemoveFailed'),
  });
}

export function useApplyUnmappedPunches() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: () => call(ep.applyUnmappedPunches),
    invalidates: [deviceKeys.unmapped, attendanceKeys.all],
    success: (result) => ({ title: t('toasts.punchesApplied'), body: describeApply(result, t) }),
    failure: t('toasts.punchesApplyFailed'),
  });
}

// Agent keys

export function useAgentKeys() {
  return useQuery({
    queryKey: deviceKeys.agentKeys,
    queryFn: ({ signal }) => call(integration.listAgentKeys, {}, { signal }),
  });
}

/** Creates a key; the answer is the only time it is shown. Whoever asks shows failures itself. */
export function useCreateAgentKey() {
  return useApiMutation({
    mutationFn: (name: string) => call(integration.createAgentKey, { body: { name } }),
    invalidates: [deviceKeys.agentKeys],
  });
}

export function useRevokeAgentKey() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (key: { id: number; name: string }) => call(integration.revokeAgentKey, { params: { id: key.id } }),
    invalidates: [deviceKeys.agentKeys],
    success: (_, key) => ({ title: t('toasts.keyRevoked'), body: key.name }),
    failure: t('toasts.keyRevokeFailed'),
  });
}

// ADMS

export function useAdmsSettings() {
  return useQuery({
    queryKey: deviceKeys.adms,
    queryFn: ({ signal }) => call(integration.getAdmsSettings, {}, { signal }),
  });
}

export function useSaveAdmsSettings() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (body: AdmsSettingsBody) => call(integration.updateAdmsSettings, { body }),
    invalidates: [deviceKeys.adms],
    success: (saved) => ({
      title: t('toasts.admsSaved'),
      body: saved.enabled ? t('toasts.admsPushTo', { endpoint: saved.endpoint ?? '' }) : t('toasts.admsOff'),
    }),
    failure: t('errors:DEVICE_SAVE_FAILED'),
  });
}

/** Whether the saved address leads to this server. The form shows the verdict itself. */
export function useTestAdms() {
  return useApiMutation({
    mutationFn: () => call(integration.testAdmsSettings),
    invalidates: [],
  });
}

/** One page of the push devices waiting for approval, for the paged table (under `deviceKeys.pending`). */
export function fetchAdmsPendingPage(params: PageParams, signal?: AbortSignal) {
  return call(integration.listAdmsPendingDevices, { query: params as PendingListQuery }, { signal });
}

/** One page of the uploads held as unverified, for the paged table (under `deviceKeys.held`). */
export function fetchAdmsHeldPage(params: PageParams, signal?: AbortSignal) {
  return call(integration.listAdmsHeldUploads, { query: params as HeldListQuery }, { signal });
}

/** Accepts a held upload: its punches are applied like any other, so attendance and unmapped punches change. */
export function useAcceptAdmsHeldUpload() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (upload: { id: number }) => call(integration.acceptAdmsHeldUpload, { params: { id: upload.id } }),
    invalidates: [deviceKeys.held, deviceKeys.unmapped, attendanceKeys.all],
    success: (result) => ({ title: t('toasts.uploadAccepted'), body: describeApply(result, t) }),
    failure: t('toasts.uploadAcceptFailed'),
  });
}

export function useRejectAdmsHeldUpload() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (upload: { id: number; serialNo: string }) =>
      call(integration.rejectAdmsHeldUpload, { params: { id: upload.id } }),
    invalidates: [deviceKeys.held],
    success: (_, upload) => ({
      title: t('toasts.uploadRejected'),
      body: t('toasts.uploadRejectedBody', { serialNo: upload.serialNo }),
    }),
    failure: t('toasts.uploadRejectFailed'),
  });
}

export function useApproveAdmsDevice() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (input: { id: number; body: ApproveAdmsDeviceBody }) =>
      call(integration.approveAdmsPendingDevice, { params: { id: input.id }, body: input.body }),
    invalidates: [deviceKeys.pending, deviceKeys.devices],
    success: (saved) => ({
      title: t('toasts.deviceApproved'),
      body: t('toasts.deviceApprovedBody', { name: saved.name }),
    }),
    failure: t('errors:DEVICE_SAVE_FAILED'),
  });
}

export function useDismissAdmsDevice() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (device: { id: number; serialNo: string }) =>
      call(integration.dismissAdmsPendingDevice, { params: { id: device.id } }),
    invalidates: [deviceKeys.pending],
    success: (_, device) => ({ title: t('toasts.deviceRefused'), body: device.serialNo }),
    failure: t('toasts.deviceRefuseFailed'),
  });
}
