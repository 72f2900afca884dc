/** The signed-in application frame: header, sidebar and the page area with its error boundary. */
import { makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { HOME_PATH } from '../app/routes';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { AttendanceTray } from '../attendance/AttendanceTray';
import { platform } from '../platform';
import { offlineAtom } from '../session/atoms';
import { usePermissions } from '../api/hooks/me';
import { useTranslation } from '../i18n';
import { Header } from './Header';
import { NotificationStream } from './NotificationStream';
import { Sidebar } from './Sidebar';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%' },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { flexGrow: 1, minWidth: 0, overflowY: 'auto', outline: 'none' },
  content: {
    maxWidth: '1400px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 640px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
  },
  loading: { display: 'grid', placeItems: 'center', minHeight: '40vh' },
  skip: {
    position: 'absolute',
    left: '-9999px',
    ':focus': { left: tokens.spacingHorizontalM, top: tokens.spacingVerticalM, zIndex: 1000 },
  },
});

export function AppFrame() {
  const styles = useStyles();
  const location = useLocation();
  const offline = useAtomValue(offlineAtom);
  const permissions = usePermissions();
  const { t } = useTranslation('frame');
  return (
    <div className={styles.root}>
      <a href="#main" className={styles.skip}>
        {t('appFrame.skipToContent')}
      </a>
      <Header />
      <NotificationStream />
      {platform.kind === 'desktop' && permissions.has('view-attendance') ? <AttendanceTray /> : null}
      {offline ? (
        <MessageBar intent="warning" layout="singleline">
          <MessageBarBody>{t('appFrame.offline')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.body}>
        <Sidebar />
        <main id="main" className={styles.main} tabIndex={-1}>
          <div className={styles.content}>
            {/* Keyed by path so a failed page recovers when the user navigates elsewhere. */}
            <ErrorBoundary key={location.pathname} homePath={HOME_PATH}>
              <Suspense
                fallback={
                  <div className={styles.loading}>
                    <Spinner label={t('appFrame.loadingPage')} />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
