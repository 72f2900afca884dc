/**
 * Session and UI state (jotai). Server data, the signed-in employee included (api/hooks/me.ts), lives in
 * TanStack Query; these atoms say where we stand.
 */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * loading: the session is being checked (full-screen spinner); settingProfile: signed in while the
 * profile is being set up; unreachable: the server could not be reached on start.
 */
/** needsServer: the desktop app has no company server chosen yet (first start). */
export type SessionStatus =
  'loading' | 'needsServer' | 'settingProfile' | 'authenticated' | 'unauthenticated' | 'unreachable';

export const sessionStatusAtom = atom<SessionStatus>('loading');

/** Why the last session ended: a user who signed out is not sent back to where they were. */
export const sessionEndAtom = atom<'signed-out' | 'expired' | null>(null);

/** True while the server cannot be reached; a banner says so and verification retries. */
export const offlineAtom = atom(false);

export type ThemePreference = 'system' | 'light' | 'dark';
/** The one UI preference that survives sign-out: it belongs to the device, not the session. */
export const themePreferenceAtom = atomWithStorage<ThemePreference>('teambeat.theme', 'system');

/** Sidebar collapsed (narrow screens start collapsed). */
export const sidebarOpenAtom = atom(typeof window === 'undefined' ? true : window.innerWidth >= 900);

/** True while the notifications' live stream is open; the counts poll only while it is not (the spec's 60 s). */
export const notificationStreamUpAtom = atom(false);
