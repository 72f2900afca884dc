/**
 * A titled card of a page (devices, settings): a heading, a line about it, its actions, and its content; and
 * the small table such a card lists its query's rows in.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { StaticTable, type StaticTableProps } from './DataTable';
import { QueryState, type QueryLike } from './QueryState';

const useStyles = makeStyles({
  root: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    marginBottom: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '720px' },
  description: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
});

export function Section(props: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div className={styles.text}>
          <Text as="h2" id={headingId} size={500} weight="semibold">
            {props.title}
          </Text>
          {props.description ? <Text className={styles.description}>{props.description}</Text> : null}
        </div>
        {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

/**
 * A section's table of a query's rows: a small spinner named `loadingLabel` until they come, the error with
 * Retry, and the compact table, which scrolls sideways under 640px. `none` stands in for a table without
 * rows where a line says it better than the table's empty state.
 */
export function SectionTable<T>({
  query,
  loadingLabel,
  none,
  ...table
}: Omit<StaticTableProps<T>, 'rows' | 'size' | 'className' | 'loading' | 'busy'> & {
  query: QueryLike<{ items: T[] }>;
  loadingLabel: string;
  none?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <QueryState
      query={query}
      size="small"
      label={loadingLabel}
      isEmpty={none === undefined ? undefined : (data) => data.items.length === 0}
      empty={none}
    >
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable {...table} rows={data.items} size="small" className={styles.table} />
        </div>
      )}
    </QueryState>
  );
}
