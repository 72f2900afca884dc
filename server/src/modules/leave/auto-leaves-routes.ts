import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoLeavesConfigBodySchema,
  autoLeavesConfigSchema,
  autoLeavesRunSchema,
} from '../../../../shared/contracts/leave.js';
import { localDate } from '../../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { runLeaveJobs } from './auto-leaves.js';

export function autoLeavesRoutes(deps: Deps): FastifyPluginAsyncZod {
  async function read(tenantId: number) {
    const row = await deps.db
      .selectFrom('autoLeaveConfigs')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return {
      enabled: row?.enabled === 1,
      integrationId: row?.integrationId ?? null,
      firstLeaveTypeId: row?.firstLeaveTypeId ?? null,
      secondLeaveTypeId: row?.secondLeaveTypeId ?? null,
      enabledSince: row?.enabledSince ?? null,
    };
  }

  return async (app) => {
    const access = { access: 'setup-leave-integration' as const };
    app.get(
      '/api/leave/auto-leaves-config',
      {
        config: access,
        schema: { summary: 'The auto-leave configuration', response: responses({ 200: autoLeavesConfigSchema }) },
      },
      async (request) => read(caller(request).tenantId),
    );

    app.put(
      '/api/leave/auto-leaves-config',
      {
        config: access,
        schema: {
          summary:
            'Configure auto leaves: first type while its quota lasts, then the second; enabling needs an unpaid leave type',
          body: autoLeavesConfigBodySchema,
          response: responses({ 200: autoLeavesConfigSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const body = request.body;
        const current = await read(who.tenantId);
        const next = {
          enabled: body.enabled,
          integrationId: body.integrationId === undefined ? current.integrationId : body.integrationId,
          firstLeaveTypeId: body.firstLeaveTypeId === undefined ? current.firstLeaveTypeId : body.firstLeaveTypeId,
          secondLeaveTypeId: body.secondLeaveTypeId === undefined ? current.secondLeaveTypeId : body.secondLeaveTypeId,
        };
        const types = await deps.db
          .selectFrom('leaveTypes')
          .select(['id', 'kind', 'isActive'])
          .where('tenantId', '=', who.tenantId)
          .execute();
        for (const field of ['firstLeaveTypeId', 'secondLeaveTypeId'] as const) {
          const id = next[field];
          if (id !== null && !types.some((t) => t.id === id))
            throw errors.validation([{ path: `body.${field}`, message: 'Unknown leave type' }]);
        }
        if (next.enabled) {
          if (!types.some((t) => t.kind === 'unpaid' && t.isActive === 1)) throw errors.rule('AUTO_LEAVES_NEED_UNPAID');
          if (next.firstLeaveTypeId === null)
            throw errors.validation([{ path: 'body.firstLeaveTypeId', message: 'Choose the first leave type' }]);
        }
        const settings = await readSettings(deps.db, who.tenantId);
        const today = localDate(deps.now(), settings.tenant_timezone);
        if (body.enabledSince !== undefined) {
          if (body.enabledSince > today)
            throw errors.validation([{ path: 'body.enabledSince', message: 'The start may not be in the future' }]);
          if (body.enabledSince.slice(0, 4) !== today.slice(0, 4))
            throw errors.validation([{ path: 'body.enabledSince', message: 'The start must be within this year' }]);
        }
        // Enabling starts from today unless the admin picks an earlier day: days before it are never marked.
        const enabledSince = next.enabled
          ? (body.enabledSince ?? (current.enabled ? current.enabledSince : today))
          : null;
        const values = {
          enabled: next.enabled ? (1 as const) : (0 as const),
          integrationId: next.integrationId,
          firstLeaveTypeId: next.firstLeaveTypeId,
          secondLeaveTypeId: next.secondLeaveTypeId,
          enabledSince,
          updatedAt: deps.now().toISOString(),
        };
        await deps.db
          .insertInto('autoLeaveConfigs')
          .values({ tenantId: who.tenantId, ...values })
          .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
          .execute();
        return read(who.tenantId);
      },
    );

    app.post(
      '/api/leave/auto-leaves/run',
      {
        config: access,
        schema: {
          summary:
            'Run the leave jobs for this company now, as the hourly schedule does: auto reject, auto cancel, auto leaves',
          description:
            'Idempotent: a day is marked once and a request is moved once, however often it runs. Auto leaves are created only while they are enabled.',
          response: responses({ 200: autoLeavesRunSchema }),
        },
      },
      async (request) => runLeaveJobs(deps, caller(request).tenantId),
    );
  };
}
