/**
 * /month-view: a month of attendance as a calendar (hours, breaks, leave, holidays, weekends), the day
 * chosen in it, the month's totals, the past three months and hours statistics over a date range. Users
 * who may see team members' or everyone's attendance pick the employee.
 */
import { Button, Card, Combobox, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { format, parseISO } from 'date-fns';
import { useMemo, useState } from 'react';
import type { AttendanceTotals } from '../../../../shared/contracts/attendance';
import { todayIn } from '../../../../shared/date-range';
import {
  useAttendanceEmployees,
  useAttendanceMonth,
  useAttendancePastMonths,
  useAttendanceStats,
} from '../../api/hooks/attendance';
import { DateRangeFilter, initialDateRange, type DateRangeValue } from '../../components/DateRangeFilter';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useMe, usePermissions } from '../../api/hooks/me';
import { DayPanel } from './DayPanel';
import { MonthCalendar } from './MonthCalendar';
import { formatDuration } from '../../../../shared/duration';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  monthNav: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  monthTitle: { minWidth: '150px', textAlign: 'center' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(300px, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  section: { marginTop: tokens.spacingVerticalXL },
  sectionTitle: { marginBottom: tokens.spacingVerticalM },
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  tile: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalXXS },
  tileLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  months: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  monthRows: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalL}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  loading: { display: 'grid', placeItems: 'center', minHeight: '320px' },
});

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthLabel = (month: string) => format(parseISO(`${month}-01`), 'MMMM yyyy');

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.tile} appearance="filled-alternative">
      <Text className={styles.tileLabel}>{label}</Text>
      <Text size={500} weight="semibold">
        {value}
      </Text>
      {hint ? (
        <Text className={styles.muted} size={200}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function TotalsTiles({
  totals,
}: {
  totals: AttendanceTotals & { averageWorkedMinutes?: number; wfoPercentage?: number };
}) {
  const styles = useStyles();
  return (
    <div className={styles.tiles}>
      <Tile
        label="Worked"
        value={formatDuration(totals.workedMinutes)}
        hint={`of ${formatDuration(totals.expectedMinutes)} expected`}
      />
      <Tile label="Present days" value={String(totals.presentDays)} hint={`of ${totals.workingDays} working days`} />
      <Tile label="Absent days" value={String(totals.absentDays)} />
      <Tile label="Leave days" value={String(totals.leaveDays)} />
      <Tile
        label="Work from office"
        value={`${totals.wfoDays} days`}
        hint={totals.wfoPercentage !== undefined ? `${Math.round(totals.wfoPercentage)}% of present days` : undefined}
      />
      <Tile label="Breaks" value={formatDuration(totals.breakMinutes)} />
      {totals.averageWorkedMinutes !== undefined ? (
        <Tile label="Average day" value={formatDuration(totals.averageWorkedMinutes)} hint="per present day" />
      ) : null}
    </div>
  );
}

export function MonthViewPage() {
  const styles = useStyles();
  const me = useMe()!;
  const permissions = usePermissions();
  const today = todayIn(me.tenant.settings.tenant_timezone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(today);
  const [employeeId, setEmployeeId] = useState(me.employee.id);
  const [range, setRange] = useState<DateRangeValue>(() => initialDateRange(today));
  const canPick = permissions.has('view-team-attendance') || permissions.has('view-all-attendance');
  const other = employeeId === me.employee.id ? undefined : employeeId;

  const employees = useAttendanceEmployees(canPick);
  const employee = useMemo(
    () =>
      employees.data?.find((e) => e.id === employeeId) ?? {
        id: me.employee.id,
        name: me.employee.name,
        isActive: true,
      },
    [employees.data, employeeId, me.employee],
  );
  const [search, setSearch] = useState<string | null>(null);
  const matches = (employees.data ?? []).filter((e) =>
    search === null ? true : e.name.toLowerCase().includes(search.toLowerCase()),
  );

  const monthQuery = useAttendanceMonth(other, month);
  const past = useAttendancePastMonths(other);
  const stats = useAttendanceStats(other, range.from, range.to);

  const goTo = (next: string) => {
    setMonth(next);
    setSelected(next === today.slice(0, 7) ? today : null);
  };

  return (
    <>
      <PageHeader
        title="Month view"
        subtitle={employeeId === me.employee.id ? 'Your attendance by month' : `Attendance of ${employee.name}`}
        actions={
          <div className={styles.toolbar}>
            {canPick ? (
              <Field label="Employee">
                <Combobox
                  aria-label="Employee"
                  value={search ?? employee.name}
                  selectedOptions={[String(employeeId)]}
                  onChange={(e) => setSearch(e.target.value)}
                  onOptionSelect={(_, d) => {
                    if (d.optionValue) setEmployeeId(Number(d.optionValue));
                    setSearch(null);
                  }}
                  onBlur={() => setSearch(null)}
                  placeholder={employees.isPending ? 'Loading…' : 'Search by name'}
                >
                  {matches.slice(0, 100).map((e) => (
                    <Option key={e.id} value={String(e.id)} text={e.name}>
                      {e.name}
                      {e.isActive ? '' : ' (inactive)'}
                    </Option>
                  ))}
                </Combobox>
              </Field>
            ) : null}
            <div className={styles.monthNav} role="group" aria-label="Month">
              <Button
                icon={<ChevronLeftRegular />}
                aria-label="Previous month"
                onClick={() => goTo(shiftMonth(month, -1))}
              />
              <Text weight="semibold" size={400} className={styles.monthTitle} aria-live="polite">
                {monthLabel(month)}
              </Text>
              <Button
                icon={<ChevronRightRegular />}
                aria-label="Next month"
                disabled={month >= today.slice(0, 7)}
                onClick={() => goTo(shiftMonth(month, 1))}
              />
              <Button
                appearance="subtle"
                disabled={month === today.slice(0, 7)}
                onClick={() => goTo(today.slice(0, 7))}
              >
                This month
              </Button>
            </div>
          </div>
        }
      />

      <div className={styles.layout}>
        <Card className={styles.card}>
          <QueryState query={monthQuery} label="Loading the month" loadingClassName={styles.loading}>
            {(data) => <MonthCalendar month={data} today={today} selected={selected} onSelect={setSelected} />}
          </QueryState>
        </Card>
        {selected ? (
          <DayPanel key={`${employeeId}-${selected}`} employee={employee} date={selected} today={today} />
        ) : (
          <Card className={styles.card}>
            <Text className={styles.muted}>Choose a day to see its check-in, check-out and breaks.</Text>
          </Card>
        )}
      </div>

      {monthQuery.data ? (
        <section className={styles.section} aria-label="Month totals">
          <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
            {monthLabel(month)} so far
          </Text>
          <TotalsTiles totals={monthQuery.data.totals} />
        </section>
      ) : null}

      <section className={styles.section} aria-label="Past 3 months">
        <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
          Past 3 months
        </Text>
        <QueryState query={past} size="small" label="Loading" />
        <div className={styles.months}>
          {past.data?.months.map((m) => (
            <Card key={m.month} className={styles.tile}>
              <Text weight="semibold">{monthLabel(m.month)}</Text>
              <div className={styles.monthRows}>
                <Text className={styles.muted}>Worked</Text>
                <Text>
                  {formatDuration(m.workedMinutes)} / {formatDuration(m.expectedMinutes)}
                </Text>
                <Text className={styles.muted}>Present</Text>
                <Text>
                  {m.presentDays} of {m.workingDays} days
                </Text>
                <Text className={styles.muted}>Absent · leave</Text>
                <Text>
                  {m.absentDays} · {m.leaveDays}
                </Text>
                <Text className={styles.muted}>Work from office</Text>
                <Text>{m.wfoDays} days</Text>
              </div>
            </Card>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-label="Hours statistics">
        <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
          Hours statistics
        </Text>
        <DateRangeFilter value={range} today={today} onChange={setRange} />
        <div className={styles.section}>
          <QueryState query={stats} size="small" label="Loading the statistics">
            {(data) => <TotalsTiles totals={data} />}
          </QueryState>
        </div>
      </section>
    </>
  );
}
