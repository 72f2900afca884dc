/**
 * Function Setup: the functions table's pages, the dialogs' mutations, and the CSV report. A change
 * refreshes the table.
 */
import { FUNCTION_REPORT_FILE } from '../../../../shared/contracts/functions';
import { functionEndpoints as ep } from '../../../../shared/endpoints/functions';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../errors';
import { call } from '../typed';
import { useApiMutation, useSaveMutation, useStatusMutation } from './mutation';
import { saveFile } from './productivity';
import { pageFetcher, useEndpointQuery } from './query';

export const functionKeys = { all: ['functions'] as const, counts: ['functions', 'counts'] as const };

/** The function dashboard above the table; every change refreshes it with the table (functionKeys.all). */
export const useFunctionCounts = () => useEndpointQuery(functionKeys.counts, ep.getFunctionCounts, {});

/** One page of functions, for the DataTable. */
export const fetchFunctionPage = pageFetcher(ep.listFunctions);

/** Adds a function, or changes one when an id is given. Errors are shown in the dialog. */
export function useSaveFunction() {
  const { t } = useTranslation('feedbackAdmin');
  return useSaveMutation(
    { create: ep.createFunction, update: ep.updateFunction },
    { invalidates: [functionKeys.all], added: t('toasts.functionAdded'), updated: t('toasts.functionUpdated') },
  );
}

export function useSetFunctionStatus() {
  const { t } = useTranslation('feedbackAdmin');
  return useStatusMutation(ep.setFunctionStatus, {
    invalidates: [functionKeys.all],
    activated: t('toasts.functionActivated'),
    deactivated: t('toasts.functionDeactivated'),
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
