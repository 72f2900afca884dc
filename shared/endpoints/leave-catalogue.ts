/**
 * Leave types and public holidays (the Leaves and Holidays settings tabs, and the request dialog, which
 * counts working days without holidays). The example module of the endpoint map: see docs/architecture.md.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  holidayBodySchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidaySchema,
  leaveTypeBodySchema,
  leaveTypeListSchema,
  leaveTypeSchema,
  statusBodySchema,
  updateLeaveTypeBodySchema,
} from '../contracts/leave.js';
import { endpoint } from './define.js';

export const leaveCatalogueEndpoints = {
  listLeaveTypes: endpoint({
    method: 'GET',
    path: '/api/leave-types',
    access: ['request-leave', 'view-leave-management'],
    summary: 'Leave types with kind, icon, yearly quota and rules',
    response: leaveTypeListSchema,
  }),
  createLeaveType: endpoint({
    method: 'POST',
    path: '/api/leave-types',
    access: 'add-leave-type',
    summary: 'Add a leave type with its rules (notice, past days, days per request; defaults: none)',
    body: leaveTypeBodySchema,
    status: 201,
    response: leaveTypeSchema,
  }),
  updateLeaveType: endpoint({
    method: 'PATCH',
    path: '/api/leave-types/:id',
    access: 'edit-leave-type',
    summary: 'Change a leave type and its rules (its kind is fixed once created)',
    params: idParamsSchema,
    body: updateLeaveTypeBodySchema,
    response: leaveTypeSchema,
  }),
  setLeaveTypeStatus: endpoint({
    method: 'PUT',
    path: '/api/leave-types/:id/status',
    access: 'update-leave-type-status',
    summary: 'Activate or deactivate a leave type',
    params: idParamsSchema,
    body: statusBodySchema,
    response: leaveTypeSchema,
  }),
  listHolidays: endpoint({
    method: 'GET',
    path: '/api/holidays',
    // Whoever may request leave reads them too: the request dialog counts working days without them.
    access: ['view-public-holidays', 'request-leave'],
    summary: 'Public holidays of a year (for the Holidays settings, and for counting working days of a request)',
    query: holidayListQuerySchema,
    response: holidayListSchema,
  }),
  createHoliday: endpoint({
    method: 'POST',
    path: '/api/holidays',
    access: 'add-public-holiday',
    summary: 'Add a public holiday',
    body: holidayBodySchema,
    status: 201,
    response: holidaySchema,
  }),
  updateHoliday: endpoint({
    method: 'PATCH',
    path: '/api/holidays/:id',
    access: 'edit-public-holiday',
    summary: 'Change a public holiday',
    params: idParamsSchema,
    body: holidayBodySchema.partial(),
    response: holidaySchema,
  }),
  setHolidayStatus: endpoint({
    method: 'PUT',
    path: '/api/holidays/:id/status',
    access: 'update-public-holiday-status',
    summary: 'Activate or deactivate a public holiday',
    params: idParamsSchema,
    body: statusBodySchema,
    response: holidaySchema,
  }),
};
