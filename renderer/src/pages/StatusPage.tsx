/** 404 and 403 pages, with a way back. */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../app/routes';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    marginTop: '6vh',
  },
  code: {
    fontSize: '96px',
    lineHeight: '1',
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.04em',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandForeground1}, ${tokens.colorPalettePinkForeground2})`,
    backgroundClip: 'text',
    color: 'transparent',
  },
  hint: { color: tokens.colorNeutralForeground3, maxWidth: '440px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

/** The status code shown and where the texts are in the `frame` namespace. */
const CONTENT = {
  'not-found': { code: '404', texts: 'notFound' },
  forbidden: { code: '403', texts: 'forbidden' },
} as const;

export function StatusPage({ kind }: { kind: keyof typeof CONTENT }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { t } = useTranslation('frame');
  const content = CONTENT[kind];
  const title = t(`status.${content.texts}.title`);
  useEffect(() => {
    document.title = t('documentTitle', { title });
  }, [t, title]);
  return (
    <section className={styles.root} aria-labelledby="status-title">
      <div className={styles.code} aria-hidden="true">
        {content.code}
      </div>
      <Text as="h1" id="status-title" size={600} weight="semibold">
        {title}
      </Text>
      <Text className={styles.hint}>{t(`status.${content.texts}.hint`)}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => navigate(HOME_PATH)}>
          {t('status.goHome')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('status.goBack')}</Button>
      </div>
    </section>
  );
}
