import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** The page's title (also the document title), a line about it, and its main actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('frame');
  useEffect(() => {
    document.title = t('documentTitle', { title });
  }, [t, title]);
  return (
    <header className={styles.root}>
      <div className={styles.text}>
        <Text as="h1" size={700} weight="semibold">
          {title}
        </Text>
        {subtitle ? <Text className={styles.subtitle}>{subtitle}</Text> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
