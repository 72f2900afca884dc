/** 404 and 403 pages, with a way back. */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { HOME_PATH } from '../app/routes';

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

const CONTENT = {
  'not-found': {
    code: '404',
    title: 'We can’t find that page',
    hint: 'The address may be mistyped, or the page may have moved. Check the link or head back home.',
  },
  forbidden: {
    code: '403',
    title: 'You don’t have access to this page',
    hint: `${MESSAGES.FORBIDDEN} If you need it, ask your administrator for the permission.`,
  },
} as const;

export function StatusPage({ kind }: { kind: keyof typeof CONTENT }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const content = CONTENT[kind];
  useEffect(() => {
    document.title = `${content.title} · Teambeat`;
  }, [content.title]);
  return (
    <section className={styles.root} aria-labelledby="status-title">
      <div className={styles.code} aria-hidden="true">
        {content.code}
      </div>
      <Text as="h1" id="status-title" size={600} weight="semibold">
        {content.title}
      </Text>
      <Text className={styles.hint}>{content.hint}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => navigate(HOME_PATH)}>
          Go to home
        </Button>
        <Button onClick={() => navigate(-1)}>Go back</Button>
      </div>
    </section>
  );
}
