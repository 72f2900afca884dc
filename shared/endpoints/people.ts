/**
 * Employees, teams and roles: the Employee Directory, the teams and the administration of who may do
 * what (Roles & Permissions). One group per server module; `peopleEndpoints` is all three for the index.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  catalogueResponseSchema,
  createEmployeeBodySchema,
  employeeListQuerySchema,
  employeeImageBodySchema,
  employeeImageResponseSchema,
  employeeListResponseSchema,
  employeeSchema,
  nextEmployeeNumberSchema,
  employeeStatusBodySchema,
  roleBodySchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleSchema,
  teamBodySchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMembersBodySchema,
  teamSchema,
  updateTeamBodySchema,
  updateEmployeeBodySchema,
  updateRoleBodySchema,
} from '../contracts/people.js';
import { endpoint } from './define.js';

export const employeeEndpoints = {
  listEmployees: endpoint({
    method: 'GET',
    path: '/api/employees',
    access: 'view-employees',
    summary: 'The Employee Directory: search, sort, filter by team or status, page',
    description:
      'Also the search of the employee pickers (manager, team and function members, device mappings): a picker ' +
      'filters here (`status`, `exceptId`), never in the browser after the page, so a page of 10 is 10 it can offer.',
    query: employeeListQuerySchema,
    response: employeeListResponseSchema,
  }),
  nextEmployeeNumber: endpoint({
    method: 'GET',
    path: '/api/employees/next-number',
    access: 'add-employee',
    summary: 'The employee ID the add form suggests: the highest numeric one + 1, keeping its prefix and zero-padding',
    description:
      'E-0041 is followed by E-0042, 99 by 100; null when no employee ID ends in digits. Only a suggestion: ' +
      'adding still refuses an employee ID another employee has (409).',
    response: nextEmployeeNumberSchema,
  }),
  getEmployee: endpoint({
    method: 'GET',
    path: '/api/employees/:id',
    access: 'view-employees',
    summary: 'One employee',
    params: idParamsSchema,
    response: employeeSchema,
  }),
  createEmployee: endpoint({
    method: 'POST',
    path: '/api/employees',
    access: 'add-employee',
    summary: 'Add an employee and e-mail them an invitation to set their password',
    description:
      'The invitation link works once for 7 days (docs/security.md "Invitations"). No invitation is sent when ' +
      'the company signs in by single sign-on only.',
    body: createEmployeeBodySchema,
    status: 201,
    response: employeeSchema,
  }),
  updateEmployee: endpoint({
    method: 'PATCH',
    path: '/api/employees/:id',
    access: 'edit-employee',
    summary: 'Change an employee; roleIds and teamIds replace the current sets',
    description:
      'Only the fields sent change. Nobody changes the e-mail or roles of someone holding a permission they lack ' +
      '(403 ACCOUNT_OUTRANKS_CALLER), nor takes the last active account holding every permission below that ' +
      '(409 LAST_FULL_ADMINISTRATOR). A new e-mail waits as pendingEmail until the code mailed to it is ' +
      'confirmed (confirmEmailChange); the old address is told. Sending the current e-mail cancels a pending change.',
    params: idParamsSchema,
    body: updateEmployeeBodySchema,
    response: employeeSchema,
  }),
  uploadEmployeeImage: endpoint({
    method: 'PUT',
    path: '/api/employees/:id/image',
    access: 'edit-employee',
    summary: "Upload an employee's picture: PNG, JPEG or WebP up to 2 MiB (base64), checked by its bytes",
    params: idParamsSchema,
    body: employeeImageBodySchema,
    response: employeeSchema,
  }),
  getEmployeeImage: endpoint({
    method: 'GET',
    path: '/api/employees/:id/image',
    access: 'signed-in',
    summary: "An employee's picture, served by Teambeat with its own content type (any colleague may see it)",
    params: idParamsSchema,
    response: employeeImageResponseSchema,
    produces: 'image/*',
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/api/employees/:id/invitation',
    access: 'add-employee',
    summary: 'E-mail a new invitation; the earlier link stops working',
    description:
      'Refused for someone holding a permission the caller lacks (403 ACCOUNT_OUTRANKS_CALLER), an inactive ' +
      'employee (409 ACCOUNT_INACTIVE), one who already set a password or signed in (409 INVITATION_ACCEPTED) ' +
      'and in a company that signs in by single sign-on only (409 INVITATION_SSO_ONLY).',
    params: idParamsSchema,
    response: employeeSchema,
  }),
  setEmployeeStatus: endpoint({
    method: 'PUT',
    path: '/api/employees/:id/status',
    access: 'update-employee-status',
    summary: 'Activate or deactivate an employee (deactivation signs them out)',
    description:
      'Refused for someone holding a permission the caller lacks (403 ACCOUNT_OUTRANKS_CALLER) and for the last ' +
      'active account holding every permission (409 LAST_FULL_ADMINISTRATOR).',
    params: idParamsSchema,
    body: employeeStatusBodySchema,
    response: employeeSchema,
  }),
};

export const teamEndpoints = {
  listTeams: endpoint({
    method: 'GET',
    path: '/api/teams',
    access: 'view-teams',
    summary: 'Teams with their members and member counts; the active ones unless state says otherwise',
    query: teamListQuerySchema,
    response: teamListResponseSchema,
  }),
  createTeam: endpoint({
    method: 'POST',
    path: '/api/teams',
    access: 'add-team',
    summary: 'Create a team',
    body: teamBodySchema,
    status: 201,
    response: teamSchema,
  }),
  updateTeam: endpoint({
    method: 'PATCH',
    path: '/api/teams/:id',
    access: 'edit-team',
    summary: 'Rename or describe a team, or deactivate (isActive false) or reactivate it',
    params: idParamsSchema,
    body: updateTeamBodySchema,
    response: teamSchema,
  }),
  setTeamMembers: endpoint({
    method: 'PUT',
    path: '/api/teams/:id/members',
    access: 'edit-team',
    summary: 'Replace the members of a team, and name its leads and product owners',
    params: idParamsSchema,
    body: teamMembersBodySchema,
    response: teamSchema,
  }),
};

export const roleEndpoints = {
  listPermissions: endpoint({
    method: 'GET',
    path: '/api/permissions',
    access: 'view-roles',
    summary: 'The catalogue of permissions and activity keys a role can grant',
    response: catalogueResponseSchema,
  }),
  listRoles: endpoint({
    method: 'GET',
    path: '/api/roles',
    access: 'view-roles',
    summary: 'Roles with their grants',
    query: roleListQuerySchema,
    response: roleListResponseSchema,
  }),
  getRole: endpoint({
    method: 'GET',
    path: '/api/roles/:id',
    access: 'view-roles',
    summary: 'One role',
    params: idParamsSchema,
    response: roleSchema,
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/api/roles',
    access: 'add-role',
    summary: 'Create a role; isDefault moves the default here',
    body: roleBodySchema,
    status: 201,
    response: roleSchema,
  }),
  updateRole: endpoint({
    method: 'PATCH',
    path: '/api/roles/:id',
    access: 'edit-role',
    summary: 'Change a role; permissions and activities replace the current sets',
    description:
      'Only the fields sent change. The caller must hold every permission they add or remove, every permission of ' +
      'a role they make the default, and, to change its permissions, every permission of each holder of the role ' +
      '(403 GRANT_EXCEEDS_OWN or ACCOUNT_OUTRANKS_CALLER). A change leaving no active account with every ' +
      'permission is refused (409 LAST_FULL_ADMINISTRATOR).',
    params: idParamsSchema,
    body: updateRoleBodySchema,
    response: roleSchema,
  }),
};

/** The three groups as one, for the whole map (shared/endpoints/index.ts). */
export const peopleEndpoints = { ...employeeEndpoints, ...teamEndpoints, ...roleEndpoints };
