/**
 * Biometric devices, in three groups by who calls them: the admin API of the Biometric Devices page
 * (devices, ADMS commands, user mappings, unmapped punches), the integration setup (agent keys, ADMS
 * settings, push devices awaiting approval), and the device agent's API (access 'device-agent', called
 * by electron/device-agent with its key). The ADMS endpoint itself (/iclock/*, text/plain) is no part
 * of the map: devices call it with paths fixed in their firmware.
 */
import { z } from 'zod';
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  admsHeldUploadListQuerySchema,
  admsHeldUploadListSchema,
  admsPendingDeviceListQuerySchema,
  admsPendingDeviceListSchema,
  admsSettingsSchema,
  admsTestResponseSchema,
  agentDeviceListSchema,
  agentDeviceStateBodySchema,
  agentKeyListSchema,
  agentPunchBatchSchema,
  agentPunchResultSchema,
  applyResultSchema,
  approveAdmsDeviceBodySchema,
  connectionTestResponseSchema,
  createAgentKeyBodySchema,
  createdAgentKeySchema,
  createDeviceBodySchema,
  deviceCommandBodySchema,
  deviceCommandSchema,
  deviceListQuerySchema,
  deviceListResponseSchema,
  deviceSchema,
  deviceStatusBodySchema,
  deviceUserMappingListSchema,
  deviceUserMappingSchema,
  okSchema,
  saveDeviceUserMappingBodySchema,
  unmappedPunchListSchema,
  updateAdmsSettingsBodySchema,
  updateDeviceBodySchema,
  updatedDeviceSchema,
} from '../contracts/devices.js';
import { endpoint } from './define.js';

export const deviceEndpoints = {
  listDevices: endpoint({
    method: 'GET',
    path: '/api/devices',
    access: 'view-biometric-management',
    summary: 'Biometric devices: search, sort, page (10 by default)',
    query: deviceListQuerySchema,
    response: deviceListResponseSchema,
  }),
  getDevice: endpoint({
    method: 'GET',
    path: '/api/devices/:id',
    access: 'view-biometric-management',
    summary: 'One device',
    params: idParamsSchema,
    response: deviceSchema,
  }),
  createDevice: endpoint({
    method: 'POST',
    path: '/api/devices',
    access: 'connect-biometric-device',
    summary: 'Add a device (pull: the agent reads it on the LAN; push: it sends over ADMS)',
    body: createDeviceBodySchema,
    status: 201,
    response: deviceSchema,
  }),
  updateDevice: endpoint({
    method: 'PATCH',
    path: '/api/devices/:id',
    access: 'edit-biometric-device',
    summary: 'Change a device',
    description:
      'A changed time zone re-derives the instants of the device’s punches from the local times the device ' +
      'recorded, in the same transaction, and recomputes the attendance of the days they leave and reach; ' +
      '`punchesMoved` says how many moved (0 otherwise).',
    params: idParamsSchema,
    body: updateDeviceBodySchema,
    response: updatedDeviceSchema,
  }),
  setDeviceTime: endpoint({
    method: 'POST',
    path: '/api/devices/:id/set-time',
    access: 'edit-biometric-device',
    summary: 'Set the device clock to the server’s time in the device’s zone',
    description:
      'Push devices: queues the ADMS command `SET TIME` (sent as `SET OPTION DateTime=`). Pull devices: asks the ' +
      'agent, which sets the clock on its next round and reports the new drift.',
    params: idParamsSchema,
    response: deviceSchema,
  }),
  setDeviceStatus: endpoint({
    method: 'PUT',
    path: '/api/devices/:id/status',
    access: 'update-biometric-device-status',
    summary: 'Activate or deactivate a device (inactive devices are neither polled nor accepted over ADMS)',
    params: idParamsSchema,
    body: deviceStatusBodySchema,
    response: deviceSchema,
  }),
  testDeviceConnection: endpoint({
    method: 'POST',
    path: '/api/devices/:id/test-connection',
    access: 'connect-biometric-device',
    summary: 'Whether the server can open a TCP connection to the device address and port',
    params: idParamsSchema,
    response: connectionTestResponseSchema,
  }),
  listDeviceCommands: endpoint({
    method: 'GET',
    path: '/api/devices/:id/commands',
    access: 'view-biometric-management',
    summary: 'The latest ADMS commands of a push device and their results',
    params: idParamsSchema,
    response: z.object({ items: z.array(deviceCommandSchema), total: z.number() }),
  }),
  queueDeviceCommand: endpoint({
    method: 'POST',
    path: '/api/devices/:id/commands',
    access: 'edit-biometric-device',
    summary: 'Queue an ADMS command; the device fetches it on its next poll',
    params: idParamsSchema,
    body: deviceCommandBodySchema,
    status: 201,
    response: deviceCommandSchema,
  }),
  listDeviceUserMappings: endpoint({
    method: 'GET',
    path: '/api/device-user-mappings',
    access: 'view-biometric-management',
    summary: 'Explicit device user id to employee mappings',
    response: deviceUserMappingListSchema,
  }),
  saveDeviceUserMapping: endpoint({
    method: 'POST',
    path: '/api/device-user-mappings',
    access: 'edit-biometric-device',
    summary: 'Map a device user id to an employee (replaces its mapping) and apply its waiting punches',
    body: saveDeviceUserMappingBodySchema,
    response: z.object({ mapping: deviceUserMappingSchema, result: applyResultSchema }),
  }),
  deleteDeviceUserMapping: endpoint({
    method: 'DELETE',
    path: '/api/device-user-mappings/:id',
    access: 'edit-biometric-device',
    summary: 'Remove a mapping (punches already applied stay applied)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  listUnmappedPunches: endpoint({
    method: 'GET',
    path: '/api/device-punches/unmapped',
    access: 'view-biometric-management',
    summary: 'Punches of device user ids no employee is known for, grouped by device user id',
    response: unmappedPunchListSchema,
  }),
  applyUnmappedPunches: endpoint({
    method: 'POST',
    path: '/api/device-punches/apply-unmapped',
    access: 'edit-biometric-device',
    summary: 'Apply waiting punches whose device user id now matches an employee',
    response: applyResultSchema,
  }),
};

export const deviceIntegrationEndpoints = {
  listAgentKeys: endpoint({
    method: 'GET',
    path: '/api/device-agent-keys',
    access: 'setup-biometric-integration',
    summary: 'Device agent keys (never the keys themselves)',
    response: agentKeyListSchema,
  }),
  createAgentKey: endpoint({
    method: 'POST',
    path: '/api/device-agent-keys',
    access: 'setup-biometric-integration',
    summary: 'Create a device agent key; the answer is the only time the key is shown',
    body: createAgentKeyBodySchema,
    status: 201,
    response: createdAgentKeySchema,
  }),
  revokeAgentKey: endpoint({
    method: 'DELETE',
    path: '/api/device-agent-keys/:id',
    access: 'setup-biometric-integration',
    summary: 'Revoke a device agent key at once',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  getAdmsSettings: endpoint({
    method: 'GET',
    path: '/api/adms/settings',
    access: 'view-biometric-management',
    summary: 'ADMS (push) settings',
    response: admsSettingsSchema,
  }),
  updateAdmsSettings: endpoint({
    method: 'PUT',
    path: '/api/adms/settings',
    access: 'setup-biometric-integration',
    summary: 'Enable or disable ADMS and set the address devices are told to use',
    body: updateAdmsSettingsBodySchema,
    response: admsSettingsSchema,
  }),
  testAdmsSettings: endpoint({
    method: 'POST',
    path: '/api/adms/settings/test',
    access: 'setup-biometric-integration',
    summary: 'Check that the configured server address reaches this server’s ADMS endpoint',
    // 502: the address answered, but not as this server's ADMS endpoint (or not at all).
    errorStatuses: [502],
    response: admsTestResponseSchema,
  }),
  listAdmsPendingDevices: endpoint({
    method: 'GET',
    path: '/api/adms/pending-devices',
    access: 'view-biometric-management',
    summary:
      'Push devices with an unknown serial number, refused until approved: search, sort, page (newest call first; ' +
      'at most 100 are kept per company, and each client address lists few new serial numbers an hour)',
    query: admsPendingDeviceListQuerySchema,
    response: admsPendingDeviceListSchema,
  }),
  approveAdmsPendingDevice: endpoint({
    method: 'POST',
    path: '/api/adms/pending-devices/:id/approve',
    access: 'connect-biometric-device',
    summary:
      'Approve a waiting push device: creates it, bound to the address it called from, and its next upload from ' +
      'there is accepted. 409 when the serial number is registered already, in this company or another one',
    params: idParamsSchema,
    body: approveAdmsDeviceBodySchema,
    status: 201,
    response: deviceSchema,
  }),
  dismissAdmsPendingDevice: endpoint({
    method: 'DELETE',
    path: '/api/adms/pending-devices/:id',
    access: 'connect-biometric-device',
    summary: 'Dismiss a waiting push device (it is listed again if it keeps calling)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  listAdmsHeldUploads: endpoint({
    method: 'GET',
    path: '/api/adms/held-uploads',
    access: 'view-biometric-management',
    summary:
      'ADMS uploads held as unverified: sent with a known serial number from an address outside the device’s ' +
      'network, never applied until accepted',
    query: admsHeldUploadListQuerySchema,
    response: admsHeldUploadListSchema,
  }),
  acceptAdmsHeldUpload: endpoint({
    method: 'POST',
    path: '/api/adms/held-uploads/:id/accept',
    access: 'edit-biometric-device',
    summary: 'Accept a held upload: its punches are stored and applied like any other (duplicates change nothing)',
    params: idParamsSchema,
    response: applyResultSchema,
  }),
  rejectAdmsHeldUpload: endpoint({
    method: 'DELETE',
    path: '/api/adms/held-uploads/:id',
    access: 'edit-biometric-device',
    summary: 'Reject a held upload: it is dropped and changes nothing',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
};

/** The device agent's API: its key names the tenant, nothing in a request can name another one. */
export const deviceAgentEndpoints = {
  listAgentDevices: endpoint({
    method: 'GET',
    path: '/api/agent/devices',
    access: 'device-agent',
    summary: 'Active pull devices the agent polls',
    response: agentDeviceListSchema,
  }),
  uploadAgentPunches: endpoint({
    method: 'POST',
    path: '/api/agent/punches',
    access: 'device-agent',
    summary: 'Upload a batch of punches; idempotent on (device serial, device user id, time)',
    body: agentPunchBatchSchema,
    response: agentPunchResultSchema,
  }),
  reportAgentDeviceState: endpoint({
    method: 'POST',
    path: '/api/agent/device-state',
    access: 'device-agent',
    summary: 'Report what the agent saw of a device: state, last activity, user and log counts',
    body: agentDeviceStateBodySchema,
    response: okSchema,
  }),
};
