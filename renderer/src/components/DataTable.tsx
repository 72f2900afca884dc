/**
 * A paged table bound to a list API (`{ items, total }` with page, pageSize, orderKey, orderDir and
 * searchText): search, sort, page sizes 10/25/50/100, loading skeletons, errors with retry, empty states.
 */
import {
  Button,
  Dropdown,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
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
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListQuery, type ListResponse } from '../../../shared/contracts/common';
import { errorMessage } from '../api/errors';
import { EmptyState } from './EmptyState';
import { PageButtons } from './PageButtons';

export type Column<T> = {
  key: string;
  label: string;
  /** The API's orderKey for this column; without it the column does not sort. */
  sortKey?: string;
  width?: string;
  /** Long free text (descriptions, lists of tags) may wrap; everything else stays on one line. */
  wrap?: boolean;
  render: (item: T) => ReactNode;
};

export type DataTableProps<T> = {
  label: string;
  queryKey: readonly unknown[];
  fetchPage: (params: ListQuery, signal?: AbortSignal) => Promise<ListResponse<T>>;
  columns: Column<T>[];
  rowKey: (item: T) => string | number;
  defaultSort: { key: string; dir: 'asc' | 'desc' };
  searchPlaceholder: string;
  toolbar?: ReactNode;
  empty: { icon: ReactNode; title: string; body?: ReactNode; action?: ReactNode };
};

const useStyles = makeStyles({
  root: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  search: { width: '320px', maxWidth: '100%' },
  spacer: { flexGrow: 1 },
  scroll: { overflowX: 'auto', position: 'relative' },
  progress: { position: 'absolute', top: 0, left: 0, right: 0 },
  // Auto layout sizes columns by their content; fixed widths squeezed e-mail addresses into the next column.
  table: { minWidth: '860px', tableLayout: 'auto' },
  cell: { whiteSpace: 'nowrap' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground2 },
  header: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  pageSize: { minWidth: '84px' },
  message: { margin: tokens.spacingHorizontalL },
});

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, label } = props;
  const styles = useStyles();
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

  const toggleSort = (key: string) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));

  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const items = query.data?.items ?? [];

  let body: ReactNode;
  if (query.isPending) {
    body = Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
      <TableRow key={`skeleton-${i}`} aria-hidden="true">
        {columns.map((c) => (
          <TableCell key={c.key}>
            <Skeleton>
              <SkeletonItem size={16} />
            </Skeleton>
          </TableCell>
        ))}
      </TableRow>
    ));
  } else {
    body = items.map((item) => (
      <TableRow key={props.rowKey(item)}>
        {columns.map((c) => (
          <TableCell key={c.key} className={c.wrap ? undefined : styles.cell}>
            {c.render(item)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  const isEmpty = query.isSuccess && total === 0;
  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>
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
      </div>
      {query.isError ? (
        <MessageBar intent="error" className={styles.message}>
          <MessageBarBody>{errorMessage(query.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void query.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {isEmpty ? (
        searchText ? (
          <EmptyState icon={<SearchRegular />} title={`No results for “${searchText}”`}>
            Check the spelling or try a different name, e-mail or ID.
          </EmptyState>
        ) : (
          <EmptyState icon={props.empty.icon} title={props.empty.title} action={props.empty.action}>
            {props.empty.body}
          </EmptyState>
        )
      ) : (
        <div className={styles.scroll}>
          {query.isFetching && !query.isPending ? <ProgressBar className={styles.progress} thickness="medium" /> : null}
          <Table
            className={styles.table}
            sortable
            aria-label={label}
            aria-busy={query.isFetching}
            aria-rowcount={total}
          >
            <TableHeader>
              <TableRow className={styles.headerRow}>
                {columns.map((c) =>
                  c.sortKey ? (
                    <TableHeaderCell
                      key={c.key}
                      className={styles.header}
                      style={c.width ? { width: c.width } : undefined}
                      sortDirection={
                        sort.key === c.sortKey ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                      onClick={() => toggleSort(c.sortKey!)}
                    >
                      {c.label}
                    </TableHeaderCell>
                  ) : (
                    <TableHeaderCell
                      key={c.key}
                      className={styles.header}
                      style={c.width ? { width: c.width } : undefined}
                      sortable={false}
                    >
                      {c.label}
                    </TableHeaderCell>
                  ),
                )}
              </TableRow>
            </TableHeader>
            <TableBody>{body}</TableBody>
          </Table>
        </div>
      )}
      <div className={styles.pager}>
        <Text id={pageSizeLabel}>Rows per page</Text>
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
          {first}–{last} of {total}
        </Text>
        <PageButtons page={page} pages={pages} onPage={setPage} />
      </div>
    </section>
  );
}
