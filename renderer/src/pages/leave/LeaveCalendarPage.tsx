/**
 * Leave calendar (/leaves-calendar): who is away when, for one team or every team the user may see, month by
 * month. A grid of employees (rows, everyone in view, away or not) by day (columns): weekends and public
 * holidays shaded, approved leave filled and leave waiting for approval hatched with a dashed border and an
 * hourglass, today's column outlined, a legend under it. An ARIA grid: one cell in the Tab order, the arrows
 * move from day to day and person to person (the month view's useRovingGrid).
 */
import {
  Button,
  Card,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  CalendarMonthRegular,
  CalendarStarRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  HourglassHalfRegular,
  PeopleTeamRegular,
} from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import type { LeaveCalendar } from '../../../../shared/contracts/leave';
import { TAKEN_STATUSES, type LeaveStatus } from '../../../../shared/leave';
import { addDays, dayOfWeek, eachDate } from '../../../../shared/time';
import { useAllTeams } from '../../api/hooks/people';
import { EmptyState } from '../../components/EmptyState';
import { leaveStatusLabel } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useRovingGrid } from '../../components/useRovingGrid';
import { useLeaveCalendar } from '../../api/hooks/leave';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { useTenantDay } from '../../components/hooks';
import { LeaveIcon } from './leave-ui';

type Calendar = LeaveCalendar;
type Entry = Calendar['items'][number];

/** Leave that counts as taken (approved, or approved with a cancellation pending); the rest waits for approval. */
const GRANTED = new Set<number>(TAKEN_STATUSES satisfies readonly LeaveStatus[]);
const NAME_WIDTH = '160px';
const NAME_WIDTH_NARROW = '112px';
const NARROW = '@media (max-width: 640px)';
/** Diagonal stripes: leave waiting for approval is hatched, not only another colour. */
const hatched = (color: string) => `repeating-linear-gradient(135deg, ${color} 0 2px, transparent 2px 6px)`;

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
  },
  month: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  monthLabel: { minWidth: '150px', textAlign: 'center' },
  card: { padding: 0, overflow: 'hidden' },
  // The grid scrolls sideways inside the card; the names stay put.
  scroll: { overflowX: 'auto', scrollPaddingLeft: NAME_WIDTH, [NARROW]: { scrollPaddingLeft: NAME_WIDTH_NARROW } },
  table: { borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%', fontSize: tokens.fontSizeBase200 },
  corner: {
    position: 'sticky',
    left: 0,
    zIndex: 2,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    width: NAME_WIDTH,
    minWidth: NAME_WIDTH,
    maxWidth: NAME_WIDTH,
    textAlign: 'left',
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    [NARROW]: { width: NAME_WIDTH_NARROW, minWidth: NAME_WIDTH_NARROW, maxWidth: NAME_WIDTH_NARROW },
  },
  head: {
    minWidth: '28px',
    padding: `${tokens.spacingVerticalXS} 0`,
    textAlign: 'center',
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  initial: { display: 'block', fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
  headIcon: { display: 'block', margin: '0 auto', color: tokens.colorPaletteMarigoldForeground1 },
  cell: {
    height: '34px',
    minWidth: '28px',
    padding: '2px',
    textAlign: 'center',
    verticalAlign: 'middle',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  weekend: { backgroundColor: tokens.colorNeutralBackground4 },
  holiday: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  today: { boxShadow: `inset 2px 0 0 ${tokens.colorBrandStroke1}, inset -2px 0 0 ${tokens.colorBrandStroke1}` },
  todayHead: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: `${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0 0`,
  },
  todayInitial: { color: tokens.colorNeutralForegroundOnBrand },
  // A leave day: a block filling the cell, its icon centred.
  mark: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '100%',
    minHeight: '26px',
    borderRadius: tokens.borderRadiusSmall,
    fontSize: '16px',
  },
  approved: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandStroke1}`,
  },
  pending: {
    color: tokens.colorPaletteMarigoldForeground2,
    backgroundColor: tokens.colorPaletteMarigoldBackground1,
    backgroundImage: hatched(tokens.colorPaletteMarigoldBorder1),
    border: `1px dashed ${tokens.colorPaletteMarigoldBorder2}`,
  },
  // The hourglass on a chip of its own, readable over the stripes.
  pendingIcon: {
    display: 'inline-flex',
    padding: '1px',
    borderRadius: tokens.borderRadiusCircular,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    listStyle: 'none',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '20px',
    height: '20px',
    fontSize: '14px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  swatchToday: { border: `2px solid ${tokens.colorBrandStroke1}` },
  hint: { display: 'block', padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}` },
});

function monthBounds(month: string): { startDate: string; endDate: string } {
  const startDate = `${month}-01`;
  const next = addDays(startDate, 32).slice(0, 7);
  return { startDate, endDate: addDays(`${next}-01`, -1) };
}
/** A day's weekday in a language: its initial (M, L) or short name (Mon, lun.). */
function weekday(date: string, language: string, width: 'narrow' | 'short'): string {
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

type Day = { date: string; isWeekend: boolean; holiday: string | null; isToday: boolean };

/** What the grid's marks and shades mean. */
function Legend() {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const key = (className: string, label: string, icon?: ReactNode) => (
    <li className={styles.key}>
      <span className={mergeClasses(styles.swatch, className)} aria-hidden="true">
        {icon}
      </span>
      {label}
    </li>
  );
  return (
    <ul className={styles.legend} aria-label={t('calendar.legend')} data-testid="leave-calendar-legend">
      {key(styles.approved, t('calendar.legendApproved'), <LeaveIcon icon="calendar" />)}
      {key(styles.pending, t('calendar.legendPending'), <HourglassHalfRegular className={styles.pendingIcon} />)}
      {key(styles.weekend, t('calendar.legendWeekend'))}
      {key(styles.holiday, t('calendar.legendHoliday'), <CalendarStarRegular className={styles.headIcon} />)}
      {key(styles.swatchToday, t('calendar.legendToday'))}
    </ul>
  );
}

/** The month's grid: a row of day headers, then one row per employee. */
function LeaveGrid({ calendar, days, label }: { calendar: Calendar; days: Day[]; label: string }) {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const format = useFormat();
  const people = calendar.employees;
  const keys = people.flatMap((p) => days.map((d) => `${p.id}:${d.date}`));
  const today = days.find((d) => d.isToday)?.date;
  const { ref, cellProps } = useRovingGrid<HTMLTableElement>({
    keys,
    width: days.length,
    wrap: false,
    preferred: people[0] && today ? [`${people[0].id}:${today}`] : [],
  });
  // Each person's live leave by day (weekends and holidays are not leave days).
  const leaveOf = new Map<string, Entry[]>();
  for (const e of calendar.items)
    for (const date of eachDate(e.startDate, e.endDate)) {
      const k = `${e.employee.id}:${date}`;
      leaveOf.set(k, [...(leaveOf.get(k) ?? []), e]);
    }
  const headLabel = (d: Day) =>
    [
      `${weekday(d.date, format.language, 'short')} ${format.day(d.date)}`,
      d.isWeekend ? t('calendar.weekend') : null,
      d.holiday !== null ? t('calendar.holiday', { name: d.holiday }) : null,
      d.isToday ? t('calendar.today') : null,
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <table ref={ref} className={styles.table} role="grid" aria-label={label} aria-describedby="leave-calendar-hint">
      <thead>
        <tr>
          <th scope="col" className={styles.corner}>
            {t('calendar.employee')}
          </th>
          {days.map((d) => (
            <th
              key={d.date}
              scope="col"
              data-date={d.date}
              aria-label={headLabel(d)}
              title={d.holiday ?? undefined}
              className={mergeClasses(
                styles.head,
                d.isWeekend && styles.weekend,
                d.holiday !== null && styles.holiday,
                d.isToday && styles.todayHead,
              )}
            >
              <span className={mergeClasses(styles.initial, d.isToday && styles.todayInitial)} aria-hidden="true">
                {weekday(d.date, format.language, 'narrow')}
              </span>
              <span aria-hidden="true">{Number(d.date.slice(8))}</span>
              {d.holiday !== null ? <CalendarStarRegular className={styles.headIcon} aria-hidden="true" /> : null}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {people.map((person, row) => (
          <tr key={person.id} data-employee={person.id}>
            <th scope="row" className={styles.name} title={person.name}>
              {person.name}
            </th>
            {days.map((d, column) => {
              const off = d.isWeekend || d.holiday !== null;
              const leave = off ? [] : (leaveOf.get(`${person.id}:${d.date}`) ?? []);
              const shown = leave.find((e) => GRANTED.has(e.status)) ?? leave[0];
              const facts = [
                ...leave.map((e) =>
                  t('calendar.leave', { type: e.leaveType.name, status: leaveStatusLabel(e.status, e.statusLabel) }),
                ),
                d.holiday !== null ? t('calendar.holiday', { name: d.holiday }) : null,
                d.isWeekend ? t('calendar.weekend') : null,
                leave.length === 0 && !off ? t('calendar.atWork') : null,
                d.isToday ? t('calendar.today') : null,
              ].filter(Boolean);
              const name = t('calendar.cell', { name: person.name, day: format.day(d.date), facts: facts.join(', ') });
              const granted = shown !== undefined && GRANTED.has(shown.status);
              return (
                <td
                  key={d.date}
                  role="gridcell"
                  data-date={d.date}
                  data-status={shown?.status}
                  aria-label={name}
                  title={shown || d.holiday !== null ? name : undefined}
                  className={mergeClasses(
                    styles.cell,
                    d.isWeekend && styles.weekend,
                    d.holiday !== null && styles.holiday,
                    d.isToday && styles.today,
                  )}
                  {...cellProps(row * days.length + column)}
                >
                  {shown ? (
                    <span
                      className={mergeClasses(styles.mark, granted ? styles.approved : styles.pending)}
                      aria-hidden="true"
                    >
                      {granted ? (
                        <LeaveIcon icon={shown.leaveType.icon} />
                      ) : (
                        <HourglassHalfRegular className={styles.pendingIcon} />
                      )}
                    </span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LeaveCalendarPage() {
  const styles = useStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const format = useFormat();
  const me = useMe();
  const permissions = usePermissions();
  const { today, settings } = useTenantDay();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [teamId, setTeamId] = useState<number | undefined>(undefined);
  const seesAll = permissions.has('view-all-leave-calendar');
  const teams = useAllTeams({ enabled: seesAll && permissions.has('view-teams') });
  const teamOptions = seesAll && teams.data ? teams.data : (me?.employee.teams ?? []);
  const { startDate, endDate } = monthBounds(month);
  const query = useLeaveCalendar({ startDate, endDate, teamId });
  const shift = (months: number) => {
    const base = months > 0 ? addDays(endDate, 1) : addDays(startDate, -1);
    setMonth(base.slice(0, 7));
  };
  const holidays = new Map((query.data?.holidays ?? []).map((h) => [h.date, h.name]));
  const days: Day[] = eachDate(startDate, endDate).map((date) => ({
    date,
    isWeekend: settings.weekend_days.includes(dayOfWeek(date)),
    holiday: holidays.get(date) ?? null,
    isToday: date === today,
  }));
  const monthLabel = format.month(month);
  const allLabel = seesAll ? t('calendar.allTeams') : t('calendar.myTeams');
  const noTeams = !seesAll && teamOptions.length === 0;

  return (
    <>
      <PageHeader title={t('calendar.title')} subtitle={t('calendar.subtitle')} />
      <div className={styles.filters}>
        <Field label={t('calendar.team')}>
          <Dropdown
            value={teamOptions.find((team) => team.id === teamId)?.name ?? allLabel}
            selectedOptions={[teamId ? String(teamId) : 'all']}
            onOptionSelect={(_, d) => setTeamId(d.optionValue === 'all' ? undefined : Number(d.optionValue))}
          >
            <Option value="all">{allLabel}</Option>
            {teamOptions.map((team) => (
              <Option key={team.id} value={String(team.id)}>
                {team.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <div className={styles.month} role="group" aria-label={t('calendar.month')}>
          <Button icon={<ChevronLeftRegular />} aria-label={t('calendar.previousMonth')} onClick={() => shift(-1)} />
          <Text className={styles.monthLabel} weight="semibold" aria-live="polite">
            {monthLabel}
          </Text>
          <Button icon={<ChevronRightRegular />} aria-label={t('calendar.nextMonth')} onClick={() => shift(1)} />
          <Button appearance="subtle" onClick={() => setMonth(today.slice(0, 7))}>
            {t('calendar.thisMonth')}
          </Button>
        </div>
        {query.isFetching && !query.isPending ? <Spinner size="tiny" label={t('common:states.loading')} /> : null}
      </div>
      <QueryState
        query={query}
        label={t('calendar.loading')}
        isEmpty={(data) => data.employees.length === 0}
        empty={
          noTeams ? (
            <EmptyState icon={<PeopleTeamRegular />} title={t('calendar.noTeamsTitle')}>
              {t('calendar.noTeams')}
            </EmptyState>
          ) : (
            <EmptyState icon={<CalendarMonthRegular />} title={t('calendar.noMembersTitle')}>
              {t('calendar.noMembers')}
            </EmptyState>
          )
        }
      >
        {(calendar) => (
          <Card className={styles.card}>
            <div className={styles.scroll}>
              <LeaveGrid calendar={calendar} days={days} label={t('calendar.gridLabel', { month: monthLabel })} />
            </div>
            <Legend />
            <Text id="leave-calendar-hint" size={200} className={styles.hint}>
              {t('calendar.scrollHint')}
            </Text>
          </Card>
        )}
      </QueryState>
    </>
  );
}
