/**
 * Function Setup (/function/management): functions with their members, added, edited, switched on and
 * off, their members picked, and the CSV report. Without view-all-functions the list holds only one's own
 * functions (the server decides). Each control appears only with its permission.
 */
import {
  AvatarGroup,
  AvatarGroupItem,
  AvatarGroupPopover,
  Button,
  makeStyles,
  partitionAvatarGroupItems,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, EditRegular, OrganizationRegular, PeopleEditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { FunctionItem } from '../../../../shared/contracts/functions';
import {
  fetchFunctionPage,
  functionKeys,
  useDownloadFunctionReport,
  useFunctionCounts,
  useSetFunctionStatus,
} from '../../api/hooks/functions';
import { usePermissions } from '../../api/hooks/me';
import { activeColumn, RowButton, useCatalogueColumns } from '../../components/CatalogueTable';
import { DataTable, type Column } from '../../components/DataTable';
import { FigureCard } from '../../components/FigureCard';
import { FigureGrid } from '../../components/FigureGrid';
import { PageHeader } from '../../components/PageHeader';
import { useFormat, useTranslation } from '../../i18n';
import { useTableTexts } from '../feedback-management/table-texts';
import { FunctionDialog } from './FunctionDialog';
import { MembersDialog } from './MembersDialog';

const useStyles = makeStyles({
  members: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  mono: { fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  headerActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

function Members({ fn }: { fn: FunctionItem }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const format = useFormat();
  if (fn.memberCount === 0) return <span className={styles.muted}>{t('functions.noMembers')}</span>;
  const { inlineItems, overflowItems } = partitionAvatarGroupItems({ items: fn.members, maxInlineItems: 4 });
  return (
    <span className={styles.members}>
      <AvatarGroup size={24} layout="stack" aria-label={t('functions.membersLabel', { name: fn.name })}>
        {inlineItems.map((m) => (
          <AvatarGroupItem key={m.id} name={m.name} />
        ))}
        {overflowItems ? (
          <AvatarGroupPopover
            triggerButton={{ 'aria-label': t('functions.moreMembers', { count: overflowItems.length }) }}
          >
            {overflowItems.map((m) => (
              <AvatarGroupItem key={m.id} name={m.name} />
            ))}
          </AvatarGroupPopover>
        ) : null}
      </AvatarGroup>
      <Text className={styles.mono}>{format.number(fn.memberCount)}</Text>
    </span>
  );
}

export function FunctionsPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const column = useCatalogueColumns();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<FunctionItem | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<FunctionItem | null>(null);
  const texts = useTableTexts('functions');
  const status = useSetFunctionStatus();
  const report = useDownloadFunctionReport();
  const canAdd = permissions.has('add-function');
  const canEdit = permissions.has('edit-function');
  const canMembers = permissions.has('add-function-members');

  const columns: Column<FunctionItem>[] = [
    column.name(t('functions.columns.name')),
    column.description(t('functions.columns.description')),
    {
      key: 'memberCount',
      label: t('functions.columns.members'),
      sortKey: 'memberCount',
      render: (f) => <Members fn={f} />,
    },
    column.updated(t('functions.columns.lastChanged'), '170px'),
    activeColumn(texts, status, canEdit),
  ];
  if (canEdit || canMembers)
    columns.push({
      key: 'actions',
      label: texts.actionsColumn,
      hideLabel: true,
      width: '96px',
      render: (f) => (
        <span className={styles.actions}>
          {canMembers ? (
            <RowButton
              label={t('functions.editMembers', { name: f.name })}
              icon={<PeopleEditRegular />}
              onClick={() => setMembersOf(f)}
            />
          ) : null}
          {canEdit ? (
            <RowButton label={texts.edit(f.name)} icon={<EditRegular />} onClick={() => setEditing(f)} />
          ) : null}
        </span>
      ),
    });

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<OrganizationRegular />} onClick={() => setEditing('new')}>
      {texts.add}
    </Button>
  ) : null;
  const headerActions = (
    <span className={styles.headerActions}>
      {permissions.has('download-functions') ? (
        <Button icon={<ArrowDownloadRegular />} disabled={report.isPending} onClick={report.download}>
          {t('functions.download')}
        </Button>
      ) : null}
      {addButton}
    </span>
  );

  return (
    <>
      <PageHeader title={t('functions.title')} subtitle={t('functions.subtitle')} actions={headerActions} />
      <FunctionCounts />
      <DataTable<FunctionItem>
        label={texts.tableLabel}
        queryKey={functionKeys.all}
        fetchPage={fetchFunctionPage}
        columns={columns}
        rowKey={(f) => f.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
        searchPlaceholder={texts.search}
        empty={{
          icon: <OrganizationRegular />,
          title: texts.emptyTitle,
          body: permissions.has('view-all-functions') ? texts.emptyBody : t('functions.emptyBodyOwn'),
          action: addButton,
        }}
      />
      {editing ? <FunctionDialog fn={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {membersOf ? <MembersDialog fn={membersOf} onClose={() => setMembersOf(null)} /> : null}
    </>
  );
}

/** The spec's function dashboard: the functions the caller sees, by status. */
function FunctionCounts() {
  const { t } = useTranslation('feedbackAdmin');
  const counts = useFunctionCounts();
  return (
    <FigureGrid label={t('functions.counts.label')} query={counts}>
      {(['total', 'active', 'inactive'] as const).map((key) => (
        <FigureCard
          key={key}
          label={t(`functions.counts.${key}`)}
          figure={{ value: counts.data?.[key], loadingLabel: t('counts.loading') }}
        />
      ))}
    </FigureGrid>
  );
}
