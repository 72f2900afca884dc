/**
 * Task feedback (docs/projects.md "Task feedback"): the received and given lists, the requests asked of me,
 * a task with its feedback, the give form prefilled from a task, giving and editing, seen marks, requests
 * and the overview. A change refreshes the task feedback views and the project's tasks (whose status shows
 * "requested").
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { ListQuery } from '../../../../shared/contracts/common';
import type { TaskFeedbackBody } from '../../../../shared/contracts/task-feedback';
import { taskFeedbackEndpoints as ep } from '../../../../shared/endpoints/task-feedback';
import { useTranslation } from '../../i18n';
import { call, callEndpoint } from '../typed';
import { useApiMutation } from './mutation';
import { projectKeys } from './projects';
import { itemsOf, pageFetcher, useEndpointQuery } from './query';

export const taskFeedbackKeys = {
  all: ['task-feedback'] as const,
  received: ['task-feedback', 'received'] as const,
  given: ['task-feedback', 'given'] as const,
  asked: ['task-feedback', 'asked'] as const,
  overview: (employeeId: number | null) => ['task-feedback', 'overview', employeeId] as const,
  people: (search: string) => ['task-feedback', 'people', search] as const,
  task: (id: number) => ['task-feedback', 'task', id] as const,
  form: (id: number) => ['task-feedback', 'task', id, 'form'] as const,
  colleagues: (id: number) => ['task-feedback', 'task', id, 'colleagues'] as const,
};

export const fetchReceivedTasks = pageFetcher(ep.listReceivedTaskFeedback);

/** The received list of someone else (the "Whose tasks" picker), or the caller's own for null. */
export function receivedTasksOf(employeeId: number | null) {
  if (employeeId === null) return fetchReceivedTasks;
  return (params: ListQuery, signal?: AbortSignal) =>
    callEndpoint(ep.listReceivedTaskFeedback, { query: { ...params, employeeId } }, { signal });
}
export const fetchGivenTasks = pageFetcher(ep.listGivenTaskFeedback);

export function useAskedTaskFeedback(enabled: boolean) {
  return useEndpointQuery(taskFeedbackKeys.asked, ep.listAskedTaskFeedback, {}, { enabled, select: itemsOf });
}

/** The overview of the caller, or of `employeeId` when given (a teammate for a lead, anyone for HR). */
export function useTaskFeedbackOverview(enabled: boolean, employeeId: number | null = null) {
  return useEndpointQuery(
    taskFeedbackKeys.overview(employeeId),
    ep.getTaskFeedbackOverview,
    { query: employeeId === null ? {} : { employeeId } },
    { enabled },
  );
}

/** Whose task feedback the caller may pick, matching a search; off without either level. */
export function useTaskFeedbackPeople(search: string, enabled: boolean) {
  return useEndpointQuery(
    taskFeedbackKeys.people(search),
    ep.listTaskFeedbackPeople,
    { query: { search: search || undefined } },
    { placeholderData: keepPreviousData, staleTime: 30_000, enabled, select: itemsOf },
  );
}

export function useTaskFeedbackDetail(id: number) {
  return useEndpointQuery(taskFeedbackKeys.task(id), ep.getTaskFeedbackDetail, { params: { id } });
}

export function useTaskFeedbackForm(id: number) {
  // A refusal (one's own task, an ignored one) is the page's answer, not worth asking again.
  return useEndpointQuery(taskFeedbackKeys.form(id), ep.getTaskFeedbackForm, { params: { id } }, { retry: false });
}

export function useTaskFeedbackColleagues(id: number, enabled: boolean) {
  return useEndpointQuery(
    taskFeedbackKeys.colleagues(id),
    ep.listTaskFeedbackColleagues,
    { params: { id } },
    { enabled, select: itemsOf },
  );
}

/** Gives feedback on a task, or changes the caller's own when `feedbackId` is given. Errors show in the form. */
export function useSaveTaskFeedback(taskId: number, feedbackId: number | null) {
  const { t } = useTranslation('taskFeedback');
  return useApiMutation({
    mutationFn: (body: TaskFeedbackBody) =>
      feedbackId === null
        ? call(ep.giveTaskFeedback, { params: { id: taskId }, body })
        : call(ep.updateTaskFeedback, { params: { id: feedbackId }, body }),
    invalidates: [taskFeedbackKeys.all, projectKeys.all],
    success: () => (feedbackId === null ? t('toasts.given') : t('toasts.updated')),
  });
}

export function useMarkTaskFeedbackSeen() {
  const { t } = useTranslation('taskFeedback');
  return useApiMutation({
    mutationFn: (id: number) => call(ep.markTaskFeedbackSeen, { params: { id } }),
    invalidates: [taskFeedbackKeys.all],
    failure: t('toasts.seenFailed'),
  });
}

/** Asks colleagues for feedback on a task. Errors show in the dialog. */
export function useRequestTaskFeedback(taskId: number) {
  const { t } = useTranslation('taskFeedback');
  return useApiMutation({
    mutationFn: (employeeIds: number[]) =>
      call(ep.requestTaskFeedback, { params: { id: taskId }, body: { employeeIds } }),
    invalidates: [taskFeedbackKeys.all, projectKeys.all],
    success: (_data, ids) => t('toasts.requested', { count: ids.length }),
  });
}

export function useDeclineTaskRequest() {
  const { t } = useTranslation(['taskFeedback', 'errors']);
  return useApiMutation({
    mutationFn: (id: number) => call(ep.declineTaskFeedbackRequest, { params: { id } }),
    invalidates: [taskFeedbackKeys.all, projectKeys.all],
    success: () => t('toasts.declined'),
    failure: t('toasts.declineFailed'),
  });
}
