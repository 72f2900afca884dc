/**
 * A card of one figure (the overview's rating and trend, the catalogue's counts, the badge requests'
 * stats): its name, which is the card's accessible name too, then either a number (a skeleton while it
 * loads) or the page's own content, and any lines under it.
 */
import { Card, makeStyles, mergeClasses, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useFormat } from '../i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3 },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

export function FigureCard({
  label,
  figure,
  className,
  children,
}: {
  label: string;
  /** A number shown large; undefined while it loads, when the skeleton is named `loadingLabel`. */
  figure?: { value: number | undefined; loadingLabel: string; size?: 600 | 700 };
  className?: string;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const format = useFormat();
  return (
    <Card className={mergeClasses(styles.card, className)} aria-label={label}>
      <Text className={styles.label}>{label}</Text>
      {figure === undefined ? null : figure.value === undefined ? (
        <Skeleton aria-label={figure.loadingLabel}>
          <SkeletonItem size={figure.size === 700 ? 32 : 24} />
        </Skeleton>
      ) : (
        <Text size={figure.size ?? 600} weight="semibold" className={styles.figure}>
          {format.number(figure.value)}
        </Text>
      )}
      {children}
    </Card>
  );
}
