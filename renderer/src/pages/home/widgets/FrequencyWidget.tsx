/**
 * One's frequency: feedback given each of the last 12 weeks as bars, the weekly average, and the weekly
 * target the responsibility matrix sets (a dashed line across the bars).
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons';
import { useGivingFrequency } from '../../../api/hooks/home';
import { useFormat, useTranslation } from '../../../i18n';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

const CHART_HEIGHT = 64;

const useStyles = makeStyles({
  box: { position: 'relative' },
  chart: {
    display: 'grid',
    gridTemplateColumns: 'repeat(12, 1fr)',
    alignItems: 'end',
    gap: '4px',
    height: `${CHART_HEIGHT}px`,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  bar: {
    minHeight: '3px',
    borderRadius: `${tokens.borderRadiusSmall} ${tokens.borderRadiusSmall} 0 0`,
    backgroundColor: tokens.colorBrandBackground,
  },
  idle: { backgroundColor: tokens.colorNeutralStroke2 },
  target: {
    position: 'absolute',
    left: 0,
    right: 0,
    borderTop: `1px dashed ${tokens.colorPaletteDarkOrangeBorder2}`,
    pointerEvents: 'none',
  },
  line: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function FrequencyWidget() {
  const styles = { ...useWidgetStyles(), ...useStyles() };
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const query = useGivingFrequency();
  const title = t('widgets.frequency.title');
  return (
    <WidgetCard title={title} icon={<DataBarVerticalRegular />} subtitle={t('widgets.frequency.caption')}>
      <QueryBody query={query} title={title} isEmpty={() => false} empty="">
        {(frequency) => {
          const top = Math.max(1, frequency.target ?? 0, ...frequency.weeks.map((w) => w.given));
          const height = (value: number) => `${Math.round((value / top) * CHART_HEIGHT)}px`;
          return (
            <>
              <div className={styles.line}>
                <Text size={800} weight="bold" className={styles.figure} data-testid="home-frequency">
                  {t('widgets.frequency.average', { average: fmt.number(frequency.average) })}
                </Text>
                <Text size={200} className={styles.muted}>
                  {frequency.target === null
                    ? t('widgets.frequency.noTarget')
                    : t('widgets.frequency.target', { target: fmt.number(frequency.target) })}
                </Text>
              </div>
              <div className={styles.box}>
                <ol className={styles.chart} aria-label={t('widgets.frequency.chart')}>
                  {frequency.weeks.map((week) => (
                    <li
                      key={week.weekStart}
                      className={mergeClasses(styles.bar, week.given === 0 && styles.idle)}
                      style={{ height: height(week.given) }}
                      aria-label={t('widgets.frequency.week', { date: fmt.day(week.weekStart), count: week.given })}
                      title={t('widgets.frequency.week', { date: fmt.day(week.weekStart), count: week.given })}
                    />
                  ))}
                </ol>
                {frequency.target === null ? null : (
                  <span className={styles.target} style={{ bottom: height(frequency.target) }} aria-hidden="true" />
                )}
              </div>
            </>
          );
        }}
      </QueryBody>
    </WidgetCard>
  );
}
