/**
 * Teams of one tenant with their members (and each member's role in the team) and member counts. Bound to
 * the tenant by the request context (`ctx.repo(teamRepository)`). Who shares a team with whom is membership.ts.
 */
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { Team, TeamMember } from '../../../../shared/contracts/people.js';
import type { Db } from '../../db/engine.js';
import { uniqueOr } from '../../db/errors.js';
import { groupLinks, groupListOptions } from '../../db/links.js';
import { oneOrNotFound, ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';

const duplicateName = () => errors.conflict('body.name', 'A team with this name already exists.');

function teamSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('teams')
    .select([
      'teams.id',
      'teams.name',
      'teams.description',
      'teams.isActive',
      'teams.updatedAt',
      referenceCount('teamMembers', 'teamId', 'teams.id').as('memberCount'),
    ])
    .where('teams.tenantId', '=', tenantId);
}

type TeamRow = {
  id: number;
  name: string;
  description: string | null;
  isActive: number;
  updatedAt: string;
  memberCount: number | string | bigint | null;
};

export function teamRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();
  const rows = ownedRows(scope);

  /** The members of the given teams by name, each with their role in the team. */
  async function membersOf(teamIds: number[]): Promise<Map<number, TeamMember[]>> {
    const byTeam = new Map<number, TeamMember[]>(teamIds.map((id) => [id, []]));
    if (teamIds.length === 0) return byTeam;
    const found = await db
      .selectFrom('teamMembers')
      .innerJoin('employees', 'employees.id', 'teamMembers.employeeId')
      .select(['teamMembers.teamId', 'employees.id', 'employees.name', 'teamMembers.role'])
      .where('teamMembers.tenantId', '=', tenantId)
      .where('teamMembers.teamId', 'in', teamIds)
      .orderBy('employees.name')
      .orderBy('employees.id')
      .execute();
    for (const m of found) byTeam.get(m.teamId)?.push({ id: m.id, name: m.name, role: m.role });
    return byTeam;
  }

  async function complete(found: TeamRow[]): Promise<Team[]> {
    const members = await membersOf(found.map((t) => t.id));
    return found.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      isActive: t.isActive === 1,
      memberCount: Number(t.memberCount ?? 0),
      members: members.get(t.id) ?? [],
      updatedAt: t.updatedAt,
    }));
  }

  /** A team; 404 when the tenant has none with this id. */
  async function get(id: number): Promise<Team> {
    const row = await oneOrNotFound(teamSelect(db, tenantId).where('teams.id', '=', id), 'teamNotFound');
    const [team] = await complete([row]);
    return team!;
  }

  return {
    get,

    /** Demo teams are left out when the tenant has switched demo data off; `state` picks active, inactive or all. */
    async list(
      query: ListQuery<'name' | 'memberCount' | 'updatedAt' | 'id'> & { state?: 'active' | 'inactive' | 'all' },
      hideDemo: boolean,
    ): Promise<ListResponse<Team>> {
      let base = teamSelect(db, tenantId);
      if (hideDemo) base = base.where('teams.isDemo', '=', 0);
      const state = query.state ?? 'active';
      if (state !== 'all') base = base.where('teams.isActive', '=', state === 'active' ? 1 : 0);
      const page = await paginate(base, query, groupListOptions('teams', { memberCount: { ref: 'memberCount' } }));
      return { items: await complete(page.items), total: page.total };
    },

    async create(values: { name: string; description?: string | null | undefined }): Promise<Team> {
      const fresh = { name: values.name, description: values.description ?? null, isDemo: 0 as const };
      return get(await uniqueOr(rows.create('teams', fresh), duplicateName));
    },

    async update(
      id: number,
      changes: { name?: string | undefined; description?: string | null | undefined; isActive?: boolean | undefined },
    ): Promise<Team> {
      await get(id);
      const { isActive, ...rest } = changes;
      const values = {
        ...rest,
        ...(isActive === undefined ? {} : { isActive: isActive ? (1 as const) : (0 as const) }),
        updatedAt: stamp(),
      };
      await uniqueOr(rows.update('teams', id, values), duplicateName);
      return get(id);
    },

    /** The given employee ids the tenant has no employee for. */
    unknownEmployees: (ids: number[]) => rows.missingIds('employees', ids),

    /**
     * Writes only: run it in a transaction. The team's members become exactly `employeeIds`; with `roles`,
     * those named are leads or product owners and every other member a plain member (without, members kept
     * keep their role and new ones are plain members).
     */
    async replaceMembers(
      teamId: number,
      employeeIds: number[],
      roles?: { leadIds: number[]; productOwnerIds: number[] },
    ): Promise<void> {
      await groupLinks(scope, 'teams').replaceMembers(teamId, employeeIds);
      if (roles) {
        const members = () =>
          db.updateTable('teamMembers').where('tenantId', '=', tenantId).where('teamId', '=', teamId);
        const named = [...roles.leadIds, ...roles.productOwnerIds];
        let plain = members().set({ role: 'member' }).where('role', '<>', 'member');
        if (named.length > 0) plain = plain.where('employeeId', 'not in', named);
        await plain.execute();
        if (roles.leadIds.length > 0)
          await members().set({ role: 'lead' }).where('employeeId', 'in', roles.leadIds).execute();
        if (roles.productOwnerIds.length > 0)
          await members().set({ role: 'product-owner' }).where('employeeId', 'in', roles.productOwnerIds).execute();
      }
      await rows.update('teams', teamId, { updatedAt: stamp() });
    },
  };
}
