/** English texts of the home page (namespace `home`). */
export const home = {
  welcome: 'Welcome',
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  today: '{{weekday}}, {{date}} · {{company}}',
  yourTeams: 'Your teams',
  noTeam: 'You’re not in a team yet',
  noTeamHint: 'When an administrator adds you to a team, your teammates and their feedback show up here.',
  manage: 'Manage',
  /** What each shortcut card's page is for, by route. */
  descriptions: {
    attendance: 'Check in and out, take breaks, and look back at any day.',
    monthView: 'Your month at a glance: hours, breaks, leave and holidays.',
    employees: 'Add people, keep their details, roles and teams up to date.',
    roles: 'Decide who may do what, and which role newcomers get.',
  },
  teamCards: {
    label: 'Your teams, last {{days}} days',
    team: '{{team}} team',
    loading: 'Loading {{team}}',
    noMembers: 'No active members in this team yet.',
    period: 'Last {{days}} days',
    periodPeople_one: 'Last {{days}} days · {{count}} person',
    periodPeople_other: 'Last {{days}} days · {{count}} people',
    attendanceRate: 'Attendance rate',
    absence_one: '{{absent}} absent · {{count}} leave day',
    absence_other: '{{absent}} absent · {{count}} leave days',
    workFromOffice: 'Work from office',
    required: 'Required {{percent}}',
    hoursWorked: 'Hours worked',
    ofExpected: 'of {{duration}} expected',
    hoursProgress: '{{team}}: hours worked against expected, {{percent}}',
    openDashboard: 'Open the productivity dashboard',
  },
};
