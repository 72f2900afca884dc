import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
  },
  icon: {
    display: 'grid',
    placeItems: 'center',
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    fontSize: '32px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    marginBottom: tokens.spacingVerticalS,
  },
  body: { color: tokens.colorNeutralForeground3, maxWidth: '440px' },
  action: { marginTop: tokens.spacingVerticalM },
});

/** What a list or page shows when there is nothing (yet): an icon, a title, a hint, maybe an action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.icon} aria-hidden="true">
        {icon}
      </div>
      <Text as="h2" size={500} weight="semibold">
        {title}
      </Text>
      {children ? <Text className={styles.body}>{children}</Text> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
