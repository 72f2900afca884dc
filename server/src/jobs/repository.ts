/** Recorded job runs of one tenant (the administrators' list). */
import type { JobRun } from '../../../shared/contracts/jobs.js';
import type { ListQuery } from '../../../shared/contracts/common.js';
import type { Selectable } from 'kysely';
import type { JobRunTable } from '../db/schema.js';
import type { TenantScope } from '../http/context.js';
import { paginate } from '../http/list.js';

export function jobRunView(row: Omit<Selectable<JobRunTable>, 'tenantId' | 'error'>): JobRun {
  let counts: Record<string, number> = {};
  try {
    counts = JSON.parse(row.counts) as Record<string, number>;
  } catch {
    // A corrupt record shows no counts rather than failing the list.
  }
  return {
    id: row.id,
    job: row.job,
    trigger: row.trigger,
    outcome: row.outcome,
    counts,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

export function jobRunsRepository({ db, tenantId }: TenantScope) {
  return {
    async list(query: ListQuery<'startedAt'> & { job?: string | undefined }) {
      let base = db
        .selectFrom('jobRuns')
        .select(['id', 'job', 'trigger', 'outcome', 'counts', 'startedAt', 'finishedAt'])
        .where('tenantId', '=', tenantId);
      if (query.job) base = base.where('job', '=', query.job);
      const page = await paginate(base, query, {
        orderBy: { startedAt: { ref: 'startedAt' } },
        search: ['job'],
        tieBreaker: 'id',
      });
      return { items: page.items.map(jobRunView), total: page.total };
    },
  };
}
