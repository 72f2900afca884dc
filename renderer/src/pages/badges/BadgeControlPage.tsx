/**
 * Badge Control (/badge/management): the badges (image, name, category, description, company and champion
 * flags, active switch) and their categories, each a paged list of 10 by last change, with search. Adding
 * and editing need add-badge and update-badge; the server checks each (docs/recognition.md "Badges").
 */
import { Badge as Chip, Button, makeStyles, Tab, TabList, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AddRegular, EditRegular, RibbonRegular, TagMultipleRegular, TrophyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Badge, BadgeCategory } from '../../../../shared/contracts/badges';
import {
  badgeKeys,
  fetchBadgeCategoryPage,
  fetchBadgePage,
  useSetBadgeCategoryStatus,
  useSetBadgeStatus,
} from '../../api/hooks/badges';
import { usePermissions } from '../../api/hooks/me';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useFormat, useTranslation } from '../../i18n';
import { StatusSwitch } from '../feedback-management/StatusSwitch';
import { BadgeCategoryDialog, BadgeDialog } from './BadgeDialogs';
import { BadgeImage } from './BadgeImage';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  chips: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  description: { color: tokens.colorNeutralForeground2, display: 'block', maxWidth: '320px' },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

type TabValue = 'badges' | 'categories';

export function BadgeControlPage() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const [tab, setTab] = useState<TabValue>('badges');
  return (
    <>
      <PageHeader title={t('control.title')} subtitle={t('control.subtitle')} />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as TabValue)}
        aria-label={t('control.tabsLabel')}
      >
        <Tab value="badges">{t('control.tabs.badges')}</Tab>
        <Tab value="categories">{t('control.tabs.categories')}</Tab>
      </TabList>
      <div role="tabpanel" aria-label={t(`control.tabs.${tab}`)}>
        {tab === 'badges' ? <BadgesTab /> : <CategoriesTab />}
      </div>
    </>
  );
}

function BadgesTab() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Badge | 'new' | null>(null);
  const status = useSetBadgeStatus();
  const canAdd = permissions.has('add-badge');
  const canEdit = permissions.has('update-badge');

  const columns: Column<Badge>[] = [
    {
      key: 'name',
      label: t('control.columns.badge'),
      sortKey: 'name',
      render: (b) => (
        <span className={styles.name}>
          <BadgeImage image={b.image} name={b.name} size={40} />
          <Text weight="semibold">{b.name}</Text>
        </span>
      ),
    },
    { key: 'category', label: t('control.columns.category'), sortKey: 'category', render: (b) => b.category.name },
    {
      key: 'description',
      label: t('control.columns.description'),
      wrap: true,
      render: (b) => <Text className={styles.description}>{b.description ?? '—'}</Text>,
    },
    {
      key: 'flags',
      label: t('control.columns.kind'),
      render: (b) => (
        <span className={styles.chips}>
          {b.isCompany ? (
            <Chip appearance="tint" color="brand" icon={<RibbonRegular />}>
              {t('control.company')}
            </Chip>
          ) : null}
          {b.isChampion ? (
            <Chip appearance="tint" color="warning" icon={<TrophyRegular />}>
              {t('control.champion')}
            </Chip>
          ) : null}
          {!b.isCompany && !b.isChampion ? '—' : null}
        </span>
      ),
    },
    {
      key: 'held',
      label: t('control.columns.given'),
      width: '90px',
      render: (b) => <Text className={styles.mono}>{format.number(b.heldCount)}</Text>,
    },
    {
      key: 'updatedAt',
      label: t('control.columns.updated'),
      sortKey: 'updatedAt',
      render: (b) => format.instant(b.updatedAt),
    },
    {
      key: 'active',
      label: t('control.columns.active'),
      width: '90px',
      render: (b) => (
        <StatusSwitch
          label={t('control.activeLabel', { name: b.name })}
          checked={b.isActive}
          disabled={!canEdit || status.isPending}
          confirmTitle={t('control.deactivateTitle', { name: b.name })}
          confirmBody={t('control.deactivateBody')}
          onChange={(isActive) => status.mutateAsync({ id: b.id, isActive })}
        />
      ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      label: t('control.columns.actions'),
      hideLabel: true,
      width: '64px',
      render: (b) => (
        <Tooltip content={t('control.edit', { name: b.name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(b)} />
        </Tooltip>
      ),
    });
  const addButton = canAdd ? (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
      {t('control.add')}
    </Button>
  ) : undefined;
  return (
    <>
      <DataTable<Badge>
        label={t('control.tableLabel')}
        queryKey={badgeKeys.control}
        fetchPage={fetchBadgePage}
        columns={columns}
        rowKey={(b) => b.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
        searchPlaceholder={t('control.search')}
        toolbar={addButton}
        empty={{
          icon: <RibbonRegular />,
          title: t('control.emptyTitle'),
          body: t('control.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? <BadgeDialog badge={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function CategoriesTab() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<BadgeCategory | 'new' | null>(null);
  const status = useSetBadgeCategoryStatus();
  const canAdd = permissions.has('add-badge');
  const canEdit = permissions.has('update-badge');
  const columns: Column<BadgeCategory>[] = [
    {
      key: 'name',
      label: t('categories.columns.name'),
      sortKey: 'name',
      render: (c) => <Text weight="semibold">{c.name}</Text>,
    },
    {
      key: 'badgeCount',
      label: t('categories.columns.badges'),
      sortKey: 'badgeCount',
      width: '110px',
      render: (c) => <Text className={styles.mono}>{format.number(c.badgeCount)}</Text>,
    },
    {
      key: 'updatedAt',
      label: t('control.columns.updated'),
      sortKey: 'updatedAt',
      render: (c) => format.instant(c.updatedAt),
    },
    {
      key: 'active',
      label: t('control.columns.active'),
      width: '90px',
      render: (c) => (
        <StatusSwitch
          label={t('control.activeLabel', { name: c.name })}
          checked={c.isActive}
          disabled={!canEdit || status.isPending}
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
      label: t('control.columns.actions'),
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
  ) : undefined;
  return (
    <>
      <DataTable<BadgeCategory>
        label={t('categories.tableLabel')}
        queryKey={badgeKeys.categories}
        fetchPage={fetchBadgeCategoryPage}
        columns={columns}
        rowKey={(c) => c.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
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
        <BadgeCategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
