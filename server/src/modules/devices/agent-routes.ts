/**
 * The device agent's API, authenticated by an agent key (access 'device-agent'): which devices to poll, punch
 * uploads, device state. The tenant is the key's; nothing in the request can name another one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentDeviceListSchema,
  agentDeviceStateBodySchema,
  agentPunchBatchSchema,
  agentPunchResultSchema,
  okSchema,
} from '../../../../shared/contracts/devices.js';
import type { Deps } from '../../deps.js';
import { agentCaller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { touchAgentKey } from './agent-keys.js';
import { ingestPunches } from './ingest.js';
import { agentDevices, findDeviceBySerial, updateDeviceState } from './repository.js';

export function agentRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', async (request) => {
      if (request.agent) await touchAgentKey(deps.db, request.agent, deps.now());
    });

    app.get(
      '/api/agent/devices',
      {
        config: { access: 'device-agent' },
        schema: {
          summary: 'Active pull devices the agent polls',
          response: responses({ 200: agentDeviceListSchema }),
        },
      },
      async (request) => ({ items: await agentDevices(deps.db, agentCaller(request).tenantId) }),
    );

    app.post(
      '/api/agent/punches',
      {
        config: { access: 'device-agent' },
        // A full batch of 5000 punches is about 600 KB of JSON.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          summary: 'Upload a batch of punches; idempotent on (device serial, device user id, time)',
          body: agentPunchBatchSchema,
          response: responses({ 200: agentPunchResultSchema }),
        },
      },
      async (request) =>
        ingestPunches(
          deps,
          agentCaller(request).tenantId,
          request.body.punches.map((p) => ({
            deviceSerial: p.deviceSerial,
            deviceUserId: p.deviceUserId,
            instant: new Date(p.time),
            localTime: p.localTime ?? null,
          })),
          'agent',
        ),
    );

    app.post(
      '/api/agent/device-state',
      {
        config: { access: 'device-agent' },
        schema: {
          summary: 'Report what the agent saw of a device: state, last activity, user and log counts',
          body: agentDeviceStateBodySchema,
          response: responses({ 200: okSchema }),
        },
      },
      async (request) => {
        const { tenantId } = agentCaller(request);
        const device = await findDeviceBySerial(deps.db, tenantId, request.body.deviceSerial);
        if (!device) throw errors.notFound('Device');
        const body = request.body;
        await updateDeviceState(
          deps.db,
          tenantId,
          device.id,
          {
            state: body.state,
            stateDetail: body.detail ?? null,
            ...(body.lastActivity !== undefined ? { lastActivity: body.lastActivity } : {}),
            ...(body.userCount !== undefined ? { userCount: body.userCount } : {}),
            ...(body.transactionCount !== undefined ? { transactionCount: body.transactionCount } : {}),
          },
          deps.now(),
        );
        return { ok: true as const };
      },
    );
  };
}
