/**
 * SCIM Groups are teams (docs/sso.md, "Provisioning (SCIM 2.0)"): displayName is the team's name (unique
 * per company), externalId is stored, members are employees of the company by their SCIM id. PATCH adds,
 * removes (`members[value eq "12"]`, or `members` with a list of values, or all) and replaces members and
 * renames; DELETE deletes the team, its members stay employees.
 */
import {
  SCIM_GROUP,
  type ScimGroup,
  type ScimGroupBody,
  type ScimPatchBody,
} from '../../../../shared/contracts/scim.js';
import { uniqueOr } from '../../db/errors.js';
import type { ScimRequestContext } from '../../http/context.js';
import { teamRepository } from '../teams/repository.js';
import { scimErrors } from './errors.js';
import { matches, parsePath } from './filter.js';
import { scimRepository, type ScimGroupRow } from './repository.js';
import { numericId } from './users.js';

export function toScimGroup(row: ScimGroupRow, base: string, withMembers: boolean): ScimGroup {
  return {
    schemas: [SCIM_GROUP],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(withMembers
      ? { members: row.members.map((m) => ({ value: String(m.id), display: m.name, $ref: `${base}/Users/${m.id}` })) }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${base}/Groups/${row.id}`,
    },
  };
}

async function loadGroup(ctx: ScimRequestContext, id: string): Promise<ScimGroupRow> {
  const row = await ctx.repo(scimRepository).findGroup(numericId(id, 'Group'), true);
  if (!row) throw scimErrors.notFound('Group', id);
  return row;
}

export async function getGroup(ctx: ScimRequestContext, id: string, base: string, withMembers = true) {
  return toScimGroup(await loadGroup(ctx, id), base, withMembers);
}

/** Member references as User ids, without duplicates; a 400 invalidValue for an entry without a valid id. */
function referencedIds(value: unknown): number[] {
  const entries = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const ids: number[] = [];
  for (const entry of entries) {
    const ref = (entry as { value?: unknown } | null)?.value;
    if (typeof ref !== 'string' && typeof ref !== 'number')
      throw scimErrors.invalidValue('members: each member needs a value (the User id).');
    const text = String(ref);
    if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647)
      throw scimErrors.invalidValue(`members: no User ${text} in this company.`);
    ids.push(Number(text));
  }
  return [...new Set(ids)];
}

/** Member references as employee ids of this company; a 400 invalidValue naming the unknown ones. */
async function memberIds(ctx: ScimRequestContext, value: unknown): Promise<number[]> {
  const ids = referencedIds(value);
  const unknown = await ctx.repo(teamRepository).unknownEmployees(ids);
  if (unknown.length > 0) throw scimErrors.invalidValue(`members: no User ${unknown.join(', ')} in this company.`);
  return ids;
}

type Draft = { name: string; externalId: string | null; members: number[] };

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 120) throw scimErrors.invalidValue('displayName: 1 to 120 characters.');
  return trimmed;
}

async function save(ctx: ScimRequestContext, id: number | null, draft: Draft, base: string): Promise<ScimGroup> {
  const scim = ctx.repo(scimRepository);
  const name = checkedName(draft.name);
  if (await scim.groupTaken('name', name, id))
    throw scimErrors.uniqueness('displayName: a team with this name exists.');
  if (draft.externalId !== null && (await scim.groupTaken('externalId', draft.externalId, id)))
    throw scimErrors.uniqueness('externalId: another team already has this externalId.');
  const raced = () => scimErrors.uniqueness('displayName or externalId is already taken.');
  const savedId = await uniqueOr(
    ctx.transaction(async (tx) => {
      const teams = tx.repo(teamRepository);
      const teamId = id === null ? (await teams.create({ name })).id : (await teams.update(id, { name })).id;
      await tx.repo(scimRepository).setGroupExternalId(teamId, draft.externalId);
      await teams.replaceMembers(teamId, draft.members);
      return teamId;
    }),
    raced,
  );
  return getGroup(ctx, String(savedId), base);
}

const externalIdOf = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : value === null || value.trim() === '' ? null : value.trim();

export async function createGroup(ctx: ScimRequestContext, body: ScimGroupBody, base: string) {
  const draft = {
    name: body.displayName,
    externalId: externalIdOf(body.externalId, null),
    members: await memberIds(ctx, body.members),
  };
  return save(ctx, null, draft, base);
}

/** PUT replaces name and members (no members: none); an externalId not sent is kept. */
export async function replaceGroup(ctx: ScimRequestContext, id: string, body: ScimGroupBody, base: string) {
  const row = await loadGroup(ctx, id);
  const draft = {
    name: body.displayName,
    externalId: externalIdOf(body.externalId, row.externalId),
    members: await memberIds(ctx, body.members),
  };
  return save(ctx, row.id, draft, base);
}

export async function deleteGroup(ctx: ScimRequestContext, id: string): Promise<void> {
  const row = await loadGroup(ctx, id);
  await ctx.transaction((tx) => tx.repo(scimRepository).deleteGroup(row.id));
}

async function applyAttribute(ctx: ScimRequestContext, draft: Draft, attr: string, op: string, value: unknown) {
  if (attr === 'displayname') {
    if (op === 'remove') throw scimErrors.mutability('displayName is required and cannot be removed.');
    if (typeof value !== 'string') throw scimErrors.invalidValue('displayName: expected a string.');
    draft.name = value;
  } else if (attr === 'externalid') {
    if (op !== 'remove' && value !== null && typeof value !== 'string')
      throw scimErrors.invalidValue('externalId: expected a string.');
    draft.externalId = op === 'remove' ? null : externalIdOf(value as string | null, draft.externalId);
  } else if (attr === 'members') {
    if (op === 'remove') {
      // Entra ID: remove `members` with the values to remove; without a value, every member goes.
      if (value === undefined || value === null) draft.members = [];
      else {
        // An id that is not (or no longer) an employee here is simply not a member: nothing to remove.
        const gone = new Set(referencedIds(value));
        draft.members = draft.members.filter((m) => !gone.has(m));
      }
    } else {
      const ids = await memberIds(ctx, value);
      draft.members = op === 'replace' ? ids : [...new Set([...draft.members, ...ids])];
    }
  }
  // Other attributes are not kept by Teambeat.
}

export async function patchGroup(ctx: ScimRequestContext, id: string, body: ScimPatchBody, base: string) {
  const row = await loadGroup(ctx, id);
  const draft: Draft = { name: row.name, externalId: row.externalId, members: row.members.map((m) => m.id) };
  for (const operation of body.Operations) {
    const op = operation.op.toLowerCase();
    if (operation.path === undefined || operation.path.trim() === '') {
      if (op === 'remove') throw scimErrors.noTarget('remove needs a path.');
      if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
        throw scimErrors.invalidValue('Without a path, value must be an object of attributes.');
      for (const [key, value] of Object.entries(operation.value))
        await applyAttribute(ctx, draft, parsePath(key).attr, op, value);
      continue;
    }
    const path = parsePath(operation.path);
    if (path.filter) {
      if (path.attr !== 'members') throw scimErrors.invalidPath(`${operation.path}: only members can be filtered.`);
      const filter = path.filter;
      const targeted = draft.members.filter((m) => matches(filter, { value: String(m) }));
      if (op === 'remove') draft.members = draft.members.filter((m) => !targeted.includes(m));
      else if (targeted.length === 0) throw scimErrors.noTarget(`${operation.path} matches no member.`);
      continue;
    }
    await applyAttribute(
      ctx,
      draft,
      path.sub ? (`${path.attr}.${path.sub}` === 'members.value' ? 'members' : path.attr) : path.attr,
      op,
      operation.value,
    );
  }
  return save(ctx, row.id, draft, base);
}
