/**
 * Roles and their grants (permissions and activity keys) of one tenant. Bound to the tenant by the
 * request context (`ctx.repo(roleRepository)`); `replaceGrants` stays a plain function for the seed.
 */
import type { ActivityKey, PermissionName } from '../../../../shared/permissions.js';
import { PERMISSION_NAMES, isActivityKey, isPermissionName } from '../../../../shared/permissions.js';
import type { Role } from '../../../../shared/contracts/people.js';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { Db } from '../../db/engine.js';
import { uniqueOr } from '../../db/errors.js';
import { groupLinks, groupListOptions, type GroupIds } from '../../db/links.js';
import { ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { lockTenantRow } from '../../db/tenant-lock.js';

export type RoleValues = {
  name: string;
  description?: string | null | undefined;
  isDefault?: boolean | undefined;
  permissions: readonly PermissionName[];
  activities: readonly ActivityKey[];
};
export type RoleChanges = { [K in keyof RoleValues]?: RoleValues[K] | undefined };

const duplicateName = () => errors.conflict('body.name', 'A role with this name already exists.');

function roleSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('roles')
    .select([
      'roles.id',
      'roles.name',
      'roles.description',
      'roles.isDefault',
      'roles.updatedAt',
      referenceCount('employeeRoles', 'roleId', 'roles.id').as('employeeCount'),
    ])
    .where('roles.tenantId', '=', tenantId);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleSelect>['execute']>>[number];

async function withGrants(db: Db, tenantId: number, rows: RoleRow[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const grants = ids.length
    ? await db
        .selectFrom('roleGrants')
        .select(['roleId', 'kind', 'name'])
        .where('tenantId', '=', tenantId)
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

/** Replaces the named kinds of grants of a role (a kind left undefined is kept). */
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
    await db
      .deleteFrom('roleGrants')
      .where('tenantId', '=', tenantId)
      .where('roleId', '=', roleId)
      .where('kind', '=', kind)
      .execute();
    const unique = [...new Set(names)];
    if (unique.length > 0) {
      await db
        .insertInto('roleGrants')
        .values(unique.map((name) => ({ tenantId, roleId, kind, name })))
        .execute();
    }
  }
}

/** The distinct permission names the roles of a subquery grant. */
async function permissionsVia(db: Db, tenantId: number, roleIds: GroupIds): Promise<Set<string>> {
  const rows = await db
    .selectFrom('roleGrants')
    .select('name')
    .distinct()
    .where('tenantId', '=', tenantId)
    .where('kind', '=', 'permission')
    .where('roleId', 'in', roleIds)
    .execute();
  return new Set(rows.map((r) => r.name));
}

/** The permission names an employee holds through their roles now. */
export const permissionsOf = (db: Db, tenantId: number, employeeId: number) =>
  permissionsVia(db, tenantId, groupLinks({ db, tenantId }, 'roles').groupIdsOf(employeeId));

export function roleRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  async function grantNames(roleIds: number[], kind: 'permission' | 'activity'): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const grants = await db
      .selectFrom('roleGrants')
      .select('name')
      .where('tenantId', '=', tenantId)
      .where('roleId', 'in', roleIds)
      .where('kind', '=', kind)
      .execute();
    return grants.map((g) => g.name);
  }

  const stamp = () => now().toISOString();

  async function find(id: number): Promise<Role | undefined> {
    const row = await roleSelect(db, tenantId).where('roles.id', '=', id).executeTakeFirst();
    return row ? (await withGrants(db, tenantId, [row]))[0] : undefined;
  }

  /** A role; 404 when the tenant has none with this id. */
  async function get(id: number): Promise<Role> {
    const role = await find(id);
    if (!role) throw errors.notFound('roleNotFound');
    return role;
  }

  /** There is exactly one default: making a role the default first clears the flag everywhere. */
  const clearDefault = () => db.updateTable('roles').set({ isDefault: 0 }).where('tenantId', '=', tenantId).execute();

  return {
    find,
    get,

    async list(query: ListQuery<'name' | 'updatedAt' | 'employeeCount' | 'id'>): Promise<ListResponse<Role>> {
      const options = groupListOptions('roles', { employeeCount: { ref: 'employeeCount' } });
      const page = await paginate(roleSelect(db, tenantId), query, options);
      return { items: await withGrants(db, tenantId, page.items), total: page.total };
    },

    /** Writes only: run it in a transaction (the default moves and the grants are written with it). */
    async create(values: RoleValues): Promise<number> {
      if (values.isDefault) await clearDefault();
      const fresh = {
        name: values.name,
        description: values.description ?? null,
        isDefault: values.isDefault ? 1 : 0,
      } as const;
      const id = await uniqueOr(ownedRows(scope).create('roles', fresh), duplicateName);
      await replaceGrants(db, tenantId, id, values.permissions, values.activities);
      return id;
    },

    /** Writes only: run it in a transaction. `isDefault: true` moves the default here; false is ignored. */
    async update(id: number, changes: RoleChanges): Promise<void> {
      const { permissions, activities, isDefault, ...fields } = changes;
      if (isDefault) await clearDefault();
      const values = { ...fields, ...(isDefault ? { isDefault: 1 as const } : {}), updatedAt: stamp() };
      await uniqueOr(ownedRows(scope).update('roles', id, values), duplicateName);
      await replaceGrants(db, tenantId, id, permissions, activities);
    },

    /** The tenant's default role, given to new employees without chosen roles. */
    async defaultRoleId(): Promise<number | undefined> {
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDefault', '=', 1)
        .executeTakeFirst();
      return role?.id;
    },

    /** The roles an employee holds now. */
    async heldRoleIds(employeeId: number): Promise<Set<number>> {
      const held = await db
        .selectFrom('employeeRoles')
        .select('roleId')
        .where('tenantId', '=', tenantId)
        .where('employeeId', '=', employeeId)
        .execute();
      return new Set(held.map((h) => h.roleId));
    },

    /** The permission names an employee holds through their roles now. */
    permissionsOfEmployee: (employeeId: number) => permissionsOf(db, tenantId, employeeId),

    /** Every permission held by anyone who holds the role (through any of their roles). */
    permissionsOfHolders: (roleId: number) => {
      const roles = groupLinks({ db, tenantId }, 'roles');
      return permissionsVia(db, tenantId, roles.groupIdsOf(roles.memberIds(roleId)));
    },

    /** How many active employees hold every permission of the catalogue. */
    async fullAccountCount(): Promise<number> {
      const rows = await db
        .selectFrom('employees')
        .innerJoin('employeeRoles', 'employeeRoles.employeeId', 'employees.id')
        .innerJoin('roleGrants', 'roleGrants.roleId', 'employeeRoles.roleId')
        .select('employees.id')
        .where('employees.tenantId', '=', tenantId)
        .where('employees.status', '=', 'active')
        .where('roleGrants.kind', '=', 'permission')
        .where('roleGrants.name', 'in', PERMISSION_NAMES)
        .groupBy('employees.id')
        .having((eb) => eb.fn.count<number>('roleGrants.name').distinct(), '=', PERMISSION_NAMES.length)
        .execute();
      return rows.length;
    },

    /**
     * Writes only, first in a transaction that changes who holds what: a no-op update of the tenant's row,
     * so that on PostgreSQL two such transactions of one tenant run one after the other (SQLite has a
     * single writer anyway) and the last-full-account check of each sees the other's result.
     */
    async lockAccounts(): Promise<void> {
      await lockTenantRow(db, tenantId);
    },

    /** The permission names the given roles grant (with repeats). */
    async permissionsOf(roleIds: number[]): Promise<string[]> {
      return grantNames(roleIds, 'permission');
    },

    async activitiesOf(roleIds: number[]): Promise<string[]> {
      return grantNames(roleIds, 'activity');
    },
  };
}

export type RoleRepository = ReturnType<typeof roleRepository>;
