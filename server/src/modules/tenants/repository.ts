/** Tenants and their settings. Settings are one row per key with a JSON value, parsed only here. */
import { DEFAULT_TENANT_SETTINGS, tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings.js';
import { withEveryCategory } from '../../../../shared/notifications.js';
import type { Db } from '../../db/engine.js';
import { prepareForTenant } from '../../db/prepared.js';
import { lockTenantRow } from '../../db/tenant-lock.js';
import type { TenantScope } from '../../http/context.js';
import { emailDomain } from '../../../../shared/validation.js';
import { logoOf } from './logo-path.js';

export async function findTenantByEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  return db.selectFrom('tenants').selectAll().where('emailDomain', '=', domain).executeTakeFirst();
}

export async function getTenant(db: Db, tenantId: number) {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
}

// Prepared, in key order: most requests read the settings, and every GET /api/me the tenant too.
const settingRows = prepareForTenant((db, p: { tenantId: number }) =>
  db.selectFrom('tenantSettings').select(['key', 'value']).where('tenantId', '=', p.tenantId).orderBy('key'),
);
const tenantRow = prepareForTenant((db, p: { tenantId: number }) =>
  db.selectFrom('tenants').select(['id', 'name', 'emailDomain', 'logo', 'logoKey']).where('id', '=', p.tenantId),
);

/** How many tenants' parsed settings one API process keeps. */
const SETTINGS_CACHE_SIZE = 1_000;

/**
 * Each tenant's settings as last parsed, under the stored text they were parsed from. Validating them with
 * zod on every request cost more than reading them (issue #18). Whoever reads them here reads the rows
 * (jobs, transactions, a handler reading back what it wrote), so a change made by any process applies at
 * once; a signed-in request reads them through `tenantCache`, under the tenant's version. Frozen, since
 * requests share them.
 */
const parsedSettings = new Map<number, { stored: string; settings: TenantSettings }>();

export async function readSettings(db: Db, tenantId: number): Promise<TenantSettings> {
  const rows = await settingRows.all({ db, tenantId }, {});
  const stored = rows.map((row) => `${row.key}\u0000${row.value}`).join('\u0001');
  const cached = parsedSettings.get(tenantId);
  if (cached?.stored === stored) return cached.settings;
  const settings = deepFreeze(parseSettings(rows));
  parsedSettings.delete(tenantId);
  // The oldest entry goes first (a Map iterates in insertion order).
  if (parsedSettings.size >= SETTINGS_CACHE_SIZE) parsedSettings.delete(parsedSettings.keys().next().value!);
  parsedSettings.set(tenantId, { stored, settings });
  return settings;
}

/**
 * The tenant's own fields as the answers show them (GET /api/me, the settings tabs), without its settings.
 * Their columns bump `settings_version` when they change (migration 0053): a field added here needs that too.
 */
export type TenantRow = { id: number; name: string; emailDomain: string; logo: string | null };

export async function readTenantRow(db: Db, tenantId: number): Promise<TenantRow> {
  const tenant = await tenantRow.first({ db, tenantId }, {});
  if (!tenant) throw new Error(`No tenant ${tenantId}`);
  const { logoKey, ...rest } = tenant;
  return { ...rest, logo: logoOf({ logo: tenant.logo, logoKey }) };
}

/** How many tenants one API process keeps in its `tenantCache`. */
const TENANT_CACHE_SIZE = 1_000;

/** What one API process keeps of each tenant, read at most once per `settings_version`. */
export type TenantCache = {
  settings(db: Db, tenantId: number, version: number): Promise<TenantSettings>;
  row(db: Db, tenantId: number, version: number): Promise<TenantRow>;
};

/**
 * Each tenant's parsed settings and own row, kept under the tenant's `settings_version` (migration 0053),
 * which the database bumps in the same transaction as any change to them. The principal read of every
 * signed-in request answers the version (server/src/http/access.ts), so a request whose tenant did not
 * change reads neither, and the first request after a change, in any API process, reads them again.
 *
 * Keeping what was read under the version read *before* it is safe: if a change commits between the
 * two reads, what is kept is already newer, and the next request sees a newer version and reads again.
 * One per API process (app.ts): tests run several on one database, each with its own.
 */
export function tenantCache(): TenantCache {
  type Entry = { version: number; settings?: TenantSettings; row?: TenantRow };
  const entries = new Map<number, Entry>();
  const at = (tenantId: number, version: number) => {
    const found = entries.get(tenantId);
    return found?.version === version ? found : undefined;
  };
  const keep = (tenantId: number, version: number): Entry => {
    const found = at(tenantId, version);
    if (found) return found;
    const entry: Entry = { version };
    entries.delete(tenantId);
    // The oldest entry goes first (a Map iterates in insertion order).
    if (entries.size >= TENANT_CACHE_SIZE) entries.delete(entries.keys().next().value!);
    entries.set(tenantId, entry);
    return entry;
  };
  return {
    async settings(db, tenantId, version) {
      const cached = at(tenantId, version)?.settings;
      if (cached) return cached;
      const settings = await readSettings(db, tenantId);
      keep(tenantId, version).settings = settings;
      return settings;
    },
    async row(db, tenantId, version) {
      const cached = at(tenantId, version)?.row;
      if (cached) return cached;
      const row = Object.freeze(await readTenantRow(db, tenantId));
      keep(tenantId, version).row = row;
      return row;
    },
  };
}

function parseSettings(rows: readonly { key: string; value: string }[]): TenantSettings {
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    if (!Object.hasOwn(DEFAULT_TENANT_SETTINGS, row.key)) continue;
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A corrupt value falls back to the default rather than breaking every request of the tenant.
    }
  }
  // Notification categories added since the company saved its defaults take the new defaults.
  if ('notificationDefaults' in stored)
    stored['notificationDefaults'] = withEveryCategory(stored['notificationDefaults']);
  const merged = { ...DEFAULT_TENANT_SETTINGS, ...stored };
  const parsed = tenantSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // Keep the valid stored keys and default the invalid ones.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return Object.fromEntries(
    Object.entries(merged).map(([k, v]) => [k, bad.has(k) ? DEFAULT_TENANT_SETTINGS[k as keyof TenantSettings] : v]),
  ) as TenantSettings;
}

/** Freezes settings and the arrays in them (their values are JSON: objects, arrays and scalars). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
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

/**
 * The caller's tenant and its settings, bound to it by the request context
 * (`ctx.repo(tenantRepository)`). Settings are read fresh here: a handler that writes them reads them
 * back from this, not from the request's cached `ctx.settings()`.
 */
export function tenantRepository({ db, tenantId, now }: TenantScope) {
  return {
    get: () => getTenant(db, tenantId),

    /** The tenant with all its settings, as the settings tabs show it. */
    async view() {
      const [tenant, settings] = await Promise.all([readTenantRow(db, tenantId), readSettings(db, tenantId)]);
      return { ...tenant, settings };
    },

    /** Changes the tenant's own columns (its name); nothing when no field is given. */
    async update(fields: { name?: string | undefined }): Promise<void> {
      if (fields.name === undefined) return;
      await db
        .updateTable('tenants')
        .set({ name: fields.name, updatedAt: now().toISOString() })
        .where('id', '=', tenantId)
        .execute();
    },

    /**
     * Points the tenant at a stored logo (or none) and drops an older data-URL logo; answers the key of the
     * logo it replaced, for the caller to delete once the change is written.
     */
    async setLogoKey(logoKey: string | null): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        // Two uploads at once: the second reads the first's key after it, so neither file is left behind.
        await lockTenantRow(trx, tenantId);
        const before = await trx
          .selectFrom('tenants')
          .select('logoKey')
          .where('id', '=', tenantId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('tenants')
          .set({ logoKey, logo: null, updatedAt: now().toISOString() })
          .where('id', '=', tenantId)
          .execute();
        return before.logoKey;
      });
    },

    readSettings: () => readSettings(db, tenantId),
    writeSettings: (patch: Partial<TenantSettings>) => writeSettings(db, tenantId, patch, now()),
  };
}
