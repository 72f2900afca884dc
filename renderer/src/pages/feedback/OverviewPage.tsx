/**
 * The feedback Overview (docs/feedback.md "Overview"): /overview with the overall rating in its band
 * colour and as a percentage, the trend against the previous equal period, "You got {n} feedback(s) this
 * week.", feedback per week, category and attribute averages as bars, the six-month trend (of everything,
 * a category or an attribute); /category-overview and /received/attribute list every category or
 * attribute; /overview/category/:category and /received/attribute/:attribute drill into one. Whose
 * overview and the range live in the address, so links and reloads keep them.
 */
import {
  Card,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownRegular,
  ArrowLeftRegular,
  ArrowRightRegular,
  ArrowUpRegular,
  DataTrendingRegular,
} from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FeedbackOverview, MonthFigure } from '../../../../shared/contracts/feedback-overview';
import { ratingBand, ratingPercentage } from '../../../../shared/feedback';
import { daysIn } from '../../../../shared/feedback-overview';
import { useFeedbackList } from '../../api/hooks/feedback';
import {
  useAttributeOverview,
  useCategoryOverview,
  useFeedbackOverview,
  useFeedbackTrend,
} from '../../api/hooks/feedback-overview';
import { useMe } from '../../api/hooks/me';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError, QueryState, type QueryLike } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { AddressRangeFilter, FeedbackTabs, FilterBar } from './area';
import { FeedbackCard } from './FeedbackCard';
import { ChartCard, FigureBars, SubjectPicker, TrendChart, useOverviewParams } from './overview-parts';
import { BAND_COLORS, bandColor } from './rating-band';

const useStyles = makeStyles({
  kpis: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  kpi: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
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
function Filters({ name }: { name: string | undefined }) {
  const { t } = useTranslation('feedbackOverview');
  const p = useOverviewParams();
  return (
    <FilterBar label={t('filters')}>
      <AddressRangeFilter />
      <SubjectPicker value={p.choice} name={name} onChange={p.setSubject} />
    </FilterBar>
  );
}

function Kpi({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.kpi} role="group" aria-label={label}>
      <Text className={styles.label}>{label}</Text>
      {children}
    </Card>
  );
}

function Figures({ data }: { data: FeedbackOverview }) {
  const styles = useStyles();
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
      <Kpi label={t('overall.title')}>
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
      </Kpi>
      <Kpi label={t('trend.title')}>
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
      </Kpi>
      <Kpi label={t('week.title')}>
        <Text size={600} weight="semibold" className={styles.value} data-testid="week-count">
          {fmt.number(data.weekCount)}
        </Text>
        <Text>{weekText}</Text>
        <Text className={styles.label}>{t('week.inRange', { count: data.feedbackCount })}</Text>
      </Kpi>
    </div>
  );
}

function WeeksChart({ data }: { data: FeedbackOverview }) {
  const styles = useStyles();
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
  const styles = useStyles();
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
 * The six-month trend of one query in its card (with a control beside the title if any): the chart once
 * it has come, a spinner until then, the error with Retry if it failed.
 */
function TrendQueryCard({
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
function AverageKpi({ figure }: { figure: { average: number | null; count: number } }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  return (
    <div className={mergeClasses(styles.kpis, styles.single)}>
      <Kpi label={t('charts.average')}>
        <Text
          size={800}
          weight="semibold"
          style={figure.average !== null ? { color: bandColor(figure.average) } : undefined}
        >
          {figure.average === null ? t('overall.none') : fmt.number(figure.average, { maximumFractionDigits: 2 })}
        </Text>
        <Text className={styles.label}>{t('overall.ratings', { count: figure.count })}</Text>
      </Kpi>
    </div>
  );
}

export function OverviewPage() {
  const styles = useStyles();
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

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Link className={styles.back} to={to}>
      <ArrowLeftRegular aria-hidden />
      {children}
    </Link>
  );
}

/** /category-overview and /received/attribute: every category or attribute rated in the range. */
function FigureListPage({ kind }: { kind: 'category' | 'attribute' }) {
  const { t } = useTranslation('feedbackOverview');
  const p = useOverviewParams();
  const overview = useFeedbackOverview(p.filter);
  const data = overview.data;
  const figures = kind === 'category' ? data?.categories : data?.attributes;
  return (
    <>
      <PageHeader
        title={kind === 'category' ? t('category.listTitle') : t('attribute.listTitle')}
        subtitle={kind === 'category' ? t('category.listSubtitle') : t('attribute.listSubtitle')}
      />
      <BackLink to={p.link('/overview')}>{t('links.back')}</BackLink>
      <Filters name={data ? (data.employee?.name ?? data.team?.name ?? data.function?.name) : undefined} />
      <QueryState query={overview} label={t('loading')} />
      {figures && figures.length === 0 ? (
        <EmptyState icon={<DataTrendingRegular />} title={t('empty.title')}>
          {t('empty.body')}
        </EmptyState>
      ) : null}
      {figures && figures.length > 0 ? (
        <FigureBars
          title={kind === 'category' ? t('charts.categoriesTitle') : t('charts.attributesTitle')}
          label={kind === 'category' ? t('charts.categoriesLabel') : t('charts.attributesLabel')}
          figures={figures}
          href={(f) => p.link(kind === 'category' ? `/overview/category/${f.id}` : `/received/attribute/${f.id}`)}
        />
      ) : null}
    </>
  );
}

export function CategoryListPage() {
  return <FigureListPage kind="category" />;
}

export function AttributeListPage() {
  return <FigureListPage kind="attribute" />;
}

/** /overview/category/:category: its average, its attributes as bars, its six months. */
export function CategoryOverviewPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackOverview');
  const id = Number(useParams().category);
  const p = useOverviewParams();
  const overview = useCategoryOverview(id, p.filter);
  const trend = useFeedbackTrend({ ...p.subject, categoryId: id });
  const category = overview.data?.category;
  return (
    <>
      <PageHeader title={category?.name ?? t('category.listTitle')} subtitle={t('category.subtitle')} />
      <BackLink to={p.link('/overview')}>{t('links.back')}</BackLink>
      <Filters name={undefined} />
      <QueryState query={overview} label={t('loading')} />
      {category ? (
        <>
          <AverageKpi figure={category} />
          <div className={styles.grid}>
            <TrendQueryCard trend={trend} />
            {overview.data && overview.data.attributes.length > 0 ? (
              <FigureBars
                title={t('charts.attributesTitle')}
                label={t('charts.attributesLabel')}
                figures={overview.data.attributes}
                href={(f) => p.link(`/received/attribute/${f.id}`)}
              />
            ) : (
              <EmptyState icon={<DataTrendingRegular />} title={t('empty.title')}>
                {t('category.noAttributes')}
              </EmptyState>
            )}
          </div>
        </>
      ) : null}
    </>
  );
}

/** /received/attribute/:attribute: its average, its six months, the newest feedback rated on it. */
export function AttributeOverviewPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackOverview');
  const me = useMe();
  const id = Number(useParams().attribute);
  const p = useOverviewParams();
  const overview = useAttributeOverview(id, p.filter);
  const attribute = overview.data?.attribute;
  const recent = useFeedbackList(
    {
      direction: 'received',
      ...p.subject,
      attributeId: id,
      from: p.range.from,
      to: p.range.to,
    },
    { enabled: overview.isSuccess },
  );
  const items = (recent.data?.pages[0]?.items ?? []).slice(0, 5);
  return (
    <>
      <PageHeader
        title={attribute?.name ?? t('attribute.listTitle')}
        subtitle={attribute ? t('attribute.subtitle', { category: attribute.categoryName }) : undefined}
      />
      <BackLink to={p.link(attribute ? `/overview/category/${attribute.categoryId}` : '/overview')}>
        {attribute ? attribute.categoryName : t('links.back')}
      </BackLink>
      <Filters name={undefined} />
      <QueryState query={overview} label={t('loading')} />
      {attribute && overview.data ? (
        <>
          <AverageKpi figure={attribute} />
          <div className={styles.grid}>
            <TrendQueryCard trend={overview} />
          </div>
          <section className={styles.list} aria-label={t('attribute.recentTitle')}>
            <Text as="h2" weight="semibold" size={400}>
              {t('attribute.recentTitle')}
            </Text>
            {recent.isError ? <QueryError error={recent.error} onRetry={() => void recent.refetch()} /> : null}
            {recent.isSuccess && items.length === 0 ? (
              <Text className={styles.label}>{t('attribute.noRecent')}</Text>
            ) : null}
            {items.map((item) => (
              <FeedbackCard
                key={item.id}
                item={item}
                unseenMark={false}
                headerLink={(content) => (
                  <Link
                    to={item.receiver.id === me?.employee.id ? `/received/${item.id}` : `/my-team/received/${item.id}`}
                  >
                    {content}
                  </Link>
                )}
              />
            ))}
          </section>
        </>
      ) : null}
    </>
  );
}
