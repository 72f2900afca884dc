/**
 * /month-view: a month of attendance as a calendar (hours, breaks, leave, holidays, weekends), the day
 * chosen in it, the month's totals, the past three months and hours statistics over a date range. Users
 * who may see team members' or everyone's attendance pick the employee.
 */
import { Button, Card, Combobox, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
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
import { useFormat, useTranslation } from '../../i18n';
import { MonthCalendar } from './MonthCalendar';

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
  const { t } = useTranslation('attendance');
  const fmt = useFormat();
  return (
    <div className={styles.tiles}>
      <Tile
        label={t('totals.worked')}
        value={fmt.duration(totals.workedMinutes)}
        hint={t('totals.expected', { duration: fmt.duration(totals.expectedMinutes) })}
      />
      <Tile
        label={t('totals.presentDays')}
        value={fmt.number(totals.presentDays)}
        hint={t('totals.ofWorkingDays', { count: totals.workingDays })}
      />
      <Tile label={t('totals.absentDays')} value={fmt.number(totals.absentDays)} />
      <Tile label={t('totals.leaveDays')} value={fmt.number(totals.leaveDays)} />
      <Tile
        label={t('totals.wfo')}
        value={t('totals.days', { count: totals.wfoDays })}
        hint={
          totals.wfoPercentage !== undefined
            ? t('totals.ofPresentDays', { percent: fmt.percent(Math.round(totals.wfoPercentage)) })
            : undefined
        }
      />
      <Tile label={t('totals.breaks')} value={fmt.duration(totals.breakMinutes)} />
      {totals.averageWorkedMinutes !== undefined ? (
        <Tile
          label={t('totals.averageDay')}
          value={fmt.duration(totals.averageWorkedMinutes)}
          hint={t('totals.perPresentDay')}
        />
      ) : null}
    </div>
  );
}

export function MonthViewPage() {
  const styles = useStyles();
  const { t } = useTranslation(['attendance', 'common']);
  const fmt = useFormat();
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
        title={t('page.monthView')}
        subtitle={
          employeeId === me.employee.id ? t('month.subtitleOwn') : t('month.subtitleOther', { name: employee.name })
        }
        actions={
          <div className={styles.toolbar}>
            {canPick ? (
              <Field label={t('month.employee')}>
                <Combobox
                  aria-label={t('month.employee')}
                  expandIcon={{ 'aria-label': t('common:actions.showOptions') }}
                  value={search ?? employee.name}
                  selectedOptions={[String(employeeId)]}
                  onChange={(e) => setSearch(e.target.value)}
                  onOptionSelect={(_, d) => {
                    // Typing clears the selection (an event without a value): the search goes on.
                    if (!d.optionValue) return;
                    setEmployeeId(Number(d.optionValue));
                    setSearch(null);
                  }}
                  onBlur={() => setSearch(null)}
                  placeholder={employees.isPending ? t('common:states.loading') : t('month.searchByName')}
                >
                  {matches.slice(0, 100).map((e) => (
                    <Option key={e.id} value={String(e.id)} text={e.name}>
                      {e.isActive ? e.name : t('month.inactive', { name: e.name })}
                    </Option>
                  ))}
                </Combobox>
              </Field>
            ) : null}
            <div className={styles.monthNav} role="group" aria-label={t('month.month')}>
              <Button
                icon={<ChevronLeftRegular />}
                aria-label={t('month.previous')}
                onClick={() => goTo(shiftMonth(month, -1))}
              />
              <Text weight="semibold" size={400} className={styles.monthTitle} aria-live="polite">
                {fmt.month(month)}
              </Text>
              <Button
                icon={<ChevronRightRegular />}
                aria-label={t('month.next')}
                disabled={month >= today.slice(0, 7)}
                onClick={() => goTo(shiftMonth(month, 1))}
              />
              <Button
                appearance="subtle"
                disabled={month === today.slice(0, 7)}
                onClick={() => goTo(today.slice(0, 7))}
              >
                {t('month.thisMonth')}
              </Button>
            </div>
          </div>
        }
      />

      <div className={styles.layout}>
        <Card className={styles.card}>
          <QueryState query={monthQuery} label={t('month.loadingMonth')} loadingClassName={styles.loading}>
            {(data) => <MonthCalendar month={data} today={today} selected={selected} onSelect={setSelected} />}
          </QueryState>
        </Card>
        {selected ? (
          <DayPanel key={`${employeeId}-${selected}`} employee={employee} date={selected} today={today} />
        ) : (
          <Card className={styles.card}>
            <Text className={styles.muted}>{t('month.chooseDay')}</Text>
          </Card>
        )}
      </div>

      {monthQuery.data ? (
        <section className={styles.section} aria-label={t('month.totals')}>
          <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
            {/* Only the running month is "so far": an earlier one is complete. */}
            {month === today.slice(0, 7)
              ? t('month.soFar', { month: fmt.month(month) })
              : t('month.wholeMonth', { month: fmt.month(month) })}
          </Text>
          <TotalsTiles totals={monthQuery.data.totals} />
        </section>
      ) : null}

      <section className={styles.section} aria-label={t('month.pastMonths')}>
        <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
          {t('month.pastMonths')}
        </Text>
        <QueryState query={past} size="small" label={t('month.loading')} />
        <div className={styles.months}>
          {past.data?.months.map((m) => (
            <Card key={m.month} className={styles.tile}>
              <Text weight="semibold">{fmt.month(m.month)}</Text>
              <div className={styles.monthRows}>
                <Text className={styles.muted}>{t('totals.worked')}</Text>
                <Text>
                  {t('month.workedOfExpected', {
                    worked: fmt.duration(m.workedMinutes),
                    expected: fmt.duration(m.expectedMinutes),
                  })}
                </Text>
                <Text className={styles.muted}>{t('month.present')}</Text>
                <Text>{t('month.presentOf', { present: fmt.number(m.presentDays), count: m.workingDays })}</Text>
                <Text className={styles.muted}>{t('month.absentLeave')}</Text>
                <Text>
                  {t('month.absentLeaveValue', { absent: fmt.number(m.absentDays), leave: fmt.number(m.leaveDays) })}
                </Text>
                <Text className={styles.muted}>{t('totals.wfo')}</Text>
                <Text>{t('totals.days', { count: m.wfoDays })}</Text>
              </div>
            </Card>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-label={t('month.statistics')}>
        <Text as="h2" size={500} weight="semibold" block className={styles.sectionTitle}>
          {t('month.statistics')}
        </Text>
        <DateRangeFilter value={range} today={today} onChange={setRange} />
        <div className={styles.section}>
          <QueryState query={stats} size="small" label={t('month.loadingStatistics')}>
            {(data) => <TotalsTiles totals={data} />}
          </QueryState>
        </div>
      </section>
    </>
  );
}
