/**
 * The header's bell (docs/notifications.md): its badge counts what wants the person (unread notifications
 * and open action items), live from the stream. It opens a panel of two tabs, everything and the action
 * items, newest first, ten at a time. Opening one marks it read and goes to its page; "Ignore" asks first
 * (inside the panel), then takes it off the list (an action item stops counting; the work stays on its page).
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
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type Notification, type NotificationListType } from '../../../shared/contracts/notifications';
import { notificationLineIn } from '../../../shared/notification-line';
import { useIgnoreNotification, useMarkNotificationsRead, useNotificationList } from '../api/hooks/notifications';
import { EmptyState } from '../components/EmptyState';
import { loadedTexts, useFormat, useTranslation } from '../i18n';
import { notificationStreamUpAtom } from '../session/atoms';
import { useLiveNotificationCounts } from './NotificationStream';

const useStyles = makeStyles({
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', padding: 0 },
  bellWrap: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '0px', right: '-2px', pointerEvents: 'none' },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, maxHeight: '420px', overflowY: 'auto' },
  item: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  confirm: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginTop: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  confirmActions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
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
    <span className={styles.bellWrap}>
      <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" withArrow trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={label} relationship="label">
            <Button appearance="subtle" icon={<AlertRegular />} data-testid="notification-bell" />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label={t('bell.title')}>
          {open ? <BellPanel unreadAction={counts.unreadAction} onClose={() => setOpen(false)} /> : null}
        </PopoverSurface>
      </Popover>
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
    </span>
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
        {t('bell.emptyHint')}
      </EmptyState>
    );
  return (
    <>
      <ul className={styles.list} aria-label={type === 'action' ? t('bell.actionItems') : t('bell.title')}>
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} onOpened={onOpened} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className={styles.foot}>
          <Button size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('bell.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function NotificationItem({ notification: n, onOpened }: { notification: Notification; onOpened: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['notifications', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  const ignore = useIgnoreNotification();
  // Ignoring asks first, inside the panel: a dialog over the panel would count as outside it and close it.
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const line = notificationLineIn(loadedTexts('notifications', format.language), format.language, n);
  const open = () => {
    if (!n.isRead) markRead.mutate([n.id]);
    onOpened();
    if (line?.link) void navigate(line.link);
  };
  return (
    <li className={mergeClasses(styles.item, !n.isRead && styles.unread)} data-testid="notification-item">
      <div className={styles.row}>
        <button type="button" className={styles.open} onClick={open}>
          <Text>{line?.text ?? ''}</Text>
          <Text size={200} className={styles.when}>
            {!n.isRead ? `${t('bell.unread')} · ` : ''}
            {format.relative(n.createdAt)}
          </Text>
        </button>
        <Tooltip content={t('bell.ignore')} relationship="label">
          <Button
            appearance="subtle"
            size="small"
            icon={<DismissRegular />}
            disabled={confirming}
            onClick={() => setConfirming(true)}
          />
        </Tooltip>
      </div>
      {confirming ? (
        <div
          className={styles.confirm}
          role="alertdialog"
          aria-label={t('bell.ignoreTitle')}
          aria-describedby={questionId}
        >
          <Text size={200} id={questionId}>
            {t('bell.ignoreBody')}
          </Text>
          <div className={styles.confirmActions}>
            <Button size="small" onClick={() => setConfirming(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              size="small"
              appearance="primary"
              autoFocus
              disabled={ignore.isPending}
              onClick={() => ignore.mutate(n.id, { onSettled: () => setConfirming(false) })}
            >
              {t('bell.ignore')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
