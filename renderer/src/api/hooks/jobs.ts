/** The scheduled jobs' recorded runs (Settings, Jobs). */
import { jobEndpoints as ep } from '../../../../shared/endpoints/jobs';
import { toPageSize, type ListQuery } from '../../../../shared/contracts/common';
import { call } from '../typed';

export const jobKeys = { runs: ['jobs', 'runs'] as const };

/** One page of runs for the data table; the only order is by start, newest first by default. */
export function jobRunsPage(params: ListQuery, signal?: AbortSignal) {
  return call(
    ep.listJobRuns,
    {
      query: {
        page: params.page,
        pageSize: toPageSize(params.pageSize),
        orderKey: 'startedAt',
        orderDir: params.orderDir,
        searchText: params.searchText,
      },
    },
    { signal },
  );
}
