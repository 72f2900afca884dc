/**
 * SCIM 2.0 provisioning (docs/sso.md, "Provisioning (SCIM 2.0)"), in two groups by who calls them: the
 * tokens an administrator manages under Settings, Provisioning, and the SCIM service itself (access
 * 'scim'), which the tenant's identity provider calls with such a token at the base URL `/api/scim/v2`.
 * SCIM answers `application/scim+json` and fails with RFC 7644's error schema.
 */
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import {
  createdScimTokenSchema,
  createScimTokenBodySchema,
  scimDocumentListSchema,
  scimDocumentSchema,
  scimGroupBodySchema,
  scimGroupSchema,
  scimIdParamsSchema,
  scimListQuerySchema,
  scimListResponseSchema,
  scimPatchBodySchema,
  scimResourceQuerySchema,
  scimTokenListSchema,
  scimUserBodySchema,
  scimUserSchema,
} from '../contracts/scim.js';
import { endpoint } from './define.js';

export const scimTokenEndpoints = {
  listScimTokens: endpoint({
    method: 'GET',
    path: '/api/scim-tokens',
    access: 'view-tenant-settings',
    summary: 'SCIM provisioning tokens (never the tokens themselves)',
    response: scimTokenListSchema,
  }),
  createScimToken: endpoint({
    method: 'POST',
    path: '/api/scim-tokens',
    access: 'edit-tenant-settings',
    summary: 'Create a SCIM provisioning token; the answer is the only time the token is shown',
    description:
      'The token adds, changes and deactivates employees and teams, so its creator must also hold add-employee, edit-employee, update-employee-status, add-team and edit-team (403 GRANT_EXCEEDS_OWN otherwise).',
    body: createScimTokenBodySchema,
    status: 201,
    response: createdScimTokenSchema,
  }),
  revokeScimToken: endpoint({
    method: 'DELETE',
    path: '/api/scim-tokens/:id',
    access: 'edit-tenant-settings',
    summary: 'Revoke a SCIM provisioning token at once',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
};

const scim = { access: 'scim', produces: 'application/scim+json' } as const;
const userListSchema = scimListResponseSchema(scimUserSchema);
const groupListSchema = scimListResponseSchema(scimGroupSchema);

export const scimEndpoints = {
  getScimServiceProviderConfig: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/ServiceProviderConfig',
    summary: 'SCIM: what this service provider supports (PATCH, filters; no bulk, sort, ETags or password)',
    response: scimDocumentSchema,
  }),
  listScimResourceTypes: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/ResourceTypes',
    summary: 'SCIM: the resource types (User, Group)',
    response: scimDocumentListSchema,
  }),
  listScimSchemas: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/Schemas',
    summary: 'SCIM: the attributes of User (core and enterprise) and Group that Teambeat keeps',
    response: scimDocumentListSchema,
  }),
  listScimUsers: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/Users',
    summary: 'SCIM: employees, filtered (eq ne co sw ew gt ge lt le pr and or not) and paged',
    query: scimListQuerySchema,
    response: userListSchema,
  }),
  getScimUser: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/Users/:id',
    summary: 'SCIM: one employee',
    params: scimIdParamsSchema,
    query: scimResourceQuerySchema,
    response: scimUserSchema,
  }),
  createScimUser: endpoint({
    ...scim,
    method: 'POST',
    path: '/api/scim/v2/Users',
    summary: 'SCIM: add an employee (company domain, default role)',
    body: scimUserBodySchema,
    status: 201,
    response: scimUserSchema,
  }),
  replaceScimUser: endpoint({
    ...scim,
    method: 'PUT',
    path: '/api/scim/v2/Users/:id',
    summary: 'SCIM: replace an employee’s provisioned attributes',
    params: scimIdParamsSchema,
    body: scimUserBodySchema,
    response: scimUserSchema,
  }),
  patchScimUser: endpoint({
    ...scim,
    method: 'PATCH',
    path: '/api/scim/v2/Users/:id',
    summary: 'SCIM: add, replace or remove attributes; active false deactivates and ends every session',
    params: scimIdParamsSchema,
    body: scimPatchBodySchema,
    response: scimUserSchema,
  }),
  deleteScimUser: endpoint({
    ...scim,
    method: 'DELETE',
    path: '/api/scim/v2/Users/:id',
    summary: 'SCIM: deactivate an employee (their history stays); ends every session',
    params: scimIdParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  listScimGroups: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/Groups',
    summary: 'SCIM: teams, filtered and paged',
    query: scimListQuerySchema,
    response: groupListSchema,
  }),
  getScimGroup: endpoint({
    ...scim,
    method: 'GET',
    path: '/api/scim/v2/Groups/:id',
    summary: 'SCIM: one team with its members',
    params: scimIdParamsSchema,
    query: scimResourceQuerySchema,
    response: scimGroupSchema,
  }),
  createScimGroup: endpoint({
    ...scim,
    method: 'POST',
    path: '/api/scim/v2/Groups',
    summary: 'SCIM: add a team',
    body: scimGroupBodySchema,
    status: 201,
    response: scimGroupSchema,
  }),
  replaceScimGroup: endpoint({
    ...scim,
    method: 'PUT',
    path: '/api/scim/v2/Groups/:id',
    summary: 'SCIM: replace a team’s name and members',
    params: scimIdParamsSchema,
    body: scimGroupBodySchema,
    response: scimGroupSchema,
  }),
  patchScimGroup: endpoint({
    ...scim,
    method: 'PATCH',
    path: '/api/scim/v2/Groups/:id',
    summary: 'SCIM: rename a team, add or remove members',
    params: scimIdParamsSchema,
    body: scimPatchBodySchema,
    response: scimGroupSchema,
  }),
  deleteScimGroup: endpoint({
    ...scim,
    method: 'DELETE',
    path: '/api/scim/v2/Groups/:id',
    summary: 'SCIM: delete a team (its members stay employees)',
    params: scimIdParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
};
