/**
 * Employees' links to groups: team members, function members, role holders. The three link tables are alike
 * (tenant, group, employee; the pair is the primary key) but for the name of the group column, so they are
 * read and replaced here one way. Who shares a team with whom is modules/teams/membership.ts.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from './engine.js';
import type { ListOptions, SortSpec } from '../http/list.js';
import type { Database } from './schema.js';

const GROUPS = {
  teams: { links: 'teamMembers', group: 'teamId' },
  functions: { links: 'functionMembers', group: 'functionId' },
  roles: { links: 'employeeRoles', group: 'roleId' },
} as const;

/** A kind of group, named as its table. */
export type GroupKind = keyof typeof GROUPS;

export type GroupRef = { id: number; name: string };
export type Member = { id: number; name: string; email: string };

/**
 * How a page of groups (teams, functions, roles: `table` as the list's query names it) sorts and searches:
 * by name (any case), last change, id, or its count of people (`count`, a column of the list's query).
 */
export function groupListOptions<C extends string>(table: string, count: Record<C, SortSpec>) {
  return {
    orderBy: {
      ...count,
      name: { ref: `${table}.name`, text: true },
      updatedAt: { ref: `${table}.updatedAt` },
      id: { ref: `${table}.id` },
    },
    search: [`${table}.name`, `${table}.description`],
    tieBreaker: `${table}.id`,
  } satisfies ListOptions<C | 'name' | 'updatedAt' | 'id'>;
}

/** A subquery of employee ids, for `where(column, 'in', …)`. */
export type EmployeeIds = SelectQueryBuilder<Database, keyof Database, { employeeId: number }>;
/** A subquery of group ids, for `where(column, 'in', …)`. */
export type GroupIds = SelectQueryBuilder<Database, keyof Database, { groupId: number }>;

/**
 * Any link table and its group table seen as one (like security/api-keys.ts): Kysely sends the real table
 * and column names given by the kind.
 */
type LinksView = Kysely<{
  links: { tenantId: number; groupId: number; employeeId: number };
  grp: { id: number; tenantId: number; name: string };
  employees: { id: number; tenantId: number; name: string; email: string; status: string };
}>;

const isIdList = (employees: readonly number[] | EmployeeIds): employees is readonly number[] =>
  Array.isArray(employees);

export function groupLinks({ db, tenantId }: { db: Db; tenantId: number }, kind: GroupKind) {
  const view = db as unknown as LinksView;
  const { links: linkTable, group: groupColumn } = GROUPS[kind];
  const links = linkTable as unknown as 'links';
  const group = groupColumn as unknown as 'groupId';
  /** A column of the link table, by its name in the view. */
  const col = <C extends 'tenantId' | 'groupId' | 'employeeId'>(c: C) =>
    `${linkTable}.${c === 'groupId' ? groupColumn : c}` as unknown as `links.${C}`;
  /** The group's id, answered as `groupId`. */
  const groupIdAs = `${linkTable}.${groupColumn} as groupId` as unknown as 'links.groupId';

  /**
   * The links of one group (or one employee) become exactly `ids`: only the links that go are deleted and only
   * the new ones inserted, so a save or a SCIM sync that changes nothing writes nothing, and the triggers on
   * the link tables (Home's snapshot, the access version of role holders) fire only for what changed.
   */
  async function replaceLinks(fixed: 'groupId' | 'employeeId', id: number, ids: readonly number[]) {
    const wanted = [...new Set(ids)];
    const other = fixed === 'groupId' ? 'employeeId' : 'groupId';
    let gone = view.deleteFrom(links).where(col('tenantId'), '=', tenantId).where(col(fixed), '=', id);
    if (wanted.length > 0) gone = gone.where(col(other), 'not in', wanted);
    await gone.execute();
    if (wanted.length === 0) return;
    await view
      .insertInto(links)
      .values(
        wanted.map((each) =>
          fixed === 'groupId'
            ? { tenantId, [group]: id, employeeId: each }
            : { tenantId, [group]: each, employeeId: id },
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The links of the tenant, the employee of each joined when a filter or an answer needs them. */
  const withEmployees = () =>
    view
      .selectFrom(links)
      .innerJoin('employees', 'employees.id', col('employeeId'))
      .where(col('tenantId'), '=', tenantId);

  return {
    /**
     * A subquery of the members' ids of a group (or of several); `activeOnly` leaves out inactive employees,
     * `only` keeps that one employee if a member.
     */
    memberIds(
      groupIds: number | readonly number[],
      options: { activeOnly?: boolean; only?: number } = {},
    ): EmployeeIds {
      const ids = typeof groupIds === 'number' ? [groupIds] : groupIds;
      let query = options.activeOnly
        ? withEmployees().where('employees.status', '=', 'active')
        : view.selectFrom(links).where(col('tenantId'), '=', tenantId);
      query = query.where(col('groupId'), 'in', ids.length > 0 ? [...ids] : [0]);
      if (options.only !== undefined) query = query.where(col('employeeId'), '=', options.only);
      const subquery: unknown = query.select(col('employeeId'));
      return subquery as EmployeeIds;
    },

    /** A subquery of the ids of the groups an employee (or any of a subquery's) belongs to. */
    groupIdsOf(employees: number | EmployeeIds): GroupIds {
      const base = view.selectFrom(links).select(groupIdAs).where(col('tenantId'), '=', tenantId);
      const subquery: unknown =
        typeof employees === 'number'
          ? base.where(col('employeeId'), '=', employees)
          : base.where(col('employeeId'), 'in', employees);
      return subquery as GroupIds;
    },

    async isMember(groupId: number, employeeId: number): Promise<boolean> {
      const row = await view
        .selectFrom(links)
        .select(col('employeeId'))
        .where(col('tenantId'), '=', tenantId)
        .where(col('groupId'), '=', groupId)
        .where(col('employeeId'), '=', employeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The members of each group (a group without any has an empty list), by `order`; `activeOnly` as above. */
    async membersOf(
      groupIds: readonly number[],
      order: 'id' | 'name',
      options: { activeOnly?: boolean } = {},
    ): Promise<Map<number, Member[]>> {
      const byGroup = new Map<number, Member[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0) return byGroup;
      let query = withEmployees()
        .select([groupIdAs, 'employees.id', 'employees.name', 'employees.email'])
        .where(col('groupId'), 'in', [...groupIds]);
      if (options.activeOnly) query = query.where('employees.status', '=', 'active');
      query = order === 'name' ? query.orderBy(sql`lower(${sql.ref('employees.name')})`) : query;
      const rows = await query.orderBy('employees.id').execute();
      for (const r of rows) byGroup.get(r.groupId)?.push({ id: r.id, name: r.name, email: r.email });
      return byGroup;
    },

    /** The groups of each employee (of the ids given or of a subquery), by name. */
    async groupsOf(employees: readonly number[] | EmployeeIds): Promise<Map<number, GroupRef[]>> {
      const byEmployee = new Map<number, GroupRef[]>();
      if (isIdList(employees) && employees.length === 0) return byEmployee;
      const base = view
        .selectFrom(links)
        .innerJoin(`${kind} as grp` as unknown as 'grp', 'grp.id', col('groupId'))
        .select([col('employeeId'), 'grp.id', 'grp.name'])
        .where(col('tenantId'), '=', tenantId);
      const rows = await (
        isIdList(employees)
          ? base.where(col('employeeId'), 'in', [...employees])
          : base.where(col('employeeId'), 'in', employees)
      )
        .orderBy('grp.name')
        .execute();
      for (const r of rows)
        byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), { id: r.id, name: r.name }]);
      return byEmployee;
    },

    /** Writes only: run it in a transaction. The group's members become exactly `employeeIds`. */
    async replaceMembers(groupId: number, employeeIds: readonly number[]): Promise<void> {
      await replaceLinks('groupId', groupId, employeeIds);
    },

    /** Writes only: run it in a transaction. The employee's groups of this kind become exactly `groupIds`. */
    async replaceGroupsOf(employeeId: number, groupIds: readonly number[]): Promise<void> {
      await replaceLinks('employeeId', employeeId, groupIds);
    },
  };
}
