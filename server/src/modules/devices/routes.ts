/** The Biometric Devices admin API: devices, connection test, ADMS commands, user mappings, unmapped punches. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyResponseSchema, idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  applyResultSchema,
  connectionTestResponseSchema,
  createDeviceBodySchema,
  deviceCommandBodySchema,
  deviceCommandSchema,
  deviceListQuerySchema,
  deviceListResponseSchema,
  deviceSchema,
  deviceStatusBodySchema,
  deviceUserMappingListSchema,
  deviceUserMappingSchema,
  saveDeviceUserMappingBodySchema,
  unmappedPunchListSchema,
  updateDeviceBodySchema,
} from '../../../../shared/contracts/devices.js';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { probeTcp } from './connection.js';
import { applyUnmapped, deleteMapping, listMappings, saveMapping, unmappedGroups } from './mapping.js';
import { findDevice, listDevices, toDevice } from './repository.js';
import { createDevice, listCommands, queueCommand, setDeviceStatus, updateDevice } from './service.js';

/** Short: an admin is waiting, and a device on the same network answers a TCP connect in milliseconds. */
const PROBE_TIMEOUT_MS = 3000;

export function deviceRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/devices',
      {
        config: { access: 'view-biometric-management' },
        schema: {
          summary: 'Biometric devices: search, sort, page (10 by default)',
          querystring: deviceListQuerySchema,
          response: responses({ 200: deviceListResponseSchema }),
        },
      },
      async (request) => listDevices(deps.db, caller(request).tenantId, request.query),
    );

    app.get(
      '/api/devices/:id',
      {
        config: { access: 'view-biometric-management' },
        schema: { summary: 'One device', params: idParamsSchema, response: responses({ 200: deviceSchema }) },
      },
      async (request) => {
        const row = await findDevice(deps.db, caller(request).tenantId, request.params.id);
        if (!row) throw errors.notFound('Device');
        return toDevice(row);
      },
    );

    app.post(
      '/api/devices',
      {
        config: { access: 'connect-biometric-device' },
        schema: {
          summary: 'Add a device (pull: the agent reads it on the LAN; push: it sends over ADMS)',
          body: createDeviceBodySchema,
          response: responses({ 201: deviceSchema }),
        },
      },
      async (request, reply) => reply.status(201).send(await createDevice(deps, caller(request), request.body)),
    );

    app.patch(
      '/api/devices/:id',
      {
        config: { access: 'edit-biometric-device' },
        schema: {
          summary: 'Change a device',
          params: idParamsSchema,
          body: updateDeviceBodySchema,
          response: responses({ 200: deviceSchema }),
        },
      },
      async (request) => updateDevice(deps, caller(request), request.params.id, request.body),
    );

    app.put(
      '/api/devices/:id/status',
      {
        config: { access: 'update-biometric-device-status' },
        schema: {
          summary: 'Activate or deactivate a device (inactive devices are neither polled nor accepted over ADMS)',
          params: idParamsSchema,
          body: deviceStatusBodySchema,
          response: responses({ 200: deviceSchema }),
        },
      },
      async (request) => setDeviceStatus(deps, caller(request), request.params.id, request.body.isActive),
    );

    app.post(
      '/api/devices/:id/test-connection',
      {
        config: { access: 'connect-biometric-device' },
        schema: {
          summary: 'Whether the server can open a TCP connection to the device address and port',
          params: idParamsSchema,
          response: responses({ 200: connectionTestResponseSchema }),
        },
      },
      async (request) => {
        const row = await findDevice(deps.db, caller(request).tenantId, request.params.id);
        if (!row) throw errors.notFound('Device');
        if (!row.ipAddress) return { reachable: false, latencyMs: null, error: 'The device has no IP address' };
        return probeTcp(row.ipAddress, row.port, PROBE_TIMEOUT_MS);
      },
    );

    app.get(
      '/api/devices/:id/commands',
      {
        config: { access: 'view-biometric-management' },
        schema: {
          summary: 'The latest ADMS commands of a push device and their results',
          params: idParamsSchema,
          response: responses({ 200: z.object({ items: z.array(deviceCommandSchema), total: z.number() }) }),
        },
      },
      async (request) => listCommands(deps, caller(request).tenantId, request.params.id),
    );

    app.post(
      '/api/devices/:id/commands',
      {
        config: { access: 'edit-biometric-device' },
        schema: {
          summary: 'Queue an ADMS command; the device fetches it on its next poll',
          params: idParamsSchema,
          body: deviceCommandBodySchema,
          response: responses({ 201: deviceCommandSchema }),
        },
      },
      async (request, reply) =>
        reply.status(201).send(await queueCommand(deps, caller(request), request.params.id, request.body.command)),
    );

    app.get(
      '/api/device-user-mappings',
      {
        config: { access: 'view-biometric-management' },
        schema: {
          summary: 'Explicit device user id to employee mappings',
          response: responses({ 200: deviceUserMappingListSchema }),
        },
      },
      async (request) => listMappings(deps, caller(request).tenantId),
    );

    app.post(
      '/api/device-user-mappings',
      {
        config: { access: 'edit-biometric-device' },
        schema: {
          summary: 'Map a device user id to an employee (replaces its mapping) and apply its waiting punches',
          body: saveDeviceUserMappingBodySchema,
          response: responses({ 200: z.object({ mapping: deviceUserMappingSchema, result: applyResultSchema }) }),
        },
      },
      async (request) => saveMapping(deps, caller(request), request.body.deviceUserId, request.body.employeeId),
    );

    app.delete(
      '/api/device-user-mappings/:id',
      {
        config: { access: 'edit-biometric-device' },
        schema: {
          summary: 'Remove a mapping (punches already applied stay applied)',
          params: idParamsSchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        if (!(await deleteMapping(deps, caller(request).tenantId, request.params.id))) throw errors.notFound('Mapping');
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/device-punches/unmapped',
      {
        config: { access: 'view-biometric-management' },
        schema: {
          summary: 'Punches of device user ids no employee is known for, grouped by device user id',
          response: responses({ 200: unmappedPunchListSchema }),
        },
      },
      async (request) => unmappedGroups(deps, caller(request).tenantId),
    );

    app.post(
      '/api/device-punches/apply-unmapped',
      {
        config: { access: 'edit-biometric-device' },
        schema: {
          summary: 'Apply waiting punches whose device user id now matches an employee',
          response: responses({ 200: applyResultSchema }),
        },
      },
      async (request) => applyUnmapped(deps, caller(request).tenantId),
    );
  };
}
