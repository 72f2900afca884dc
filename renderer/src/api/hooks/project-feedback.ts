/**
 * Project and sprint feedback (docs/projects.md, "Project and sprint feedback"): the sprint graph's averages,
 * the feedback list and its CSV, the product owner's own rating, the client links (request, list, revoke) and
 * the client's page, read and submitted by its token without an account. A change refreshes what it touched,
 * the PBI View's ratings included.
 */
import { useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../../shared/contracts/common';
import {
  PROJECT_FEEDBACK_REPORT_FILE,
  type ClientFeedbackBody,
  type ClientLinkBody,
  type MyFeedbackBody,
} from '../../../../shared/contracts/project-feedback';
import { projectFeedbackEndpoints as ep } from '../../../../shared/endpoints/project-feedback';
import { projectEndpoints } from '../../../../shared/endpoints/projects';
import type { ProjectFeedbackSource } from '../../../../shared/project-feedback';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call, callEndpoint } from '../typed';
import { useApiMutation, useCallMutation } from './mutation';
import { saveFile } from './productivity';
import { projectKeys } from './projects';
import { useEndpointQuery } from './query';

export const projectFeedbackKeys = {
  /** Everything feedback of one project, for invalidation. */
  all: (id: number) => ['projects', id, 'feedback'] as const,
  summary: (id: number) => ['projects', id, 'feedback', 'summary'] as const,
  list: (id: number, sprintId: number | null, source: ProjectFeedbackSource | null) =>
    ['projects', id, 'feedback', 'list', sprintId, source] as const,
  mine: (id: number, sprintId: number, pbiId: number | null) => ['projects', id, 'feedback', 'mine', sprintId, pbiId],
  pbi: (id: number, pbiId: number) => ['projects', id, 'feedback', 'pbi', pbiId] as const,
  clients: (id: number) => ['projects', id, 'feedback', 'clients'] as const,
  links: (id: number) => ['projects', id, 'feedback', 'links'] as const,
  client: (token: string) => ['client-feedback', token] as const,
};

export function useFeedbackSummary(id: number) {
  return useEndpointQuery(projectFeedbackKeys.summary(id), ep.getProjectFeedbackSummary, { params: { id } });
}

/** A page fetcher of the project's feedbacks, with its filters. */
export function feedbackFetcher(id: number, sprintId: number | null, source: ProjectFeedbackSource | null) {
  return (query: ListQuery, signal?: AbortSignal) =>
    callEndpoint(
      ep.listProjectFeedback,
      {
        params: { id },
        query: {
          ...query,
          ...(sprintId === null ? {} : { sprintId }),
          ...(source === null ? {} : { source }),
        } as never,
      },
      { signal },
    );
}

/** A backlog item's detail: participants, feedbacks newest first, the product owners' and clients' averages. */
export function usePbiFeedback(id: number, pbiId: number) {
  return useEndpointQuery(projectFeedbackKeys.pbi(id, pbiId), ep.getPbiFeedback, { params: { id, pbiId } });
}

/** The caller's own rating of a sprint (or PBI), to edit it. */
export function useMyFeedback(id: number, sprintId: number | null, pbiId: number | null) {
  return useEndpointQuery(
    projectFeedbackKeys.mine(id, sprintId ?? 0, pbiId),
    ep.getMyProjectFeedback,
    { params: { id }, query: { sprintId: sprintId ?? 0, ...(pbiId === null ? {} : { pbiId }) } },
    { enabled: sprintId !== null },
  );
}

/** Saves the product owner's rating. Errors are shown in the dialog. */
export function useSaveMyFeedback(id: number) {
  const { t } = useTranslation('projectFeedback');
  return useApiMutation({
    mutationFn: (body: MyFeedbackBody) => call(ep.saveMyProjectFeedback, { params: { id }, body }),
    invalidates: [projectFeedbackKeys.all(id), projectKeys.allPbis(id)],
    success: (f) => ({ title: t('rate.saved'), body: f.pbi ? `${f.pbi.refId} ${f.pbi.name}` : f.sprint.name }),
  });
}

export function useProjectClients(id: number) {
  return useEndpointQuery(projectFeedbackKeys.clients(id), ep.listProjectClients, { params: { id } });
}

export function useClientLinks(id: number, enabled: boolean) {
  return useEndpointQuery(projectFeedbackKeys.links(id), ep.listClientFeedbackLinks, { params: { id } }, { enabled });
}

/** Makes a client link; the answer holds the link to copy (shown once). Errors are shown in the dialog. */
export function useCreateClientLink(id: number) {
  return useApiMutation({
    mutationFn: (body: ClientLinkBody) => call(ep.createClientFeedbackLink, { params: { id }, body }),
    invalidates: [projectFeedbackKeys.links(id)],
  });
}

export function useRevokeClientLink(id: number) {
  const { t } = useTranslation('projectFeedback');
  return useApiMutation({
    mutationFn: (linkId: number) => call(ep.revokeClientFeedbackLink, { params: { id, linkId } }),
    invalidates: [projectFeedbackKeys.links(id)],
    success: (l) => ({ title: t('links.revoked'), body: l.client.name }),
    failure: t('links.revokeFailed'),
  });
}

/** Downloads the project's feedbacks (one sprint's, or all) as CSV. */
export function useDownloadProjectFeedback(id: number) {
  const { t } = useTranslation('projectFeedback');
  const notify = useNotify();
  const mutation = useApiMutation({
    mutationFn: async (sprintId: number | null) =>
      saveFile(
        await call(ep.downloadProjectFeedback, {
          params: { id },
          query: sprintId === null ? {} : { sprintId },
        }),
        PROJECT_FEEDBACK_REPORT_FILE,
      ),
    invalidates: [],
    success: () => t('list.downloaded'),
  });
  return {
    isPending: mutation.isPending,
    download: (sprintId: number | null) =>
      mutation.mutate(sprintId, { onError: (error) => notify.error(t('list.downloadFailed'), errorMessage(error)) }),
  };
}

/** The client's page: what the link asks to rate (404 unknown, 410 used, expired or revoked). */
export function useClientFeedbackRequest(token: string) {
  return useQuery({
    queryKey: projectFeedbackKeys.client(token),
    queryFn: ({ signal }) => callEndpoint(ep.getClientFeedbackRequest, { params: { token } }, { signal }),
    retry: false,
  });
}

/** The client's ratings, once. The page shows the outcome itself. */
export function useSubmitClientFeedback(token: string) {
  return useCallMutation((body: ClientFeedbackBody) => call(ep.submitClientFeedback, { params: { token }, body }));
}

/** The backlog items of one sprint (the first hundred), for the rating and request dialogs' pickers. */
export function useSprintPbis(id: number, sprintId: number | null) {
  return useEndpointQuery(
    [...projectKeys.pbis(id, sprintId), 'picker'],
    projectEndpoints.listPbis,
    { params: { id }, query: { sprintId: sprintId ?? 0, pageSize: 100, orderKey: 'refId', orderDir: 'asc' } },
    { enabled: sprintId !== null },
  );
}
