/**
 * Productivity dashboards (the overview, the per-employee attendance table, team statistics, the teams to
 * pick; also Home's team cards) and the CSV reports, which arrive as a download.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { productivityEndpoints as ep } from '../../../../shared/endpoints/productivity';
import { reportFileName, type ProductivityOrderKey, type ReportName } from '../../../../shared/contracts/productivity';
import { toPageSize, type ListQuery } from '../../../../shared/contracts/common';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

/** The dashboard's range and team (every team the caller may see without one). */
export type RangeFilter = { startDate: string; endDate: string; teamId?: number | undefined };

export const productivityKeys = {
  all: ['productivity'] as const,
  teams: ['productivity', 'teams'] as const,
  overview: (f: RangeFilter) => ['productivity', 'overview', f] as const,
  attendance: (f: RangeFilter) => ['productivity', 'attendance', f] as const,
  teamStats: (kind: 'attendance' | 'wfo', f: RangeFilter) => ['productivity', 'team-stats', kind, f] as const,
};

export const useProductivityTeams = () => useEndpointQuery(productivityKeys.teams, ep.listProductivityTeams, {});

/** The overview's totals and series; the previous answer stays while another range loads (`keepPrevious`). */
export const useProductivityOverview = (filter: RangeFilter, options: { keepPrevious?: boolean } = {}) =>
  useEndpointQuery(
    productivityKeys.overview(filter),
    ep.getProductivityOverview,
    { query: filter },
    { ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}) },
  );

/** The fetcher of the per-employee attendance table (the table keeps its pages under its own key). */
export function productivityAttendanceFetcher(filter: RangeFilter) {
  return (params: ListQuery, signal?: AbortSignal) =>
    call(
      ep.listProductivityAttendance,
      {
        query: {
          ...filter,
          ...params,
          // The table offers only the contract's sort keys and page sizes.
          orderKey: params.orderKey as ProductivityOrderKey,
          pageSize: toPageSize(params.pageSize),
        },
      },
      { signal },
    );
}

type TeamStatsQuery = RequestOf<typeof ep.getTeamAttendanceStats>['query'];

/** Team statistics, 50 rows at a time ("Show more" loads the next page). */
function useTeamStats<P extends { items: unknown[]; total: number }>(
  kind: 'attendance' | 'wfo',
  filter: RangeFilter,
  fetchPage: (query: TeamStatsQuery, signal: AbortSignal) => Promise<P>,
) {
  return useInfiniteQuery({
    queryKey: productivityKeys.teamStats(kind, filter),
    queryFn: ({ pageParam, signal }) => fetchPage({ ...filter, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
  });
}

export function useTeamAttendanceStats(filter: RangeFilter) {
  return useTeamStats('attendance', filter, (query, signal) => call(ep.getTeamAttendanceStats, { query }, { signal }));
}

export function useTeamWfoStats(filter: RangeFilter) {
  return useTeamStats('wfo', filter, (query, signal) => call(ep.getTeamWfoStats, { query }, { signal }));
}

const REPORT_ENDPOINTS = {
  'company-summary': ep.downloadCompanySummary,
  'employee-summary': ep.downloadEmployeeSummary,
  'leave-report': ep.downloadLeaveReport,
} as const;

/** A report's CSV as a Blob (the typed client reads a file endpoint's error back into JSON). */
function fetchReport(report: ReportName, filter: RangeFilter): Promise<Blob> {
  return call(REPORT_ENDPOINTS[report], { query: filter });
}

/** Hands a file to the browser as a download (the desktop shell turns it into a save dialog). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the click start the download before the object URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Downloads a report over the filter's range and team. Fetched with the session's token: a plain link
 * cannot carry the Bearer token. A failure's toast names the report, so it is said here per call.
 */
export function useDownloadReport(filter: RangeFilter) {
  const { t } = useTranslation('productivity');
  const notify = useNotify();
  const mutation = useApiMutation({
    mutationFn: async (report: ReportName) =>
      saveFile(await fetchReport(report, filter), reportFileName(report, filter.startDate, filter.endDate)),
    invalidates: [],
    success: (_, report) => t('reports.downloaded', { report: t(`reports.names.${report}`) }),
  });
  return {
    isPending: mutation.isPending,
    download: (report: ReportName) =>
      mutation.mutate(report, {
        onError: (error) =>
          notify.error(t('reports.notDownloaded', { report: t(`reports.names.${report}`) }), errorMessage(error)),
      }),
  };
}
