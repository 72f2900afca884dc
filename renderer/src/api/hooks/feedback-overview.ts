/**
 * The feedback Overview (docs/feedback.md "Overview"): figures of a range, the six-month trend, the
 * category and attribute drill-downs, and whom the caller may pick. Keys sit under `feedbackKeys.all`, so
 * giving, editing or deleting feedback refreshes every overview at once.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { feedbackOverviewEndpoints as ep } from '../../../../shared/endpoints/feedback-overview';
import { call } from '../typed';

export type OverviewFilter = RequestOf<typeof ep.getFeedbackOverview>['query'];
export type TrendFilter = RequestOf<typeof ep.getFeedbackTrend>['query'];

export const overviewKeys = {
  all: ['feedback', 'overview'] as const,
  figures: (filter: OverviewFilter) => ['feedback', 'overview', 'figures', filter] as const,
  trend: (filter: TrendFilter) => ['feedback', 'overview', 'trend', filter] as const,
  category: (id: number, filter: OverviewFilter) => ['feedback', 'overview', 'category', id, filter] as const,
  attribute: (id: number, filter: OverviewFilter) => ['feedback', 'overview', 'attribute', id, filter] as const,
  people: (search: string) => ['feedback', 'overview', 'people', search] as const,
};

/** Neither a 403 nor a 404 gets better by asking again. */
const retry = (count: number, error: unknown) =>
  count < 2 && !/40[034]/.test(String((error as { response?: { status?: number } }).response?.status));

export function useFeedbackOverview(filter: OverviewFilter) {
  return useQuery({
    queryKey: overviewKeys.figures(filter),
    queryFn: ({ signal }) => call(ep.getFeedbackOverview, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useFeedbackTrend(filter: TrendFilter) {
  return useQuery({
    queryKey: overviewKeys.trend(filter),
    queryFn: ({ signal }) => call(ep.getFeedbackTrend, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useCategoryOverview(id: number, filter: OverviewFilter) {
  return useQuery({
    queryKey: overviewKeys.category(id, filter),
    queryFn: ({ signal }) => call(ep.getCategoryOverview, { params: { id }, query: filter }, { signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useAttributeOverview(id: number, filter: OverviewFilter) {
  return useQuery({
    queryKey: overviewKeys.attribute(id, filter),
    queryFn: ({ signal }) => call(ep.getAttributeOverview, { params: { id }, query: filter }, { signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** Whom the caller may pick (Team Members, Employees, Teams, Functions), matching a search; off when none may be. */
export function useOverviewPeople(search: string, enabled: boolean) {
  return useQuery({
    queryKey: overviewKeys.people(search),
    queryFn: ({ signal }) => call(ep.listOverviewPeople, { query: { searchText: search || undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
