import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productivitySettingsPatchSchema,
  productivitySettingsSchema,
  tenantResponseSchema,
  updateTenantBodySchema,
} from '../../../../shared/contracts/tenant.js';
import { PRODUCTIVITY_SETTING_KEYS } from '../../../../shared/settings.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { responses } from '../../http/responses.js';
import { getTenant, readSettings, writeSettings } from './repository.js';

export function tenantRoutes(deps: Deps): FastifyPluginAsyncZod {
  async function tenantView(tenantId: number) {
    const [tenant, settings] = await Promise.all([getTenant(deps.db, tenantId), readSettings(deps.db, tenantId)]);
    return { id: tenant.id, name: tenant.name, emailDomain: tenant.emailDomain, logo: tenant.logo, settings };
  }

  return async (app) => {
    app.get(
      '/api/tenant',
      {
        config: { access: 'view-tenant-settings' },
        schema: {
          summary: 'The tenant with all its settings (General, Tenant, Demo data tabs)',
          response: responses({ 200: tenantResponseSchema }),
        },
      },
      async (request) => tenantView(caller(request).tenantId),
    );

    app.patch(
      '/api/tenant',
      {
        config: { access: 'edit-tenant-settings' },
        schema: {
          summary: 'Change the tenant’s name, logo and general settings (isDemoDataDisabled hides the demo data)',
          body: updateTenantBodySchema,
          response: responses({ 200: tenantResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const { settings, ...fields } = request.body;
        const now = deps.now();
        if (Object.keys(fields).length > 0) {
          await deps.db
            .updateTable('tenants')
            .set({ ...fields, updatedAt: now.toISOString() })
            .where('id', '=', who.tenantId)
            .execute();
        }
        if (settings) await writeSettings(deps.db, who.tenantId, settings, now);
        return tenantView(who.tenantId);
      },
    );

    app.get(
      '/api/tenant/productivity-settings',
      {
        config: { access: 'edit-productivity-settings' },
        schema: { summary: 'The Productivity tab', response: responses({ 200: productivitySettingsSchema }) },
      },
      async (request) => {
        const settings = await readSettings(deps.db, caller(request).tenantId);
        return Object.fromEntries(
          PRODUCTIVITY_SETTING_KEYS.map((k) => [k, settings[k]]),
        ) as typeof productivitySettingsSchema._output;
      },
    );

    app.patch(
      '/api/tenant/productivity-settings',
      {
        config: { access: 'edit-productivity-settings' },
        schema: {
          summary: 'Change productivity settings (edit limit 0-365, hours 0-24, WFO 0-100, time zone)',
          body: productivitySettingsPatchSchema,
          response: responses({ 200: productivitySettingsSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        await writeSettings(deps.db, who.tenantId, request.body, deps.now());
        const settings = await readSettings(deps.db, who.tenantId);
        return Object.fromEntries(
          PRODUCTIVITY_SETTING_KEYS.map((k) => [k, settings[k]]),
        ) as typeof productivitySettingsSchema._output;
      },
    );
  };
}
