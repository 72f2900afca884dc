/**
 * Integration setup (shared/endpoints/devices.ts): device agent keys, ADMS settings and its connection check, ADMS
 * devices awaiting approval.
 */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { randomBytes } from 'node:crypto';
import { deviceIntegrationEndpoints } from '../../../../shared/endpoints/devices.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { ADMS_PROBE_ANSWER } from './adms.js';
import { admsRepository } from './adms-settings.js';
import { agentKeysRepository } from './agent-keys.js';
import { acceptHeldUpload, approvePending, dismissPending } from './service.js';

const ADMS_PROBE_TIMEOUT_MS = 3000;

/**
 * Calls the configured address the way a device would (/iclock/cdata) and expects this server's own answer: a
 * wrong port, a proxy that does not forward /iclock or another server at that address all fail the check.
 */
async function probeAdms(serverAddress: string): Promise<number> {
  const nonce = randomBytes(8).toString('hex');
  const started = performance.now();
  const res = await fetch(`${serverAddress}/iclock/cdata?probe=${nonce}`, {
    signal: AbortSignal.timeout(ADMS_PROBE_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok || text.trim() !== `${ADMS_PROBE_ANSWER} ${nonce}`) throw new Error(`unexpected answer ${res.status}`);
  return Math.round(performance.now() - started);
}

export const integrationRoutes = defineRoutes(deviceIntegrationEndpoints, {
  listAgentKeys: (ctx) => ctx.repo(agentKeysRepository).list(),
  createAgentKey: (ctx, { body }) => ctx.repo(agentKeysRepository).create(ctx.caller.employeeId, body.name),
  revokeAgentKey: async (ctx, { params }) => {
    if (!(await ctx.repo(agentKeysRepository).revoke(params.id))) throw errors.notFound('agentKeyNotFound');
    return undefined;
  },

  getAdmsSettings: (ctx) => ctx.repo(admsRepository).settings(),
  updateAdmsSettings: async (ctx, { body }) => {
    if (body.enabled && !body.serverAddress) {
      throw errors.validation([{ path: 'body.serverAddress', message: V.admsNeedsAddress }]);
    }
    await ctx.repo(admsRepository).writeSettings(body);
    return ctx.repo(admsRepository).settings();
  },
  testAdmsSettings: async (ctx) => {
    const settings = await ctx.repo(admsRepository).settings();
    if (!settings.serverAddress) throw errors.coded(400, 'ADMS_CONNECT_FAILED', { reason: 'No server address' });
    try {
      return { ok: true as const, latencyMs: await probeAdms(settings.serverAddress) };
    } catch (error) {
      ctx.log.info({ err: error }, 'ADMS address check failed');
      throw errors.coded(502, 'ADMS_CONNECT_FAILED', { reason: String((error as Error).message ?? error) });
    }
  },

  listAdmsPendingDevices: (ctx, { query }) => ctx.repo(admsRepository).listPending(query),
  approveAdmsPendingDevice: (ctx, { params, body }) => approvePending(ctx.deps, ctx.caller, params.id, body),
  dismissAdmsPendingDevice: async (ctx, { params }) => {
    await dismissPending(ctx.deps, ctx.tenantId, params.id);
    return undefined;
  },

  listAdmsHeldUploads: (ctx, { query }) => ctx.repo(admsRepository).listHeld(query),
  acceptAdmsHeldUpload: (ctx, { params }) => acceptHeldUpload(ctx.deps, ctx.tenantId, params.id),
  rejectAdmsHeldUpload: async (ctx, { params }) => {
    await ctx.repo(admsRepository).rejectHeld(params.id);
    return undefined;
  },
});
