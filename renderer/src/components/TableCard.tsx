/**
 * The card a paged table sits in (DataTable, and the lists that page by hand such as leave requests): a
 * toolbar over it, the query's error with Retry, the table in a scrolling area (or the empty state in its
 * place), and the pager under it, with the page buttons last.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PageButtons } from './PageButtons';
import { QueryError } from './QueryState';

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
  scroll: { overflowX: 'auto', position: 'relative' },
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
  message: { margin: tokens.spacingHorizontalL },
});

/** The table inside the card: columns sized by their content, scrolling sideways under 860px. */
export const useTableCardStyles = makeStyles({
  table: { minWidth: '860px', tableLayout: 'auto' },
});

export function TableCard({
  label,
  toolbar,
  query,
  empty,
  pager,
  page,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  toolbar: ReactNode;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** Shown instead of the table when there is nothing to list. */
  empty: ReactNode;
  /** What the pager says before the page buttons (the range, a page size). */
  pager: ReactNode;
  page: { page: number; pages: number; onPage: (page: number) => void };
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>{toolbar}</div>
      {query.isError ? <QueryError error={query.error} onRetry={query.refetch} className={styles.message} /> : null}
      {empty ?? <div className={styles.scroll}>{children}</div>}
      <div className={styles.pager}>
        {pager}
        <PageButtons {...page} />
      </div>
    </section>
  );
}
