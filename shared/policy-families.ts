/**
 * The permission families of the policy module (server/src/policy/scope.ts): each grants three levels of
 * reach over employees' rows (own, team, all), each by a list of permissions of which any one suffices.
 * Data only, in shared/ because the endpoint map takes its routes' access lists from here
 * (`familyAccess`), so a route's door and the policy's decision cannot name different permissions.
 */
import type { PermissionName } from './permissions.js';

export type Level = 'own' | 'team' | 'all';

/** The permissions granting one level: any one of them suffices; the first names the level in a 403. */
export type LevelPermissions = readonly [PermissionName, ...PermissionName[]];

export type Family = {
  readonly own: LevelPermissions | null;
  readonly team: LevelPermissions;
  readonly all: LevelPermissions;
};

export const FAMILIES = {
  'attendance-view': {
    own: ['view-attendance'],
    team: ['view-team-attendance'],
    all: ['view-all-attendance'],
  },
  'attendance-edit': {
    own: ['edit-attendance'],
    team: ['edit-team-attendance'],
    all: ['edit-all-attendance'],
  },
  // The change history of an attendance (docs/workforce.md "In the app"): whoever may edit a team member's or
  // anyone's days sees what was changed on them; view-all-attendance reads every history.
  'attendance-history': {
    own: null,
    team: ['edit-team-attendance'],
    all: ['view-all-attendance', 'edit-all-attendance'],
  },
  'leave-read': {
    own: ['view-leave-requests'],
    team: ['view-team-member-leave-requests'],
    all: ['view-all-leave-requests', 'view-all-employee-leave-requests'],
  },
  // Feedback received by an employee (docs/feedback.md "Who sees a feedback"): the giver reads what they
  // gave by view-given-feedback, outside the family.
  feedback: {
    own: ['view-received-feedback'],
    team: ['view-team-member-dropdown'],
    all: ['view-all-employees-feedback'],
  },
  // Task feedback received by an employee (docs/projects.md "Task feedback"): the giver reads what they
  // gave, outside the family.
  'task-feedback': {
    own: ['view-received-task-feedback'],
    team: ['view-task-feedback-team-members'],
    all: ['view-task-feedback-all-employees'],
  },
  // Deciding badge requests (docs/recognition.md "Contributions and recommendations"), by the person a
  // request is for; nobody decides their own, so there is no own level.
  'badge-requests': {
    own: null,
    team: ['approve-team-badge-requests'],
    all: ['approve-badge-requests'],
  },
  // The dashboard's figures: one's own only as a member of one's teams.
  productivity: {
    own: null,
    team: ['view-productivity-dashboard'],
    all: ['view-productivity-all-teams'],
  },
} as const satisfies Record<string, Family>;

export type FamilyName = keyof typeof FAMILIES;

/** Every permission of a family, own to all: the access list of a route it scopes. */
export function familyAccess(name: FamilyName): LevelPermissions {
  const { own, team, all }: Family = FAMILIES[name];
  return [...(own ?? []), ...team, ...all] as unknown as LevelPermissions;
}
