/**
 * The device agent's API (shared/endpoints/devices.ts), authenticated by an agent key (access 'device-agent'): which
 * devices to poll, punch uploads, device state. The context is bound to the key's tenant; nothing in the request can
 * name another one.
 */
import { deviceAgentEndpoints } from '../../../../shared/endpoints/devices.js';
import type { AgentRequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { agentKeysRepository } from './agent-keys.js';
import { ingestPunches } from './ingest.js';
import { devicesRepository } from './repository.js';

/** Every agent call first marks its key as used (best effort, at most once a minute), for the admin's list. */
const markKeyUsed = (ctx: AgentRequestContext) => ctx.repo(agentKeysRepository).touch(ctx.agent.keyId);

export const agentRoutes = defineRoutes(deviceAgentEndpoints, {
  listAgentDevices: async (ctx) => {
    await markKeyUsed(ctx);
    return { items: await ctx.repo(devicesRepository).agentDevices() };
  },

  uploadAgentPunches: {
    // A full batch of 5000 punches is about 600 KB of JSON.
    bodyLimit: 4 * 1024 * 1024,
    handler: async (ctx, { body }) => {
      await markKeyUsed(ctx);
      return ingestPunches(
        ctx.deps,
        ctx.tenantId,
        body.punches.map((p) => ({
          deviceSerial: p.deviceSerial,
          deviceUserId: p.deviceUserId,
          // The device's reading is the punch; the instant the agent computed is used only when it sent none.
          localTime: p.localTime ?? null,
          instant: new Date(p.time),
        })),
        'agent',
      );
    },
  },

  reportAgentDeviceState: async (ctx, { body }) => {
    await markKeyUsed(ctx);
    const devices = ctx.repo(devicesRepository);
    const device = await devices.findBySerial(body.deviceSerial);
    if (!device) throw errors.notFound('deviceNotFound');
    await devices.updateState(device.id, {
      state: body.state,
      stateDetail: body.detail ?? null,
      ...(body.lastActivity !== undefined ? { lastActivity: body.lastActivity } : {}),
      ...(body.userCount !== undefined ? { userCount: body.userCount } : {}),
      ...(body.transactionCount !== undefined ? { transactionCount: body.transactionCount } : {}),
      ...(body.clockOffsetS !== undefined ? { clockOffsetS: body.clockOffsetS } : {}),
    });
    return { ok: true as const };
  },
});
