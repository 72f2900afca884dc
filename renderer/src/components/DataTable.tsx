/**
 * The app's tables. `DataTable` is a paged table bound to a list API (`{ items, total }` with page,
 * pageSize, orderKey, orderDir and searchText): search, sort, page sizes 10/25/50/100, loading skeletons,
 * errors with retry, empty states. `StaticTable` shows rows the page already has (the same columns,
 * skeletons and empty state, optional sorting in the browser, no paging).
 */
import {
  Dropdown,
  makeStyles,
  Option,
  ProgressBar,
  SearchBox,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useDebounced } from './hooks';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListQuery, type ListResponse } from '../../../shared/contracts/common';
import { EmptyState } from './EmptyState';
import { TableCard, useTableCardStyles } from './TableCard';
import { useFormat, useTranslation } from '../i18n';

export type Column<T> = {
  key: string;
  label: string;
  /** The header names the column for screen readers only (a column of row buttons). */
  hideLabel?: boolean;
  /** The API's orderKey for this column; without it the column does not sort. */
  sortKey?: string;
  /** StaticTable: the value the column sorts by; without it the column does not sort. */
  sortValue?: (item: T) => string | number;
  width?: string;
  /** Long free text (descriptions, lists of tags) may wrap; everything else stays on one line. */
  wrap?: boolean;
  className?: string;
  render: (item: T) => ReactNode;
};

type Sort = { key: string; dir: 'asc' | 'desc' };

export type DataTableProps<T> = {
  label: string;
  queryKey: readonly unknown[];
  fetchPage: (params: ListQuery, signal?: AbortSignal) => Promise<ListResponse<T>>;
  columns: Column<T>[];
  rowKey: (item: T) => string | number;
  defaultSort: Sort;
  searchPlaceholder: string;
  toolbar?: ReactNode;
  empty: { icon: ReactNode; title: string; body?: ReactNode; action?: ReactNode };
};

const useStyles = makeStyles({
  search: { width: '320px', maxWidth: '100%' },
  spacer: { flexGrow: 1 },
  progress: { position: 'absolute', top: 0, left: 0, right: 0 },
  cell: { whiteSpace: 'nowrap' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground2 },
  header: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  pageSize: { minWidth: '84px' },
});

/** The table itself: header cells (sortable where a sort is given) and rows, or skeleton rows while loading. */
function Grid<T>(props: {
  label: string;
  columns: Column<T>[];
  items: readonly T[];
  rowKey: (item: T) => string | number;
  rowProps?: (item: T) => Record<string, string | number>;
  loading: boolean;
  skeletonRows: number;
  busy?: boolean;
  rowCount?: number;
  size?: 'small' | 'medium';
  className?: string;
  /** The cells stay on one line unless their column may wrap (the paged tables). */
  nowrap?: boolean;
  headerClassName?: string;
  headerRowClassName?: string;
  sort?: Sort;
  sortKeyOf?: (c: Column<T>) => string | undefined;
  onSort?: (key: string) => void;
}) {
  const styles = useStyles();
  const { columns, sort } = props;
  const sortable = Boolean(props.onSort);
  return (
    <Table
      className={props.className}
      size={props.size}
      sortable={sortable || undefined}
      aria-label={props.label}
      aria-busy={props.busy}
      aria-rowcount={props.rowCount}
    >
      <TableHeader>
        <TableRow className={props.headerRowClassName}>
          {columns.map((c) => {
            const sortKey = props.sortKeyOf?.(c);
            const style = c.width ? { width: c.width } : undefined;
            const text = c.hideLabel ? null : c.label;
            const ariaLabel = c.hideLabel && c.label ? c.label : undefined;
            return sortKey && props.onSort ? (
              <TableHeaderCell
                key={c.key}
                className={props.headerClassName}
                style={style}
                aria-label={ariaLabel}
                sortDirection={sort?.key === sortKey ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                onClick={() => props.onSort!(sortKey)}
              >
                {text}
              </TableHeaderCell>
            ) : (
              <TableHeaderCell
                key={c.key}
                className={props.headerClassName}
                style={style}
                aria-label={ariaLabel}
                sortable={sortable ? false : undefined}
              >
                {text}
              </TableHeaderCell>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.loading
          ? Array.from({ length: props.skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} aria-hidden="true">
                {columns.map((c) => (
                  <TableCell key={c.key}>
                    <Skeleton>
                      <SkeletonItem size={16} />
                    </Skeleton>
                  </TableCell>
                ))}
              </TableRow>
            ))
          : props.items.map((item) => (
              <TableRow key={props.rowKey(item)} {...props.rowProps?.(item)}>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    className={mergeClasses(props.nowrap && !c.wrap ? styles.cell : undefined, c.className)}
                  >
                    {c.render(item)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

const toggle = (s: Sort, key: string): Sort =>
  s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, label } = props;
  const styles = useStyles();
  const tableStyles = useTableCardStyles();
  const { t } = useTranslation('common');
  const fmt = useFormat();
  const pageSizeLabel = useId();
  // The page belongs to the search it was chosen for: a new search starts at page 1.
  const [paging, setPaging] = useState({ page: 1, search: '' });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(props.defaultSort);
  const [search, setSearch] = useState('');
  const searchText = useDebounced(search.trim(), 300);
  const page = paging.search === searchText ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, search: searchText });

  const params: ListQuery = { page, pageSize, orderKey: sort.key, orderDir: sort.dir, searchText };
  const query = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: ({ signal }) => props.fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const items = query.data?.items ?? [];

  const isEmpty = query.isSuccess && total === 0;
  return (
    <TableCard
      label={label}
      query={query}
      toolbar={
        <>
          <SearchBox
            className={styles.search}
            placeholder={props.searchPlaceholder}
            aria-label={props.searchPlaceholder}
            contentBefore={<SearchRegular />}
            value={search}
            onChange={(_, d) => setSearch(d.value)}
          />
          <div className={styles.spacer} />
          {props.toolbar}
        </>
      }
      empty={
        !isEmpty ? null : searchText ? (
          <EmptyState icon={<SearchRegular />} title={t('dataTable.noResults', { search: searchText })}>
            {t('dataTable.noResultsHint')}
          </EmptyState>
        ) : (
          <EmptyState icon={props.empty.icon} title={props.empty.title} action={props.empty.action}>
            {props.empty.body}
          </EmptyState>
        )
      }
      pager={
        <>
          <Text id={pageSizeLabel}>{t('dataTable.rowsPerPage')}</Text>
          <Dropdown
            className={styles.pageSize}
            aria-labelledby={pageSizeLabel}
            value={String(pageSize)}
            selectedOptions={[String(pageSize)]}
            onOptionSelect={(_, d) => {
              setPageSize(Number(d.optionValue));
              setPage(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <Option key={size} value={String(size)}>
                {String(size)}
              </Option>
            ))}
          </Dropdown>
          <Text aria-live="polite" data-testid="pager-range">
            {t('dataTable.range', { first: fmt.number(first), last: fmt.number(last), total: fmt.number(total) })}
          </Text>
        </>
      }
      page={{ page, pages, onPage: setPage }}
    >
      {query.isFetching && !query.isPending ? <ProgressBar className={styles.progress} thickness="medium" /> : null}
      <Grid
        label={label}
        columns={columns}
        items={items}
        rowKey={props.rowKey}
        loading={query.isPending}
        skeletonRows={Math.min(pageSize, 8)}
        busy={query.isFetching}
        rowCount={total}
        className={tableStyles.table}
        nowrap
        headerClassName={styles.header}
        headerRowClassName={styles.headerRow}
        sort={sort}
        sortKeyOf={(c) => c.sortKey}
        onSort={(key) => setSort((s) => toggle(s, key))}
      />
    </TableCard>
  );
}

export type StaticTableProps<T> = {
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (item: T) => string | number;
  /** Attributes of a row (data-* for tests and styling). */
  rowProps?: (item: T) => Record<string, string | number>;
  /** Skeleton rows in place of the rows. */
  loading?: boolean;
  busy?: boolean;
  /** Sorting in the browser by the columns' sortValue. */
  defaultSort?: Sort;
  /** Shown instead of the table when there are no rows. */
  empty?: { icon: ReactNode; title: string; body?: ReactNode; action?: ReactNode };
  size?: 'small' | 'medium';
  className?: string;
  /** The look of the paged tables: shaded, semibold headers. */
  shadedHeader?: boolean;
  nowrap?: boolean;
};

export function StaticTable<T>(props: StaticTableProps<T>) {
  const styles = useStyles();
  const [sort, setSort] = useState(props.defaultSort);
  const { rows, columns } = props;
  const sorted = useMemo(() => {
    const by = sort && columns.find((c) => c.key === sort.key)?.sortValue;
    if (!sort || !by) return rows;
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = by(a);
      const y = by(b);
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
    });
  }, [rows, columns, sort]);

  if (props.empty && !props.loading && rows.length === 0)
    return (
      <EmptyState icon={props.empty.icon} title={props.empty.title} action={props.empty.action}>
        {props.empty.body}
      </EmptyState>
    );
  return (
    <Grid
      label={props.label}
      columns={columns}
      items={sorted}
      rowKey={props.rowKey}
      rowProps={props.rowProps}
      loading={props.loading ?? false}
      skeletonRows={4}
      busy={props.busy}
      size={props.size}
      className={props.className}
      nowrap={props.nowrap}
      headerClassName={props.shadedHeader ? styles.header : undefined}
      headerRowClassName={props.shadedHeader ? styles.headerRow : undefined}
      sort={sort}
      sortKeyOf={(c) => (c.sortValue ? c.key : undefined)}
      onSort={sort ? (key) => setSort((s) => toggle(s ?? { key, dir: 'asc' }, key)) : undefined}
    />
  );
}
