/**
 * Function Setup: the functions table's pages, the dialogs' mutations, and the CSV report. A change
 * refreshes the table.
 */
import { FUNCTION_REPORT_FILE } from '../../../../shared/contracts/functions';
import type { ListQuery } from '../../../../shared/contracts/common';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { functionEndpoints as ep } from '../../../../shared/endpoints/functions';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { saveFile } from './productivity';

export const functionKeys = { all: ['functions'] as const };

export type FunctionBody = RequestOf<typeof ep.createFunction>['body'];
type FunctionListQuery = NonNullable<RequestOf<typeof ep.listFunctions>['query']>;

/** One page of functions, for the DataTable. */
export const fetchFunctionPage = (params: ListQuery, signal?: AbortSignal) =>
  call(ep.listFunctions, { query: params as FunctionListQuery }, { signal });

/** Adds a function, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveFunction() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id?: number | undefined; body: FunctionBody }) =>
      input.id === undefined
        ? call(ep.createFunction, { body: input.body })
        : call(ep.updateFunction, { params: { id: input.id }, body: input.body }),
    invalidates: [functionKeys.all],
    success: (saved, input) => ({
      title: input.id === undefined ? t('toasts.functionAdded') : t('toasts.functionUpdated'),
      body: saved.name,
    }),
  });
}

export function useSetFunctionStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      call(ep.setFunctionStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [functionKeys.all],
    success: (f) => ({
      title: f.isActive ? t('toasts.functionActivated') : t('toasts.functionDeactivated'),
      body: f.name,
    }),
    failure: t('toasts.statusUnchanged'),
  });
}

/** Replaces the members of a function. Errors are shown in the dialog. */
export function useSetFunctionMembers() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; employeeIds: number[] }) =>
      call(ep.setFunctionMembers, { params: { id: input.id }, body: { employeeIds: input.employeeIds } }),
    invalidates: [functionKeys.all],
    success: (f) => ({
      title: t('toasts.membersSaved'),
      body: t('toasts.membersCount', { name: f.name, count: f.memberCount }),
    }),
  });
}

/** Downloads the functions report (fetched with the session's token, then handed to the browser). */
export function useDownloadFunctionReport() {
  const { t } = useTranslation('feedbackAdmin');
  const notify = useNotify();
  const mutation = useApiMutation({
    mutationFn: async () => saveFile(await call(ep.downloadFunctionReport, {}), FUNCTION_REPORT_FILE),
    invalidates: [],
    success: () => t('toasts.reportDownloaded'),
  });
  return {
    isPending: mutation.isPending,
    download: () =>
      mutation.mutate(undefined, { onError: (error) => notify.error(t('toasts.reportFailed'), errorMessage(error)) }),
  };
}
