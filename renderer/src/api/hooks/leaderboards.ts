/**
 * Leaderboards (docs/recognition.md "Leaderboards"): a board (company, category, attribute, team) of a
 * period, the caller's place explained, reciprocal rings for HR, and what the boards can be about. Keys sit
 * under the feedback keys, so giving, editing or deleting feedback refreshes every board at once.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import type { LeaderboardKind } from '../../../../shared/leaderboards';
import { leaderboardEndpoints as ep } from '../../../../shared/endpoints/leaderboards';
import { call } from '../typed';
import { useEndpointQuery } from './query';
import { useSaveTenantSettings } from './tenant';

export type LeaderboardPeriod = { from: string; to: string };
/** Which board: the company's, or a category's, an attribute's or a team's by id. */
export type BoardChoice = { kind: LeaderboardKind; id?: number | undefined };

export const leaderboardKeys = {
  all: ['feedback', 'leaderboards'] as const,
  board: (board: BoardChoice, period: LeaderboardPeriod) =>
    ['feedback', 'leaderboards', 'board', board, period] as const,
  explain: (board: BoardChoice, period: LeaderboardPeriod) =>
    ['feedback', 'leaderboards', 'explain', board, period] as const,
  rings: (period: LeaderboardPeriod) => ['feedback', 'leaderboards', 'rings', period] as const,
  choices: ['feedback', 'leaderboards', 'choices'] as const,
};

/** Neither a 403 nor a 404 gets better by asking again. */
const retry = (count: number, error: unknown) =>
  count < 2 && !/40[034]/.test(String((error as { response?: { status?: number } }).response?.status));

function fetchBoard(board: BoardChoice, period: LeaderboardPeriod, signal: AbortSignal) {
  const query = { from: period.from, to: period.to };
  const id = board.id ?? 0;
  switch (board.kind) {
    case 'category':
      return call(ep.getCategoryLeaderboard, { params: { id }, query }, { signal });
    case 'attribute':
      return call(ep.getAttributeLeaderboard, { params: { id }, query }, { signal });
    case 'team':
      return call(ep.getTeamLeaderboard, { params: { id }, query }, { signal });
    default:
      return call(ep.getCompanyLeaderboard, { query }, { signal });
  }
}

/** A board; off until a category, attribute or team is chosen for those views. */
export function useLeaderboard(board: BoardChoice, period: LeaderboardPeriod) {
  return useQuery({
    queryKey: leaderboardKeys.board(board, period),
    queryFn: ({ signal }) => fetchBoard(board, period, signal),
    placeholderData: keepPreviousData,
    enabled: board.kind === 'company' || board.id !== undefined,
    retry,
  });
}

/** The caller's place on a board explained; fetched when the dialog opens. */
export function useLeaderboardExplanation(board: BoardChoice, period: LeaderboardPeriod, enabled: boolean) {
  return useQuery({
    queryKey: leaderboardKeys.explain(board, period),
    queryFn: ({ signal }) =>
      call(
        ep.explainLeaderboardPlace,
        { query: { board: board.kind, ...(board.id !== undefined ? { id: board.id } : {}), ...period } },
        { signal },
      ),
    enabled,
    retry,
  });
}

/** Reciprocal rings of the period (view-all-employees-feedback). */
export const useReciprocalRings = (period: LeaderboardPeriod, enabled: boolean) =>
  useEndpointQuery(
    leaderboardKeys.rings(period),
    ep.listReciprocalRings,
    { query: period },
    { placeholderData: keepPreviousData, enabled, retry },
  );

/** The active categories and attributes, and the teams whose board the caller may open. */
export const useLeaderboardChoices = () =>
  useEndpointQuery(leaderboardKeys.choices, ep.getLeaderboardChoices, {}, { staleTime: 60_000, retry });

/** Settings › General › Leaderboards: the top positions and the gamification threshold. */
export function useSaveLeaderboardSettings() {
  const { t } = useTranslation('leaderboards');
  return useSaveTenantSettings<'leaderboardPositions' | 'gamificationThreshold'>({
    invalidates: [leaderboardKeys.all],
    saved: t('settings.saved'),
    notSaved: t('settings.notSaved'),
  });
}
