/**
 * Function Setup: functions and their members (docs/feedback.md, "Functions"). Without
 * view-all-functions a caller reaches only the functions they belong to, for reading and for changes.
 */
import { idParamsSchema } from '../contracts/common.js';
import {
  functionBodySchema,
  functionCountsSchema,
  functionListQuerySchema,
  functionListSchema,
  functionMembersBodySchema,
  functionReportSchema,
  functionSchema,
  functionStatusBodySchema,
} from '../contracts/functions.js';
import { endpoint } from './define.js';

const SCOPE = ' Without view-all-functions, only the functions the caller belongs to (another one answers 404).';

export const functionEndpoints = {
  listFunctions: endpoint({
    method: 'GET',
    path: '/api/functions',
    access: 'view-functions',
    summary: 'Functions with their members: search (name, description), sort (default updatedAt desc), page',
    description: `Demo functions are left out when the company has switched demo data off.${SCOPE}`,
    query: functionListQuerySchema,
    response: functionListSchema,
  }),
  getFunctionCounts: endpoint({
    method: 'GET',
    path: '/api/functions/counts',
    access: 'view-functions',
    summary: 'How many functions: total, active and inactive',
    description: `Demo functions are left out when the company has switched demo data off.${SCOPE}`,
    response: functionCountsSchema,
  }),
  downloadFunctionReport: endpoint({
    method: 'GET',
    path: '/api/functions/report',
    access: 'download-functions',
    summary: 'Download the functions and their members as CSV',
    description: `One row per function: name, description, status, member count, members, last change.${SCOPE}`,
    produces: 'text/csv',
    response: functionReportSchema,
  }),
  createFunction: endpoint({
    method: 'POST',
    path: '/api/functions',
    access: 'add-function',
    summary: 'Add a function (active, no members); its name is unique in the company whatever the case',
    body: functionBodySchema,
    status: 201,
    response: functionSchema,
  }),
  updateFunction: endpoint({
    method: 'PATCH',
    path: '/api/functions/:id',
    access: 'edit-function',
    summary: 'Rename or describe a function',
    description: SCOPE.trim(),
    params: idParamsSchema,
    body: functionBodySchema.partial(),
    response: functionSchema,
  }),
  setFunctionStatus: endpoint({
    method: 'PUT',
    path: '/api/functions/:id/status',
    access: 'edit-function',
    summary: 'Activate or deactivate a function (members stay)',
    description: SCOPE.trim(),
    params: idParamsSchema,
    body: functionStatusBodySchema,
    response: functionSchema,
  }),
  setFunctionMembers: endpoint({
    method: 'PUT',
    path: '/api/functions/:id/members',
    access: 'add-function-members',
    summary: 'Replace the members of a function (an employee may be in several functions)',
    description: SCOPE.trim(),
    params: idParamsSchema,
    body: functionMembersBodySchema,
    response: functionSchema,
  }),
};
