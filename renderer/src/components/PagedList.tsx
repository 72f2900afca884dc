/**
 * One page of a list that pages by hand (`{ items, total }`, the page chosen by the caller): skeleton lines
 * while it loads, the error with Retry, the empty state when there is nothing at all, else the items as a
 * named list with the page buttons under it when there is more than one page.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { PageButtons } from './PageButtons';
import { QueryState, type QueryLike } from './QueryState';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', padding: 0 },
});

/** The page a list shows, back to the first when its filters change. */
export function usePagedFilters<F>(initial: F) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState(initial);
  return {
    page,
    setPage,
    filters,
    setFilters: (next: F) => {
      setFilters(next);
      setPage(1);
    },
  };
}

export function PagedList<T>({
  query,
  page,
  onPage,
  pageSize,
  label,
  loadingLabel,
  empty,
  className,
  itemKey,
  children,
}: {
  query: QueryLike<{ items: readonly T[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  /** The page size the query asked for. */
  pageSize: number;
  /** The list's accessible name. */
  label: string;
  /** The skeleton's accessible name while the page loads. */
  loadingLabel: string;
  empty: ReactNode;
  className?: string;
  itemKey: (item: T) => string | number;
  /** An item's content, in its list item. */
  children: (item: T) => ReactNode;
}) {
  const styles = useStyles();
  return (
    <QueryState query={query} skeleton label={loadingLabel} isEmpty={(data) => data.total === 0} empty={empty}>
      {(data) => (
        <>
          <ul className={mergeClasses(styles.list, className)} aria-label={label}>
            {data.items.map((item) => (
              <li key={itemKey(item)}>{children(item)}</li>
            ))}
          </ul>
          {data.total > pageSize ? (
            <PageButtons page={page} pages={Math.ceil(data.total / pageSize)} onPage={onPage} />
          ) : null}
        </>
      )}
    </QueryState>
  );
}
