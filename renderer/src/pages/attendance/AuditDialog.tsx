/** The audit trail of one attendance and its breaks: who changed what, when, and the values before and after. */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useAttendanceAudit } from '../../api/hooks/attendance';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { formatInstant } from '../../components/format';
import { timeIn } from './shared';

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '100%' },
  values: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

const ACTION_COLORS = { create: 'success', update: 'informative', delete: 'danger' } as const;
/** The values a person reads; ids, tenant and bookkeeping columns of the stored row are left out. */
const SHOWN: Record<string, { label: string; time?: true; flag?: true }> = {
  workDate: { label: 'Day' },
  checkIn: { label: 'Check-in', time: true },
  checkOut: { label: 'Check-out', time: true },
  start: { label: 'Start', time: true },
  end: { label: 'End', time: true },
  source: { label: 'Source' },
  isWfo: { label: 'WFO', flag: true },
};

function show(value: unknown, how: (typeof SHOWN)[string], timeZone: string): string {
  if (value === null || value === undefined) return '—';
  if (how.flag) return value === true || value === 1 ? 'yes' : 'no';
  if (how.time && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return timeIn(value, timeZone);
  return String(value);
}

function Values({ values, timeZone }: { values: Record<string, unknown> | null; timeZone: string }) {
  const styles = useStyles();
  if (!values) return <Text className={styles.muted}>—</Text>;
  return (
    <div className={styles.values}>
      {Object.entries(SHOWN)
        .filter(([key]) => key in values)
        .map(([key, how]) => (
          <span key={key}>
            <span className={styles.muted}>{how.label}: </span>
            {show(values[key], how, timeZone)}
          </span>
        ))}
    </div>
  );
}

export function AuditDialog({
  attendanceId,
  timeZone,
  onClose,
}: {
  attendanceId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const audit = useAttendanceAudit(attendanceId);
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Change history</DialogTitle>
          <DialogContent>
            <QueryState query={audit} label="Loading the history">
              {(entries) => (
                <StaticTable
                  label="Change history"
                  size="small"
                  rows={entries}
                  rowKey={(e) => e.id}
                  columns={[
                    { key: 'when', label: 'When', render: (e) => formatInstant(e.at) },
                    { key: 'who', label: 'Who', render: (e) => e.actor?.name ?? 'System' },
                    {
                      key: 'what',
                      label: 'What',
                      render: (e) => (
                        <>
                          <Badge appearance="tint" color={ACTION_COLORS[e.action]}>
                            {e.action}
                          </Badge>{' '}
                          {e.subject}
                        </>
                      ),
                    },
                    { key: 'before', label: 'Before', render: (e) => <Values values={e.before} timeZone={timeZone} /> },
                    { key: 'after', label: 'After', render: (e) => <Values values={e.after} timeZone={timeZone} /> },
                  ]}
                />
              )}
            </QueryState>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
