/**
 * The responsibility matrix (My team › My Responsibility Matrix): the caller's part with suggestions, their
 * teams' members, and the company CSV. Keys sit under `feedbackKeys.all`, so giving feedback (which
 * refreshes every feedback key) moves the counts at once.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { matrixFileName } from '../../../../shared/contracts/feedback-matrix';
import { feedbackMatrixEndpoints as ep } from '../../../../shared/endpoints/feedback-matrix';
import { periodOf, type MatrixPeriod } from '../../../../shared/feedback-matrix';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';
import { saveFile } from './productivity';
import { useSaveTenantSettings } from './tenant';

export const matrixKeys = {
  all: ['feedback', 'matrix'] as const,
  mine: (date: string | undefined) => ['feedback', 'matrix', 'mine', date ?? 'today'] as const,
  teams: (date: string | undefined) => ['feedback', 'matrix', 'teams', date ?? 'today'] as const,
};

/** The caller's part in each of their teams, for the period containing `date` (today when undefined). */
export const useMyMatrix = (date: string | undefined) =>
  useEndpointQuery(
    matrixKeys.mine(date),
    ep.getMyResponsibilityMatrix,
    { query: { date } },
    { placeholderData: keepPreviousData },
  );

/** Every member of the caller's teams (view-responsibility-matrix). */
export const useTeamMatrix = (date: string | undefined, enabled: boolean) =>
  useEndpointQuery(
    matrixKeys.teams(date),
    ep.getTeamResponsibilityMatrix,
    { query: { date } },
    { placeholderData: keepPreviousData, enabled },
  );

/** Downloads the company-wide report of the period containing `date` (download-responsibility-matrix-report). */
export function useDownloadMatrixReport() {
  const { t } = useTranslation('feedbackMatrix');
  return useApiMutation({
    mutationFn: async ({ date, kind }: { date: string; kind: MatrixPeriod }) => {
      const blob: Blob = await call(ep.downloadResponsibilityMatrixReport, { query: { date } });
      const { start, end } = periodOf(date, kind);
      saveFile(blob, matrixFileName(start, end));
    },
    invalidates: [],
    success: () => t('report.downloaded'),
    failure: t('report.notDownloaded'),
  });
}

export type MatrixSettings = { responsibilityMatrixIndex: number; responsibilityMatrixPeriod: MatrixPeriod };

/** Settings › General › Feedback: the expected count and the period (edit-tenant-settings). */
export function useSaveMatrixSettings() {
  const { t } = useTranslation('feedbackMatrix');
  return useSaveTenantSettings<keyof MatrixSettings>({
    invalidates: [matrixKeys.all],
    saved: t('settings.saved'),
    notSaved: t('settings.notSaved'),
  });
}
