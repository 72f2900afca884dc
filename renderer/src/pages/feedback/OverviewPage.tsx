/**
 * The feedback Overview (docs/feedback.md "Overview"): /overview with the overall rating in its band
 * colour and as a percentage, the trend against the previous equal period, "You got {n} feedback(s) this
 * week.", feedback per week, category and attribute averages as bars, the six-month trend (of everything,
 * a category or an attribute). Its drill-downs are in OverviewDrillPages.tsx. Whose overview and the range
 * live in the address, so links and reloads keep them.
 */
import { Dropdown, Field, mergeClasses, Option, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowRightRegular, ArrowUpRegular, DataTrendingRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FeedbackOverview } from '../../../../shared/contracts/feedback-overview';
import { ratingBand, ratingPercentage } from '../../../../shared/feedback';
import { daysIn } from '../../../../shared/feedback-overview';
import { useFeedbackOverview, useFeedbackTrend } from '../../api/hooks/feedback-overview';
import { useMe, usePermissions } from '../../api/hooks/me';
import { EmptyState } from '../../components/EmptyState';
import { FigureCard } from '../../components/FigureCard';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { FeedbackTabs } from './area';
import { OverviewFilters as Filters, TrendQueryCard, useOverviewStyles } from './overview-cards';
import { ChartCard, FigureBars, useOverviewParams } from './overview-parts';
import { BAND_COLORS } from './rating-band';
import { TaskOverview } from '../task-feedback/TaskOverview';
import { useWhose, WhosePicker } from '../task-feedback/WhosePicker';

export { AttributeListPage, AttributeOverviewPage, CategoryListPage, CategoryOverviewPage } from './OverviewDrillPages';

function Figures({ data }: { data: FeedbackOverview }) {
  const styles = useOverviewStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  const me = useMe();
  const days = daysIn(data.from, data.to);
  const rating = data.overallRating;
  const band = rating === null ? null : ratingBand(rating);
  const TrendIcon = data.trend === 'up' ? ArrowUpRegular : data.trend === 'down' ? ArrowDownRegular : ArrowRightRegular;
  const trendClass = data.trend === 'up' ? styles.up : data.trend === 'down' ? styles.down : styles.flat;
  const change =
    data.percentageChange === null
      ? null
      : `${data.percentageChange > 0 ? '+' : ''}${fmt.number(data.percentageChange, { maximumFractionDigits: 1 })}%`;
  const group = data.team ?? data.function;
  const weekText = group
    ? t('week.group', { count: data.weekCount, name: group.name })
    : data.employee === null
      ? t('week.teams', { count: data.weekCount })
      : data.employee.id === me?.employee.id
        ? t('week.you', { count: data.weekCount })
        : t('week.person', { count: data.weekCount, name: data.employee.name });
  return (
    <div className={styles.kpis}>
      <FigureCard label={t('overall.title')}>
        <div className={styles.row}>
          <Text
            size={800}
            weight="semibold"
            className={styles.value}
            style={band ? { color: BAND_COLORS[band] } : undefined}
            data-testid="overall-rating"
          >
            {rating === null
              ? t('overall.none')
              : fmt.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
          </Text>
          {rating !== null ? <Text className={styles.label}>{t('overall.outOf')}</Text> : null}
        </div>
        {rating !== null && band ? (
          <Text style={{ color: BAND_COLORS[band] }}>
            {t(`bands.${band}`)} · {t('overall.percentage', { percent: fmt.percent(ratingPercentage(rating)) })}
          </Text>
        ) : null}
        <Text className={styles.label}>{t('overall.ratings', { count: data.ratingCount })}</Text>
      </FigureCard>
      <FigureCard label={t('trend.title')}>
        <div className={mergeClasses(styles.row, trendClass)}>
          <TrendIcon fontSize={28} aria-hidden />
          <Text size={600} weight="semibold">
            {t(`trend.${data.trend}`)}
          </Text>
        </div>
        <Text className={styles.label}>
          {change === null ? t('trend.noPrevious', { days }) : t('trend.change', { change, days })}
        </Text>
        {data.previousRating !== null ? (
          <Text className={styles.label}>
            {t('trend.previous', { rating: fmt.number(data.previousRating, { maximumFractionDigits: 2 }) })}
          </Text>
        ) : null}
      </FigureCard>
      <FigureCard label={t('week.title')}>
        <Text size={600} weight="semibold" className={styles.value} data-testid="week-count">
          {fmt.number(data.weekCount)}
        </Text>
        <Text>{weekText}</Text>
        <Text className={styles.label}>{t('week.inRange', { count: data.feedbackCount })}</Text>
      </FigureCard>
    </div>
  );
}

function WeeksChart({ data }: { data: FeedbackOverview }) {
  const styles = useOverviewStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  const points = data.weeks.map((w) => ({ ...w, label: fmt.day(w.start).slice(0, 6) }));
  return (
    <ChartCard title={t('charts.weeksTitle')}>
      <div className={styles.plot} role="img" aria-label={t('charts.weeksLabel')}>
        <ResponsiveContainer>
          <BarChart data={points} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: tokens.colorNeutralForeground3 }} minTickGap={8} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: tokens.colorNeutralForeground3 }} width={32} />
            <Tooltip
              labelFormatter={(label) => t('charts.week', { day: String(label) })}
              contentStyle={{ backgroundColor: tokens.colorNeutralBackground1 }}
            />
            <Bar
              dataKey="count"
              name={t('charts.feedbacks')}
              fill={tokens.colorBrandBackground}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}

/** The six-month trend with its choice: every rating, a category's or an attribute's. */
function TrendCard({ data }: { data: FeedbackOverview }) {
  const styles = useOverviewStyles();
  const { t } = useTranslation('feedbackOverview');
  const p = useOverviewParams();
  const [of, setOf] = useState('');
  const filter = {
    ...p.subject,
    ...(of.startsWith('c') ? { categoryId: Number(of.slice(1)) } : {}),
    ...(of.startsWith('a') ? { attributeId: Number(of.slice(1)) } : {}),
  };
  const trend = useFeedbackTrend(filter);
  const choices = [
    ...data.categories.map((c) => ({ value: `c${c.id}`, text: c.name })),
    ...data.attributes.map((a) => ({ value: `a${a.id}`, text: a.name })),
  ];
  return (
    <TrendQueryCard
      trend={trend}
      action={
        <Field label={t('charts.trendOf')}>
          <Dropdown
            className={styles.dropdown}
            value={choices.find((c) => c.value === of)?.text ?? t('charts.everything')}
            selectedOptions={[of]}
            onOptionSelect={(_, d) => setOf(d.optionValue ?? '')}
          >
            <Option value="">{t('charts.everything')}</Option>
            {choices.map((c) => (
              <Option key={c.value} value={c.value}>
                {c.text}
              </Option>
            ))}
          </Dropdown>
        </Field>
      }
    />
  );
}

/**
 * The Overview's switch between Personal Feedback and Task Feedback (shown to holders of
 * view-task-feedback-overview), kept in the address (`?kind=task`) so a reload or a link keeps it.
 */
function OverviewKindSwitch({ kind }: { kind: 'personal' | 'task' }) {
  const { t } = useTranslation('taskFeedback');
  const permissions = usePermissions();
  const [, setParams] = useSearchParams();
  if (!permissions.has('view-task-feedback-overview')) return null;
  return (
    <TabList
      appearance="subtle-circular"
      size="small"
      aria-label={t('overview.switch')}
      selectedValue={kind}
      onTabSelect={(_, d) => setParams(d.value === 'task' ? { kind: 'task' } : {})}
      style={{ marginBottom: tokens.spacingVerticalM }}
    >
      <Tab value="personal">{t('overview.personal')}</Tab>
      <Tab value="task">{t('overview.task')}</Tab>
    </TabList>
  );
}

export function OverviewPage() {
  const [params] = useSearchParams();
  const permissions = usePermissions();
  if (params.get('kind') === 'task' && permissions.has('view-task-feedback-overview')) return <TaskOverviewScreen />;
  return <PersonalOverview />;
}

/** The Task Feedback side: the caller's, or whose a lead or HR picked (?employeeId=), named in the subtitle. */
function TaskOverviewScreen() {
  const { t } = useTranslation('taskFeedback');
  const whose = useWhose();
  const subtitle =
    whose.employeeId === null ? t('overview.subtitle') : t('whose.overviewSubtitle', { name: whose.name ?? '…' });
  return (
    <>
      <PageHeader title={t('overview.title')} subtitle={subtitle} />
      <FeedbackTabs selected="overview" />
      <OverviewKindSwitch kind="task" />
      {whose.mayPick ? (
        <div style={{ marginBottom: tokens.spacingVerticalM, maxWidth: '360px' }}>
          <WhosePicker whose={whose} />
        </div>
      ) : null}
      <TaskOverview employeeId={whose.employeeId} />
    </>
  );
}

function PersonalOverview() {
  const styles = useOverviewStyles();
  const { t } = useTranslation('feedbackOverview');
  const p = useOverviewParams();
  const overview = useFeedbackOverview(p.filter);
  const data = overview.data;
  const empty = data !== undefined && data.ratingCount === 0 && data.feedbackCount === 0;
  // The title names the team or function opened (the figures' data, so it follows the address).
  const title = data?.team
    ? t('titleTeam', { name: data.team.name })
    : data?.function
      ? t('titleFunction', { name: data.function.name })
      : t('title');
  const subtitle = data?.team
    ? t('subtitleTeam', { name: data.team.name })
    : data?.function
      ? t('subtitleFunction', { name: data.function.name })
      : t('subtitle');
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <FeedbackTabs selected="overview" />
      <OverviewKindSwitch kind="personal" />
      <Filters name={data ? (data.employee?.name ?? data.team?.name ?? data.function?.name) : undefined} />
      <QueryState query={overview} label={t('loading')} />
      {data && !overview.isError ? (
        <>
          <Figures data={data} />
          {empty ? (
            <EmptyState icon={<DataTrendingRegular />} title={t('empty.title')}>
              {t('empty.body')}
            </EmptyState>
          ) : (
            <>
              <div className={styles.grid}>
                <TrendCard data={data} />
                <WeeksChart data={data} />
              </div>
              <div className={styles.grid}>
                <FigureBars
                  title={t('charts.categoriesTitle')}
                  label={t('charts.categoriesLabel')}
                  figures={data.categories}
                  href={(f) => p.link(`/overview/category/${f.id}`)}
                  footer={<Link to={p.link('/category-overview')}>{t('links.allCategories')}</Link>}
                />
                <FigureBars
                  title={t('charts.attributesTitle')}
                  label={t('charts.attributesLabel')}
                  figures={data.attributes}
                  href={(f) => p.link(`/received/attribute/${f.id}`)}
                  footer={<Link to={p.link('/received/attribute')}>{t('links.allAttributes')}</Link>}
                />
              </div>
            </>
          )}
        </>
      ) : null}
    </>
  );
}
