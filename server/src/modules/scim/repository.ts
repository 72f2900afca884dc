/**
 * What SCIM reads and writes beyond the employee and team repositories: rows with the columns SCIM maps
 * (externalId, created), filtered by a compiled SCIM filter and paged by startIndex and count, and the
 * team deletion and member changes of Groups. Bound to the SCIM token's tenant (`ctx.repo(scimRepository)`).
 * Demo employees and teams are no part of the directory the provider sees.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { booleanOf, constant, idColumn, textColumn, type AttributeMap, type Condition } from './filter.js';

/** User attributes as SQL over `employees`. */
export const USER_ATTRIBUTES: AttributeMap = (() => {
  const email = textColumn('employees.email');
  const name = textColumn('employees.name');
  return {
    attributes: {
      id: idColumn('employees.id'),
      username: email,
      emails: email,
      'emails.value': email,
      'emails.type': constant('work'),
      'emails.primary': constant(true),
      externalid: textColumn('employees.externalId', true),
      displayname: name,
      'name.formatted': name,
      active: booleanOf(sql<SqlBool>`${sql.ref('employees.status')} = 'active'`, 'active'),
      'enterprise:employeenumber': textColumn('employees.employeeIdentificationNo', true),
      employeenumber: textColumn('employees.employeeIdentificationNo', true),
      'meta.created': textColumn('employees.createdAt', true),
      'meta.lastmodified': textColumn('employees.updatedAt', true),
    },
    valuePaths: {
      emails: { attributes: { value: email, type: constant('work'), primary: constant(true) } },
    },
  };
})();

/** Group attributes as SQL over `teams`. */
export const GROUP_ATTRIBUTES: AttributeMap = (() => {
  const name = textColumn('teams.name');
  const member = {
    present: () => sql<SqlBool>`exists (select 1 from team_members m where m.team_id = ${sql.ref('teams.id')})`,
    compare: idColumn('m.employee_id').compare,
  };
  const memberIs = (op: Parameters<typeof member.compare>[0], value: Parameters<typeof member.compare>[1]) =>
    sql<SqlBool>`exists (select 1 from team_members m where m.team_id = ${sql.ref('teams.id')} and ${member.compare(op, value)})`;
  const members = { present: member.present, compare: memberIs };
  return {
    attributes: {
      id: idColumn('teams.id'),
      displayname: name,
      externalid: textColumn('teams.externalId', true),
      members,
      'members.value': members,
      'meta.created': textColumn('teams.createdAt', true),
      'meta.lastmodified': textColumn('teams.updatedAt', true),
    },
    valuePaths: { members: { attributes: { value: members } } },
  };
})();

export type ScimUserRow = {
  id: number;
  email: string;
  name: string;
  status: 'active' | 'inactive';
  externalId: string | null;
  employeeIdentificationNo: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ScimGroupRow = {
  id: number;
  name: string;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
  members: { id: number; name: string }[];
};

export type Page = { startIndex: number; count: number };

/** How many rows the ordered query has, and the page of them (none for count 0: only the total is asked). */
async function pageOf<DB, TB extends keyof DB, O>(ordered: SelectQueryBuilder<DB, TB, O>, page: Page) {
  // Kysely cannot see the selection through the generic builder: the one column is `total`.
  const counted = (await ordered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const rows =
    page.count === 0
      ? []
      : await ordered
          .limit(page.count)
          .offset(page.startIndex - 1)
          .execute();
  return { total: Number(counted.total), rows };
}

export function scimRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const users = () =>
    db
      .selectFrom('employees')
      .select([
        'employees.id',
        'employees.email',
        'employees.name',
        'employees.status',
        'employees.externalId',
        'employees.employeeIdentificationNo',
        'employees.createdAt',
        'employees.updatedAt',
      ])
      .where('employees.tenantId', '=', tenantId)
      .where('employees.isDemo', '=', 0);
  const teams = () =>
    db
      .selectFrom('teams')
      .select(['teams.id', 'teams.name', 'teams.externalId', 'teams.createdAt', 'teams.updatedAt'])
      .where('teams.tenantId', '=', tenantId)
      .where('teams.isDemo', '=', 0);

  const members = groupLinks(scope, 'teams');
  const rows = ownedRows(scope);
  /** Each team's members by id, as a group's `members` shows them (id and name). */
  async function membersOf(teamIds: number[]) {
    const byTeam = await members.membersOf(teamIds, 'id');
    return new Map([...byTeam].map(([id, people]) => [id, people.map((p) => ({ id: p.id, name: p.name }))]));
  }

  return {
    async findUser(id: number): Promise<ScimUserRow | undefined> {
      return users().where('employees.id', '=', id).executeTakeFirst();
    },

    listUsers(condition: Condition, page: Page): Promise<{ total: number; rows: ScimUserRow[] }> {
      return pageOf(users().where(condition).orderBy('employees.id'), page);
    },

    /** Whether another employee (not `exceptId`) holds this value; null never clashes. */
    async userTaken(
      field: 'email' | 'externalId' | 'employeeIdentificationNo',
      value: string,
      exceptId: number | null,
    ): Promise<boolean> {
      let query = db.selectFrom('employees').select('id').where('tenantId', '=', tenantId).where(field, '=', value);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async findGroup(id: number, withMembers: boolean): Promise<ScimGroupRow | undefined> {
      const row = await teams().where('teams.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { ...row, members: withMembers ? ((await membersOf([id])).get(id) ?? []) : [] };
    },

    async listGroups(
      condition: Condition,
      page: Page,
      withMembers: boolean,
    ): Promise<{ total: number; rows: ScimGroupRow[] }> {
      const { total, rows } = await pageOf(teams().where(condition).orderBy('teams.id'), page);
      const members = withMembers ? await membersOf(rows.map((r) => r.id)) : new Map<number, never[]>();
      return { total, rows: rows.map((r) => ({ ...r, members: members.get(r.id) ?? [] })) };
    },

    async groupTaken(field: 'name' | 'externalId', value: string, exceptId: number | null): Promise<boolean> {
      let query = db.selectFrom('teams').select('id').where('tenantId', '=', tenantId).where(field, '=', value);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async setGroupExternalId(id: number, externalId: string | null): Promise<void> {
      await rows.update('teams', id, { externalId, updatedAt: now().toISOString() });
    },

    /** Deletes a team; its memberships go with it (the employees stay). */
    async deleteGroup(id: number): Promise<void> {
      await members.replaceMembers(id, []);
      await rows.remove('teams', id);
    },
  };
}
