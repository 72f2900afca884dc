/**
 * Attendance and breaks: today's card and its actions (one's own, with view-attendance), the day, month,
 * past-months and statistics views and manual edits of one's own, a team member's or anyone's attendance.
 * The lists of three permissions are the policy module's attendance families (own, team, all): any one
 * lets the caller in, and the server then narrows whose attendance they reach.
 */
import {
  attendanceEmployeesResponseSchema,
  attendanceSchema,
  auditResponseSchema,
  breakBodySchema,
  breakEndResponseSchema,
  checkInBodySchema,
  correctionBodySchema,
  createAttendanceBodySchema,
  dayQuerySchema,
  dayResponseSchema,
  monthQuerySchema,
  monthResponseSchema,
  pastMonthsQuerySchema,
  pastMonthsResponseSchema,
  statsQuerySchema,
  statsResponseSchema,
  todayResponseSchema,
  updateAttendanceBodySchema,
  updateBreakBodySchema,
} from '../contracts/attendance.js';
import { emptyResponseSchema, idParamsSchema } from '../contracts/common.js';
import { familyAccess } from '../policy-families.js';
import { endpoint } from './define.js';

const VIEW = familyAccess('attendance-view');
const EDIT = familyAccess('attendance-edit');
const HISTORY = familyAccess('attendance-history');

export const attendanceEndpoints = {
  getAttendanceToday: endpoint({
    method: 'GET',
    path: '/api/attendance/today',
    access: 'view-attendance',
    summary: 'Today’s attendance of the caller',
    response: todayResponseSchema,
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/api/attendance/check-in',
    access: 'view-attendance',
    summary: 'Check in now (web or desktop)',
    body: checkInBodySchema,
    response: todayResponseSchema,
  }),
  checkOut: endpoint({
    method: 'POST',
    path: '/api/attendance/check-out',
    access: 'view-attendance',
    summary: 'Check out now (a running break ends with it)',
    description:
      'A running break ends with the day, or is cancelled when still in its first minute (breakCancelled). ' +
      'The check-out can be undone for CHECK_OUT_UNDO_MINUTES minutes (POST /api/attendance/check-out/undo).',
    response: breakEndResponseSchema,
  }),
  undoCheckOut: endpoint({
    method: 'POST',
    path: '/api/attendance/check-out/undo',
    access: 'view-attendance',
    summary: 'Undo the caller’s own check-out of today within 5 minutes, reopening the day as it was',
    description:
      'Only the caller’s check-out made on today’s card (web, desktop), within 5 minutes of it ' +
      '(409 CHECK_OUT_UNDO_EXPIRED after) and with no change to the day since (409 CHECK_OUT_UNDO_CHANGED); ' +
      'the break it ended runs again. Without such a check-out: 409 CHECK_OUT_UNDO_UNAVAILABLE.',
    response: todayResponseSchema,
  }),
  startBreak: endpoint({
    method: 'POST',
    path: '/api/attendance/break/start',
    access: 'view-attendance',
    summary: 'Start a break now',
    response: todayResponseSchema,
  }),
  endBreak: endpoint({
    method: 'POST',
    path: '/api/attendance/break/end',
    access: 'view-attendance',
    summary: 'End the running break now',
    description:
      'A break in its first minute is cancelled instead (not recorded; breakCancelled is true), since a break ' +
      'lasts at least 1 minute.',
    response: breakEndResponseSchema,
  }),
  listAttendanceEmployees: endpoint({
    method: 'GET',
    path: '/api/attendance/employees',
    access: VIEW,
    summary: 'Employees whose attendance the caller may see (for the month view’s picker)',
    description:
      'Everyone in the tenant with view-all-attendance; with view-team-attendance the caller and the ' +
      'employees who share a team with them; otherwise only the caller.',
    response: attendanceEmployeesResponseSchema,
  }),
  getAttendanceDay: endpoint({
    method: 'GET',
    path: '/api/attendance/day',
    access: VIEW,
    summary: 'An employee’s attendance on a day',
    query: dayQuerySchema,
    response: dayResponseSchema,
  }),
  getAttendanceMonth: endpoint({
    method: 'GET',
    path: '/api/attendance/month',
    access: VIEW,
    summary: 'Every day of a month with attendance, breaks and weekends',
    query: monthQuerySchema,
    response: monthResponseSchema,
  }),
  getAttendancePastMonths: endpoint({
    method: 'GET',
    path: '/api/attendance/past-months',
    access: VIEW,
    summary: 'Totals of the current and the two previous months',
    query: pastMonthsQuerySchema,
    response: pastMonthsResponseSchema,
  }),
  getAttendanceStats: endpoint({
    method: 'GET',
    path: '/api/attendance/stats',
    access: VIEW,
    summary: 'Hours statistics over a date range',
    query: statsQuerySchema,
    response: statsResponseSchema,
  }),
  createAttendance: endpoint({
    method: 'POST',
    path: '/api/attendance',
    access: EDIT,
    summary: 'Add an attendance by hand (own within the edit limit, team, or anyone)',
    body: createAttendanceBodySchema,
    status: 201,
    response: attendanceSchema,
  }),
  updateAttendance: endpoint({
    method: 'PATCH',
    path: '/api/attendance/:id',
    access: EDIT,
    summary: 'Change check-in, check-out or the WFO flag',
    description:
      'Device punches are never changed (409 DEVICE_PUNCH_READ_ONLY): correct them instead. The WFO flag ' +
      'changes only with team or company reach over the employee (403 WFO_NEEDS_EVIDENCE).',
    params: idParamsSchema,
    body: updateAttendanceBodySchema,
    response: attendanceSchema,
  }),
  deleteAttendance: endpoint({
    method: 'DELETE',
    path: '/api/attendance/:id',
    access: EDIT,
    summary: 'Delete an attendance and its breaks (kept in the audit trail)',
    description:
      'Device punches are never deleted (409 DEVICE_PUNCH_READ_ONLY). Deleting a correction brings its punch back.',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  correctAttendance: endpoint({
    method: 'POST',
    path: '/api/attendance/:id/corrections',
    access: EDIT,
    summary: 'Correct a device punch: a new attendance with a reason stands in for it, the punch stays as it was',
    description:
      'Only device punches (409 NOT_A_DEVICE_PUNCH), once (409 ALREADY_CORRECTED: edit the correction), on the ' +
      'punch’s day (CORRECTION_OTHER_DAY), with the attendance rules and, for one’s own days, the edit limit. ' +
      'The correction is a manual attendance keeping the punch’s WFO flag unless a team or company editor sets it.',
    params: idParamsSchema,
    body: correctionBodySchema,
    status: 201,
    response: attendanceSchema,
  }),
  addAttendanceBreak: endpoint({
    method: 'POST',
    path: '/api/attendance/:id/breaks',
    access: EDIT,
    summary: 'Add a break to an attendance (not to a device punch: correct it)',
    params: idParamsSchema,
    body: breakBodySchema,
    status: 201,
    response: attendanceSchema,
  }),
  updateAttendanceBreak: endpoint({
    method: 'PATCH',
    path: '/api/breaks/:id',
    access: EDIT,
    summary: 'Change a break',
    params: idParamsSchema,
    body: updateBreakBodySchema,
    response: attendanceSchema,
  }),
  deleteAttendanceBreak: endpoint({
    method: 'DELETE',
    path: '/api/breaks/:id',
    access: EDIT,
    summary: 'Delete a break',
    params: idParamsSchema,
    response: attendanceSchema,
  }),
  listAttendanceAudit: endpoint({
    method: 'GET',
    path: '/api/attendance/:id/audit',
    access: HISTORY,
    summary: 'Who changed an attendance and its breaks, when, and what the values were',
    description:
      'With view-all-attendance or edit-all-attendance any employee’s; with edit-team-attendance the days of ' +
      'employees who share a team with the caller, not the caller’s own (the policy family attendance-history).',
    params: idParamsSchema,
    response: auditResponseSchema,
  }),
};
