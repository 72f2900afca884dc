/** Productivity Overview: the range's totals as cards, hours against expected and WFO % against required as charts. */
import { Card, makeStyles, ProgressBar, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons';
import type { ReactElement, ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ProductivityOverview } from '../../../../shared/contracts/productivity';
import { useProductivityOverview, type RangeFilter } from '../../api/hooks/productivity';
import { EmptyState } from '../../components/EmptyState';
import { WfoTargetBadge } from './WfoTargetBadge';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontVariantNumeric: 'tabular-nums' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  chart: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  plot: { width: '100%', height: '300px' },
});

function Kpi({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="group" aria-label={label}>
      <Text className={styles.label}>{label}</Text>
      <Text size={800} weight="semibold" className={styles.value}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

/** A bucket's first day as day and short month in the language: 12 Jun, 12 juin. */
function shortDay(isoDay: string, language: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

const axisStyle = { fontSize: 12, fill: tokens.colorNeutralForeground3 };
const tooltipStyle = {
  backgroundColor: tokens.colorNeutralBackground1,
  border: `1px solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  color: tokens.colorNeutralForeground1,
};

const margin = { top: 16, right: 16, bottom: 0, left: 0 };
const line = { strokeWidth: 2, dot: false } as const;

/** A chart in a card under its heading, described to screen readers by `label` (what it compares). */
function ChartCard({ title, label, children }: { title: string; label: string; children: ReactElement }) {
  const styles = useStyles();
  return (
    <Card className={styles.chart}>
      <Text as="h2" weight="semibold" size={400}>
        {title}
      </Text>
      <div className={styles.plot} role="img" aria-label={label}>
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </Card>
  );
}

function Charts({ data }: { data: ProductivityOverview }) {
  const styles = useStyles();
  const { t } = useTranslation('productivity');
  const fmt = useFormat();
  const daily = data.granularity === 'day';
  const points = data.series.map((p) => {
    const day = shortDay(p.start, fmt.language);
    return { ...p, label: daily ? day : t('charts.week', { day }) };
  });
  const hoursTick = (value: number) => fmt.duration(value * 60);
  const percentTick = (value: number) => fmt.percent(value);
  const numberOf = (value: unknown, unit: (n: number) => string) =>
    typeof value === 'number' ? unit(value) : String(value ?? '');
  const grid = <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />;
  const xAxis = <XAxis dataKey="label" tick={axisStyle} minTickGap={12} />;
  return (
    <div className={styles.charts}>
      <ChartCard
        title={daily ? t('charts.hoursTitleDay') : t('charts.hoursTitleWeek')}
        label={t(daily ? 'charts.hoursLabelDay' : 'charts.hoursLabelWeek', {
          hours: fmt.number(data.workingHoursPerDay),
        })}
      >
        <ComposedChart data={points} margin={margin}>
          {grid}
          {xAxis}
          <YAxis tick={axisStyle} tickFormatter={hoursTick} width={56} />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value) => numberOf(value, (n) => fmt.number(n, { maximumFractionDigits: 2 }))}
          />
          <Legend />
          <Bar
            dataKey="workedHours"
            name={t('charts.worked')}
            fill={tokens.colorBrandBackground}
            radius={[4, 4, 0, 0]}
          />
          <Line
            {...line}
            dataKey="expectedHours"
            name={t('charts.expected')}
            type="stepAfter"
            stroke={tokens.colorPaletteMarigoldForeground1}
          />
        </ComposedChart>
      </ChartCard>
      <ChartCard
        title={t('charts.wfoTitle')}
        label={t(daily ? 'charts.wfoLabelDay' : 'charts.wfoLabelWeek', {
          required: fmt.percent(data.requiredWfoPercentage),
        })}
      >
        <LineChart data={points} margin={margin}>
          {grid}
          {xAxis}
          <YAxis tick={axisStyle} tickFormatter={percentTick} domain={[0, 100]} width={56} />
          <Tooltip contentStyle={tooltipStyle} formatter={(value) => numberOf(value, percentTick)} />
          <Legend />
          <ReferenceLine
            y={data.requiredWfoPercentage}
            stroke={tokens.colorPaletteRedForeground1}
            strokeDasharray="6 4"
            label={{
              value: t('charts.required', { required: fmt.percent(data.requiredWfoPercentage) }),
              position: 'insideTopRight',
              ...axisStyle,
            }}
          />
          <Line
            {...line}
            dataKey="wfoPercentage"
            name={t('charts.wfoPercent')}
            stroke={tokens.colorBrandForeground1}
            connectNulls
          />
          <Line
            {...line}
            dataKey="attendanceRate"
            name={t('charts.attendancePercent')}
            stroke={tokens.colorPaletteGreenForeground1}
            connectNulls
          />
        </LineChart>
      </ChartCard>
    </div>
  );
}

export function OverviewPanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const { t } = useTranslation('productivity');
  const fmt = useFormat();
  const query = useProductivityOverview(filter, { keepPrevious: true });

  if (query.isError) {
    return <QueryError error={query.error} onRetry={query.refetch} />;
  }
  if (query.isPending) {
    return (
      <div className={styles.cards} aria-busy="true" aria-label={t('overview.loading')}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i}>
            <SkeletonItem style={{ height: '120px' }} />
          </Skeleton>
        ))}
      </div>
    );
  }
  const data = query.data;
  if (data.employees === 0) {
    return (
      <EmptyState icon={<DataBarVerticalRegular />} title={t('overview.emptyTitle')}>
        {t('overview.emptyBody')}
      </EmptyState>
    );
  }
  const totals = data.totals;
  return (
    <section aria-label={t('overview.label')} aria-busy={query.isFetching}>
      <div className={styles.cards}>
        <Kpi label={t('overview.hoursWorked')} value={fmt.duration(totals.workedMinutes)}>
          <ProgressBar
            value={Math.min(1, totals.hoursPercentage / 100)}
            color={totals.hoursPercentage >= 100 ? 'success' : 'brand'}
            aria-label={t('overview.hoursAgainstExpected')}
          />
          <Text className={styles.label}>
            {t('overview.hoursDetail', {
              percent: fmt.percent(totals.hoursPercentage),
              expected: fmt.duration(totals.expectedMinutes),
              perDay: fmt.duration(data.workingHoursPerDay * 60),
            })}
          </Text>
        </Kpi>
        <Kpi label={t('overview.wfo')} value={fmt.percent(totals.wfoPercentage)}>
          <div className={styles.row}>
            <WfoTargetBadge wfoPercentage={totals.wfoPercentage} required={data.requiredWfoPercentage} />
            <Text className={styles.label}>
              {t('overview.wfoDetail', {
                required: fmt.percent(data.requiredWfoPercentage),
                count: totals.wfoDays,
                presentDays: totals.presentDays,
              })}
            </Text>
          </div>
        </Kpi>
        <Kpi label={t('overview.attendanceRate')} value={fmt.percent(totals.attendancePercentage)}>
          <Text className={styles.label}>
            {t('overview.attendanceDetail', {
              absent: totals.absentDays,
              leave: totals.leaveDays,
              working: totals.workingDays,
            })}
          </Text>
        </Kpi>
        <Kpi label={t('overview.people')} value={fmt.number(data.employees)}>
          <Text className={styles.label}>
            {t('overview.peopleDetail', {
              scope: data.team ? data.team.name : t('overview.everyone'),
              from: fmt.day(data.startDate),
              to: fmt.day(data.endDate),
            })}
          </Text>
        </Kpi>
      </div>
      <Charts data={data} />
    </section>
  );
}
