/** Liveness, for load balancers and for the desktop shell checking that a server URL is a Teambeat API. */
import { healthResponseSchema } from '../contracts/health.js';
import { endpoint } from './define.js';

export const healthEndpoints = {
  checkHealth: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness with the database reachable',
    response: healthResponseSchema,
  }),
};
