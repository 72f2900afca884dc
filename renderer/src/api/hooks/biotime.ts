/**
 * The BioTime integration (docs/devices.md "BioTime"): the connection, its check, and the pulls. The connection is
 * polled every second while its last pull runs; when the pull ends, the devices, punches and attendance it may
 * have changed are read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BiotimeConnection } from '../../../../shared/contracts/biotime';
import type { RequestOf } from '../../../../shared/endpoints/define';
import { biotimeEndpoints as ep } from '../../../../shared/endpoints/biotime';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { attendanceKeys } from './attendance';
import { deviceKeys } from './devices';
import { useApiMutation, useCallMutation } from './mutation';
import { useEndpointQuery } from './query';

export const biotimeKeys = { connection: ['biotime-connection'] as const };

export type BiotimeConnectionBody = RequestOf<typeof ep.saveBiotimeConnection>['body'];

export function useBiotimeConnection() {
  const queryClient = useQueryClient();
  const query = useEndpointQuery(
    biotimeKeys.connection,
    ep.getBiotimeConnection,
    {},
    { refetchInterval: (q) => (q.state.data?.lastPull?.state === 'running' ? 1000 : false) },
  );
  const state = query.data?.lastPull?.state;
  const seen = useRef(state);
  useEffect(() => {
    // A pull seen running has ended: the terminals it added and the punches it applied are read again.
    if (seen.current === 'running' && state !== 'running')
      for (const queryKey of [deviceKeys.devices, deviceKeys.unmapped, attendanceKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    seen.current = state;
  }, [state, queryClient]);
  return query;
}

export function useSaveBiotimeConnection() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: (body: BiotimeConnectionBody) => call(ep.saveBiotimeConnection, { body }),
    invalidates: [biotimeKeys.connection],
    success: () => t('biotime.toasts.saved'),
    failure: t('biotime.toasts.saveFailed'),
  });
}

export function useDeleteBiotimeConnection() {
  const { t } = useTranslation(['devices', 'errors']);
  return useApiMutation({
    mutationFn: () => call(ep.deleteBiotimeConnection),
    invalidates: [biotimeKeys.connection],
    success: () => t('biotime.toasts.removed'),
    failure: t('biotime.toasts.removeFailed'),
  });
}

/** Signs in to the saved server; the form shows the verdict itself. */
export const useTestBiotime = () => useCallMutation(() => call(ep.testBiotimeConnection));

export function useStartBiotimePull() {
  const { t } = useTranslation(['devices', 'errors']);
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async () => {
      const pull = await call(ep.startBiotimePull);
      // The pull as started: the connection query polls from here and sees it end, however quickly.
      queryClient.setQueryData<BiotimeConnection>(biotimeKeys.connection, (old) =>
        old ? { ...old, lastPull: pull } : old,
      );
      return pull;
    },
    invalidates: [],
    failure: t('biotime.toasts.pullFailed'),
  });
}
