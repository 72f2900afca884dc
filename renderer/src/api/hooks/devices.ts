/**
 * Biometric devices: the queries and mutations of the Biometric Devices page (devices, connection test, user
 * mappings, unmapped punches, agent keys, ADMS settings and devices waiting for approval). Every call goes through
 * the typed client with the endpoint map's declaration; each mutation says what it invalidates and what the user is
 * told. Dialogs that show a failure in the form pass their own onError to `mutate`.
 */
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { deviceEndpoints as ep, deviceIntegrationEndpoints as integration } from '../../../../shared/endpoints/devices';
import type { ApplyResult } from '../../../../shared/contracts/devices';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { attendanceKeys } from './attendance';
import { useApiMutation, useCallMutation, useSaveMutation, useStatusMutation } from './mutation';
import { pageFetcher, useEndpointQuery } from './query';

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

/** What a run of waiting punches did, as the toasts say it: one sentence per combination of counts. */
export function describeApply(result: ApplyResult, t: TFunction<['devices', 'errors']>): string {
  const values = { count: result.applied, kept: result.skipped, unmapped: result.unmapped };
  if (result.skipped > 0 && result.unmapped > 0) return t('apply.appliedKeptUnmapped', values);
  if (result.skipped > 0) return t('apply.appliedKept', values);
  if (result.unmapped > 0) return t('apply.appliedUnmapped', values);
  return t('apply.applied', values);
}

// Devices

/** One page of the devices list, for the paged table (which runs the query under `deviceKeys.devices`). */
export const fetchDevicePage = pageFetcher(ep.listDevices);

/** Adds a device, or changes one when an id is given. The dialog shows failures itself. */
export function useSaveDevice() {
  const { t } = useTranslation(['devices', 'errors']);
  return useSaveMutation(
    { create: ep.createDevice, update: ep.updateDevice },
    {
      // A corrected zone moves the device's punches and the attendance they make.
      invalidates: [deviceKeys.devices, attendanceKeys.all],
      added: t('toasts.deviceAdded'),
      updated: t('toasts.deviceUpdated'),
      describe: (saved) =>
        'punchesMoved' in saved && saved.punchesMoved > 0
          ? t('toasts.punchesMoved', { name: saved.name, count: saved.punchesMoved })
          : saved.name,
    },
  );
}

/** "Set device time": an ADMS command for a push device, a request the agent carries out for a pulled one. */
export function useSetDeviceTime() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (id: number) => call(ep.setDeviceTime, { params: { id } }),
    invalidates: [deviceKeys.devices],
    success: (device) => ({
      title: t('toasts.timeRequested'),
      body: t(device.mode === 'push' ? 'toasts.timeRequestedPush' : 'toasts.timeRequestedPull', { name: device.name }),
    }),
    failure: t('toasts.timeRequestFailed'),
  });
}

export function useSetDeviceStatus() {
  const { t } = useTranslation(['devices', 'errors']);
  return useStatusMutation(ep.setDeviceStatus, {
    invalidates: [deviceKeys.devices],
    activated: t('toasts.deviceActivated'),
    deactivated: t('toasts.deviceDeactivated'),
    failure: t('toasts.statusFailed'),
  });
}

/**
 * The server's connection test of a device. A query, not a mutation: it runs once when the dialog opens, "Test
 * again" refetches, and closing forgets the answer.
 */
export const useDeviceConnectionTest = (id: number) =>
  useEndpointQuery(
    deviceKeys.connectionTest(id),
    ep.testDeviceConnection,
    { params: { id } },
    { retry: false, gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false },
  );

// Device user mappings and unmapped punches

export const useDeviceUserMappings = () => useEndpointQuery(deviceKeys.mappings, ep.listDeviceUserMappings, {});

export const useUnmappedPunches = () => useEndpointQuery(deviceKeys.unmapped, ep.listUnmappedPunches, {});

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

export const useAgentKeys = () => useEndpointQuery(deviceKeys.agentKeys, integration.listAgentKeys, {});

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

export const useAdmsSettings = () => useEndpointQuery(deviceKeys.adms, integration.getAdmsSettings, {});

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
export const useTestAdms = () => useCallMutation(() => call(integration.testAdmsSettings));

/** One page of the push devices waiting for approval, for the paged table (under `deviceKeys.pending`). */
export const fetchAdmsPendingPage = pageFetcher(integration.listAdmsPendingDevices);

/** One page of the uploads held as unverified, for the paged table (under `deviceKeys.held`). */
export const fetchAdmsHeldPage = pageFetcher(integration.listAdmsHeldUploads);

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
