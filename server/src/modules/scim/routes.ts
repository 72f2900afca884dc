/**
 * The SCIM service (access 'scim': the identity provider with its provisioning token, bound to the
 * token's tenant) and the tokens' management under Settings, Provisioning. docs/sso.md.
 */
import { PERMISSION_NAMES } from '../../../../shared/permissions.js';
import type { FastifyRequest } from 'fastify';
import { SCIM_LIST, type ScimListQuery } from '../../../../shared/contracts/scim.js';
import { scimEndpoints, scimTokenEndpoints } from '../../../../shared/endpoints/scim.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { assertCanGrantPermissions } from '../roles/guard.js';
import { resourceTypes, schemas, serviceProviderConfig } from './documents.js';
import { compileFilter, parseFilter, TRUE } from './filter.js';
import { createGroup, deleteGroup, getGroup, patchGroup, replaceGroup, toScimGroup } from './groups.js';
import { GROUP_ATTRIBUTES, scimRepository, USER_ATTRIBUTES } from './repository.js';
import { scimTokenRepository } from './tokens.js';
import { createUser, deactivateUser, getUser, patchUser, replaceUser, toScimUser } from './users.js';

/** The SCIM base URL as the client reached it, for `meta.location`. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/api/scim/v2`;

const page = (query: ScimListQuery) => ({ startIndex: query.startIndex ?? 1, count: query.count ?? 100 });
const withoutMembers = (query: { excludedAttributes?: string | undefined; attributes?: string | undefined }) =>
  (query.excludedAttributes ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members') ||
  (query.attributes !== undefined &&
    !query.attributes.split(',').some((a) => a.trim().toLowerCase().startsWith('members')));

const listOf = <T>(items: T[], total: number, startIndex: number) => ({
  schemas: [SCIM_LIST],
  totalResults: total,
  startIndex,
  itemsPerPage: items.length,
  Resources: items,
});

export const scimTokenRoutes = defineRoutes(scimTokenEndpoints, {
  listScimTokens: (ctx) => ctx.repo(scimTokenRepository).list(),
  createScimToken: (ctx, { body }) => {
    // A token adds, changes and deactivates anyone, administrators included, outside the account hierarchy:
    // only an account holding every permission may hand one out (docs/sso.md).
    assertCanGrantPermissions(ctx.caller, PERMISSION_NAMES);
    return ctx.repo(scimTokenRepository).create(ctx.caller.employeeId, body.name);
  },
  revokeScimToken: async (ctx, { params }) => {
    if (!(await ctx.repo(scimTokenRepository).revoke(params.id))) throw errors.notFound('scimTokenNotFound');
    return undefined;
  },
});

export const scimRoutes = defineRoutes(scimEndpoints, {
  getScimServiceProviderConfig: (_ctx, _input, { request }) => serviceProviderConfig(baseOf(request)),
  listScimResourceTypes: (_ctx, _input, { request }) => resourceTypes(baseOf(request)),
  listScimSchemas: (_ctx, _input, { request }) => schemas(baseOf(request)),

  listScimUsers: async (ctx, { query }, { request }) => {
    const condition = query.filter ? compileFilter(parseFilter(query.filter), USER_ATTRIBUTES) : TRUE;
    const { startIndex, count } = page(query);
    const { total, rows } = await ctx.repo(scimRepository).listUsers(condition, { startIndex, count });
    return listOf(
      rows.map((r) => toScimUser(r, baseOf(request))),
      total,
      startIndex,
    );
  },
  getScimUser: (ctx, { params }, { request }) => getUser(ctx, params.id, baseOf(request)),
  createScimUser: (ctx, { body }, { request }) => createUser(ctx, body, baseOf(request)),
  replaceScimUser: (ctx, { params, body }, { request }) => replaceUser(ctx, params.id, body, baseOf(request)),
  patchScimUser: (ctx, { params, body }, { request }) => patchUser(ctx, params.id, body, baseOf(request)),
  deleteScimUser: async (ctx, { params }, { request }) => {
    await deactivateUser(ctx, params.id, baseOf(request));
    return undefined;
  },

  listScimGroups: async (ctx, { query }, { request }) => {
    const condition = query.filter ? compileFilter(parseFilter(query.filter), GROUP_ATTRIBUTES) : TRUE;
    const { startIndex, count } = page(query);
    const members = !withoutMembers(query);
    const { total, rows } = await ctx.repo(scimRepository).listGroups(condition, { startIndex, count }, members);
    return listOf(
      rows.map((r) => toScimGroup(r, baseOf(request), members)),
      total,
      startIndex,
    );
  },
  getScimGroup: (ctx, { params, query }, { request }) =>
    getGroup(ctx, params.id, baseOf(request), !withoutMembers(query)),
  createScimGroup: (ctx, { body }, { request }) => createGroup(ctx, body, baseOf(request)),
  replaceScimGroup: (ctx, { params, body }, { request }) => replaceGroup(ctx, params.id, body, baseOf(request)),
  patchScimGroup: (ctx, { params, body }, { request }) => patchGroup(ctx, params.id, body, baseOf(request)),
  deleteScimGroup: async (ctx, { params }) => {
    await deleteGroup(ctx, params.id);
    return undefined;
  },
});
