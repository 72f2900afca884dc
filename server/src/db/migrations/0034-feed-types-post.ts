import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * The `feedTypes` setting named announcements `post` before the news feed was built (migration 0029 named the
 * kind `announcement`). A stored list with `post` no longer passed the settings schema, so the tenant's
 * choice was dropped for the default, which shows every type: a company that had switched badges or
 * videos off saw them again. Each stored `post` becomes `announcement`, once, keeping the list's order.
 */
export const feedTypesPost: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    const settings = db as Kysely<{ tenant_settings: { tenant_id: number; key: string; value: string } }>;
    const rows = await settings
      .selectFrom('tenant_settings')
      .select(['tenant_id as tenant', 'value']) // one-word keys, whether or not the camel-case plugin is on
      .where('key', '=', 'feedTypes')
      .execute();
    for (const row of rows) {
      let types: unknown;
      try {
        types = JSON.parse(row.value);
      } catch {
        continue; // A corrupt value is read as the default already; nothing to carry over.
      }
      if (!Array.isArray(types) || !types.includes('post')) continue;
      const renamed = [...new Set(types.map((t: unknown) => (t === 'post' ? 'announcement' : t)))];
      await settings
        .updateTable('tenant_settings')
        .set({ value: JSON.stringify(renamed) })
        .where('tenant_id', '=', row.tenant)
        .where('key', '=', 'feedTypes')
        .execute();
    }
  },
});
