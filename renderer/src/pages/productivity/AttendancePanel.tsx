/** The Attendance dashboard: each employee's days, hours and WFO over the range, ten to a page. */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleSearchRegular } from '@fluentui/react-icons';
import type { ProductivityEmployeeRow } from '../../../../shared/contracts/productivity';
import { productivityAttendanceFetcher, productivityKeys, type RangeFilter } from '../../api/hooks/productivity';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDuration } from '../../../../shared/duration';

const useStyles = makeStyles({
  person: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  num: { fontVariantNumeric: 'tabular-nums' },
  wfo: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function AttendancePanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const num = (value: number | string) => <span className={styles.num}>{value}</span>;
  const columns: Column<ProductivityEmployeeRow>[] = [
    {
      key: 'name',
      label: 'Employee',
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
    { key: 'working', label: 'Working days', render: (r) => num(r.workingDays) },
    { key: 'present', label: 'Present', sortKey: 'presentDays', render: (r) => num(r.presentDays) },
    { key: 'leave', label: 'Leave', render: (r) => num(r.leaveDays) },
    { key: 'absent', label: 'Absent', render: (r) => num(r.absentDays) },
    {
      key: 'hours',
      label: 'Hours worked / expected',
      sortKey: 'workedMinutes',
      render: (r) => num(`${formatDuration(r.workedMinutes)} / ${formatDuration(r.expectedMinutes)}`),
    },
    {
      key: 'wfo',
      label: 'Work from office',
      sortKey: 'wfoDays',
      render: (r) => (
        <span className={styles.wfo}>
          {num(`${r.wfoDays} d · ${r.wfoPercentage}%`)}
          <Badge appearance="tint" size="small" color={r.meetsWfo ? 'success' : 'warning'}>
            {r.meetsWfo ? 'Meets' : `Below ${r.requiredWfoPercentage}%`}
          </Badge>
        </span>
      ),
    },
    { key: 'attendance', label: 'Attendance', render: (r) => num(`${r.attendancePercentage}%`) },
  ];
  return (
    <DataTable
      label="Attendance by employee"
      queryKey={productivityKeys.attendance(filter)}
      fetchPage={productivityAttendanceFetcher(filter)}
      columns={columns}
      rowKey={(r) => r.employee.id}
      defaultSort={{ key: 'name', dir: 'asc' }}
      searchPlaceholder="Search by name, e-mail or ID"
      empty={{
        icon: <PeopleSearchRegular />,
        title: 'No one to show',
        body: 'There are no active employees in this selection.',
      }}
    />
  );
}
