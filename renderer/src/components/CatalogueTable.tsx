/**
 * A paged table of catalogue entries that are added, edited and switched on and off: feedback categories
 * and attributes, functions, badges and their categories. The page gives its own columns and texts; the
 * table adds the Active switch (deactivating asks first), the edit button, the Add button above the table
 * and in its empty state, and the add or edit dialog. Each control shows only with its permission; the
 * server checks again.
 */
import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useFormat } from '../i18n';
import { DataTable, type Column, type DataTableProps } from './DataTable';
import { StatusSwitch } from './StatusSwitch';

const useStyles = makeStyles({
  description: { color: tokens.colorNeutralForeground2, display: 'block', maxWidth: '360px' },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

export type CatalogueEntry = { id: number; name: string; isActive: boolean };

/** What the Active column says, in the page's own namespace. */
export type StatusTexts = {
  activeColumn: string;
  /** The switch's accessible name ("Active: Quality"). */
  activeLabel: (name: string) => string;
  deactivateTitle: (name: string) => string;
  /** What deactivating means, under the question. */
  deactivateBody: string;
};

/** The texts of one catalogue table, in the page's own namespace. */
export type CatalogueTexts = StatusTexts & {
  tableLabel: string;
  search: string;
  add: string;
  emptyTitle: string;
  emptyBody: string;
  /** The header of the buttons' column (read by screen readers only). */
  actionsColumn: string;
  /** The edit button's accessible name ("Edit Quality"). */
  edit: (name: string) => string;
};

/** The keys a catalogue table's texts have in its section of the page's namespace. */
export type CatalogueTextKey =
  | 'tableLabel'
  | 'search'
  | 'add'
  | 'emptyTitle'
  | 'emptyBody'
  | 'columns.active'
  | 'columns.actions'
  | 'activeLabel'
  | 'deactivateTitle'
  | 'deactivateBody'
  | 'edit';

/** A table's texts read by key; `name` fills the texts that name the entry. */
export function catalogueTexts(text: (key: CatalogueTextKey, name?: string) => string): CatalogueTexts {
  return {
    tableLabel: text('tableLabel'),
    search: text('search'),
    add: text('add'),
    emptyTitle: text('emptyTitle'),
    emptyBody: text('emptyBody'),
    activeColumn: text('columns.active'),
    actionsColumn: text('columns.actions'),
    activeLabel: (name) => text('activeLabel', name),
    deactivateTitle: (name) => text('deactivateTitle', name),
    deactivateBody: text('deactivateBody'),
    edit: (name) => text('edit', name),
  };
}

/** A status change as the API hooks offer it. */
export type StatusMutation = {
  isPending: boolean;
  mutateAsync: (change: { id: number; isActive: boolean }) => Promise<unknown>;
};

/** The Active column: disabled without the permission to change it, and while a change is being saved. */
export function activeColumn<T extends CatalogueEntry>(
  texts: StatusTexts,
  status: StatusMutation,
  allowed: boolean,
): Column<T> {
  return {
    key: 'active',
    label: texts.activeColumn,
    width: '90px',
    render: (entry) => (
      <StatusSwitch
        label={texts.activeLabel(entry.name)}
        checked={entry.isActive}
        disabled={!allowed || status.isPending}
        confirmTitle={texts.deactivateTitle(entry.name)}
        confirmBody={texts.deactivateBody}
        onChange={(isActive) => status.mutateAsync({ id: entry.id, isActive })}
      />
    ),
  };
}

/** Columns the catalogue tables have in common: the name, the description, a count, the last change. */
export function useCatalogueColumns() {
  const styles = useStyles();
  const format = useFormat();
  return {
    name: <T extends CatalogueEntry>(label: string): Column<T> => ({
      key: 'name',
      label,
      sortKey: 'name',
      render: (entry) => <Text weight="semibold">{entry.name}</Text>,
    }),
    /** Free text that may wrap, a dash when there is none. */
    description: <T extends { description: string | null }>(label: string): Column<T> => ({
      key: 'description',
      label,
      wrap: true,
      render: (entry) => <Text className={styles.description}>{entry.description ?? '—'}</Text>,
    }),
    /** A number in tabular figures; sorted by the API's orderKey `sortKey` when given. */
    count: <T,>(
      column: { key: string; label: string; width: string; sortKey?: string },
      value: (entry: T) => number,
    ): Column<T> => ({
      ...column,
      render: (entry) => <Text className={styles.figure}>{format.number(value(entry))}</Text>,
    }),
    updated: <T extends { updatedAt: string }>(label: string, width?: string): Column<T> => ({
      key: 'updatedAt',
      label,
      sortKey: 'updatedAt',
      width,
      render: (entry) => format.instant(entry.updatedAt),
    }),
  };
}

/** An icon button of a row, named by its tooltip. */
export function RowButton({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

export function CatalogueTable<T extends CatalogueEntry>({
  texts,
  columns,
  status,
  canAdd,
  canEdit,
  canSetStatus = canEdit,
  emptyIcon,
  dialog,
  ...table
}: Pick<DataTableProps<T>, 'queryKey' | 'fetchPage' | 'defaultSort'> & {
  texts: CatalogueTexts;
  /** The entry's own columns; the Active switch and the edit button follow them. */
  columns: Column<T>[];
  status: StatusMutation;
  canAdd: boolean;
  canEdit: boolean;
  /** Switching on and off, when its permission is not the edit one. */
  canSetStatus?: boolean;
  emptyIcon: ReactElement;
  /** The add (null) or edit dialog, mounted while open. */
  dialog: (entry: T | null, onClose: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const all = [...columns, activeColumn<T>(texts, status, canSetStatus)];
  if (canEdit)
    all.push({
      key: 'actions',
      label: texts.actionsColumn,
      hideLabel: true,
      width: '64px',
      render: (entry) => (
        <RowButton label={texts.edit(entry.name)} icon={<EditRegular />} onClick={() => setEditing(entry)} />
      ),
    });
  const addButton = canAdd ? (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
      {texts.add}
    </Button>
  ) : null;
  return (
    <>
      <DataTable<T>
        {...table}
        label={texts.tableLabel}
        columns={all}
        rowKey={(entry) => entry.id}
        searchPlaceholder={texts.search}
        toolbar={addButton}
        empty={{ icon: emptyIcon, title: texts.emptyTitle, body: texts.emptyBody, action: addButton }}
      />
      {editing ? dialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
    </>
  );
}
