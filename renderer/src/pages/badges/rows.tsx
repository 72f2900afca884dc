/**
 * The lists of the badges pages (badges given lately, champions, recommendations by person, the badges I
 * hold): a titled section of what a query returns, and its rows of a picture, a line with a muted line
 * under it, and a count at the end.
 */
import { Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useBadgesStyles } from './styles';

export function ItemRow({
  media,
  line,
  emphasis,
  detail,
  end,
  as: Row = 'li',
}: {
  /** The badge's image or the person's avatar. */
  media: ReactNode;
  line: string;
  /** The line in bold (a heading row) or small (a row inside a card). */
  emphasis?: 'strong' | 'small';
  detail: string;
  /** A count at the end of the row. */
  end?: ReactNode;
  as?: 'li' | 'div';
}) {
  const styles = useBadgesStyles();
  return (
    <Row className={styles.row}>
      {media}
      <div className={styles.grow}>
        <Text weight={emphasis === 'strong' ? 'semibold' : undefined} size={emphasis === 'small' ? 200 : undefined}>
          {line}
        </Text>
        <Text size={200} className={styles.muted}>
          {detail}
        </Text>
      </div>
      {end}
    </Row>
  );
}

/** A section listing what its query returns (at most `limit`), or a muted sentence when it returns nothing. */
export function ListSection<T>({
  title,
  query,
  loadingLabel,
  emptyText,
  limit,
  children,
}: {
  /** The section's heading, the list's accessible name too. */
  title: string;
  query: QueryLike<readonly T[]>;
  loadingLabel: string;
  emptyText: string;
  limit?: number;
  /** An item's row (an ItemRow, with its key). */
  children: (item: T) => ReactNode;
}) {
  const styles = useBadgesStyles();
  return (
    <Section title={title}>
      <QueryState
        query={query}
        skeleton
        label={loadingLabel}
        isEmpty={(data) => data.length === 0}
        empty={<Text className={styles.muted}>{emptyText}</Text>}
      >
        {(data) => (
          <ul className={styles.list} aria-label={title}>
            {data.slice(0, limit).map(children)}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
