/**
 * One employee's day: check-in and check-out, breaks, hours, where the attendance came from and whether
 * it counts as work from office; with adding, editing and deleting (confirmed) for those who may.
 */
import {
  Badge,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  BuildingRegular,
  DeleteRegular,
  EditRegular,
  HistoryRegular,
  CalendarEmptyRegular,
} from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import type { Attendance, Break } from '../../../../shared/contracts/attendance';
import { useAttendanceDay, useDeleteAttendance, useDeleteBreak } from '../../api/hooks/attendance';
import { CompanyTimeNote } from '../../components/CompanyTimeNote';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { EmptyState } from '../../components/EmptyState';
import { useMe, usePermissions } from '../../api/hooks/me';
import { AttendanceDialog, BreakDialog, CorrectionDialog } from './AttendanceDialogs';
import { AuditDialog } from './AuditDialog';
import { useFormat, useTranslation } from '../../i18n';
import { canCertifyWfo, editRight, SOURCE_KEYS, timeIn } from './shared';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
    gap: tokens.spacingVerticalM,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Editing =
  | { kind: 'attendance'; attendance: Attendance | null }
  | { kind: 'correct'; punch: Attendance }
  | { kind: 'break'; attendance: Attendance; breakSpan: Break | null }
  | { kind: 'delete-attendance'; attendance: Attendance }
  | { kind: 'delete-break'; breakSpan: Break }
  | { kind: 'audit'; attendance: Attendance }
  | null;

export function DayPanel({
  employee,
  date,
  today,
}: {
  employee: { id: number; name: string };
  date: string;
  /** Today in the tenant's zone. */
  today: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['attendance', 'common']);
  const fmt = useFormat();
  const me = useMe()!;
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Editing>(null);
  const timeZone = me.tenant.settings.tenant_timezone;
  const isMe = employee.id === me.employee.id;
  const day = useAttendanceDay(isMe ? undefined : employee.id, date);
  const deleteAttendance = useDeleteAttendance();
  const deleteBreak = useDeleteBreak();
  const right = editRight(me, permissions, employee.id, date, today);
  const reason = right.allowed
    ? undefined
    : right.reason === 'limit'
      ? t('editRight.limit', { count: right.limit })
      : t(`editRight.${right.reason}`);
  const canSetWfo = canCertifyWfo(me, permissions, employee.id);
  const a = day.data?.attendance ?? null;
  // A device punch is never changed in place: it is corrected (with a reason) instead.
  const isPunch = a?.source === 'device';

  const guarded = (label: string, icon: ReactElement, onClick: () => void, primary = false) => {
    const button = (
      <Button
        appearance={primary ? 'primary' : 'secondary'}
        icon={icon}
        disabled={!right.allowed}
        onClick={onClick}
        aria-label={label}
      >
        {label}
      </Button>
    );
    return right.allowed ? (
      button
    ) : (
      <Tooltip content={reason ?? ''} relationship="description">
        {/* A disabled button takes no pointer events; the wrapper keeps the explanation reachable. */}
        <span tabIndex={0}>{button}</span>
      </Tooltip>
    );
  };

  return (
    <Card className={styles.card} aria-label={t('dayPanel.label', { day: fmt.day(date) })}>
      <div className={styles.top}>
        <div>
          <Text as="h2" size={500} weight="semibold" block>
            {fmt.day(date)}
          </Text>
          <Text className={styles.muted}>
            {day.data?.isWeekend
              ? t('dayPanel.weekendSuffix', { who: isMe ? t('dayPanel.yourDay') : employee.name })
              : isMe
                ? t('dayPanel.yourDay')
                : employee.name}
          </Text>
        </div>
        {a ? (
          <div className={styles.actions}>
            {isPunch ? (
              guarded(t('dayPanel.correct'), <EditRegular />, () => setEditing({ kind: 'correct', punch: a }))
            ) : (
              <>
                {guarded(t('dayPanel.edit'), <EditRegular />, () => setEditing({ kind: 'attendance', attendance: a }))}
                {guarded(t('dayPanel.addBreak'), <AddRegular />, () =>
                  setEditing({ kind: 'break', attendance: a, breakSpan: null }),
                )}
                {guarded(t('dayPanel.delete'), <DeleteRegular />, () =>
                  setEditing({ kind: 'delete-attendance', attendance: a }),
                )}
              </>
            )}
            {/* The change history: for whoever reads everyone's days, and whoever may edit this person's. */}
            {permissions.has('view-all-attendance') || canSetWfo ? (
              <Button icon={<HistoryRegular />} onClick={() => setEditing({ kind: 'audit', attendance: a })}>
                {t('dayPanel.history')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!right.allowed && a ? (
        <MessageBar intent="info">
          <MessageBarBody>{reason}</MessageBarBody>
        </MessageBar>
      ) : null}

      <QueryState query={day} label={t('dayPanel.loading')} />

      {day.data && !a ? (
        <EmptyState
          icon={<CalendarEmptyRegular />}
          title={t('dayPanel.empty')}
          action={
            date <= today && right.allowed
              ? guarded(
                  t('dayPanel.addAttendance'),
                  <AddRegular />,
                  () => setEditing({ kind: 'attendance', attendance: null }),
                  true,
                )
              : undefined
          }
        >
          {date > today ? t('dayPanel.ahead') : reason}
        </EmptyState>
      ) : null}

      {a?.correction ? (
        <MessageBar intent="warning" aria-label={t('dayPanel.correctedLabel')}>
          <MessageBarBody>
            <Badge appearance="filled" color="warning">
              {t('dayPanel.corrected')}
            </Badge>{' '}
            {t('dayPanel.devicePunch')}{' '}
            <s data-testid="original-punch">
              {timeIn(a.correction.original.checkIn, timeZone)}–
              {a.correction.original.checkOut ? timeIn(a.correction.original.checkOut, timeZone) : '…'}
            </s>{' '}
            {t('dayPanel.correctedBy', {
              name: a.correction.by?.name ?? t('dayPanel.someone'),
              reason: a.correction.reason,
            })}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {a?.missingCheckOut ? (
        <MessageBar intent="error" aria-label={t('dayPanel.missingCheckOut')}>
          <MessageBarBody>
            <Badge appearance="filled" color="danger">
              {t('dayPanel.missingCheckOut')}
            </Badge>{' '}
            {t('dayPanel.missingCheckOutHint')}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {a ? (
        <>
          <div className={styles.facts}>
            <Fact label={t('dayPanel.checkIn')} value={timeIn(a.checkIn, timeZone)} />
            <Fact
              label={t('dayPanel.checkOut')}
              value={
                a.checkOut
                  ? timeIn(a.checkOut, timeZone)
                  : a.missingCheckOut
                    ? t('dayPanel.missingCheckOut')
                    : t('dayPanel.stillAtWork')
              }
            />
            <Fact label={t('dayPanel.worked')} value={fmt.duration(a.workedMinutes)} />
            <Fact label={t('dayPanel.breaks')} value={fmt.duration(a.breakMinutes)} />
            <Fact label={t('dayPanel.source')} value={t(SOURCE_KEYS[a.source])} />
            <div className={styles.fact}>
              <Text className={styles.label}>{t('dayPanel.wfo')}</Text>
              {a.isWfo ? (
                <Badge appearance="tint" color="success" icon={<BuildingRegular />}>
                  {t('common:yes')}
                </Badge>
              ) : (
                <Text>{t('common:no')}</Text>
              )}
            </div>
          </div>
          <CompanyTimeNote timeZone={timeZone} />
          {a.breaks.length > 0 ? (
            <StaticTable
              label={t('dayPanel.breaks')}
              size="small"
              rows={a.breaks}
              rowKey={(b) => b.id}
              columns={[
                { key: 'start', label: t('dayPanel.breakStart'), render: (b) => timeIn(b.start, timeZone) },
                {
                  key: 'end',
                  label: t('dayPanel.end'),
                  render: (b) => (b.end ? timeIn(b.end, timeZone) : t('dayPanel.running')),
                },
                {
                  key: 'length',
                  label: t('dayPanel.length'),
                  render: (b) => (b.end ? fmt.duration((Date.parse(b.end) - Date.parse(b.start)) / 60_000) : '—'),
                },
                {
                  key: 'actions',
                  label: t('dayPanel.actions'),
                  hideLabel: true,
                  render: (b) => (
                    <>
                      <Button
                        appearance="subtle"
                        icon={<EditRegular />}
                        aria-label={t('dayPanel.editBreak', { time: timeIn(b.start, timeZone) })}
                        disabled={!right.allowed}
                        onClick={() => setEditing({ kind: 'break', attendance: a, breakSpan: b })}
                      />
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        aria-label={t('dayPanel.deleteBreak', { time: timeIn(b.start, timeZone) })}
                        disabled={!right.allowed}
                        onClick={() => setEditing({ kind: 'delete-break', breakSpan: b })}
                      />
                    </>
                  ),
                },
              ]}
            />
          ) : (
            <Text className={styles.muted}>{t('dayPanel.noBreaks')}</Text>
          )}
        </>
      ) : null}

      {editing?.kind === 'attendance' ? (
        <AttendanceDialog
          employee={employee}
          date={date}
          timeZone={timeZone}
          attendance={editing.attendance}
          canSetWfo={canSetWfo}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'correct' ? (
        <CorrectionDialog
          employee={employee}
          punch={editing.punch}
          timeZone={timeZone}
          canSetWfo={canSetWfo}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'break' ? (
        <BreakDialog
          attendance={editing.attendance}
          breakSpan={editing.breakSpan}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'audit' ? (
        <AuditDialog attendanceId={editing.attendance.id} timeZone={timeZone} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={editing?.kind === 'delete-attendance'}
        title={t('dayPanel.deleteAttendanceTitle')}
        confirmLabel={t('dayPanel.deleteAttendanceConfirm')}
        danger
        onClose={() => setEditing(null)}
        onConfirm={async () => {
          if (editing?.kind !== 'delete-attendance') return;
          await deleteAttendance.mutateAsync({ id: editing.attendance.id, date });
        }}
      >
        {isMe
          ? t('dayPanel.deleteOwnAttendance', { day: fmt.day(date) })
          : t('dayPanel.deleteAttendanceOf', { name: employee.name, day: fmt.day(date) })}
      </ConfirmDialog>
      <ConfirmDialog
        open={editing?.kind === 'delete-break'}
        title={t('dayPanel.deleteBreakTitle')}
        confirmLabel={t('dayPanel.deleteBreakConfirm')}
        danger
        onClose={() => setEditing(null)}
        onConfirm={async () => {
          if (editing?.kind !== 'delete-break') return;
          await deleteBreak.mutateAsync(editing.breakSpan.id);
        }}
      >
        {t('dayPanel.deleteBreakBody', {
          time: editing?.kind === 'delete-break' ? timeIn(editing.breakSpan.start, timeZone) : '',
        })}
      </ConfirmDialog>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <Text className={styles.label}>{label}</Text>
      <Text weight="semibold">{value}</Text>
    </div>
  );
}
