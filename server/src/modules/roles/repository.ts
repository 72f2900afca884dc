import { sql } from 'kysely';
import type { ActivityKey, PermissionName } from '../../../../shared/permissions.js';
import { isActivityKey, isPermissionName } from '../../../../shared/permissions.js';
import type { Role } from '../../../../shared/contracts/people.js';
import type { Db } from '../../db/engine.js';

export function roleSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('roles')
    .select((eb) => [
      'roles.id',
      'roles.name',
      'roles.description',
      'roles.isDefault',
      'roles.updatedAt',
      eb
        .selectFrom('employeeRoles')
        .select(sql<number>`count(*)`.as('c'))
        .whereRef('employeeRoles.roleId', '=', 'roles.id')
        .as('employeeCount'),
    ])
    .where('roles.tenantId', '=', tenantId);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleSelect>['execute']>>[number];

export async function withGrants(db: Db, rows: RoleRow[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const grants = ids.length
    ? await db
        .selectFrom('roleGrants')
        .select(['roleId', 'kind', 'name'])
        .where('roleId', 'in', ids)
        .orderBy('name')
        .execute()
    : [];
  return rows.map((r) => {
    const mine = grants.filter((g) => g.roleId === r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      isDefault: r.isDefault === 1,
      updatedAt: r.updatedAt,
      employeeCount: Number(r.employeeCount ?? 0),
      // Names that left the catalogue are ignored rather than breaking the role.
      permissions: mine
        .filter((g) => g.kind === 'permission')
        .map((g) => g.name)
        .filter(isPermissionName),
      activities: mine
        .filter((g) => g.kind === 'activity')
        .map((g) => g.name)
        .filter(isActivityKey),
    };
  });
}

export async function getRole(db: Db, tenantId: number, id: number): Promise<Role | undefined> {
  const row = await roleSelect(db, tenantId).where('roles.id', '=', id).executeTakeFirst();
  return row ? (await withGrants(db, [row]))[0] : undefined;
}

export async function replaceGrants(
  db: Db,
  tenantId: number,
  roleId: number,
  permissions: readonly PermissionName[] | undefined,
  activities: readonly ActivityKey[] | undefined,
) {
  for (const [kind, names] of [
    ['permission', permissions],
    ['activity', activities],
  ] as const) {
    if (!names) continue;
    await db.deleteFrom('roleGrants').where('roleId', '=', roleId).where('kind', '=', kind).execute();
    const unique = [...new Set(names)];
    if (unique.length > 0) {
      await db
        .insertInto('roleGrants')
        .values(unique.map((name) => ({ tenantId, roleId, kind, name })))
        .execute();
    }
  }
}
