/**
 * Serialises a tenant's writes that must see each other: a no-op update of the tenant's row holds its row
 * lock until the transaction ends (PostgreSQL), so a second transaction making the same kind of change
 * waits, then reads what the first committed. SQLite runs one write transaction at a time anyway.
 * Callers: the last-administrator check (roles/repository.ts), the champion badge's move, the writes that set a
 * badge's image and the badge-images sweep.
 */
import type { Db } from './engine.js';

export async function lockTenantRow(db: Db, tenantId: number): Promise<void> {
  await db
    .updateTable('tenants')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', tenantId)
    .execute();
}
