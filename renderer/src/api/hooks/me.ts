/**
 * The signed-in employee, their permissions and their tenant (GET /api/me) as one TanStack query. The
 * session provider loads it on sign-in and every verification; anything that changes what it holds (the
 * settings tabs, a role change) invalidates `meKey` and every reader sees the new answer at once.
 * jotai keeps only the session's status and UI state.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { MeResponse } from '../../../../shared/contracts/tenant';
import type { Language } from '../../../../shared/i18n/languages';
import type { meEndpoints } from '../../../../shared/endpoints/me';
import type { PermissionName } from '../../../../shared/permissions';
import { sessionStatusAtom } from '../../session/atoms';
import { call } from '../typed';
import { useTranslation } from '../../i18n';
import { routesOf } from './first-screen';
import { useApiMutation } from './mutation';

// The session check on start reads it: by method and path, without the schemas (first-screen.ts).
const getMe = routesOf<typeof meEndpoints>()('getMe', { method: 'GET', path: '/api/me' });

const updateMe = routesOf<typeof meEndpoints>()('updateMe', { method: 'PATCH', path: '/api/me' });

export const meKey = ['me'] as const;

export const meQuery = {
  queryKey: meKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(getMe, {}, { signal }),
  // The session provider refreshes it (sign-in, every verification); nothing else needs to refetch it.
  staleTime: Infinity,
} as const;

/** The answer of /api/me; null before sign-in (the routes that read it are behind the session guard). */
export function useMe(): MeResponse | null {
  // Active only while signed in, so signed-out screens send nothing and an invalidation refetches it.
  const status = useAtomValue(sessionStatusAtom);
  const { data } = useQuery({ ...meQuery, enabled: status === 'authenticated' || status === 'settingProfile' });
  return data ?? null;
}

/** The signed-in employee's permissions (empty when signed out). */
export function usePermissions(): ReadonlySet<PermissionName> {
  const me = useMe();
  return useMemo(() => new Set((me?.permissions ?? []) as PermissionName[]), [me]);
}

/**
 * The signed-in person's own language (null: the company's default). The caller applies it at once; the
 * answer refreshes /api/me, whose language LanguageRoot keeps applied across reloads.
 */
export function useSetMyLanguage() {
  const { t } = useTranslation('common');
  return useApiMutation({
    mutationFn: (language: Language | null) => call(updateMe, { body: { language } }),
    invalidates: [meKey],
    failure: t('language.notSaved'),
  });
}
