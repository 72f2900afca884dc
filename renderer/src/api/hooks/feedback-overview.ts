/**
 * The feedback Overview (docs/feedback.md "Overview"): figures of a range, the six-month trend, the
 * category and attribute drill-downs, and whom the caller may pick. Keys sit under `feedbackKeys.all`, so
 * giving, editing or deleting feedback refreshes every overview at once.
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { feedbackOverviewEndpoints as ep } from '../../../../shared/endpoints/feedback-overview';
import { useEndpointQuery } from './query';

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
/** A new filter keeps the figures shown until its own arrive. */
const figures = { placeholderData: keepPreviousData, retry };

export const useFeedbackOverview = (filter: OverviewFilter) =>
  useEndpointQuery(overviewKeys.figures(filter), ep.getFeedbackOverview, { query: filter }, figures);

export const useFeedbackTrend = (filter: TrendFilter) =>
  useEndpointQuery(overviewKeys.trend(filter), ep.getFeedbackTrend, { query: filter }, figures);

export const useCategoryOverview = (id: number, filter: OverviewFilter) =>
  useEndpointQuery(
    overviewKeys.category(id, filter),
    ep.getCategoryOverview,
    { params: { id }, query: filter },
    figures,
  );

export const useAttributeOverview = (id: number, filter: OverviewFilter) =>
  useEndpointQuery(
    overviewKeys.attribute(id, filter),
    ep.getAttributeOverview,
    { params: { id }, query: filter },
    figures,
  );

/** Whom the caller may pick (Team Members, Employees, Teams, Functions), matching a search; off when none may be. */
export const useOverviewPeople = (search: string, enabled: boolean) =>
  useEndpointQuery(
    overviewKeys.people(search),
    ep.listOverviewPeople,
    { query: { searchText: search || undefined } },
    { placeholderData: keepPreviousData, staleTime: 30_000, enabled },
  );
