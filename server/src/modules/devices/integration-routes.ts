/** Integration setup: device agent keys, ADMS settings and its connection check, ADMS devices awaiting approval. */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyResponseSchema, errorResponseSchema, idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  admsPendingDeviceListSchema,
  admsSettingsSchema,
  admsTestResponseSchema,
  agentKeyListSchema,
  approveAdmsDeviceBodySchema,
  createAgentKeyBodySchema,
  createdAgentKeySchema,
  deviceSchema,
  updateAdmsSettingsBodySchema,
} from '../../../../shared/contracts/devices.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { ADMS_PROBE_ANSWER } from './adms.js';
import { listPending, readAdmsSettings, writeAdmsSettings } from './adms-settings.js';
import { createAgentKey, listAgentKeys, revokeAgentKey } from './agent-keys.js';
import { approvePending, dismissPending } from './service.js';

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

export function integrationRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/device-agent-keys',
      {
        config: { access: 'setup-biometric-integration' },
        schema: {
          summary: 'Device agent keys (never the keys themselves)',
          response: responses({ 200: agentKeyListSchema }),
        },
      },
      async (request) => listAgentKeys(deps.db, caller(request).tenantId),
    );

    app.post(
      '/api/device-agent-keys',
      {
        config: { access: 'setup-biometric-integration' },
        schema: {
          summary: 'Create a device agent key; the answer is the only time the key is shown',
          body: createAgentKeyBodySchema,
          response: responses({ 201: createdAgentKeySchema }),
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAgentKey(deps.db, caller(request), request.body.name, deps.now())),
    );

    app.delete(
      '/api/device-agent-keys/:id',
      {
        config: { access: 'setup-biometric-integration' },
        schema: {
          summary: 'Revoke a device agent key at once',
          params: idParamsSchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        if (!(await revokeAgentKey(deps.db, caller(request).tenantId, request.params.id, deps.now())))
          throw errors.notFound('Agent key');
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/adms/settings',
      {
        config: { access: 'view-biometric-management' },
        schema: { summary: 'ADMS (push) settings', response: responses({ 200: admsSettingsSchema }) },
      },
      async (request) => readAdmsSettings(deps.db, caller(request).tenantId),
    );

    app.put(
      '/api/adms/settings',
      {
        config: { access: 'setup-biometric-integration' },
        schema: {
          summary: 'Enable or disable ADMS and set the address devices are told to use',
          body: updateAdmsSettingsBodySchema,
          response: responses({ 200: admsSettingsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        if (request.body.enabled && !request.body.serverAddress) {
          throw errors.validation([{ path: 'body.serverAddress', message: 'Enabling ADMS needs the server address' }]);
        }
        await writeAdmsSettings(deps.db, who.tenantId, request.body, deps.now());
        return readAdmsSettings(deps.db, who.tenantId);
      },
    );

    app.post(
      '/api/adms/settings/test',
      {
        config: { access: 'setup-biometric-integration' },
        schema: {
          summary: 'Check that the configured server address reaches this server’s ADMS endpoint',
          response: responses({ 200: admsTestResponseSchema, 502: errorResponseSchema }),
        },
      },
      async (request) => {
        const settings = await readAdmsSettings(deps.db, caller(request).tenantId);
        if (!settings.serverAddress) throw errors.coded(400, 'ADMS_CONNECT_FAILED', { reason: 'No server address' });
        try {
          return { ok: true as const, latencyMs: await probeAdms(settings.serverAddress) };
        } catch (error) {
          request.log.info({ err: error }, 'ADMS address check failed');
          throw errors.coded(502, 'ADMS_CONNECT_FAILED', { reason: String((error as Error).message ?? error) });
        }
      },
    );

    app.get(
      '/api/adms/pending-devices',
      {
        config: { access: 'view-biometric-management' },
        schema: {
          summary: 'Push devices with an unknown serial number, refused until approved',
          response: responses({ 200: admsPendingDeviceListSchema }),
        },
      },
      async (request) => listPending(deps.db, caller(request).tenantId),
    );

    app.post(
      '/api/adms/pending-devices/:id/approve',
      {
        config: { access: 'connect-biometric-device' },
        schema: {
          summary: 'Approve a waiting push device: creates it, and its next upload is accepted',
          params: idParamsSchema,
          body: approveAdmsDeviceBodySchema,
          response: responses({ 201: deviceSchema }),
        },
      },
      async (request, reply) =>
        reply.status(201).send(await approvePending(deps, caller(request), request.params.id, request.body)),
    );

    app.delete(
      '/api/adms/pending-devices/:id',
      {
        config: { access: 'connect-biometric-device' },
        schema: {
          summary: 'Dismiss a waiting push device (it is listed again if it keeps calling)',
          params: idParamsSchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        await dismissPending(deps, caller(request).tenantId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
