/**
 * Leave requests and approvals, balances, approvers, the leave calendar, the leave rules and the auto-leave
 * setup (leave types and holidays are in leave-catalogue.ts). One group per route module of the server's
 * leave folder; `leaveEndpoints` joins them for the endpoint map.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  approversQuerySchema,
  approversSchema,
  autoLeavesConfigBodySchema,
  autoLeavesConfigSchema,
  autoLeavesRunSchema,
  createLeaveRequestBodySchema,
  leaveActionBodySchema,
  leaveCalendarQuerySchema,
  leaveCalendarSchema,
  leaveDetailsQuerySchema,
  leaveDetailsSchema,
  leaveEmployeesSchema,
  leaveRequestListQuerySchema,
  leaveRequestListSchema,
  leaveRequestSchema,
  leaveRulesSchema,
  leaveSettingsSchema,
  pendingApprovalsQuerySchema,
  updateLeaveRequestBodySchema,
} from '../contracts/leave.js';
import { familyAccess } from '../policy-families.js';
import { endpoint } from './define.js';

/**
 * Whoever reads some employee's leave: their own, their team's, or everyone's. The handler narrows the
 * scope to the employee asked for (the policy module's 'leave-read' family).
 */
const LEAVE_READ_ACCESS = familyAccess('leave-read');

export const leaveRequestEndpoints = {
  createLeaveRequest: endpoint({
    method: 'POST',
    path: '/api/leave-requests',
    access: 'request-leave',
    summary: "Request leave (dates, weekend, year, the type's rules, overlap and quota apply)",
    body: createLeaveRequestBodySchema,
    status: 201,
    response: leaveRequestSchema,
  }),
  listLeaveRequests: endpoint({
    method: 'GET',
    path: '/api/leave-requests',
    access: LEAVE_READ_ACCESS,
    summary: 'An employee’s leave requests, newest first, pages of 20',
    query: leaveRequestListQuerySchema,
    response: leaveRequestListSchema,
  }),
  listPendingLeaveRequests: endpoint({
    method: 'GET',
    path: '/api/leave-requests/pending',
    access: 'approve-leave',
    summary: 'Requests waiting for the caller’s decision, pages of 20',
    query: pendingApprovalsQuerySchema,
    response: leaveRequestListSchema,
  }),
  getLeaveRequest: endpoint({
    method: 'GET',
    path: '/api/leave-requests/:id',
    access: [...LEAVE_READ_ACCESS, 'approve-leave'],
    summary: 'One leave request with its history',
    params: idParamsSchema,
    response: leaveRequestSchema,
  }),
  actOnLeaveRequest: endpoint({
    method: 'POST',
    path: '/api/leave-requests/:id/actions',
    access: ['request-leave', 'approve-leave'],
    summary:
      'Act on a request: 1 approve, 2 reject, 3 cancel (or ask to cancel an approved leave), 4 approve cancellation, 5 reject cancellation, 6 previous (HR sends it back to the team lead / PO), 7 escalate (the team lead / PO passes it to HR); a reason is required',
    description:
      'The transitions are those of docs/leave-workflow.md. A change that races another change of the same ' +
      'request (two approvers, or an edit) answers 409 LEAVE_CHANGED_MEANWHILE and changes nothing.',
    params: idParamsSchema,
    body: leaveActionBodySchema,
    response: leaveRequestSchema,
  }),
  updateLeaveRequest: endpoint({
    method: 'PUT',
    path: '/api/leave-requests/:id',
    access: 'request-leave',
    summary: 'Edit one’s own pending request (type, dates, reason): every rule of a new request applies again',
    description:
      'Only the requester, only while the request waits for approval (1, 3 or 10). The request goes back to ' +
      'its first stage (a PO approval no longer counts) and its history records the edit (action 8). 409 ' +
      'LEAVE_CHANGED_MEANWHILE when an approver acted meanwhile.',
    params: idParamsSchema,
    body: updateLeaveRequestBodySchema,
    response: leaveRequestSchema,
  }),
  listLeaveEmployees: endpoint({
    method: 'GET',
    path: '/api/leave/employees',
    access: LEAVE_READ_ACCESS,
    summary: 'Employees whose leave the caller may open (the Leave page’s picker)',
    description:
      'Everyone with view-all-leave-requests or view-all-employee-leave-requests; with ' +
      'view-team-member-leave-requests the caller and who shares a team with them; otherwise only the caller.',
    response: leaveEmployeesSchema,
  }),
  getLeaveDetails: endpoint({
    method: 'GET',
    path: '/api/leave/details',
    access: LEAVE_READ_ACCESS,
    summary: 'An employee’s leave balance this year, per type, with absents',
    query: leaveDetailsQuerySchema,
    response: leaveDetailsSchema,
  }),
  getLeaveApprovers: endpoint({
    method: 'GET',
    path: '/api/leave/approvers',
    access: ['request-leave', 'approve-leave'],
    summary: 'Who approves an employee’s leave: PO stage, then HR',
    query: approversQuerySchema,
    response: approversSchema,
  }),
};

export const leaveCalendarEndpoints = {
  getLeaveCalendar: endpoint({
    method: 'GET',
    path: '/api/leave/calendar',
    access: ['view-leave-calendar', 'view-all-leave-calendar'],
    summary: 'Leave of a team (or of everyone the caller may see) between two dates, with its people and holidays',
    query: leaveCalendarQuerySchema,
    response: leaveCalendarSchema,
  }),
};

export const leaveRulesEndpoints = {
  getLeaveRules: endpoint({
    method: 'GET',
    path: '/api/leave/rules',
    // Whoever may ask for leave reads the rules they must meet; whoever manages leave types reads them too.
    access: ['request-leave', 'view-leave-management'],
    summary: 'Leave rules: the fixed rules of every request and each active leave type’s own rules',
    description:
      'Fixed: no start or end on a weekend day, both dates in the current year, at least one working day, no ' +
      'overlap with a standing request, the yearly quota for quota kinds and the days earned for compensatory ' +
      'ones, a reason for the ' +
      'request and for every action, approval by the PO (when there is one) and then HR. Per type: ' +
      'minimum notice in calendar days, whether past days may be requested, working days per request.',
    response: leaveRulesSchema,
  }),
};

export const leaveSettingsEndpoints = {
  getLeaveSettings: endpoint({
    method: 'GET',
    path: '/api/leave/settings',
    access: 'edit-leave-type',
    summary: 'The Leaves tab’s booking settings: from which month requests may fall in the next year',
    response: leaveSettingsSchema,
  }),
  updateLeaveSettings: endpoint({
    method: 'PUT',
    path: '/api/leave/settings',
    access: 'edit-leave-type',
    summary: 'Set the booking settings: leaveNextYearFromMonth null (current year only, the default) or 1-12',
    description:
      'From the chosen month of the year on, a request may also fall in the next year; it spends next year’s ' +
      'quota and may not span the year end (LEAVE_SPANS_YEAR_END). Requests already made are not changed.',
    body: leaveSettingsSchema,
    response: leaveSettingsSchema,
  }),
};

export const autoLeavesEndpoints = {
  getAutoLeavesConfig: endpoint({
    method: 'GET',
    path: '/api/leave/auto-leaves-config',
    access: 'setup-leave-integration',
    summary: 'The auto-leave configuration',
    response: autoLeavesConfigSchema,
  }),
  setAutoLeavesConfig: endpoint({
    method: 'PUT',
    path: '/api/leave/auto-leaves-config',
    access: 'setup-leave-integration',
    summary:
      'Configure auto leaves: first type while its allowance lasts (quota, or days earned for compensatory), then the second; enabling needs an unpaid leave type',
    body: autoLeavesConfigBodySchema,
    response: autoLeavesConfigSchema,
  }),
  runLeaveJobs: endpoint({
    method: 'POST',
    path: '/api/leave/auto-leaves/run',
    access: 'setup-leave-integration',
    summary:
      'Run the leave jobs for this company now, as the hourly schedule does: auto reject, auto cancel, auto leaves',
    description:
      'Idempotent: a day is marked once and a request is moved once, however often it runs. Auto leaves are created only while they are enabled. The run goes through the job runner: it is recorded (Settings, Jobs), and answers 409 JOB_RUNNING while the same jobs run already, on the schedule or for another request.',
    response: autoLeavesRunSchema,
  }),
};

/** Every endpoint of this file, for the endpoint map. */
export const leaveEndpoints = {
  ...leaveRequestEndpoints,
  ...leaveCalendarEndpoints,
  ...leaveRulesEndpoints,
  ...leaveSettingsEndpoints,
  ...autoLeavesEndpoints,
};
