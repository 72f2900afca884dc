/** Productivity dashboards and CSV reports (server/src/modules/productivity). */
import axios from 'axios';
import type { ListResponse } from '../../../shared/contracts/common';
import {
  reportFileName,
  type ProductivityEmployeeRow,
  type ProductivityOverview,
  type ProductivityTeams,
  type ReportName,
  type TeamAttendanceStats,
  type TeamWfoStats,
} from '../../../shared/contracts/productivity';
import { api } from './client';
import type { ListQuery as ListParams } from '../../../shared/contracts/common';

export type RangeFilter = { startDate: string; endDate: string; teamId?: number | undefined };

export const productivityApi = {
  teams: (signal?: AbortSignal) => api.get<ProductivityTeams>('/productivity/teams', { signal }).then((r) => r.data),
  overview: (filter: RangeFilter, signal?: AbortSignal) =>
    api.get<ProductivityOverview>('/productivity/overview', { params: filter, signal }).then((r) => r.data),
  attendance: (filter: RangeFilter, params: ListParams, signal?: AbortSignal) =>
    api
      .get<ListResponse<ProductivityEmployeeRow>>('/productivity/attendance', {
        params: { ...filter, ...params, searchText: params.searchText || undefined },
        signal,
      })
      .then((r) => r.data),
  teamAttendanceStats: (filter: RangeFilter, page: number, signal?: AbortSignal) =>
    api
      .get<TeamAttendanceStats>('/productivity/team-attendance-stats', { params: { ...filter, page }, signal })
      .then((r) => r.data),
  teamWfoStats: (filter: RangeFilter, page: number, signal?: AbortSignal) =>
    api.get<TeamWfoStats>('/productivity/team-wfo-stats', { params: { ...filter, page }, signal }).then((r) => r.data),
};

/**
 * Fetches a report with the session's token and hands it to the browser as a download (the desktop shell
 * turns it into a save dialog). A plain link cannot carry the Bearer token.
 */
export async function downloadReport(report: ReportName, filter: RangeFilter): Promise<void> {
  let response;
  try {
    response = await api.get<Blob>(`/reports/${report}`, { params: filter, responseType: 'blob' });
  } catch (error) {
    // Error answers arrive as a Blob too: read them back into the JSON the error helpers expect.
    if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text()) as unknown;
      } catch {
        // Not JSON: the generic message applies.
      }
    }
    throw error;
  }
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = reportFileName(report, filter.startDate, filter.endDate);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the click start the download before the object URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export const productivityKeys = {
  all: ['productivity'] as const,
  teams: ['productivity', 'teams'] as const,
  overview: (f: RangeFilter) => ['productivity', 'overview', f] as const,
  attendance: (f: RangeFilter) => ['productivity', 'attendance', f] as const,
  teamStats: (kind: 'attendance' | 'wfo', f: RangeFilter) => ['productivity', 'team-stats', kind, f] as const,
};
