/**
 * Today's card: where the user stands (not checked in, checked in, on a break, checked out), a running
 * timer of the time worked without breaks, and the one or two actions that fit. Each action reloads today
 * and every attendance view (workforce §4). Checking out is confirmed, and can be undone for a few minutes
 * (the server says until when: `checkOutUndoUntil`).
 */
import {
  Badge,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowEnterRegular,
  ArrowExitRegular,
  CheckmarkCircleRegular,
  DrinkCoffeeRegular,
  ArrowUndoRegular,
  PlayRegular,
} from '@fluentui/react-icons';
import { useEffect, useState, type ReactElement } from 'react';
import { errorMessage } from '../../api/errors';
import { useAttendanceToday, useTodayAction, type TodayAction, type TodayResponse } from '../../api/hooks/attendance';
import { CHECK_OUT_UNDO_MINUTES } from '../../../../shared/attendance-rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CompanyTimeNote } from '../../components/CompanyTimeNote';
import { platform } from '../../platform';
import { useFormat, useTranslation } from '../../i18n';
import { clockDuration, timeIn, workedMs } from './shared';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  timer: {
    fontSize: tokens.fontSizeHero900,
    lineHeight: tokens.lineHeightHero900,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    letterSpacing: '0.02em',
  },
  facts: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}` },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  loading: { display: 'grid', placeItems: 'center', minHeight: '160px' },
});

const STATE_BADGE: Record<
  TodayResponse['state'],
  {
    label: `today.state.${'notCheckedIn' | 'checkedIn' | 'onBreak' | 'checkedOut'}`;
    color: 'informative' | 'success' | 'warning' | 'subtle';
  }
> = {
  'not-checked-in': { label: 'today.state.notCheckedIn', color: 'informative' },
  'checked-in': { label: 'today.state.checkedIn', color: 'success' },
  'on-break': { label: 'today.state.onBreak', color: 'warning' },
  'checked-out': { label: 'today.state.checkedOut', color: 'subtle' },
};

/**
 * The current time, ticking every `ms` while `running`. Stopped, the value may be old; nothing then reads
 * it (a finished day counts to its check-out, a break's worked time does not grow).
 */
function useNow(running: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, ms);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [running, ms]);
  return now;
}

export function TodayCard() {
  const styles = useStyles();
  const { t } = useTranslation('attendance');
  const fmt = useFormat();
  const today = useAttendanceToday();
  const action = useTodayAction(platform.kind === 'desktop' ? 'desktop' : 'web');
  const data = today.data;
  const [confirming, setConfirming] = useState(false);
  const undoUntil = data?.checkOutUndoUntil ? Date.parse(data.checkOutUndoUntil) : null;
  // Ticks while the timer runs, and while an undo is offered (to take the button away when it lapses).
  const now = useNow(data?.state === 'checked-in' || undoUntil !== null);
  const canUndo = undoUntil !== null && now < undoUntil;

  if (today.isPending) {
    return (
      <Card className={styles.card} aria-label={t('today.label')}>
        <div className={styles.loading}>
          <Spinner label={t('today.loading')} />
        </div>
      </Card>
    );
  }
  if (!data) {
    return (
      <Card className={styles.card} aria-label={t('today.label')}>
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(today.error)}</MessageBarBody>
        </MessageBar>
        <div>
          <Button onClick={() => void today.refetch()}>{t('today.tryAgain')}</Button>
        </div>
      </Card>
    );
  }

  const a = data.attendance;
  const worked = a ? workedMs(a, now) : 0;
  const expected = data.workingHoursPerDay * 3_600_000;
  const badge = STATE_BADGE[data.state];
  const busy = action.isPending;
  const button = (kind: TodayAction, label: string, icon: ReactElement, primary = false, onClick?: () => void) => (
    <Button
      appearance={primary ? 'primary' : 'secondary'}
      icon={busy && action.variables === kind ? <Spinner size="tiny" /> : icon}
      disabled={busy}
      onClick={onClick ?? (() => action.mutate(kind))}
    >
      {label}
    </Button>
  );

  return (
    <Card className={styles.card} aria-label={t('today.label')}>
      <div className={styles.top}>
        <div className={styles.title}>
          <Text as="h2" size={500} weight="semibold">
            {t('today.title')}
          </Text>
          <Text className={styles.muted}>{fmt.day(data.date)}</Text>
        </div>
        <Badge appearance="tint" color={badge.color} size="large" data-testid="attendance-state">
          {t(badge.label)}
        </Badge>
      </div>
      <div>
        <Text className={styles.timer} role="timer" aria-label={t('today.timerLabel')} data-testid="worked-timer">
          {clockDuration(worked)}
        </Text>
        <Text className={styles.muted} block>
          {t('today.workedOf', { expected: fmt.duration(data.workingHoursPerDay * 60) })}
        </Text>
      </div>
      {expected > 0 ? (
        <ProgressBar
          value={Math.min(1, worked / expected)}
          thickness="large"
          color={worked >= expected ? 'success' : 'brand'}
          aria-label={t('today.progressLabel')}
        />
      ) : null}
      {a ? (
        <div className={styles.facts}>
          <Text>
            <span className={styles.muted}>{t('today.checkedIn')} </span>
            {timeIn(a.checkIn, data.timeZone)}
          </Text>
          <Text>
            <span className={styles.muted}>{t('today.breaks')} </span>
            {a.breaks.length > 0
              ? t('today.breakCount', { duration: fmt.duration(a.breakMinutes), count: a.breaks.length })
              : fmt.duration(a.breakMinutes)}
          </Text>
          {a.checkOut ? (
            <Text>
              <span className={styles.muted}>{t('today.checkedOut')} </span>
              {timeIn(a.checkOut, data.timeZone)}
            </Text>
          ) : null}
          {a.isWfo ? <Badge appearance="outline">{t('today.wfo')}</Badge> : null}
        </div>
      ) : null}
      <div className={styles.actions}>
        {data.state === 'not-checked-in'
          ? button('check-in', t('today.action.checkIn'), <ArrowEnterRegular />, true)
          : null}
        {data.state === 'checked-in' ? (
          <>
            {button('start-break', t('today.action.startBreak'), <DrinkCoffeeRegular />)}
            {button('check-out', t('today.action.checkOut'), <ArrowExitRegular />, true, () => setConfirming(true))}
          </>
        ) : null}
        {data.state === 'on-break' ? button('end-break', t('today.action.endBreak'), <PlayRegular />, true) : null}
        {data.state === 'checked-out' ? (
          <Text className={styles.muted}>
            <CheckmarkCircleRegular aria-hidden="true" /> {t('today.dayRecorded')}
          </Text>
        ) : null}
      </div>
      {data.state === 'checked-out' && canUndo ? (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('today.undoUntil', { time: timeIn(new Date(undoUntil).toISOString(), data.timeZone) })}
          </MessageBarBody>
          <MessageBarActions>
            {button('undo-check-out', t('today.action.undoCheckOut'), <ArrowUndoRegular />)}
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {a ? <CompanyTimeNote timeZone={data.timeZone} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('today.confirmCheckOutTitle')}
        confirmLabel={t('today.action.checkOut')}
        onClose={() => setConfirming(false)}
        onConfirm={() => action.mutateAsync('check-out')}
      >
        {t(data.state === 'on-break' ? 'today.confirmCheckOutOnBreak' : 'today.confirmCheckOutBody', {
          time: timeIn(new Date(now).toISOString(), data.timeZone),
          minutes: CHECK_OUT_UNDO_MINUTES,
        })}
      </ConfirmDialog>
    </Card>
  );
}
