/**
 * Teams of one tenant with their member counts, and their membership. Bound to the tenant by the
 * request context (`ctx.repo(teamRepository)`). Who shares a team with whom is membership.ts.
 */
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { Team } from '../../../../shared/contracts/people.js';
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
      'teams.updatedAt',
      referenceCount('teamMembers', 'teamId', 'teams.id').as('memberCount'),
    ])
    .where('teams.tenantId', '=', tenantId);
}

export function teamRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();
  const rows = ownedRows(scope);

  /** A team; 404 when the tenant has none with this id. */
  async function get(id: number): Promise<Team> {
    const row = await oneOrNotFound(teamSelect(db, tenantId).where('teams.id', '=', id), 'teamNotFound');
    return { ...row, memberCount: Number(row.memberCount ?? 0) };
  }

  return {
    get,

    /** Demo teams are left out when the tenant has switched demo data off. */
    async list(
      query: ListQuery<'name' | 'memberCount' | 'updatedAt' | 'id'>,
      hideDemo: boolean,
    ): Promise<ListResponse<Team>> {
      let base = teamSelect(db, tenantId);
      if (hideDemo) base = base.where('teams.isDemo', '=', 0);
      const page = await paginate(base, query, groupListOptions('teams', { memberCount: { ref: 'memberCount' } }));
      return { items: page.items.map((t) => ({ ...t, memberCount: Number(t.memberCount ?? 0) })), total: page.total };
    },

    async create(values: { name: string; description?: string | null | undefined }): Promise<Team> {
      const fresh = { name: values.name, description: values.description ?? null, isDemo: 0 as const };
      return get(await uniqueOr(rows.create('teams', fresh), duplicateName));
    },

    async update(
      id: number,
      changes: { name?: string | undefined; description?: string | null | undefined },
    ): Promise<Team> {
      await get(id);
      await uniqueOr(rows.update('teams', id, { ...changes, updatedAt: stamp() }), duplicateName);
      return get(id);
    },

    /** The given employee ids the tenant has no employee for. */
    unknownEmployees: (ids: number[]) => rows.missingIds('employees', ids),

    /** Writes only: run it in a transaction. The team's members become exactly `employeeIds`. */
    async replaceMembers(teamId: number, employeeIds: number[]): Promise<void> {
      await groupLinks(scope, 'teams').replaceMembers(teamId, employeeIds);
      await rows.update('teams', teamId, { updatedAt: stamp() });
    },
  };
}
