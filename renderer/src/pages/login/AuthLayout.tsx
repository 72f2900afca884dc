/** The signed-out pages' frame: the brand story on the left, the form on the right. */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useEffect, type ReactNode } from 'react';
import { BrandLockup } from '../../components/BrandMark';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(380px, 5fr) 6fr' },
  },
  story: {
    display: 'none',
    position: 'relative',
    overflow: 'hidden',
    color: '#fff',
    padding: '56px',
    flexDirection: 'column',
    justifyContent: 'space-between',
    backgroundImage:
      'radial-gradient(circle at 15% 20%, rgba(255,255,255,0.16), transparent 40%), radial-gradient(circle at 85% 85%, rgba(236,72,153,0.45), transparent 45%), linear-gradient(150deg, #4b42e0 0%, #3422a8 55%, #1f1466 100%)',
    '@media (min-width: 960px)': { display: 'flex' },
  },
  storyBrand: { display: 'flex', alignItems: 'center', gap: '10px', fontSize: '20px', fontWeight: 700 },
  headline: {
    fontSize: '40px',
    lineHeight: '48px',
    fontWeight: 700,
    letterSpacing: '-0.02em',
    margin: 0,
    maxWidth: '460px',
  },
  lead: { fontSize: '16px', lineHeight: '24px', opacity: 0.88, maxWidth: '440px', marginTop: '16px' },
  points: { listStyle: 'none', padding: 0, margin: '32px 0 0', display: 'grid', gap: '14px' },
  point: { display: 'flex', alignItems: 'center', gap: '10px', fontSize: '15px' },
  pointIcon: { color: '#a7f3d0', fontSize: '20px' },
  foot: { fontSize: '13px', opacity: 0.7 },
  main: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  panel: { width: '100%', maxWidth: '400px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  mobileBrand: { '@media (min-width: 960px)': { display: 'none' } },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  legal: { color: tokens.colorNeutralForeground3, textAlign: 'center', marginTop: tokens.spacingVerticalXL },
});

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = t('layout.documentTitle', { title });
  }, [t, title]);
  return (
    <div className={styles.root}>
      <aside className={styles.story} aria-hidden="true">
        <div className={styles.storyBrand}>
          <BrandLockup size={36} onBrand />
        </div>
        <div>
          <p className={styles.headline}>{t('layout.headline')}</p>
          <p className={styles.lead}>{t('layout.lead')}</p>
          <ul className={styles.points}>
            {[t('layout.points.feedback'), t('layout.points.badges'), t('layout.points.hr')].map((point) => (
              <li key={point} className={styles.point}>
                <CheckmarkCircleFilled className={styles.pointIcon} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.foot}>{t('layout.copyright', { year: new Date().getFullYear() })}</div>
      </aside>
      <main className={styles.main}>
        <div className={styles.panel}>
          <BrandLockup size={36} className={styles.mobileBrand} />
          <div className={styles.titles}>
            <Text as="h1" size={800} weight="semibold">
              {title}
            </Text>
            <Text className={styles.subtitle}>{subtitle}</Text>
          </div>
          {children}
        </div>
        <Text size={200} className={styles.legal}>
          {t('layout.legal')}
        </Text>
      </main>
    </div>
  );
}
