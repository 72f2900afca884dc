/**
 * The session's life (feedback spec §4 and §7): checked on start behind a full-screen spinner, then
 * authenticated, or "setting up your profile" until the profile is ready. It re-verifies every 3 minutes
 * and after each token refresh; a network error triggers a verification, not a sign-out; a refused
 * refresh ends the session and goes to /login. Sign-out stops the polling and clears every cached answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SESSION_VERIFY_INTERVAL_MS } from '../../../shared/contracts/auth';
import type { MeResponse } from '../../../shared/contracts/tenant';
import { isInAppLink } from '../../../shared/in-app-link';
import type { DesktopSsoResult } from '../../../shared/platform';
import { acceptSession, forgetSession, hasAccessToken, isNetworkError, refreshAccessToken } from '../api/client';
import { onSessionEvent } from '../api/events';
import { sessionCalls } from '../api/hooks/auth';
import { meQuery } from '../api/hooks/me';
import { platform } from '../platform';
import { updateTray } from '../platform/tray';
import { offlineAtom, sessionEndAtom, sessionStatusAtom, type SessionStatus } from './atoms';

/**
 * Re-verification every 3 minutes (feedback §9). Typed as the contract's constant, so the two cannot
 * drift, without importing the contract module (and zod with it) into the first screen's bundle.
 */
const VERIFY_INTERVAL_MS: typeof SESSION_VERIFY_INTERVAL_MS = 180_000;
/** While the profile is being set up the app asks again this often. */
const PROFILE_POLL_MS = 4_000;
/** Several failing requests in a row cause one verification, not one each. */
const NETWORK_VERIFY_DEBOUNCE_MS = 2_000;
/** While offline, verification retries this often until the server answers. */
const OFFLINE_RETRY_MS = 15_000;

export type SessionActions = {
  signIn: (email: string, password: string) => Promise<void>;
  /**
   * Desktop single sign-on: the main process opens the provider in the system browser and keeps the refresh
   * token; a success starts the session here with the access token it answers.
   */
  signInWithDesktopSso: (email: string) => Promise<DesktopSsoResult>;
  signOut: () => Promise<void>;
  verify: () => Promise<void>;
  retryStart: () => void;
};

const SessionContext = createContext<SessionActions | null>(null);

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionContext);
  if (!actions) throw new Error('useSessionActions outside SessionProvider');
  return actions;
}

function statusOf(me: MeResponse): SessionStatus {
  return me.employee.isSettingProfile ? 'settingProfile' : 'authenticated';
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const setStatus = useSetAtom(sessionStatusAtom);
  const setSessionEnd = useSetAtom(sessionEndAtom);
  const setOffline = useSetAtom(offlineAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verifying = useRef<Promise<void> | null>(null);
  const signedIn = status === 'authenticated' || status === 'settingProfile';
  // The event listener reads the latest status without re-subscribing on every change.
  const signedInRef = useRef(signedIn);
  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  const loadMe = useCallback(async () => {
    // Always asks the server (staleTime 0): this is the verification itself.
    const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    setStatus(statusOf(me));
    updateTray({ signedIn: true, userName: me.employee.name });
  }, [queryClient, setStatus]);

  /** Clears everything the session knew; only the device's preferences stay. */
  const clearSession = useCallback(
    async (reason: 'signed-out' | 'expired') => {
      setSessionEnd(reason);
      await forgetSession();
      queryClient.clear();
      setOffline(false);
      setStatus('unauthenticated');
      updateTray({ signedIn: false });
    },
    [queryClient, setOffline, setSessionEnd, setStatus],
  );

  const start = useCallback(async () => {
    setStatus('loading');
    // The desktop app asks for the company server on first start; the browser is served by it.
    if (platform.kind === 'desktop' && !(await platform.getServerUrl())) {
      setStatus('needsServer');
      return;
    }
    try {
      await refreshAccessToken();
      await loadMe();
      setOffline(false);
    } catch (error) {
      if (isNetworkError(error)) setStatus('unreachable');
      else await clearSession('expired');
    }
  }, [clearSession, loadMe, setOffline, setStatus]);

  const verify = useCallback(() => {
    // One verification at a time; callers arriving meanwhile wait for the same one.
    verifying.current ??= (async () => {
      if (!hasAccessToken()) return;
      try {
        await sessionCalls.verify();
        await loadMe();
        setOffline(false);
      } catch (error) {
        // A refused refresh already ended the session through the 'ended' event.
        if (isNetworkError(error)) setOffline(true);
      }
    })().finally(() => {
      verifying.current = null;
    });
    return verifying.current;
  }, [loadMe, setOffline]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await sessionCalls.signIn(email, password);
      await acceptSession(session);
      setSessionEnd(null);
      await loadMe();
    },
    [loadMe, setSessionEnd],
  );

  const signInWithDesktopSso = useCallback(
    async (email: string): Promise<DesktopSsoResult> => {
      if (!platform.singleSignOn) return { ok: false, code: 'SSO_FAILED' };
      const result = await platform.singleSignOn.start(email);
      if (!result.ok) return result;
      await acceptSession({ accessToken: result.accessToken, expiresIn: result.expiresIn, tokenType: 'Bearer' });
      setSessionEnd(null);
      await loadMe();
      return result;
    },
    [loadMe, setSessionEnd],
  );

  const signOut = useCallback(async () => {
    await sessionCalls.forgetThisBrowsersPush();
    try {
      await sessionCalls.signOut();
    } catch {
      // The spec logs a failed sign-out and signs out locally anyway; the server session expires by itself.
    }
    await clearSession('signed-out');
    navigate('/login', { replace: true });
  }, [clearSession, navigate]);

  useEffect(() => {
    void start();
  }, [start]);

  // Events from the HTTP client: a refresh re-verifies; a network error verifies (debounced); a refused
  // refresh ends the session.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSessionEvent((event) => {
      if (event === 'ended') {
        // The route guard sends the user to /login?next=<where they were>, to come back after signing in.
        void clearSession('expired');
      } else if (event === 'refreshed') {
        // On start the refresh is part of the check itself; afterwards it re-verifies the session.
        if (signedInRef.current) void verify();
      } else {
        clearTimeout(timer);
        timer = setTimeout(() => void verify(), NETWORK_VERIFY_DEBOUNCE_MS);
      }
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [clearSession, verify]);

  const offline = useAtomValue(offlineAtom);

  // Re-verification every 3 minutes (faster while offline, until the server answers again).
  useEffect(() => {
    if (!signedIn) return;
    const every = offline ? OFFLINE_RETRY_MS : VERIFY_INTERVAL_MS;
    const id = setInterval(() => void verify(), every);
    return () => clearInterval(id);
  }, [signedIn, offline, verify]);

  // While the profile is being set up, ask until it is ready.
  useEffect(() => {
    if (status !== 'settingProfile') return;
    const id = setInterval(() => void loadMe().catch(() => undefined), PROFILE_POLL_MS);
    return () => clearInterval(id);
  }, [status, loadMe]);

  // Tray commands of the desktop shell; a no-op subscription on the web.
  useEffect(
    () =>
      platform.onTrayCommand((command) => {
        if (command === 'sign-out') void signOut();
      }),
    [signOut],
  );

  // A clicked native notification (desktop): the shell brought the window up; open its page here, inside the
  // app (a path of this origin only: the shell checks it too). A no-op subscription on the web.
  useEffect(
    () =>
      platform.onOpenLink((link) => {
        if (isInAppLink(link)) navigate(link);
      }),
    [navigate],
  );

  const actions = useMemo<SessionActions>(
    () => ({ signIn, signInWithDesktopSso, signOut, verify, retryStart: () => void start() }),
    [signIn, signInWithDesktopSso, signOut, verify, start],
  );
  return <SessionContext.Provider value={actions}>{children}</SessionContext.Provider>;
}
