/**
 * The header's bell (docs/notifications.md): its badge counts what wants the person (unread notifications
 * and open action items), live from the stream. It opens a panel of two tabs, everything and the action
 * items, newest first, ten at a time. Opening one marks it read and goes to its page; "Ignore" asks first,
 * then takes it off the list (an action item stops counting; the work itself stays on its page).
 */
import {
  Button,
  CounterBadge,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { AlertRegular, DismissRegular, SettingsRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  parseNotificationBody,
  type Notification,
  type NotificationListType,
} from '../../../shared/contracts/notifications';
import { isInAppLink } from '../../../shared/in-app-link';
import { notificationText } from '../../../shared/notification-text';
import { useIgnoreNotification, useMarkNotificationsRead, useNotificationList } from '../api/hooks/notifications';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { useFormat, useTranslation } from '../i18n';
import { notificationStreamUpAtom } from '../session/atoms';
import { useLiveNotificationCounts } from './NotificationStream';

const useStyles = makeStyles({
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', padding: 0 },
  bellButton: { position: 'relative' },
  badge: { position: 'absolute', top: '2px', right: '0px', pointerEvents: 'none' },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, maxHeight: '420px', overflowY: 'auto' },
  item: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  open: {
    flexGrow: 1,
    minWidth: 0,
    textAlign: 'start',
    background: 'none',
    border: 'none',
    padding: 0,
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  when: { color: tokens.colorNeutralForeground3 },
  foot: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  state: { padding: tokens.spacingVerticalL, display: 'flex', justifyContent: 'center' },
});

export function NotificationBell() {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const streamUp = useAtomValue(notificationStreamUpAtom);
  const counts = useLiveNotificationCounts(streamUp);
  const [open, setOpen] = useState(false);
  const label = counts.unread > 0 ? t('bell.count', { count: counts.unread }) : t('bell.title');
  return (
    <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label">
          <Button
            appearance="subtle"
            icon={<AlertRegular />}
            className={styles.bellButton}
            data-testid="notification-bell"
          >
            {counts.unread > 0 ? (
              <CounterBadge
                className={styles.badge}
                count={counts.unread}
                overflowCount={99}
                size="small"
                color="danger"
                data-testid="notification-count"
                aria-hidden
              />
            ) : null}
          </Button>
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('bell.title')}>
        {open ? <BellPanel unreadAction={counts.unreadAction} onClose={() => setOpen(false)} /> : null}
      </PopoverSurface>
    </Popover>
  );
}

function BellPanel({ unreadAction, onClose }: { unreadAction: number; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  // Action items first when something waits: that is what the person must not miss.
  const [tab, setTab] = useState<NotificationListType>(unreadAction > 0 ? 'action' : 'all');
  const markRead = useMarkNotificationsRead();
  return (
    <>
      <div className={styles.head}>
        <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as NotificationListType)}>
          <Tab value="all">{t('bell.all')}</Tab>
          <Tab value="action">
            {t('bell.actionItems')}
            {unreadAction > 0 ? ` (${unreadAction})` : ''}
          </Tab>
        </TabList>
        <span>
          <Tooltip content={t('bell.settings')} relationship="label">
            <Button
              appearance="subtle"
              size="small"
              icon={<SettingsRegular />}
              onClick={() => {
                onClose();
                void navigate('/notifications/settings');
              }}
            />
          </Tooltip>
        </span>
      </div>
      <NotificationList key={tab} type={tab} onOpened={onClose} />
      <div className={styles.foot}>
        <Button
          appearance="transparent"
          size="small"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('bell.markAllRead')}
        </Button>
      </div>
    </>
  );
}

function NotificationList({ type, onOpened }: { type: NotificationListType; onOpened: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const list = useNotificationList(type, true);
  const [ignoring, setIgnoring] = useState<Notification | null>(null);
  const ignore = useIgnoreNotification();
  if (list.isPending)
    return (
      <div className={styles.state}>
        <Spinner size="small" label={t('bell.title')} />
      </div>
    );
  if (list.isError)
    return (
      <div className={styles.state}>
        <Text>{t('bell.loadFailed')}</Text>
      </div>
    );
  const items = list.data.pages.flatMap((p) => p.notifications);
  if (items.length === 0)
    return (
      <EmptyState icon={<AlertRegular />} title={type === 'action' ? t('bell.emptyActions') : t('bell.empty')}>
        {null}
      </EmptyState>
    );
  return (
    <>
      <ul className={styles.list} aria-label={type === 'action' ? t('bell.actionItems') : t('bell.title')}>
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} onOpened={onOpened} onIgnore={() => setIgnoring(n)} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className={styles.foot}>
          <Button size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('bell.more')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={ignoring !== null}
        title={t('bell.ignoreTitle')}
        confirmLabel={t('bell.ignore')}
        onConfirm={() => (ignoring ? ignore.mutateAsync(ignoring.id) : undefined)}
        onClose={() => setIgnoring(null)}
      >
        {t('bell.ignoreBody')}
      </ConfirmDialog>
    </>
  );
}

function NotificationItem({
  notification: n,
  onOpened,
  onIgnore,
}: {
  notification: Notification;
  onOpened: () => void;
  onIgnore: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  const body = parseNotificationBody(n.body);
  const text = body ? notificationText(format.language, n.type, body.params, n.actor?.name ?? null) : '';
  const open = () => {
    if (!n.isRead) markRead.mutate([n.id]);
    onOpened();
    if (body?.link && isInAppLink(body.link)) void navigate(body.link);
  };
  return (
    <li className={mergeClasses(styles.item, !n.isRead && styles.unread)} data-testid="notification-item">
      <button type="button" className={styles.open} onClick={open}>
        <Text>{text}</Text>
        <Text size={200} className={styles.when}>
          {!n.isRead ? `${t('bell.unread')} · ` : ''}
          {format.relative(n.createdAt)}
        </Text>
      </button>
      <Tooltip content={t('bell.ignore')} relationship="label">
        <Button appearance="subtle" size="small" icon={<DismissRegular />} onClick={onIgnore} />
      </Tooltip>
    </li>
  );
}
