/**
 * The Biometric Devices admin API (shared/endpoints/devices.ts): devices, connection test, ADMS commands, user
 * mappings, unmapped punches. Devices are read through the tenant-bound repository; the services that write several
 * tables (and apply punches to attendance) take the request's collaborators and tenant.
 */
import { demoHidden } from '../../policy/demo.js';
import { deviceEndpoints } from '../../../../shared/endpoints/devices.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { probeTcp } from './connection.js';
import { applyUnmapped, deleteMapping, listMappings, saveMapping, unmappedGroups } from './mapping.js';
import { devicesRepository, toDevice } from './repository.js';
import { createDevice, listCommands, queueCommand, setDeviceStatus, setDeviceTime, updateDevice } from './service.js';

/** Short: an admin is waiting, and a device on the same network answers a TCP connect in milliseconds. */
const PROBE_TIMEOUT_MS = 3000;

export const deviceRoutes = defineRoutes(deviceEndpoints, {
  listDevices: (ctx, { query }) => ctx.repo(devicesRepository).list(query),
  getDevice: async (ctx, { params }) => toDevice(await ctx.repo(devicesRepository).get(params.id)),
  createDevice: (ctx, { body }) => createDevice(ctx.deps, ctx.caller, body),
  updateDevice: (ctx, { params, body }) => updateDevice(ctx.deps, ctx.caller, params.id, body),
  setDeviceStatus: (ctx, { params, body }) => setDeviceStatus(ctx.deps, ctx.caller, params.id, body.isActive),
  setDeviceTime: (ctx, { params }) => setDeviceTime(ctx.deps, ctx.caller, params.id),

  testDeviceConnection: async (ctx, { params }) => {
    const row = await ctx.repo(devicesRepository).get(params.id);
    if (!row.ipAddress) return { reachable: false, latencyMs: null, reason: 'noAddress' as const, error: null };
    return probeTcp(row.ipAddress, row.port, PROBE_TIMEOUT_MS);
  },

  listDeviceCommands: (ctx, { params }) => listCommands(ctx.deps, ctx.tenantId, params.id),
  queueDeviceCommand: (ctx, { params, body }) => queueCommand(ctx.deps, ctx.caller, params.id, body.command),

  listDeviceUserMappings: async (ctx) => listMappings(ctx.deps, ctx.tenantId, await demoHidden(ctx)),
  saveDeviceUserMapping: async (ctx, { body }) =>
    saveMapping(ctx.deps, ctx.caller, body.deviceUserId, body.employeeId, await demoHidden(ctx)),
  deleteDeviceUserMapping: async (ctx, { params }) => {
    if (!(await deleteMapping(ctx.deps, ctx.tenantId, params.id))) throw errors.notFound('mappingNotFound');
    return undefined;
  },

  listUnmappedPunches: (ctx) => unmappedGroups(ctx.deps, ctx.tenantId),
  applyUnmappedPunches: (ctx) => applyUnmapped(ctx.deps, ctx.tenantId),
});
