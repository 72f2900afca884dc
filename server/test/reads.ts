/**
 * Reads of stored rows that several suites check after a call, written once so each check reads as what
 * it expects.
 */
import type { Db } from '../src/db/engine.js';

/** The names of a tenant's default roles (exactly one is expected). */
export const defaultRoles = (db: Db, tenantId: number) =>
  db.selectFrom('roles').select('name').where('tenantId', '=', tenantId).where('isDefault', '=', 1).execute();
