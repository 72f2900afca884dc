/** Tenants and their settings. Settings are one row per key with a JSON value, parsed only here. */
import { DEFAULT_TENANT_SETTINGS, tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings.js';
import type { Db } from '../../db/engine.js';
import { emailDomain } from '../../../../shared/validation.js';

export async function findTenantByEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  return db.selectFrom('tenants').selectAll().where('emailDomain', '=', domain).executeTakeFirst();
}

export async function getTenant(db: Db, tenantId: number) {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
}

export async function readSettings(db: Db, tenantId: number): Promise<TenantSettings> {
  const rows = await db
    .selectFrom('tenantSettings')
    .select(['key', 'value'])
    .where('tenantId', '=', tenantId)
    .execute();
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    if (!Object.hasOwn(DEFAULT_TENANT_SETTINGS, row.key)) continue;
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A corrupt value falls back to the default rather than breaking every request of the tenant.
    }
  }
  const merged = { ...DEFAULT_TENANT_SETTINGS, ...stored };
  const parsed = tenantSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // Keep the valid stored keys and default the invalid ones.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return Object.fromEntries(
    Object.entries(merged).map(([k, v]) => [k, bad.has(k) ? DEFAULT_TENANT_SETTINGS[k as keyof TenantSettings] : v]),
  ) as TenantSettings;
}

export async function writeSettings(
  db: Db,
  tenantId: number,
  patch: Partial<TenantSettings>,
  now: Date,
): Promise<void> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto('tenantSettings')
        .values({ tenantId, key, value: JSON.stringify(value), updatedAt: now.toISOString() })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'key']).doUpdateSet({ value: JSON.stringify(value), updatedAt: now.toISOString() }),
        )
        .execute();
    }
  });
}
