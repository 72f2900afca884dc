/**
 * The Overview's drill-downs (docs/feedback.md "Overview"): /category-overview and /received/attribute list
 * every category or attribute rated in the range; /overview/category/:category and
 * /received/attribute/:attribute show one, its average, its six months, and its attributes or the newest
 * feedback rated on it. Whose overview and the range stay in the address.
 */
import { Text } from '@fluentui/react-components';
import { DataTrendingRegular } from '@fluentui/react-icons';
import { Link, useParams } from 'react-router-dom';
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
import { QueryError, QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { FeedbackCard } from './FeedbackCard';
import { AverageKpi, BackLink, OverviewFilters as Filters, TrendQueryCard, useOverviewStyles } from './overview-cards';
import { FigureBars, useOverviewParams } from './overview-parts';

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
  const styles = useOverviewStyles();
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
  const styles = useOverviewStyles();
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
