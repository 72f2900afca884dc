/**
 * Home widgets (docs/recognition.md "Home"): the home leaderboard, one's streak and frequency, hashtags and
 * their search, top attributes, the employee and team rankings (pages of 20, appended), and one's team's
 * share of its target. Keys sit under the feedback keys, so giving, editing or deleting feedback refreshes
 * every widget at once.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { homeEndpoints as ep } from '../../../../shared/endpoints/home';
import { HOME_PAGE_SIZE, hashtagSearchText, type RankingType } from '../../../../shared/home';
import { call } from '../typed';

export const homeKeys = {
  all: ['feedback', 'home'] as const,
  leaderboard: ['feedback', 'home', 'leaderboard'] as const,
  streak: ['feedback', 'home', 'streak'] as const,
  frequency: ['feedback', 'home', 'frequency'] as const,
  hashtags: ['feedback', 'home', 'hashtags'] as const,
  hashtagSearch: (prefix: string) => ['feedback', 'home', 'hashtags', 'search', prefix] as const,
  topAttributes: ['feedback', 'home', 'top-attributes'] as const,
  employeeRanking: (type: RankingType) => ['feedback', 'home', 'employee-ranking', type] as const,
  teamRanking: ['feedback', 'home', 'team-ranking'] as const,
  teamPercentage: ['feedback', 'home', 'team-percentage'] as const,
};

/** A page list has more when its last page came back full (spec §4: 20 for these lists). */
const nextPage = (last: { items: unknown[] }, pages: unknown[]) =>
  last.items.length === HOME_PAGE_SIZE ? pages.length + 1 : undefined;

export function useHomeLeaderboard() {
  return useQuery({
    queryKey: homeKeys.leaderboard,
    queryFn: ({ signal }) => call(ep.getHomeLeaderboard, {}, { signal }),
  });
}

export function useGivingStreak() {
  return useQuery({
    queryKey: homeKeys.streak,
    queryFn: ({ signal }) => call(ep.getGivingStreak, {}, { signal }),
  });
}

export function useGivingFrequency() {
  return useQuery({
    queryKey: homeKeys.frequency,
    queryFn: ({ signal }) => call(ep.getGivingFrequency, {}, { signal }),
  });
}

export function useTopHashtags() {
  return useQuery({
    queryKey: homeKeys.hashtags,
    queryFn: ({ signal }) => call(ep.listTopHashtags, {}, { signal }),
  });
}

/**
 * Hashtags starting with the text typed. An empty text (or only `#`) asks nothing and holds no results:
 * the spec's "search with an empty string clears the list without a call".
 */
export function useHashtagSearch(text: string) {
  const prefix = hashtagSearchText(text);
  return useQuery({
    queryKey: homeKeys.hashtagSearch(prefix),
    queryFn: ({ signal }) => call(ep.searchHashtags, { query: { q: prefix } }, { signal }),
    enabled: prefix !== '',
    placeholderData: (previous) => (prefix === '' ? undefined : previous),
  });
}

export function useTopAttributes() {
  return useInfiniteQuery({
    queryKey: homeKeys.topAttributes,
    queryFn: ({ pageParam, signal }) => call(ep.listTopAttributes, { query: { page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** People ranked by feedback given (the spec's default) or received. */
export function useEmployeeRanking(type: RankingType) {
  return useInfiniteQuery({
    queryKey: homeKeys.employeeRanking(type),
    queryFn: ({ pageParam, signal }) => call(ep.getEmployeeRanking, { query: { type, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
  });
}

export function useTeamRanking() {
  return useInfiniteQuery({
    queryKey: homeKeys.teamRanking,
    queryFn: ({ pageParam, signal }) => call(ep.getTeamRanking, { query: { page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useTeamPercentage() {
  return useQuery({
    queryKey: homeKeys.teamPercentage,
    queryFn: ({ signal }) => call(ep.getTeamPercentageTrend, {}, { signal }),
  });
}
