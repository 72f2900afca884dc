/** English texts of the people pages (namespace `people`). */
import {
  ACTIVITIES,
  PERMISSION_GROUPS,
  PERMISSIONS,
  type PermissionGroup,
  type PermissionName,
} from '../../permissions.js';

/**
 * The English of the permission catalogue is shared/permissions.ts itself (its group names, descriptions
 * and activity texts, which the specs and docs/permissions.md use), so it is read from there, not copied;
 * other languages translate it in their own people.ts.
 */
const permissionGroups = Object.fromEntries(PERMISSION_GROUPS.map((group) => [group, group])) as Record<
  PermissionGroup,
  string
>;
const permissions = Object.fromEntries(
  Object.entries(PERMISSIONS).map(([name, entry]) => [name, entry.description]),
) as Record<PermissionName, string>;

export const people = {
  directory: {
    title: 'Employee Directory',
    subtitle: 'Everyone in your company, their teams, roles and status.',
    add: 'Add employee',
    tableLabel: 'Employees',
    searchPlaceholder: 'Search by name, e-mail or employee ID',
    emptyTitle: 'No employees yet',
    emptyBody: 'Add the first people of your company; they set their password with the code we e-mail them.',
    columns: {
      id: 'ID',
      employeeId: 'Employee ID',
      name: 'Name',
      email: 'E-mail',
      dateOfJoining: 'Date of joining',
      teams: 'Teams',
      allocation: 'Allocation',
      roles: 'Roles',
      status: 'Status',
      actions: 'Actions',
    },
    noTeam: 'No team',
    noRole: 'No role',
    actionsFor: 'Actions for {{name}}',
    deactivate: 'Deactivate',
    activate: 'Activate',
    deactivateTitle: 'Deactivate employee?',
    activateTitle: 'Activate employee?',
    deactivateBody: '{{name}} will be signed out everywhere and cannot sign in until activated again.',
    activateBody: '{{name}} will be able to sign in again with their existing roles.',
  },
  /** An employee's status as shown (the API's `active` / `inactive`). */
  status: {
    active: 'Active',
    inactive: 'Inactive',
  },
  employeeDialog: {
    addTitle: 'Add employee',
    editTitle: 'Edit {{name}}',
    editLabel: 'Edit employee',
    submitAdd: 'Add employee',
    submitEdit: 'Save changes',
    picture: 'Picture',
    pictureHint: 'PNG, JPEG or WebP, up to 2 MiB',
    uploadPicture: 'Upload picture',
    pictureType: 'Choose a PNG, JPEG or WebP image',
    pictureSize: 'The picture must be 2 MiB or smaller',
    fullName: 'Full name',
    enterName: 'Enter the employee’s name',
    workEmail: 'Work e-mail',
    pendingEmailHint: 'Pending confirmation at {{email}}: it signs in once the code sent there is confirmed',
    domainHint: 'An address at @{{domain}}; a new one is confirmed from its mailbox first',
    employeeId: 'Employee ID',
    employeeIdPlaceholder: 'e.g. NW-0123',
    dateOfJoining: 'Date of joining',
    allocation: 'Allocation (%)',
    allocationHint: 'Share of working time on billable work',
    roles: 'Roles',
    rolesHint: 'None chosen: the default role applies',
    loadingRoles: 'Loading roles…',
    chooseRoles: 'Choose roles',
    teams: 'Teams',
    loadingTeams: 'Loading teams…',
    chooseTeams: 'Choose teams',
  },
  rolesPage: {
    title: 'Roles & Permissions',
    subtitle: 'A role is a set of permissions. Exactly one role is the default for new employees.',
    add: 'Add role',
    tableLabel: 'Roles',
    searchPlaceholder: 'Search roles',
    emptyTitle: 'No roles yet',
    emptyBody: 'Create a role to decide who may do what.',
    columns: {
      role: 'Role',
      description: 'Description',
      permissions: 'Permissions',
      employees: 'Employees',
      lastChanged: 'Last changed',
      actions: 'Actions',
    },
    default: 'Default',
    ofTotal: '/ {{total}}',
    editRole: 'Edit {{name}}',
  },
  roleDialog: {
    addTitle: 'Add role',
    editTitle: 'Edit {{name}}',
    editLabel: 'Edit role',
    submitAdd: 'Add role',
    submitEdit: 'Save changes',
    name: 'Role name',
    enterName: 'Enter a role name',
    nameTooLong: 'At most 60 characters',
    defaultRole: 'Default role',
    isDefaultHint: 'This is the default role. To change that, make another role the default.',
    replacesDefaultHint: '{{name}} will stop being the default role.',
    defaultHint: 'New employees without a chosen role get the default role.',
    isDefault: 'Default for new employees',
    notDefault: 'Not the default',
    description: 'Description',
    permissions: 'Permissions',
    permissionsSelected_one: '{{count}} selected. You can grant only permissions you hold yourself.',
    permissionsSelected_other: '{{count}} selected. You can grant only permissions you hold yourself.',
    activities: 'Activities',
    activitiesHint: 'Quick actions and dashboard cards this role sees.',
  },
  picker: {
    permissions: 'Permissions',
    activities: 'Activities',
    groupCount: '{{count}} of {{total}}',
    allOf: 'All of {{group}}',
  },
  toasts: {
    employeeAdded: 'Employee added',
    employeeUpdated: 'Employee updated',
    pendingEmail: '{{name}}: the new e-mail {{email}} applies once the code sent there is confirmed.',
    pictureUploaded: 'Picture uploaded',
    pictureFailed: 'Picture could not be uploaded',
    employeeActivated: 'Employee activated',
    employeeDeactivated: 'Employee deactivated',
    statusFailed: 'Status could not be changed',
    roleAdded: 'Role added',
    roleUpdated: 'Role updated',
  },
  /** Permission groups by their stable name in shared/permissions.ts (PERMISSION_GROUPS). */
  permissionGroups,
  /** Permission descriptions by permission name (shared/permissions.ts PERMISSIONS). */
  permissions,
  /** Activity descriptions by activity key (shared/permissions.ts ACTIVITIES). */
  activities: ACTIVITIES as Record<keyof typeof ACTIVITIES, string>,
};
