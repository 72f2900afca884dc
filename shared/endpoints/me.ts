/** The signed-in employee: who they are, what their roles allow, and their tenant's public settings. */
import { meResponseSchema } from '../contracts/tenant.js';
import { endpoint } from './define.js';

export const meEndpoints = {
  getMe: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'signed-in',
    summary: 'The signed-in employee, what their roles allow, and the tenant’s public settings',
    response: meResponseSchema,
  }),
};
