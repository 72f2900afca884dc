/**
 * The Project Hub (docs/projects.md): the projects table's pages, a project with its members, its tracker
 * connection and syncs (followed while one runs), sprints, PBIs, tasks and the tracker's people, and the
 * CSV reports. A change refreshes what it touched.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ListQuery } from '../../../../shared/contracts/common';
import {
  ALLOCATION_REPORT_FILE,
  PROJECT_REPORT_FILE,
  type ProjectConnectionBody,
  type ProjectMembersBody,
  type SprintBody,
} from '../../../../shared/contracts/projects';
import { feedbackEndpoints } from '../../../../shared/endpoints/feedback';
import { projectEndpoints as ep } from '../../../../shared/endpoints/projects';
import type { IgnoreReason } from '../../../../shared/projects';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call, callEndpoint } from '../typed';
import { feedbackKeys } from './feedback';
import { useMe, usePermissions } from './me';
import { useApiMutation, useSaveMutation, useStatusMutation } from './mutation';
import { useEmployeePick } from './people';
import { saveFile } from './productivity';
import { pageFetcher, useEndpointQuery } from './query';

export const projectKeys = {
  all: ['projects'] as const,
  list: ['projects', 'list'] as const,
  counts: ['projects', 'counts'] as const,
  one: (id: number) => ['projects', id] as const,
  sync: (id: number) => ['projects', id, 'sync'] as const,
  sprints: (id: number) => ['projects', id, 'sprints'] as const,
  /** Every sprint's PBI list of a project, for invalidation. */
  allPbis: (id: number) => ['projects', id, 'pbis'] as const,
  pbis: (id: number, sprintId: number | null) => ['projects', id, 'pbis', sprintId] as const,
  tasks: (id: number) => ['projects', id, 'tasks'] as const,
  people: (id: number) => ['projects', id, 'people'] as const,
};

/** One page of projects, for the DataTable. */
export const fetchProjectPage = pageFetcher(ep.listProjects);

/** The team dashboard above the Project Hub's list; every project change refreshes it (projectKeys.all). */
export const useProjectCounts = () => useEndpointQuery(projectKeys.counts, ep.getProjectCounts, {});

export function useProject(id: number) {
  return useEndpointQuery(projectKeys.one(id), ep.getProject, { params: { id } });
}

/** Adds a project, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveProject() {
  const { t } = useTranslation('projects');
  return useSaveMutation(
    { create: ep.createProject, update: ep.updateProject },
    { invalidates: [projectKeys.all], added: t('toasts.added'), updated: t('toasts.updated') },
  );
}

export function useSetProjectStatus() {
  const { t } = useTranslation(['projects', 'errors']);
  return useStatusMutation(ep.setProjectStatus, {
    invalidates: [projectKeys.all],
    activated: t('toasts.activated'),
    deactivated: t('toasts.deactivated'),
    failure: t('errors:PROJECT_UPDATE_FAILED'),
  });
}

/** Replaces the members. Errors are shown in the dialog. */
export function useSetProjectMembers(id: number) {
  const { t } = useTranslation('projects');
  return useApiMutation({
    mutationFn: (body: ProjectMembersBody) => call(ep.setProjectMembers, { params: { id }, body }),
    invalidates: [projectKeys.all],
    success: (p) => ({ title: t('toasts.membersSaved'), body: t('toasts.membersCount', { count: p.memberCount }) }),
  });
}

/** Connects the project to its tracker (checked there first). Errors are shown in the dialog. */
export function useConnectProject(id: number) {
  const { t } = useTranslation('projects');
  return useApiMutation({
    mutationFn: (body: ProjectConnectionBody) => call(ep.connectProject, { params: { id }, body }),
    invalidates: [projectKeys.all],
    success: (p) => ({ title: t('toasts.connected'), body: p.connection?.trackerName ?? p.name }),
  });
}

export function useDisconnectProject(id: number) {
  const { t } = useTranslation(['projects', 'errors']);
  return useApiMutation({
    mutationFn: () => call(ep.disconnectProject, { params: { id } }),
    invalidates: [projectKeys.all],
    success: (p) => ({ title: t('toasts.disconnected'), body: p.name }),
    failure: t('errors:PROJECT_UPDATE_FAILED'),
  });
}

/** The latest sync, polled every second while it runs; when it ends, what it read is fetched again. */
export function useLatestSync(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: projectKeys.sync(id),
    queryFn: ({ signal }) => callEndpoint(ep.getLatestProjectSync, { params: { id } }, { signal }),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });
  const state = query.data?.state;
  const seen = useRef(state);
  useEffect(() => {
    // A sync seen running has ended: the sprints, PBIs, tasks, people and counts it wrote are read again.
    if (seen.current === 'running' && state !== 'running')
      void queryClient.invalidateQueries({
        predicate: (q) =>
          (q.queryKey[0] === 'projects' && q.queryKey[1] === id && q.queryKey[2] !== 'sync') ||
          (q.queryKey[0] === 'projects' && q.queryKey[1] === 'list'),
      });
    seen.current = state;
  }, [state, id, queryClient]);
  return query;
}

export function useStartSync(id: number) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (sprintId: number | undefined) => {
      const started = await call(ep.startProjectSync, {
        params: { id },
        body: sprintId === undefined ? {} : { sprintId },
      });
      // The sync as started (running): useLatestSync polls it from here and sees it end, however quickly.
      queryClient.setQueryData(projectKeys.sync(id), started);
      if (started.state !== 'running') await queryClient.invalidateQueries({ queryKey: projectKeys.one(id) });
      return started;
    },
    invalidates: [],
    failure: t('sync.failedToStart'),
  });
}

export function useSprints(id: number) {
  return useEndpointQuery(projectKeys.sprints(id), ep.listSprints, { params: { id } });
}

/** Adds a sprint by hand, or saves a sprint's goal, time cycle, status and data points. */
export function useSaveSprint(id: number) {
  const { t } = useTranslation('projects');
  return useApiMutation({
    mutationFn: (input: { sprintId?: number | undefined; body: SprintBody }) =>
      input.sprintId === undefined
        ? call(ep.createSprint, { params: { id }, body: input.body })
        : call(ep.updateSprint, { params: { id, sprintId: input.sprintId }, body: input.body }),
    invalidates: [projectKeys.sprints(id), projectKeys.one(id), projectKeys.list],
    success: (s, input) => ({
      title: input.sprintId === undefined ? t('toasts.sprintAdded') : t('toasts.sprintSaved'),
      body: s.name,
    }),
  });
}

/** A PBI page fetcher of one project (and sprint, or all). */
export function pbiFetcher(id: number, sprintId: number | null) {
  return (query: ListQuery, signal?: AbortSignal) =>
    callEndpoint(
      ep.listPbis,
      { params: { id }, query: { ...query, ...(sprintId === null ? {} : { sprintId }) } as never },
      { signal },
    );
}

/** A task page fetcher of one project, with its filters. */
export function taskFetcher(id: number, filters: { sprintId: number | null; status: string | null }) {
  return (query: ListQuery, signal?: AbortSignal) =>
    callEndpoint(
      ep.listProjectTasks,
      {
        params: { id },
        query: {
          ...query,
          ...(filters.sprintId === null ? {} : { sprintId: filters.sprintId }),
          ...(filters.status === null ? {} : { status: filters.status }),
        } as never,
      },
      { signal },
    );
}

/** Ignores tasks with a reason, or takes them back. */
export function useIgnoreTasks(id: number) {
  const { t } = useTranslation('projects');
  return useApiMutation({
    mutationFn: (input: { taskIds: number[]; reason: IgnoreReason | null }) =>
      input.reason === null
        ? call(ep.restoreProjectTasks, { params: { id }, body: { taskIds: input.taskIds } })
        : call(ep.ignoreProjectTasks, { params: { id }, body: { taskIds: input.taskIds, reason: input.reason } }),
    invalidates: [projectKeys.tasks(id)],
    success: (r, input) =>
      input.reason === null ? t('toasts.restored', { count: r.changed }) : t('toasts.ignored', { count: r.changed }),
    failure: t('tasks.ignoreFailed'),
  });
}

export function useProjectPeople(id: number) {
  return useEndpointQuery(projectKeys.people(id), ep.listProjectParticipants, { params: { id } });
}

export function useMapParticipant(id: number) {
  const { t } = useTranslation(['projects', 'errors']);
  return useApiMutation({
    mutationFn: (input: { personId: number; employeeId: number | null }) =>
      call(ep.mapProjectParticipant, {
        params: { id, personId: input.personId },
        body: { employeeId: input.employeeId },
      }),
    invalidates: [projectKeys.people(id), projectKeys.tasks(id), projectKeys.allPbis(id)],
    success: (p) => ({ title: p.employee ? t('toasts.mapped') : t('toasts.unmapped'), body: p.name }),
    failure: t('errors:PROJECT_PARTICIPANT_FAILED'),
  });
}

/** An employee a members or participant picker offers; `detail` tells namesakes apart (e-mail or teams). */
export type EmployeeChoice = { id: number; name: string; detail: string };

/**
 * Where the members editor and the participant mapping search employees. Those who may read the directory
 * (view-employees) search it, with e-mails; a product owner usually may not, so they search the colleagues
 * every feedback giver may see (names and teams). Null when the caller may do neither.
 */
export function useEmployeeSearchSource(): 'directory' | 'colleagues' | null {
  const permissions = usePermissions();
  if (permissions.has('view-employees')) return 'directory';
  return permissions.has('give-feedback') || permissions.has('ask-feedback') ? 'colleagues' : null;
}

/** Employees matching a search (useEmployeeSearchSource); the colleagues' list leaves the caller out, so they are added. */
export function useEmployeeSearch(search: string) {
  const source = useEmployeeSearchSource();
  const me = useMe();
  const employees = useEmployeePick(search, source === 'directory');
  const colleagues = useEndpointQuery(
    feedbackKeys.colleagues(search),
    feedbackEndpoints.listColleagues,
    { query: { searchText: search || undefined } },
    { enabled: source === 'colleagues', staleTime: 30_000 },
  );
  const self = me?.employee;
  const selfMatches = self !== undefined && self.name.toLowerCase().includes(search.toLowerCase());
  const items: EmployeeChoice[] | undefined =
    source === 'directory'
      ? employees.data?.items.map((e) => ({ id: e.id, name: e.name, detail: e.email }))
      : colleagues.data && [
          ...(self && selfMatches ? [{ id: self.id, name: self.name, detail: self.email }] : []),
          ...colleagues.data.items.map((c) => ({ id: c.id, name: c.name, detail: c.teams.join(', ') })),
        ];
  return { items, isFetching: source === 'directory' ? employees.isFetching : colleagues.isFetching };
}

/** Downloads a projects report (fetched with the session's token, then handed to the browser). */
export function useDownloadProjectReport(kind: 'projects' | 'allocation') {
  const { t } = useTranslation('projects');
  const notify = useNotify();
  const mutation = useApiMutation({
    mutationFn: async () =>
      kind === 'projects'
        ? saveFile(await call(ep.downloadProjectReport, {}), PROJECT_REPORT_FILE)
        : saveFile(await call(ep.downloadProjectAllocationReport, {}), ALLOCATION_REPORT_FILE),
    invalidates: [],
    success: () => t('toasts.reportDownloaded'),
  });
  return {
    isPending: mutation.isPending,
    download: () =>
      mutation.mutate(undefined, { onError: (error) => notify.error(t('toasts.reportFailed'), errorMessage(error)) }),
  };
}
