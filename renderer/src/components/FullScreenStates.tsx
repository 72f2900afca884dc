/** Whole-window states of the session: checking, setting up the profile, server unreachable. */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { PlugDisconnectedRegular } from '@fluentui/react-icons';
import { useSessionActions } from '../session/SessionProvider';
import { useTranslation } from '../i18n';
import { BrandMark } from './BrandMark';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
  message: { color: tokens.colorNeutralForeground2, maxWidth: '420px' },
  dots: {
    display: 'inline-block',
    width: '1.5em',
    textAlign: 'left',
    '::after': {
      content: '"…"',
      display: 'inline-block',
      overflow: 'hidden',
      verticalAlign: 'bottom',
      animationName: { '0%': { width: '0' }, '100%': { width: '1.2em' } },
      animationDuration: '1.4s',
      animationIterationCount: 'infinite',
      animationTimingFunction: 'steps(4, end)',
      '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
    },
  },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
});

export function FullScreenSpinner({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Spinner size="large" label={label} labelPosition="below" />
    </div>
  );
}

export function SettingUpProfile() {
  const styles = useStyles();
  const { t } = useTranslation('frame');
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <BrandMark size={56} />
      <Spinner size="medium" />
      <Text size={500} weight="semibold">
        {t('fullScreen.settingUp')}
        <span className={styles.dots} aria-hidden="true" />
      </Text>
    </div>
  );
}

export function ServerUnreachable() {
  const styles = useStyles();
  const { retryStart } = useSessionActions();
  const { t } = useTranslation('frame');
  return (
    <div className={styles.root} role="alert">
      <PlugDisconnectedRegular className={styles.icon} aria-hidden="true" />
      <Text size={600} weight="semibold">
        {t('fullScreen.unreachableTitle')}
      </Text>
      <Text className={styles.message}>{t('fullScreen.unreachableBody')}</Text>
      <Button appearance="primary" onClick={retryStart}>
        {t('fullScreen.tryAgain')}
      </Button>
    </div>
  );
}
