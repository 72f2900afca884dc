/** Catches a page that fails to render and offers a way back instead of a blank window. */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

type Props = { children: ReactNode; homePath: string };
type State = { error: Error | null };

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXXL,
    textAlign: 'center',
  },
  icon: { fontSize: '48px', color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3, maxWidth: '460px' },
});

function Fallback({ onRetry, homePath }: { onRetry: () => void; homePath: string }) {
  const styles = useStyles();
  const { t } = useTranslation(['common', 'errors']);
  return (
    <div className={styles.root} role="alert">
      <ErrorCircleRegular className={styles.icon} aria-hidden="true" />
      <Text as="h1" size={600} weight="semibold">
        {t('errorBoundary.title')}
      </Text>
      <Text className={styles.hint}>{t('errors:INTERNAL')}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onRetry}>
          {t('errorBoundary.tryAgain')}
        </Button>
        <Button onClick={() => window.location.assign(homePath)}>{t('errorBoundary.goHome')}</Button>
      </div>
    </div>
  );
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Reporting goes here once the app has a telemetry sink; the fallback already tells the user.
  }

  override render() {
    if (this.state.error)
      return <Fallback homePath={this.props.homePath} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
