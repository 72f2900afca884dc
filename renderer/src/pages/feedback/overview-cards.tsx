/**
 * Pieces of the feedback Overview pages (docs/feedback.md "Overview"): their layout, the filters (the
 * range and whose overview), a figure's card, the average of a category or an attribute, the six-month
 * trend of one query in its card, and the link back to the overview.
 */
import { makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MonthFigure } from '../../../../shared/contracts/feedback-overview';
import { FigureCard } from '../../components/FigureCard';
import { QueryError, type QueryLike } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { AddressRangeFilter, FilterBar } from './area';
import { ChartCard, SubjectPicker, TrendChart, useOverviewParams } from './overview-parts';
import { bandColor } from './rating-band';

/** The Overview pages' layout. */
export const useOverviewStyles = makeStyles({
  kpis: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  single: { maxWidth: '360px' },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontVariantNumeric: 'tabular-nums' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(400px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  plot: { width: '100%', height: '220px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '920px' },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalM,
  },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  flat: { color: tokens.colorNeutralForeground3 },
  dropdown: { minWidth: '200px' },
});

/** The filters every overview page has: the range, and whose overview for those who may pick. */
export function OverviewFilters({ name }: { name: string | undefined }) {
  const { t } = useTranslation('feedbackOverview');
  const p = useOverviewParams();
  return (
    <FilterBar label={t('filters')}>
      <AddressRangeFilter />
      <SubjectPicker value={p.choice} name={name} onChange={p.setSubject} />
    </FilterBar>
  );
}

/**
 * The six-month trend of one query in its card (with a control beside the title if any): the chart once
 * it has come, a spinner until then, the error with Retry if it failed.
 */
export function TrendQueryCard({
  trend,
  action,
}: {
  trend: QueryLike<{ months: readonly MonthFigure[] }>;
  action?: ReactNode;
}) {
  const { t } = useTranslation('feedbackOverview');
  return (
    <ChartCard title={t('charts.trendTitle')} action={action}>
      {trend.isError ? <QueryError error={trend.error} onRetry={() => void trend.refetch()} /> : null}
      {trend.data ? (
        <TrendChart months={trend.data.months} label={t('charts.trendLabel')} />
      ) : trend.isError ? null : (
        <Spinner size="small" />
      )}
    </ChartCard>
  );
}

/** The average of one category or attribute in its band colour, with how many ratings it counts. */
export function AverageKpi({ figure }: { figure: { average: number | null; count: number } }) {
  const styles = useOverviewStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  return (
    <div className={mergeClasses(styles.kpis, styles.single)}>
      <FigureCard label={t('charts.average')}>
        <Text
          size={800}
          weight="semibold"
          style={figure.average !== null ? { color: bandColor(figure.average) } : undefined}
        >
          {figure.average === null ? t('overall.none') : fmt.number(figure.average, { maximumFractionDigits: 2 })}
        </Text>
        <Text className={styles.label}>{t('overall.ratings', { count: figure.count })}</Text>
      </FigureCard>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const styles = useOverviewStyles();
  return (
    <Link className={styles.back} to={to}>
      <ArrowLeftRegular aria-hidden />
      {children}
    </Link>
  );
}
