/**
 * Creates a tenant with its seeded roles and its starting feedback categories and attributes; used by the
 * demo seed and by `npm run tenant:create`.
 */
import type { Db } from '../db/engine.js';
import { replaceGrants } from '../modules/roles/repository.js';
import { seedFeedbackCatalogue } from './feedback-catalogue.js';
import { SEED_ROLES } from './roles.js';

export async function createTenantWithRoles(
  db: Db,
  input: { name: string; emailDomain: string },
  now: Date,
  /** Tests of old migrations create tenants before the catalogue's tables exist. */
  options: { feedbackCatalogue?: boolean } = {},
): Promise<{ tenantId: number; roleIds: Map<string, number> }> {
  return db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const tenant = await trx
      .insertInto('tenants')
      .values({
        name: input.name,
        emailDomain: input.emailDomain.toLowerCase(),
        logo: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleIds = new Map<string, number>();
    for (const role of SEED_ROLES) {
      const row = await trx
        .insertInto('roles')
        .values({
          tenantId: tenant.id,
          name: role.name,
          description: role.description,
          isDefault: role.isDefault ? 1 : 0,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceGrants(trx, tenant.id, row.id, role.permissions, role.activities);
      roleIds.set(role.name, row.id);
    }
    if (options.feedbackCatalogue ?? true) await seedFeedbackCatalogue(trx, tenant.id, stamp);
    return { tenantId: tenant.id, roleIds };
  });
}
