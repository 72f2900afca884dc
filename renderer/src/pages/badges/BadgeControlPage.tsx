/**
 * Badge Control (/badge/management): the badges (image, name, category, description, company and champion
 * flags, active switch) and their categories, each a paged list of 10 by last change, with search. Adding
 * and editing need add-badge and update-badge; the server checks each (docs/recognition.md "Badges").
 */
import { Badge as Chip, makeStyles, Text, tokens } from '@fluentui/react-components';
import { RibbonRegular, TagMultipleRegular, TrophyRegular } from '@fluentui/react-icons';
import type { Badge, BadgeCategory } from '../../../../shared/contracts/badges';
import {
  badgeKeys,
  fetchBadgeCategoryPage,
  fetchBadgePage,
  useSetBadgeCategoryStatus,
  useSetBadgeStatus,
} from '../../api/hooks/badges';
import { usePermissions } from '../../api/hooks/me';
import {
  CatalogueTable,
  catalogueTexts,
  useCatalogueColumns,
  type CatalogueTexts,
} from '../../components/CatalogueTable';
import type { Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PanelTabs } from '../../components/PanelTabs';
import { useTranslation } from '../../i18n';
import { BadgeCategoryDialog, BadgeDialog } from './BadgeDialogs';
import { BadgeImage } from './BadgeImage';

const useStyles = makeStyles({
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  chips: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

export function BadgeControlPage() {
  const { t } = useTranslation('badges');
  return (
    <>
      <PageHeader title={t('control.title')} subtitle={t('control.subtitle')} />
      <PanelTabs
        label={t('control.tabsLabel')}
        tabs={[
          { value: 'badges', label: t('control.tabs.badges'), content: <BadgesTab /> },
          { value: 'categories', label: t('control.tabs.categories'), content: <CategoriesTab /> },
        ]}
      />
    </>
  );
}

/**
 * A tab's table texts: the badges tab's under `control`, the categories tab's under `categories`; the
 * Active and Actions columns and the switch's name are the badges tab's in both.
 */
function useTableTexts(tab: 'control' | 'categories'): CatalogueTexts {
  const { t } = useTranslation('badges');
  return catalogueTexts((key, name) =>
    tab === 'control' || key === 'columns.active' || key === 'columns.actions' || key === 'activeLabel'
      ? t(`control.${key}`, { name })
      : t(`categories.${key}`, { name }),
  );
}

function BadgesTab() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const column = useCatalogueColumns();
  const permissions = usePermissions();
  const texts = useTableTexts('control');
  const status = useSetBadgeStatus();
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
    column.description(t('control.columns.description')),
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
    column.count({ key: 'held', label: t('control.columns.given'), width: '90px' }, (b) => b.heldCount),
    column.updated(t('control.columns.updated')),
  ];
  return (
    <CatalogueTable<Badge>
      texts={texts}
      queryKey={badgeKeys.control}
      fetchPage={fetchBadgePage}
      defaultSort={{ key: 'updatedAt', dir: 'desc' }}
      columns={columns}
      status={status}
      canAdd={permissions.has('add-badge')}
      canEdit={permissions.has('update-badge')}
      emptyIcon={<RibbonRegular />}
      dialog={(badge, onClose) => <BadgeDialog badge={badge} onClose={onClose} />}
    />
  );
}

function CategoriesTab() {
  const { t } = useTranslation('badges');
  const column = useCatalogueColumns();
  const permissions = usePermissions();
  const texts = useTableTexts('categories');
  const status = useSetBadgeCategoryStatus();
  const columns: Column<BadgeCategory>[] = [
    column.name(t('categories.columns.name')),
    column.count(
      { key: 'badgeCount', label: t('categories.columns.badges'), sortKey: 'badgeCount', width: '110px' },
      (c) => c.badgeCount,
    ),
    column.updated(t('control.columns.updated')),
  ];
  return (
    <CatalogueTable<BadgeCategory>
      texts={texts}
      queryKey={badgeKeys.categories}
      fetchPage={fetchBadgeCategoryPage}
      defaultSort={{ key: 'updatedAt', dir: 'desc' }}
      columns={columns}
      status={status}
      canAdd={permissions.has('add-badge')}
      canEdit={permissions.has('update-badge')}
      emptyIcon={<TagMultipleRegular />}
      dialog={(category, onClose) => <BadgeCategoryDialog category={category} onClose={onClose} />}
    />
  );
}
