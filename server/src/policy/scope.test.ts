/** The policy module's decisions, table by table: no database, only permissions and facts. */
import { describe, expect, it } from 'vitest';
import { attendanceEndpoints } from '../../../shared/endpoints/attendance.js';
import type { PermissionName } from '../../../shared/permissions.js';
import {
  decideForEmployee,
  decideForTeam,
  familyAccess,
  needsTeamCheck,
  visibleEmployees,
  type Decision,
  type FamilyName,
  type Visibility,
} from './scope.js';

const perms = (...names: PermissionName[]) => new Set<PermissionName>(names);
const allow = (level: 'own' | 'team' | 'all'): Decision => ({ allowed: true, level });
const deny = (missing: PermissionName | [PermissionName, PermissionName]): Decision => ({ allowed: false, missing });

const ATT_TEAM_DENIED = deny(['view-team-attendance', 'view-all-attendance']);
const LEAVE_TEAM_DENIED = deny(['view-team-member-leave-requests', 'view-all-leave-requests']);

describe('decideForEmployee', () => {
  const cases: [FamilyName, PermissionName[], { isSelf: boolean; sharesTeam: boolean }, Decision][] = [
    // Attendance: the all level reaches anyone, oneself included.
    ['attendance-view', ['view-all-attendance'], { isSelf: true, sharesTeam: false }, allow('all')],
    ['attendance-view', ['view-all-attendance'], { isSelf: false, sharesTeam: false }, allow('all')],
    // One's own days need the own permission; a team permission does not stand in for it.
    ['attendance-view', ['view-attendance'], { isSelf: true, sharesTeam: false }, allow('own')],
    ['attendance-view', ['view-team-attendance'], { isSelf: true, sharesTeam: true }, deny('view-attendance')],
    ['attendance-edit', ['edit-attendance', 'edit-team-attendance'], { isSelf: true, sharesTeam: true }, allow('own')],
    ['attendance-edit', ['edit-team-attendance'], { isSelf: true, sharesTeam: true }, deny('edit-attendance')],
    // Someone else: a team member with the team level, else refused naming team and all.
    ['attendance-view', ['view-team-attendance'], { isSelf: false, sharesTeam: true }, allow('team')],
    ['attendance-view', ['view-team-attendance'], { isSelf: false, sharesTeam: false }, ATT_TEAM_DENIED],
    ['attendance-view', ['view-attendance'], { isSelf: false, sharesTeam: true }, ATT_TEAM_DENIED],
    [
      'attendance-edit',
      ['edit-attendance'],
      { isSelf: false, sharesTeam: true },
      deny(['edit-team-attendance', 'edit-all-attendance']),
    ],
    // Another family's permissions never count.
    [
      'attendance-edit',
      ['view-all-attendance'],
      { isSelf: false, sharesTeam: true },
      deny(['edit-team-attendance', 'edit-all-attendance']),
    ],
    // Leave: either of the two all-level permissions; the 403 names the first.
    ['leave-read', ['view-all-leave-requests'], { isSelf: false, sharesTeam: false }, allow('all')],
    ['leave-read', ['view-all-employee-leave-requests'], { isSelf: false, sharesTeam: false }, allow('all')],
    ['leave-read', ['view-leave-requests'], { isSelf: true, sharesTeam: false }, allow('own')],
    ['leave-read', [], { isSelf: true, sharesTeam: false }, deny('view-leave-requests')],
    ['leave-read', ['view-team-member-leave-requests'], { isSelf: false, sharesTeam: true }, allow('team')],
    ['leave-read', ['view-team-member-leave-requests'], { isSelf: false, sharesTeam: false }, LEAVE_TEAM_DENIED],
    ['leave-read', ['view-leave-requests'], { isSelf: false, sharesTeam: true }, LEAVE_TEAM_DENIED],
    // Productivity has no own level: one's own figures count as a member of one's team.
    ['productivity', ['view-productivity-dashboard'], { isSelf: true, sharesTeam: true }, allow('team')],
    [
      'productivity',
      ['view-productivity-dashboard'],
      { isSelf: true, sharesTeam: false },
      deny(['view-productivity-dashboard', 'view-productivity-all-teams']),
    ],
    ['productivity', ['view-productivity-all-teams'], { isSelf: false, sharesTeam: false }, allow('all')],
    // Task feedback received: one's own, a teammate's as lead, anyone's as HR.
    ['task-feedback', ['view-received-task-feedback'], { isSelf: true, sharesTeam: false }, allow('own')],
    ['task-feedback', ['view-task-feedback-team-members'], { isSelf: false, sharesTeam: true }, allow('team')],
    [
      'task-feedback',
      ['view-task-feedback-team-members'],
      { isSelf: false, sharesTeam: false },
      deny(['view-task-feedback-team-members', 'view-task-feedback-all-employees']),
    ],
    [
      'task-feedback',
      ['view-received-task-feedback'],
      { isSelf: false, sharesTeam: true },
      deny(['view-task-feedback-team-members', 'view-task-feedback-all-employees']),
    ],
    ['task-feedback', ['view-task-feedback-all-employees'], { isSelf: false, sharesTeam: false }, allow('all')],
  ];
  it.each(cases)('%s with %j on %j', (family, held, target, expected) => {
    expect(decideForEmployee(family, perms(...held), target)).toEqual(expected);
  });
});

describe('needsTeamCheck', () => {
  const cases: [FamilyName, PermissionName[], boolean, boolean][] = [
    ['attendance-view', ['view-all-attendance', 'view-team-attendance'], false, false],
    ['attendance-view', ['view-team-attendance'], true, false],
    ['attendance-view', ['view-team-attendance'], false, true],
    ['attendance-view', ['view-attendance'], false, false],
    ['productivity', ['view-productivity-dashboard'], true, true],
  ];
  it.each(cases)('%s with %j, self %s: %s', (family, held, isSelf, expected) => {
    expect(needsTeamCheck(family, perms(...held), isSelf)).toBe(expected);
  });
});

describe('decideForTeam', () => {
  const cases: [FamilyName, PermissionName[], boolean, Decision][] = [
    ['productivity', ['view-productivity-all-teams'], false, allow('all')],
    ['productivity', ['view-productivity-dashboard'], true, allow('team')],
    ['productivity', ['view-productivity-dashboard'], false, deny('view-productivity-all-teams')],
    ['productivity', [], true, deny('view-productivity-all-teams')],
    ['attendance-view', ['view-all-attendance'], false, allow('all')],
    ['attendance-view', ['view-team-attendance'], true, allow('team')],
    ['attendance-view', ['view-attendance'], true, deny('view-all-attendance')],
  ];
  it.each(cases)('%s with %j, member %s', (family, held, isMember, expected) => {
    expect(decideForTeam(family, perms(...held), isMember)).toEqual(expected);
  });
});

describe('visibleEmployees', () => {
  const me = 7;
  const cases: [FamilyName, PermissionName[], Visibility][] = [
    ['attendance-view', ['view-all-attendance', 'view-attendance'], { kind: 'all' }],
    ['attendance-view', ['view-team-attendance', 'view-attendance'], { kind: 'team', employeeId: me, withSelf: true }],
    ['attendance-view', ['view-attendance'], { kind: 'self', employeeId: me }],
    ['attendance-view', ['edit-all-attendance'], { kind: 'none' }],
    ['leave-read', ['view-all-employee-leave-requests'], { kind: 'all' }],
    ['productivity', ['view-productivity-all-teams'], { kind: 'all' }],
    // No own level: the teammates only, so one outside every team sees nobody.
    ['productivity', ['view-productivity-dashboard'], { kind: 'team', employeeId: me, withSelf: false }],
    ['productivity', ['view-attendance'], { kind: 'none' }],
  ];
  it.each(cases)('%s with %j', (family, held, expected) => {
    expect(visibleEmployees(family, { employeeId: me, permissions: perms(...held) })).toEqual(expected);
  });
});

describe('families and the routes they scope', () => {
  it("lists each family's permissions, own to all, and routes let in exactly those", () => {
    expect(familyAccess('attendance-view')).toEqual(['view-attendance', 'view-team-attendance', 'view-all-attendance']);
    expect(familyAccess('attendance-edit')).toEqual(['edit-attendance', 'edit-team-attendance', 'edit-all-attendance']);
    // The routes they scope take their access lists from the same table.
    expect(attendanceEndpoints.getAttendanceMonth.access).toEqual(familyAccess('attendance-view'));
    expect(familyAccess('leave-read')).toEqual([
      'view-leave-requests',
      'view-team-member-leave-requests',
      'view-all-leave-requests',
      'view-all-employee-leave-requests',
    ]);
    expect(familyAccess('productivity')).toEqual(['view-productivity-dashboard', 'view-productivity-all-teams']);
  });
});
