/**
 * The Teams page (docs/workforce.md, "Teams"): its table's pages (active, inactive or all teams), and the
 * dialogs' mutations. A change refreshes every team list (the pickers' too) and the Employee Directory,
 * which shows each employee's teams.
 */
import type { TeamMembersBody } from '../../../../shared/contracts/people';
import type { ListQuery } from '../../../../shared/contracts/common';
import { teamEndpoints as ep } from '../../../../shared/endpoints/people';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation, useSaveMutation, useStatusMutation } from './mutation';
import { peopleKeys } from './people';
import { pageFetcher } from './query';

export type TeamListState = 'active' | 'inactive' | 'all';

/** Every team query starts with this key: the Teams page's pages and the pickers' lists. */
export const teamKeys = { all: ['teams'] as const, page: (state: TeamListState) => ['teams', 'page', state] as const };

const changes = [teamKeys.all, peopleKeys.employees];

const fetchTeamPage = pageFetcher(ep.listTeams);

/** One page of teams in the given state, for the DataTable (sort keys: the contract's order keys). */
export const teamPageFetcher = (state: TeamListState) => (params: ListQuery, signal?: AbortSignal) =>
  fetchTeamPage({ ...params, state } as ListQuery, signal);

/** Adds a team, or renames one when an id is given. Errors are shown in the dialog. */
export function useSaveTeam() {
  const { t } = useTranslation('teams');
  return useSaveMutation(
    { create: ep.createTeam, update: ep.updateTeam },
    { invalidates: changes, added: t('toasts.added'), updated: t('toasts.updated') },
  );
}

export function useSetTeamStatus() {
  const { t } = useTranslation('teams');
  return useStatusMutation(ep.updateTeam, {
    invalidates: changes,
    activated: t('toasts.activated'),
    deactivated: t('toasts.deactivated'),
    failure: t('toasts.statusFailed'),
  });
}

/** Replaces the members of a team and names its leads and product owners. Errors are shown in the dialog. */
export function useSetTeamMembers() {
  const { t } = useTranslation('teams');
  return useApiMutation({
    mutationFn: (input: { id: number; body: TeamMembersBody }) =>
      call(ep.setTeamMembers, { params: { id: input.id }, body: input.body }),
    invalidates: changes,
    success: (team) => ({
      title: t('toasts.membersSaved'),
      body: t('toasts.membersCount', { name: team.name, count: team.memberCount }),
    }),
  });
}
