/** The scheduled jobs' recorded runs (server/src/jobs), for administrators. */
import { jobRunListQuerySchema, jobRunListSchema } from '../contracts/jobs.js';
import { endpoint } from './define.js';

export const jobEndpoints = {
  listJobRuns: endpoint({
    method: 'GET',
    path: '/api/jobs/runs',
    access: 'view-tenant-settings',
    summary: "The scheduled jobs' runs for this company, newest first: trigger, outcome, counts, start and end",
    query: jobRunListQuerySchema,
    response: jobRunListSchema,
  }),
};
