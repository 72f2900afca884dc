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
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { EmptyState } from '../../components/EmptyState';
import { formatDay } from '../../components/format';
import { useMe, usePermissions } from '../../api/hooks/me';
import { AttendanceDialog, BreakDialog, CorrectionDialog } from './AttendanceDialogs';
import { AuditDialog } from './AuditDialog';
import { canCertifyWfo, editRight, SOURCE_LABELS, timeIn } from './shared';
import { formatDuration } from '../../../../shared/duration';

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
  const me = useMe()!;
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Editing>(null);
  const timeZone = me.tenant.settings.tenant_timezone;
  const isMe = employee.id === me.employee.id;
  const day = useAttendanceDay(isMe ? undefined : employee.id, date);
  const deleteAttendance = useDeleteAttendance();
  const deleteBreak = useDeleteBreak();
  const right = editRight(me, permissions, employee.id, date, today);
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
      <Tooltip content={right.reason} relationship="description">
        {/* A disabled button takes no pointer events; the wrapper keeps the explanation reachable. */}
        <span tabIndex={0}>{button}</span>
      </Tooltip>
    );
  };

  return (
    <Card className={styles.card} aria-label={`Attendance on ${formatDay(date)}`}>
      <div className={styles.top}>
        <div>
          <Text as="h2" size={500} weight="semibold" block>
            {formatDay(date)}
          </Text>
          <Text className={styles.muted}>
            {isMe ? 'Your day' : employee.name}
            {day.data?.isWeekend ? ' · weekend' : ''}
          </Text>
        </div>
        {a ? (
          <div className={styles.actions}>
            {isPunch ? (
              guarded('Correct…', <EditRegular />, () => setEditing({ kind: 'correct', punch: a }))
            ) : (
              <>
                {guarded('Edit', <EditRegular />, () => setEditing({ kind: 'attendance', attendance: a }))}
                {guarded('Add break', <AddRegular />, () =>
                  setEditing({ kind: 'break', attendance: a, breakSpan: null }),
                )}
                {guarded('Delete', <DeleteRegular />, () => setEditing({ kind: 'delete-attendance', attendance: a }))}
              </>
            )}
            {permissions.has('view-all-attendance') ? (
              <Button icon={<HistoryRegular />} onClick={() => setEditing({ kind: 'audit', attendance: a })}>
                History
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!right.allowed && a ? (
        <MessageBar intent="info">
          <MessageBarBody>{right.reason}</MessageBarBody>
        </MessageBar>
      ) : null}

      <QueryState query={day} label="Loading the day" />

      {day.data && !a ? (
        <EmptyState
          icon={<CalendarEmptyRegular />}
          title="No attendance on this day"
          action={
            date <= today && right.allowed
              ? guarded(
                  'Add attendance',
                  <AddRegular />,
                  () => setEditing({ kind: 'attendance', attendance: null }),
                  true,
                )
              : undefined
          }
        >
          {date > today ? 'This day is still ahead.' : right.allowed ? undefined : right.reason}
        </EmptyState>
      ) : null}

      {a?.correction ? (
        <MessageBar intent="warning" aria-label="Corrected punch">
          <MessageBarBody>
            <Badge appearance="filled" color="warning">
              Corrected
            </Badge>{' '}
            Device punch{' '}
            <s data-testid="original-punch">
              {timeIn(a.correction.original.checkIn, timeZone)}–
              {a.correction.original.checkOut ? timeIn(a.correction.original.checkOut, timeZone) : '…'}
            </s>{' '}
            corrected by {a.correction.by?.name ?? 'someone'}: “{a.correction.reason}”
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {a ? (
        <>
          <div className={styles.facts}>
            <Fact label="Check-in" value={timeIn(a.checkIn, timeZone)} />
            <Fact label="Check-out" value={a.checkOut ? timeIn(a.checkOut, timeZone) : 'Still at work'} />
            <Fact label="Worked" value={formatDuration(a.workedMinutes)} />
            <Fact label="Breaks" value={formatDuration(a.breakMinutes)} />
            <Fact label="Source" value={SOURCE_LABELS[a.source]} />
            <div className={styles.fact}>
              <Text className={styles.label}>Work from office</Text>
              {a.isWfo ? (
                <Badge appearance="tint" color="success" icon={<BuildingRegular />}>
                  Yes
                </Badge>
              ) : (
                <Text>No</Text>
              )}
            </div>
          </div>
          {a.breaks.length > 0 ? (
            <StaticTable
              label="Breaks"
              size="small"
              rows={a.breaks}
              rowKey={(b) => b.id}
              columns={[
                { key: 'start', label: 'Break start', render: (b) => timeIn(b.start, timeZone) },
                { key: 'end', label: 'End', render: (b) => (b.end ? timeIn(b.end, timeZone) : 'Running') },
                {
                  key: 'length',
                  label: 'Length',
                  render: (b) => (b.end ? formatDuration((Date.parse(b.end) - Date.parse(b.start)) / 60_000) : '—'),
                },
                {
                  key: 'actions',
                  label: 'Actions',
                  hideLabel: true,
                  render: (b) => (
                    <>
                      <Button
                        appearance="subtle"
                        icon={<EditRegular />}
                        aria-label={`Edit break at ${timeIn(b.start, timeZone)}`}
                        disabled={!right.allowed}
                        onClick={() => setEditing({ kind: 'break', attendance: a, breakSpan: b })}
                      />
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        aria-label={`Delete break at ${timeIn(b.start, timeZone)}`}
                        disabled={!right.allowed}
                        onClick={() => setEditing({ kind: 'delete-break', breakSpan: b })}
                      />
                    </>
                  ),
                },
              ]}
            />
          ) : (
            <Text className={styles.muted}>No breaks.</Text>
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
        title="Delete attendance?"
        confirmLabel="Delete attendance"
        danger
        onClose={() => setEditing(null)}
        onConfirm={async () => {
          if (editing?.kind !== 'delete-attendance') return;
          await deleteAttendance.mutateAsync({ id: editing.attendance.id, date });
        }}
      >
        The attendance of {isMe ? 'you' : employee.name} on {formatDay(date)} and its breaks will be deleted. The change
        history keeps a record.
      </ConfirmDialog>
      <ConfirmDialog
        open={editing?.kind === 'delete-break'}
        title="Delete break?"
        confirmLabel="Delete break"
        danger
        onClose={() => setEditing(null)}
        onConfirm={async () => {
          if (editing?.kind !== 'delete-break') return;
          await deleteBreak.mutateAsync(editing.breakSpan.id);
        }}
      >
        The break starting at {editing?.kind === 'delete-break' ? timeIn(editing.breakSpan.start, timeZone) : ''} will
        be deleted.
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
