/** Productivity Overview: the range's totals as cards, hours against expected and WFO % against required as charts. */
import { Card, makeStyles, ProgressBar, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
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
import { formatDay } from '../../components/format';
import { formatDuration } from '../../../../shared/duration';
import { WfoTargetBadge } from './WfoTargetBadge';
import { QueryError } from '../../components/QueryState';

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

function bucketLabel(granularity: ProductivityOverview['granularity'], start: string): string {
  return granularity === 'day' ? format(parseISO(start), 'dd MMM') : `Wk ${format(parseISO(start), 'dd MMM')}`;
}

const axisStyle = { fontSize: 12, fill: tokens.colorNeutralForeground3 };
const tooltipStyle = {
  backgroundColor: tokens.colorNeutralBackground1,
  border: `1px solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  color: tokens.colorNeutralForeground1,
};

function Charts({ data }: { data: ProductivityOverview }) {
  const styles = useStyles();
  const points = data.series.map((p) => ({ ...p, label: bucketLabel(data.granularity, p.start) }));
  const per = data.granularity === 'day' ? 'per day' : 'per week';
  return (
    <div className={styles.charts}>
      <Card className={styles.chart}>
        <Text as="h2" weight="semibold" size={400}>
          Hours worked vs expected ({per})
        </Text>
        <div
          className={styles.plot}
          role="img"
          aria-label={`Hours worked ${per} against the expected ${data.workingHoursPerDay} hours a working day`}
        >
          <ResponsiveContainer>
            <ComposedChart data={points} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />
              <XAxis dataKey="label" tick={axisStyle} minTickGap={12} />
              <YAxis tick={axisStyle} unit=" h" width={56} />
              <Tooltip contentStyle={tooltipStyle} />
              <Legend />
              <Bar dataKey="workedHours" name="Worked" fill={tokens.colorBrandBackground} radius={[4, 4, 0, 0]} />
              <Line
                dataKey="expectedHours"
                name="Expected"
                type="stepAfter"
                stroke={tokens.colorPaletteMarigoldForeground1}
                strokeWidth={2}
                dot={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card className={styles.chart}>
        <Text as="h2" weight="semibold" size={400}>
          Work from office and attendance (%)
        </Text>
        <div
          className={styles.plot}
          role="img"
          aria-label={`Work-from-office percentage and attendance rate ${per}, against the required ${data.requiredWfoPercentage}%`}
        >
          <ResponsiveContainer>
            <LineChart data={points} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />
              <XAxis dataKey="label" tick={axisStyle} minTickGap={12} />
              <YAxis tick={axisStyle} unit="%" domain={[0, 100]} width={48} />
              <Tooltip contentStyle={tooltipStyle} />
              <Legend />
              <ReferenceLine
                y={data.requiredWfoPercentage}
                stroke={tokens.colorPaletteRedForeground1}
                strokeDasharray="6 4"
                label={{ value: `Required ${data.requiredWfoPercentage}%`, position: 'insideTopRight', ...axisStyle }}
              />
              <Line
                dataKey="wfoPercentage"
                name="WFO %"
                stroke={tokens.colorBrandForeground1}
                strokeWidth={2}
                dot={false}
                connectNulls
              />
              <Line
                dataKey="attendanceRate"
                name="Attendance %"
                stroke={tokens.colorPaletteGreenForeground1}
                strokeWidth={2}
                dot={false}
                connectNulls
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
    </div>
  );
}

export function OverviewPanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const query = useProductivityOverview(filter, { keepPrevious: true });

  if (query.isError) {
    return <QueryError error={query.error} onRetry={query.refetch} />;
  }
  if (query.isPending) {
    return (
      <div className={styles.cards} aria-busy="true" aria-label="Loading the overview">
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
      <EmptyState icon={<DataBarVerticalRegular />} title="No one to show yet">
        There are no active employees in this selection. Pick another team, or ask HR to add you to a team.
      </EmptyState>
    );
  }
  const t = data.totals;
  return (
    <section aria-label="Productivity overview" aria-busy={query.isFetching}>
      <div className={styles.cards}>
        <Kpi label="Hours worked" value={formatDuration(t.workedMinutes)}>
          <ProgressBar
            value={Math.min(1, t.hoursPercentage / 100)}
            color={t.hoursPercentage >= 100 ? 'success' : 'brand'}
            aria-label="Hours worked against expected"
          />
          <Text className={styles.label}>
            {t.hoursPercentage}% of {formatDuration(t.expectedMinutes)} expected (
            {formatDuration(data.workingHoursPerDay * 60)} a working day)
          </Text>
        </Kpi>
        <Kpi label="Work from office" value={`${t.wfoPercentage}%`}>
          <div className={styles.row}>
            <WfoTargetBadge wfoPercentage={t.wfoPercentage} required={data.requiredWfoPercentage} />
            <Text className={styles.label}>
              Required {data.requiredWfoPercentage}% · {t.wfoDays} of {t.presentDays} days
            </Text>
          </div>
        </Kpi>
        <Kpi label="Attendance rate" value={`${t.attendancePercentage}%`}>
          <Text className={styles.label}>
            {t.absentDays} absent and {t.leaveDays} leave days over {t.workingDays} working days
          </Text>
        </Kpi>
        <Kpi label="People" value={String(data.employees)}>
          <Text className={styles.label}>
            {data.team ? data.team.name : 'Everyone in scope'} · {formatDay(data.startDate)} to{' '}
            {formatDay(data.endDate)}
          </Text>
        </Kpi>
      </div>
      <Charts data={data} />
    </section>
  );
}
