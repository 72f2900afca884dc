/**
 * A row of figure cards above a list (the catalogue's counts, the function and team dashboards): a named
 * group of FigureCards that wrap as the page narrows, or the query's error with a retry in their place.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { QueryError } from './QueryState';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
});

export function FigureGrid({
  label,
  query,
  children,
}: {
  /** The group's accessible name ("Project counts"). */
  label: string;
  /** The figures' query: its error replaces the cards, with a retry. */
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const styles = useStyles();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div role="group" aria-label={label} className={styles.grid}>
      {children}
    </div>
  );
}
