/**
 * The frame every Home widget shares (docs/recognition.md "Home"): a titled card, a region named by its
 * title, an icon, the window it covers, and its body; `QueryBody` gives each widget its own loading,
 * error and empty states.
 */
import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { QueryState, type QueryLike } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n';

export const useWidgetStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, minHeight: '180px' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: {
    display: 'grid',
    placeItems: 'center',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    fontSize: '18px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  titles: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} 0` },
  figure: { fontVariantNumeric: 'tabular-nums', lineHeight: tokens.lineHeightHero800 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '320px',
    overflowY: 'auto',
    // A list that scrolls is a tab stop (tabIndex 0 where it is used), so the keyboard can scroll it too.
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  row: {
    display: 'grid',
    gridTemplateColumns: '36px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  mine: { backgroundColor: tokens.colorBrandBackground2 },
  rank: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground3 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  value: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  footer: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function WidgetCard({
  title,
  icon,
  subtitle,
  action,
  className,
  children,
}: {
  title: string;
  icon: ReactNode;
  subtitle?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const titleId = useId();
  return (
    <Card className={mergeClasses(styles.card, className)} role="region" aria-labelledby={titleId}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <div className={styles.titles}>
          <Text as="h3" id={titleId} weight="semibold" size={400}>
            {title}
          </Text>
          <Text size={200} className={styles.muted}>
            {subtitle ?? t('widgets.window')}
          </Text>
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** A widget's query: skeleton lines while it loads, the error with Retry, its empty text, its content. */
export function QueryBody<T>({
  query,
  title,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  title: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  return (
    <QueryState
      query={query}
      label={t('widgets.loading', { widget: title })}
      skeleton
      isEmpty={isEmpty}
      empty={<Text className={styles.empty}>{empty}</Text>}
    >
      {children}
    </QueryState>
  );
}
