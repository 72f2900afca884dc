import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullScreenSpinner, ServerUnreachable, SettingUpProfile } from '../components/FullScreenStates';
import { preloadToaster } from '../components/toasts';
import { preloadUnsavedDialog } from '../components/unsaved';
import { sessionEndAtom, sessionStatusAtom } from '../session/atoms';
import { usePermissions } from '../api/hooks/me';
import { loadEveryNamespace, useTranslation } from '../i18n';
import { APP_ROUTES, canOpen, HOME_PATH, type AppRoute } from './routes';

const AuthPage = lazy(() => import('../pages/login/AuthPage').then((m) => ({ default: m.AuthPage })));
// The frame comes with the rest of the language's texts (the sign-in page loaded only its own), so no page or
// dialog of the signed-in app waits for its texts later.
// The toaster and the unsaved-changes question, which the first screen does without, are fetched with it too.
const AppFrame = lazy(() => {
  preloadToaster();
  preloadUnsavedDialog();
  return Promise.all([import('../frame/AppFrame'), loadEveryNamespace()]).then(([m]) => ({ default: m.AppFrame }));
});
const ClientFeedbackPage = lazy(() =>
  import('../pages/client-feedback/ClientFeedbackPage').then((m) => ({ default: m.ClientFeedbackPage })),
);
// The desktop's first start only (the company server's address): not part of the browser's first screen.
const ServerSetup = lazy(() => import('../components/ServerSetup').then((m) => ({ default: m.ServerSetup })));
const StatusPage = lazy(() => import('../pages/StatusPage').then((m) => ({ default: m.StatusPage })));

/** Pages of a signed-out visitor; a signed-in user goes where they were headed, or home. */
function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const location = useLocation();
  if (status === 'authenticated') {
    const next = new URLSearchParams(location.search).get('next');
    return <Navigate to={next?.startsWith('/') && !next.startsWith('//') ? next : HOME_PATH} replace />;
  }
  return children;
}

function RequireSession({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const ended = useAtomValue(sessionEndAtom);
  const location = useLocation();
  if (status !== 'authenticated') {
    const here = location.pathname + location.search;
    const remember = ended !== 'signed-out' && here !== '/' && here !== HOME_PATH;
    const next = remember ? `?next=${encodeURIComponent(here)}` : '';
    return <Navigate to={`/login${next}`} replace />;
  }
  return children;
}

function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const permissions = usePermissions();
  if (!canOpen(route, permissions)) return <StatusPage kind="forbidden" />;
  return children;
}

export function App() {
  const status = useAtomValue(sessionStatusAtom);
  const { t } = useTranslation('frame');
  if (status === 'loading') return <FullScreenSpinner label={t('app.checkingSession')} />;
  if (status === 'settingProfile') return <SettingUpProfile />;
  if (status === 'unreachable') return <ServerUnreachable />;
  if (status === 'needsServer')
    return (
      <Suspense fallback={<FullScreenSpinner label={t('app.loading')} />}>
        <ServerSetup />
      </Suspense>
    );

  const auth = (mode: 'sign-in' | 'sign-up' | 'forgot-password' | 'invitation') => (
    <PublicOnly>
      <AuthPage mode={mode} />
    </PublicOnly>
  );
  return (
    <Suspense fallback={<FullScreenSpinner label={t('app.loading')} />}>
      <Routes>
        <Route path="/login" element={auth('sign-in')} />
        <Route path="/sign-up" element={auth('sign-up')} />
        <Route path="/forgot-password" element={auth('forgot-password')} />
        {/* An invited employee sets their first password (the link's token is after #). */}
        <Route path="/invitation" element={auth('invitation')} />
        {/* Open signed in too: the change ends the session, and the form signs out after it. */}
        <Route path="/confirm-email" element={<AuthPage mode="confirm-email" />} />
        {/* A client's feedback link: no account and no app frame, signed in or not (the token is the credential). */}
        <Route path="/client-feedback/:token" element={<ClientFeedbackPage />} />
        <Route
          element={
            <RequireSession>
              <AppFrame />
            </RequireSession>
          }
        >
          <Route index element={<Navigate to={HOME_PATH} replace />} />
          {APP_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RequirePermission route={route}>
                  <route.Page />
                </RequirePermission>
              }
            />
          ))}
          <Route path="*" element={<StatusPage kind="not-found" />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
