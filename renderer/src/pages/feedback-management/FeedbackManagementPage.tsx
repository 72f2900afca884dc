/**
 * Feedback Management (/feedback/management): the counts of categories and attributes, then the
 * Categories, Attributes and Leaderboard Videos tabs (the spec's admin tabs; My Team comes with its own
 * issue). Each control appears only with its permission; the server checks again.
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CircleFilled, TagMultipleRegular, TextBulletListSquareRegular } from '@fluentui/react-icons';
import type { FeedbackAttribute, FeedbackCategory } from '../../../../shared/contracts/feedback-catalogue';
import {
  feedbackCatalogueKeys,
  fetchAttributePage,
  fetchCategoryPage,
  useFeedbackCatalogueCounts,
  useSetAttributeStatus,
  useSetCategoryStatus,
} from '../../api/hooks/feedback-catalogue';
import { usePermissions } from '../../api/hooks/me';
import { CatalogueTable, useCatalogueColumns } from '../../components/CatalogueTable';
import { FigureCard } from '../../components/FigureCard';
import { FigureGrid } from '../../components/FigureGrid';
import type { Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PanelTabs } from '../../components/PanelTabs';
import { useFormat, useTranslation } from '../../i18n';
import { AttributeDialog } from './AttributeDialog';
import { CategoryDialog } from './CategoryDialog';
import { LeaderboardVideosTab } from './LeaderboardVideosTab';
import { useTableTexts } from './table-texts';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  synonyms: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export function FeedbackManagementPage() {
  const { t } = useTranslation('feedbackAdmin');
  const permissions = usePermissions();
  // The page opens with either permission (renderer/src/app/routes.ts); each part needs its own.
  const catalogue = permissions.has('view-feedback-categories');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {catalogue ? <Counts /> : null}
      <PanelTabs
        label={t('page.tabsLabel')}
        tabs={[
          ...(catalogue
            ? [
                { value: 'categories', label: t('tabs.categories'), content: <CategoriesTab /> },
                { value: 'attributes', label: t('tabs.attributes'), content: <AttributesTab /> },
              ]
            : []),
          ...(permissions.has('view-leaderboard-video-management')
            ? [{ value: 'videos', label: t('tabs.videos'), content: <LeaderboardVideosTab /> }]
            : []),
        ]}
      />
    </>
  );
}

function Counts() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const format = useFormat();
  const counts = useFeedbackCatalogueCounts();
  const card = (key: 'categories' | 'attributes') => (
    <FigureCard
      key={key}
      label={t(`counts.${key}`)}
      figure={{ value: counts.data?.[key].active, loadingLabel: t('counts.loading'), size: 700 }}
    >
      {counts.data ? (
        <Text size={200} className={styles.muted}>
          {t('counts.activeOfTotal', { total: format.number(counts.data[key].total) })}
        </Text>
      ) : null}
    </FigureCard>
  );
  return (
    <FigureGrid label={t('counts.label')} query={counts}>
      {[card('categories'), card('attributes')]}
    </FigureGrid>
  );
}

function Synonyms({ words }: { words: string[] }) {
  const styles = useStyles();
  if (words.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.synonyms}>
      {words.map((w) => (
        <Badge key={w} appearance="outline" color="informative" shape="rounded">
          {w}
        </Badge>
      ))}
    </span>
  );
}

function CategoriesTab() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const column = useCatalogueColumns();
  const permissions = usePermissions();
  const texts = useTableTexts('categories');
  const status = useSetCategoryStatus();
  const columns: Column<FeedbackCategory>[] = [
    {
      key: 'name',
      label: t('categories.columns.name'),
      sortKey: 'name',
      render: (c) => (
        <span className={styles.name}>
          <CircleFilled color={c.color} aria-hidden />
          <Text weight="semibold">{c.name}</Text>
        </span>
      ),
    },
    {
      key: 'synonyms',
      label: t('categories.columns.synonyms'),
      wrap: true,
      render: (c) => <Synonyms words={c.synonyms} />,
    },
    column.description(t('categories.columns.description')),
    column.count(
      { key: 'attributeCount', label: t('categories.columns.attributes'), sortKey: 'attributeCount', width: '110px' },
      (c) => c.attributeCount,
    ),
  ];
  return (
    <CatalogueTable<FeedbackCategory>
      texts={texts}
      queryKey={feedbackCatalogueKeys.categories}
      fetchPage={fetchCategoryPage}
      defaultSort={{ key: 'name', dir: 'asc' }}
      columns={columns}
      status={status}
      canAdd={permissions.has('add-feedback-categories')}
      canEdit={permissions.has('edit-feedback-categories')}
      canSetStatus={permissions.has('update-feedback-categories-status')}
      emptyIcon={<TagMultipleRegular />}
      dialog={(category, onClose) => <CategoryDialog category={category} onClose={onClose} />}
    />
  );
}

function AttributesTab() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const column = useCatalogueColumns();
  const permissions = usePermissions();
  const texts = useTableTexts('attributes');
  const status = useSetAttributeStatus();
  const columns: Column<FeedbackAttribute>[] = [
    column.name(t('attributes.columns.name')),
    {
      key: 'category',
      label: t('attributes.columns.category'),
      sortKey: 'category',
      render: (a) => (
        <span className={styles.name}>
          <CircleFilled color={a.category.color} aria-hidden />
          {a.category.name}
          {a.category.isActive ? null : (
            <Badge appearance="tint" color="warning" size="small">
              {t('attributes.categoryInactive')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'synonyms',
      label: t('attributes.columns.synonyms'),
      wrap: true,
      render: (a) => <Synonyms words={a.synonyms} />,
    },
    column.description(t('attributes.columns.description')),
  ];
  return (
    <CatalogueTable<FeedbackAttribute>
      texts={texts}
      queryKey={feedbackCatalogueKeys.attributes}
      fetchPage={fetchAttributePage}
      defaultSort={{ key: 'id', dir: 'desc' }}
      columns={columns}
      status={status}
      canAdd={permissions.has('add-feedback-categories')}
      canEdit={permissions.has('edit-feedback-categories')}
      canSetStatus={permissions.has('update-feedback-categories-status')}
      emptyIcon={<TextBulletListSquareRegular />}
      dialog={(attribute, onClose) => <AttributeDialog attribute={attribute} onClose={onClose} />}
    />
  );
}
