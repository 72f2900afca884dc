/** The administrators' list of job runs (shared/endpoints/jobs.ts). */
import { jobEndpoints } from '../../../shared/endpoints/jobs.js';
import { defineRoutes } from '../http/endpoints.js';
import { jobRunsRepository } from './repository.js';

export const jobRoutes = defineRoutes(jobEndpoints, {
  listJobRuns: (ctx, { query }) => ctx.repo(jobRunsRepository).list(query),
});
