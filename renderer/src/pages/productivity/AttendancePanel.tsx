/** The Attendance dashboard: each employee's days, hours and WFO over the range, ten to a page. */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleSearchRegular } from '@fluentui/react-icons';
import type { ProductivityEmployeeRow } from '../../../../shared/contracts/productivity';
import { productivityAttendanceFetcher, productivityKeys, type RangeFilter } from '../../api/hooks/productivity';
import { DataTable, type Column } from '../../components/DataTable';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  person: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  num: { fontVariantNumeric: 'tabular-nums' },
  wfo: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function AttendancePanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const { t } = useTranslation('productivity');
  const fmt = useFormat();
  const num = (value: number | string) => <span className={styles.num}>{value}</span>;
  const columns: Column<ProductivityEmployeeRow>[] = [
    {
      key: 'name',
      label: t('attendance.employee'),
      sortKey: 'name',
      render: (r) => (
        <span className={styles.person}>
          <Text weight="semibold">{r.employee.name}</Text>
          <Text size={200} className={styles.muted}>
            {r.employee.employeeIdentificationNo ? `${r.employee.employeeIdentificationNo} · ` : ''}
            {r.employee.email}
          </Text>
        </span>
      ),
    },
    { key: 'working', label: t('attendance.workingDays'), render: (r) => num(r.workingDays) },
    { key: 'present', label: t('attendance.present'), sortKey: 'presentDays', render: (r) => num(r.presentDays) },
    { key: 'leave', label: t('attendance.leave'), render: (r) => num(r.leaveDays) },
    { key: 'absent', label: t('attendance.absent'), render: (r) => num(r.absentDays) },
    {
      key: 'hours',
      label: t('attendance.hours'),
      sortKey: 'workedMinutes',
      render: (r) =>
        num(
          t('attendance.hoursValue', {
            worked: fmt.duration(r.workedMinutes),
            expected: fmt.duration(r.expectedMinutes),
          }),
        ),
    },
    {
      key: 'wfo',
      label: t('attendance.wfo'),
      sortKey: 'wfoDays',
      render: (r) => (
        <span className={styles.wfo}>
          {num(t('attendance.wfoValue', { days: fmt.number(r.wfoDays), percent: fmt.percent(r.wfoPercentage) }))}
          <Badge appearance="tint" size="small" color={r.meetsWfo ? 'success' : 'warning'}>
            {r.meetsWfo
              ? t('attendance.meets')
              : t('attendance.below', { required: fmt.percent(r.requiredWfoPercentage) })}
          </Badge>
        </span>
      ),
    },
    { key: 'attendance', label: t('attendance.attendance'), render: (r) => num(fmt.percent(r.attendancePercentage)) },
  ];
  return (
    <DataTable
      label={t('attendance.tableLabel')}
      queryKey={productivityKeys.attendance(filter)}
      fetchPage={productivityAttendanceFetcher(filter)}
      columns={columns}
      rowKey={(r) => r.employee.id}
      defaultSort={{ key: 'name', dir: 'asc' }}
      searchPlaceholder={t('attendance.search')}
      empty={{
        icon: <PeopleSearchRegular />,
        title: t('attendance.emptyTitle'),
        body: t('attendance.emptyBody'),
      }}
    />
  );
}
