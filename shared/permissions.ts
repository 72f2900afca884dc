/**
 * The complete catalogue of named permissions and activity keys from both product specs
 * (feedback-and-engagement §6, workforce-and-attendance §6). Roles grant entries of this catalogue and
 * nothing else; every server route names one of these permissions (or is public / sign-in only).
 *
 * Names are kebab-case for permissions and snake_case for activity keys, as in the specs where the
 * literal names are shown (view-tenant-settings, view_current_attendance, ...). Where a spec lists a
 * group without literal names, the names below are ours; docs/permissions.md lists every decision.
 */

type Entry = { readonly group: PermissionGroup; readonly description: string };

export const PERMISSION_GROUPS = [
  'Personal feedback',
  'Task feedback',
  'Employee management',
  'Team management',
  'Role management',
  'Project management',
  'Project feedback',
  'Function management',
  'Feedback management',
  'Badges',
  'News feed',
  'Tenant settings',
  'Employee profile',
  'Employee dashboard',
  'Project dashboard',
  'HR dashboard',
  'Attendance',
  'Attendance reporting',
  'Leave',
  'Public holidays',
  'Biometric devices',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSIONS = {
  // Personal feedback
  'view-received-feedback': { group: 'Personal feedback', description: 'See feedback received by oneself' },
  'view-given-feedback': { group: 'Personal feedback', description: 'See feedback one has given' },
  'view-feedback-overview': { group: 'Personal feedback', description: 'See one’s feedback overview and trends' },
  'give-feedback': { group: 'Personal feedback', description: 'Give personal feedback to colleagues' },
  'ask-feedback': { group: 'Personal feedback', description: 'Ask colleagues or teams for feedback' },
  'use-feedback-time-filters': { group: 'Personal feedback', description: 'Filter feedback by time range' },
  'view-employee-dropdown': { group: 'Personal feedback', description: 'Pick any employee in feedback overviews' },
  'view-team-member-dropdown': {
    group: 'Personal feedback',
    description: 'Read the feedback of members of one’s teams (My team) and pick them in overviews',
  },
  'view-all-employees-feedback': {
    group: 'Personal feedback',
    description: 'See every employee’s given and received feedback and statistics',
  },
  'flag-feedback': { group: 'Personal feedback', description: 'Approve, reject or escalate flagged feedback' },
  'view-feedback-video': { group: 'Personal feedback', description: 'Watch feedback videos' },
  'upload-feedback-video-url': { group: 'Personal feedback', description: 'Attach a video to feedback by URL' },
  'upload-feedback-video-file': { group: 'Personal feedback', description: 'Upload a video file with feedback' },
  'ask-feedback-recipient': { group: 'Personal feedback', description: 'Ask a chosen recipient for feedback' },
  'view-ai-summary-self': { group: 'Personal feedback', description: 'Read the AI summary of one’s own feedback' },
  'view-ai-summary-team': { group: 'Personal feedback', description: 'Read AI summaries of team members' },
  'view-ai-summary-all': { group: 'Personal feedback', description: 'Read AI summaries of every employee' },
  'setup-ai-summary': { group: 'Personal feedback', description: 'Configure AI feedback summaries' },
  // Task feedback
  'give-task-feedback': { group: 'Task feedback', description: 'Give feedback on tasks' },
  'view-task-feedback-overview': { group: 'Task feedback', description: 'See the task feedback overview' },
  'view-received-task-feedback': { group: 'Task feedback', description: 'See task feedback received' },
  'view-given-task-feedback': { group: 'Task feedback', description: 'See task feedback given' },
  'request-task-feedback': { group: 'Task feedback', description: 'Request feedback on a task' },
  'view-task-metrics': { group: 'Task feedback', description: 'See task metrics (cycle times, kickbacks)' },
  'view-task-feedback-team-members': { group: 'Task feedback', description: 'See task feedback of team members' },
  'view-task-feedback-all-employees': { group: 'Task feedback', description: 'See task feedback of every employee' },
  // Employee management
  'view-employees': { group: 'Employee management', description: 'Open the Employee Directory' },
  'add-employee': { group: 'Employee management', description: 'Add employees to the directory' },
  'edit-employee': { group: 'Employee management', description: 'Edit employees, their roles and teams' },
  'download-employee-report': { group: 'Employee management', description: 'Download the employee report' },
  'update-employee-status': { group: 'Employee management', description: 'Activate or deactivate employees' },
  // Team management (the specs name teams but not their permissions: ours, see docs/permissions.md)
  'view-teams': { group: 'Team management', description: 'See every team and its members' },
  'add-team': { group: 'Team management', description: 'Create teams' },
  'edit-team': { group: 'Team management', description: 'Rename teams and change their members' },
  // Role management
  'view-roles': { group: 'Role management', description: 'Open Roles & Permissions' },
  'add-role': { group: 'Role management', description: 'Create roles' },
  'edit-role': { group: 'Role management', description: 'Change roles, their grants and the default role' },
  // Project management
  'view-projects': { group: 'Project management', description: 'Open the Project Hub' },
  'add-project': { group: 'Project management', description: 'Create projects' },
  'edit-project': { group: 'Project management', description: 'Edit projects' },
  'add-project-members': { group: 'Project management', description: 'Add or remove project members' },
  'download-project-report': { group: 'Project management', description: 'Download the project report' },
  'download-project-allocation-report': {
    group: 'Project management',
    description: 'Download the project allocation report',
  },
  'update-project-status': { group: 'Project management', description: 'Activate or deactivate projects' },
  'view-all-projects': { group: 'Project management', description: 'See every project, not only one’s own' },
  'add-project-connection': { group: 'Project management', description: 'Connect a project to TFS, Jira, …' },
  'sync-all-sprints': { group: 'Project management', description: 'Synchronise all sprints of a project' },
  // Project feedback
  'request-client-feedback': { group: 'Project feedback', description: 'Ask clients for sprint feedback' },
  'view-client-feedback': { group: 'Project feedback', description: 'See client feedback on sprints' },
  'view-project-feedback': { group: 'Project feedback', description: 'See project and sprint feedback' },
  'give-project-feedback': { group: 'Project feedback', description: 'Rate sprints and backlog items' },
  'comment-project-feedback': { group: 'Project feedback', description: 'Comment on project feedback' },
  'update-project-data-points': { group: 'Project feedback', description: 'Update sprint data points' },
  'download-project-feedback': { group: 'Project feedback', description: 'Download project feedback' },
  // Function management
  'view-functions': { group: 'Function management', description: 'Open Function Setup' },
  'add-function': { group: 'Function management', description: 'Create functions' },
  'edit-function': { group: 'Function management', description: 'Edit functions' },
  'add-function-members': { group: 'Function management', description: 'Add members to functions' },
  'view-all-functions': { group: 'Function management', description: 'See every function' },
  'download-functions': { group: 'Function management', description: 'Download the function report' },
  // Feedback management
  'view-feedback-categories': { group: 'Feedback management', description: 'See feedback categories and attributes' },
  'add-feedback-categories': { group: 'Feedback management', description: 'Add categories and attributes' },
  'edit-feedback-categories': { group: 'Feedback management', description: 'Edit categories and attributes' },
  'update-feedback-categories-status': {
    group: 'Feedback management',
    description: 'Activate or deactivate categories and attributes',
  },
  'view-responsibility-matrix': { group: 'Feedback management', description: 'See the responsibility matrix' },
  'view-leaderboard-video-management': { group: 'Feedback management', description: 'Manage leaderboard videos' },
  'update-leaderboard-video-status': {
    group: 'Feedback management',
    description: 'Activate, approve or reject leaderboard videos',
  },
  'upload-leaderboard-video': { group: 'Feedback management', description: 'Upload leaderboard videos' },
  'download-responsibility-matrix-report': {
    group: 'Feedback management',
    description: 'Download the company-wide responsibility matrix report',
  },
  // Badges
  'assign-badge': { group: 'Badges', description: 'Assign badges to employees' },
  'add-badge': { group: 'Badges', description: 'Create badges' },
  'update-badge': { group: 'Badges', description: 'Edit badges' },
  'view-badge-management': { group: 'Badges', description: 'Open Badge Control' },
  'view-badges': { group: 'Badges', description: 'See badges and champions, and read and join in the news feed' },
  'approve-badge-requests': { group: 'Badges', description: 'Approve or reject badge requests' },
  // The team level of approving (shared/policy-families.ts 'badge-requests'): team leads.
  'approve-team-badge-requests': {
    group: 'Badges',
    description: 'Approve or reject the badge requests of members of one’s teams',
  },
  'add-contribution': { group: 'Badges', description: 'Submit contributions for a badge' },
  'view-hr-given-badges': { group: 'Badges', description: 'See badges given by HR' },
  // News feed (docs/recognition.md "News feed"): reading, liking, commenting and reporting need view-badges;
  // reported posts are reviewed with flag-feedback.
  'post-announcement': { group: 'News feed', description: 'Post announcements to the news feed' },
  // Tenant settings
  'view-tenant-settings': { group: 'Tenant settings', description: 'See the General, Tenant and Demo data settings' },
  'edit-tenant-settings': { group: 'Tenant settings', description: 'Change tenant settings and demo data' },
  'edit-productivity-settings': { group: 'Tenant settings', description: 'See and change productivity settings' },
  'edit-notification-settings': { group: 'Tenant settings', description: 'See and change notification settings' },
  // Employee profile
  'view-basic-profile': { group: 'Employee profile', description: 'See colleagues’ basic profiles' },
  'view-profile': { group: 'Employee profile', description: 'See one’s own full profile' },
  'view-all-profiles': { group: 'Employee profile', description: 'See every employee’s full profile' },
  'update-profile': { group: 'Employee profile', description: 'Update one’s own profile' },
  'update-all-profiles': { group: 'Employee profile', description: 'Update any employee’s profile' },
  // Employee dashboard
  'view-employee-dashboard': { group: 'Employee dashboard', description: 'Open one’s employee dashboard' },
  'view-employee-dashboard-team-members': {
    group: 'Employee dashboard',
    description: 'Open team members’ employee dashboards',
  },
  'view-employee-dashboard-all-employees': {
    group: 'Employee dashboard',
    description: 'Open every employee’s dashboard',
  },
  'view-employee-dashboard-personal-feedback': {
    group: 'Employee dashboard',
    description: 'Personal feedback section',
  },
  'view-employee-dashboard-task-feedback': { group: 'Employee dashboard', description: 'Task feedback section' },
  'view-employee-dashboard-attendance': { group: 'Employee dashboard', description: 'Attendance section' },
  'view-employee-dashboard-leave': { group: 'Employee dashboard', description: 'Leave section' },
  'view-employee-dashboard-badges': { group: 'Employee dashboard', description: 'Badges section' },
  'view-employee-dashboard-recommendations': { group: 'Employee dashboard', description: 'Recommendations section' },
  'view-employee-dashboard-teams': { group: 'Employee dashboard', description: 'Teams section' },
  'view-employee-dashboard-documents': { group: 'Employee dashboard', description: 'Documents section' },
  // Project dashboard
  'view-project-dashboard': { group: 'Project dashboard', description: 'Open the project dashboard' },
  'view-project-dashboard-all-teams': { group: 'Project dashboard', description: 'Project dashboard for all teams' },
  // HR dashboard
  'view-hr-dashboard-company': { group: 'HR dashboard', description: 'Company view of the HR dashboard' },
  'view-hr-dashboard-team': { group: 'HR dashboard', description: 'Team view of the HR dashboard' },
  // Attendance
  'view-attendance': { group: 'Attendance', description: 'See one’s own attendance' },
  'view-all-attendance': { group: 'Attendance', description: 'See every employee’s attendance' },
  'view-team-attendance': { group: 'Attendance', description: 'See team members’ attendance' },
  'edit-attendance': { group: 'Attendance', description: 'Add and edit one’s own attendance (within the limit)' },
  'edit-all-attendance': { group: 'Attendance', description: 'Add and edit anyone’s attendance' },
  'edit-team-attendance': { group: 'Attendance', description: 'Add and edit team members’ attendance' },
  'view-leave-calendar': { group: 'Attendance', description: 'See the leave calendar of one’s teams' },
  'view-all-leave-calendar': { group: 'Attendance', description: 'See the leave calendar of every team' },
  'view-productivity-dashboard': { group: 'Attendance', description: 'Open the productivity dashboard' },
  'view-productivity-all-teams': { group: 'Attendance', description: 'Productivity figures of every team' },
  // Attendance reporting
  'download-company-summary': { group: 'Attendance reporting', description: 'Download the company summary' },
  'download-leave-report': { group: 'Attendance reporting', description: 'Download the leave report' },
  'download-employee-summary': { group: 'Attendance reporting', description: 'Download the employee summary' },
  // Leave
  'view-leave-management': { group: 'Leave', description: 'See leave types, rules and the Leaves settings' },
  'add-leave-type': { group: 'Leave', description: 'Add leave types and rules' },
  'edit-leave-type': { group: 'Leave', description: 'Edit leave types and rules' },
  'update-leave-type-status': { group: 'Leave', description: 'Activate or deactivate leave types' },
  'request-leave': { group: 'Leave', description: 'Request leave for oneself' },
  'approve-leave': { group: 'Leave', description: 'Approve, reject or cancel leave requests one is approver of' },
  'view-leave-requests': { group: 'Leave', description: 'See one’s own leave requests' },
  'view-all-leave-requests': { group: 'Leave', description: 'See every leave request' },
  'view-team-member-leave-requests': { group: 'Leave', description: 'See team members’ leave requests' },
  'view-all-employee-leave-requests': { group: 'Leave', description: 'See any employee’s leave details' },
  'setup-leave-integration': { group: 'Leave', description: 'Configure auto leaves and leave integrations' },
  // Public holidays
  'view-public-holidays': { group: 'Public holidays', description: 'See public holidays and the Holidays settings' },
  'add-public-holiday': { group: 'Public holidays', description: 'Add public holidays' },
  'edit-public-holiday': { group: 'Public holidays', description: 'Edit public holidays' },
  'update-public-holiday-status': { group: 'Public holidays', description: 'Activate or deactivate holidays' },
  // Biometric devices
  'view-biometric-management': { group: 'Biometric devices', description: 'Open Biometric Devices' },
  'connect-biometric-device': { group: 'Biometric devices', description: 'Add and test biometric devices' },
  'edit-biometric-device': { group: 'Biometric devices', description: 'Edit biometric devices and user mappings' },
  'update-biometric-device-status': { group: 'Biometric devices', description: 'Activate or deactivate devices' },
  'setup-biometric-integration': { group: 'Biometric devices', description: 'Configure ADMS and integrations' },
} as const satisfies Record<string, Entry>;

export type PermissionName = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

export const ACTIVITIES = {
  give_badge: 'Give badges from the badges page',
  give_contribution: 'Submit contributions',
  give_task_feedback: 'Give task feedback from quick actions',
  give_personal_feedback: 'Give personal feedback from quick actions',
  recommendations: 'Recommend colleagues for badges',
  team_members: 'See the team members panel',
  view_employee_dashboard_badges: 'Badges card on the employee dashboard',
  view_employee_dashboard_teams: 'Teams card on the employee dashboard',
  view_employee_dashboard_recommendations: 'Recommendations card on the employee dashboard',
  view_current_attendance: 'Today’s attendance card with check-in and check-out',
  add_manual_attendance: 'Add attendance manually',
  view_team_attendance_average: 'Team attendance average card',
  view_team_wfo_percentage: 'Team work-from-office percentage card',
  non_billing_days: 'Non-billing days card',
  add_leave_request: 'Request leave from quick actions',
  pending_approval: 'Pending leave approvals panel',
  auto_leaves_config: 'Auto leaves configuration',
  add_biometric_device: 'Add biometric devices',
  setup_biotime_integration: 'Set up the BioTime integration',
} as const satisfies Record<string, string>;

export type ActivityKey = keyof typeof ACTIVITIES;
export const ACTIVITY_KEYS = Object.keys(ACTIVITIES) as ActivityKey[];

/**
 * The activity keys the server acts on (the badges pages: peer recognition, contributions,
 * recommendations). The others only open screens. Handing one of these out is a grant, like a permission:
 * only someone holding it may add it to a role, take it away or give a role that has it
 * (docs/security.md "Grants").
 */
export const ACTING_ACTIVITIES: ReadonlySet<string> = new Set<ActivityKey>([
  'give_badge',
  'give_contribution',
  'recommendations',
]);

export function isPermissionName(value: string): value is PermissionName {
  return Object.hasOwn(PERMISSIONS, value);
}

export function isActivityKey(value: string): value is ActivityKey {
  return Object.hasOwn(ACTIVITIES, value);
}
