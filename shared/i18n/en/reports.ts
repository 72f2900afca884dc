/**
 * English texts: the CSV reports (namespace `reports`): column headers, total rows and yes/no cells, in the
 * caller's language (server/src/modules/productivity/reports.ts, docs/i18n.md). Leave statuses and kinds
 * are the `leave` and `settings` namespaces' labels; numbers, dates and instants stay in exchange formats.
 */
export const reports = {
  header: {
    team: 'Team',
    employees: 'Employees',
    workingDays: 'Working days',
    presentDays: 'Present days',
    leaveDays: 'Leave days',
    absentDays: 'Absent days',
    attendancePercentage: 'Attendance %',
    hoursWorked: 'Hours worked',
    expectedHours: 'Expected hours',
    wfoDays: 'WFO days',
    wfoPercentage: 'WFO %',
    wfoRequired: 'WFO required %',
    employeeId: 'Employee ID',
    name: 'Name',
    email: 'E-mail',
    teams: 'Teams',
    meetsWfo: 'Meets WFO requirement',
    leaveType: 'Leave type',
    kind: 'Kind',
    startDate: 'Start date',
    endDate: 'End date',
    status: 'Status',
    automatic: 'Automatic',
    reason: 'Reason',
    requestedAt: 'Requested at',
  },
  total: {
    team: 'Team total',
    company: 'Company total',
  },
  yes: 'yes',
  no: 'no',
};
