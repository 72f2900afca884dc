/** The audit trail of one attendance and its breaks: who changed what, when, and the values before and after. */
import { CompanyTimeNote } from '../../components/CompanyTimeNote';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useAttendanceAudit } from '../../api/hooks/attendance';
import { StaticTable } from '../../components/DataTable';
import { InfoDialog } from '../../components/DialogFrame';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
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
type Field = 'workDate' | 'checkIn' | 'checkOut' | 'start' | 'end' | 'source' | 'isWfo';
const SHOWN: Record<Field, { time?: true; flag?: true; source?: true }> = {
  workDate: {},
  checkIn: { time: true },
  checkOut: { time: true },
  start: { time: true },
  end: { time: true },
  source: { source: true },
  isWfo: { flag: true },
};
const SOURCES = new Set(['web', 'desktop', 'device', 'manual']);

type T = ReturnType<typeof useTranslation<'attendance'>>['t'];

function show(value: unknown, how: (typeof SHOWN)[Field], timeZone: string, t: T): string {
  if (value === null || value === undefined) return '—';
  if (how.flag) return value === true || value === 1 ? t('audit.yes') : t('audit.no');
  if (how.source && typeof value === 'string' && SOURCES.has(value))
    return t(`source.${value as 'web' | 'desktop' | 'device' | 'manual'}`);
  if (how.time && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return timeIn(value, timeZone);
  return String(value);
}

function Values({ values, timeZone }: { values: Record<string, unknown> | null; timeZone: string }) {
  const styles = useStyles();
  const { t } = useTranslation('attendance');
  if (!values) return <Text className={styles.muted}>—</Text>;
  return (
    <div className={styles.values}>
      {(Object.entries(SHOWN) as [Field, (typeof SHOWN)[Field]][])
        .filter(([key]) => key in values)
        .map(([key, how]) => (
          <span key={key}>
            <span className={styles.muted}>{t('audit.valueLine', { label: t(`audit.field.${key}`) })}</span>
            {show(values[key], how, timeZone, t)}
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
  const { t } = useTranslation('attendance');
  const fmt = useFormat();
  const audit = useAttendanceAudit(attendanceId);
  return (
    <InfoDialog title={t('audit.title')} surfaceClassName={styles.surface} onClose={onClose}>
      <CompanyTimeNote timeZone={timeZone} />
      <QueryState query={audit} label={t('audit.loading')}>
        {(entries) => (
          <StaticTable
            label={t('audit.title')}
            size="small"
            rows={entries}
            rowKey={(e) => e.id}
            columns={[
              { key: 'when', label: t('audit.when'), render: (e) => fmt.instantIn(e.at, timeZone) },
              { key: 'who', label: t('audit.who'), render: (e) => e.actor?.name ?? t('audit.system') },
              {
                key: 'what',
                label: t('audit.what'),
                render: (e) => (
                  <>
                    <Badge appearance="tint" color={ACTION_COLORS[e.action]}>
                      {t(`audit.action.${e.action}`)}
                    </Badge>{' '}
                    {t(`audit.subject.${e.subject}`)}
                  </>
                ),
              },
              {
                key: 'before',
                label: t('audit.before'),
                render: (e) => <Values values={e.before} timeZone={timeZone} />,
              },
              {
                key: 'after',
                label: t('audit.after'),
                render: (e) => <Values values={e.after} timeZone={timeZone} />,
              },
            ]}
          />
        )}
      </QueryState>
    </InfoDialog>
  );
}
