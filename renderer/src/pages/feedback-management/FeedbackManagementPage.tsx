/**
 * Feedback Management (/feedback/management): the counts of categories and attributes, then the
 * Categories and Attributes tabs (the spec's admin tabs; My Team and Leaderboard Videos come with their
 * own issues). Each control appears only with its permission; the server checks again.
 */
import {
  Badge,
  Button,
  Card,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  CircleFilled,
  EditRegular,
  TagMultipleRegular,
  TextBulletListSquareRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
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
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { AttributeDialog } from './AttributeDialog';
import { CategoryDialog } from './CategoryDialog';
import { StatusSwitch } from './StatusSwitch';

const useStyles = makeStyles({
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  count: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  figure: { fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  tabs: { marginBottom: tokens.spacingVerticalL },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  synonyms: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  description: { color: tokens.colorNeutralForeground2, display: 'block', maxWidth: '360px' },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

type TabValue = 'categories' | 'attributes';

export function FeedbackManagementPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const [tab, setTab] = useState<TabValue>('categories');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Counts />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as TabValue)}
        aria-label={t('page.tabsLabel')}
      >
        <Tab value="categories">{t('tabs.categories')}</Tab>
        <Tab value="attributes">{t('tabs.attributes')}</Tab>
      </TabList>
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'categories' ? <CategoriesTab /> : <AttributesTab />}
      </div>
    </>
  );
}

function Counts() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const format = useFormat();
  const counts = useFeedbackCatalogueCounts();
  if (counts.isError) return <QueryError error={counts.error} onRetry={() => void counts.refetch()} />;
  const card = (key: 'categories' | 'attributes') => (
    <Card className={styles.count} key={key} aria-label={t(`counts.${key}`)}>
      <Text className={styles.muted}>{t(`counts.${key}`)}</Text>
      {counts.data ? (
        <>
          <Text size={700} weight="semibold" className={styles.figure}>
            {format.number(counts.data[key].active)}
          </Text>
          <Text size={200} className={styles.muted}>
            {t('counts.activeOfTotal', { total: format.number(counts.data[key].total) })}
          </Text>
        </>
      ) : (
        <Skeleton aria-label={t('counts.loading')}>
          <SkeletonItem size={32} />
        </Skeleton>
      )}
    </Card>
  );
  return <div className={styles.counts}>{[card('categories'), card('attributes')]}</div>;
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
  const format = useFormat();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<FeedbackCategory | 'new' | null>(null);
  const status = useSetCategoryStatus();
  const canAdd = permissions.has('add-feedback-categories');
  const canEdit = permissions.has('edit-feedback-categories');
  const canStatus = permissions.has('update-feedback-categories-status');

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
    {
      key: 'description',
      label: t('categories.columns.description'),
      wrap: true,
      render: (c) => <Text className={styles.description}>{c.description ?? '—'}</Text>,
    },
    {
      key: 'attributeCount',
      label: t('categories.columns.attributes'),
      sortKey: 'attributeCount',
      width: '110px',
      render: (c) => <Text className={styles.mono}>{format.number(c.attributeCount)}</Text>,
    },
    {
      key: 'active',
      label: t('categories.columns.active'),
      width: '90px',
      render: (c) => (
        <StatusSwitch
          label={t('categories.activeLabel', { name: c.name })}
          checked={c.isActive}
          disabled={!canStatus || status.isPending}
          confirmTitle={t('categories.deactivateTitle', { name: c.name })}
          confirmBody={t('categories.deactivateBody')}
          onChange={(isActive) => status.mutateAsync({ id: c.id, isActive })}
        />
      ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      label: t('categories.columns.actions'),
      hideLabel: true,
      width: '64px',
      render: (c) => (
        <Tooltip content={t('categories.edit', { name: c.name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(c)} />
        </Tooltip>
      ),
    });

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
      {t('categories.add')}
    </Button>
  ) : null;

  return (
    <>
      <DataTable<FeedbackCategory>
        label={t('categories.tableLabel')}
        queryKey={feedbackCatalogueKeys.categories}
        fetchPage={fetchCategoryPage}
        columns={columns}
        rowKey={(c) => c.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder={t('categories.search')}
        toolbar={addButton}
        empty={{
          icon: <TagMultipleRegular />,
          title: t('categories.emptyTitle'),
          body: t('categories.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? (
        <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function AttributesTab() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const permissions = usePermissions();
  const [editing, setEditing] = useState<FeedbackAttribute | 'new' | null>(null);
  const status = useSetAttributeStatus();
  const canAdd = permissions.has('add-feedback-categories');
  const canEdit = permissions.has('edit-feedback-categories');
  const canStatus = permissions.has('update-feedback-categories-status');

  const columns: Column<FeedbackAttribute>[] = [
    {
      key: 'name',
      label: t('attributes.columns.name'),
      sortKey: 'name',
      render: (a) => <Text weight="semibold">{a.name}</Text>,
    },
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
    {
      key: 'description',
      label: t('attributes.columns.description'),
      wrap: true,
      render: (a) => <Text className={styles.description}>{a.description ?? '—'}</Text>,
    },
    {
      key: 'active',
      label: t('attributes.columns.active'),
      width: '90px',
      render: (a) => (
        <StatusSwitch
          label={t('attributes.activeLabel', { name: a.name })}
          checked={a.isActive}
          disabled={!canStatus || status.isPending}
          confirmTitle={t('attributes.deactivateTitle', { name: a.name })}
          confirmBody={t('attributes.deactivateBody')}
          onChange={(isActive) => status.mutateAsync({ id: a.id, isActive })}
        />
      ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      label: t('attributes.columns.actions'),
      hideLabel: true,
      width: '64px',
      render: (a) => (
        <Tooltip content={t('attributes.edit', { name: a.name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(a)} />
        </Tooltip>
      ),
    });

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
      {t('attributes.add')}
    </Button>
  ) : null;

  return (
    <>
      <DataTable<FeedbackAttribute>
        label={t('attributes.tableLabel')}
        queryKey={feedbackCatalogueKeys.attributes}
        fetchPage={fetchAttributePage}
        columns={columns}
        rowKey={(a) => a.id}
        defaultSort={{ key: 'id', dir: 'desc' }}
        searchPlaceholder={t('attributes.search')}
        toolbar={addButton}
        empty={{
          icon: <TextBulletListSquareRegular />,
          title: t('attributes.emptyTitle'),
          body: t('attributes.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? (
        <AttributeDialog attribute={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
