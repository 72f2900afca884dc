/**
 * A month as a calendar grid (weeks start on Monday): per day the hours worked and breaks, leave, public
 * holidays and weekends, today outlined. Each day is a button that selects it.
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons';
import type { MonthResponse } from '../../../../shared/contracts/attendance';
import { TAKEN_STATUSES, type LeaveStatus } from '../../../../shared/leave';
import { dayOfWeek } from '../../../../shared/time';
import { formatDay } from '../../components/format';
import { formatDuration } from '../../../../shared/duration';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Leave that counts as taken (approved, or approved with a cancellation pending); the rest is pending. */
const GRANTED = new Set<number>(TAKEN_STATUSES satisfies readonly LeaveStatus[]);

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalXS,
  },
  head: {
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    paddingBottom: tokens.spacingVerticalXS,
  },
  cell: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '2px',
    minHeight: '92px',
    padding: tokens.spacingHorizontalS,
    textAlign: 'left',
    font: 'inherit',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    overflow: 'hidden',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
    '@media (max-width: 640px)': { minHeight: '64px', padding: tokens.spacingHorizontalXS },
  },
  weekend: { backgroundColor: tokens.colorNeutralBackground3 },
  holiday: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  leave: { backgroundColor: tokens.colorPaletteBerryBackground1 },
  today: { border: `2px solid ${tokens.colorBrandStroke1}` },
  selected: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandBackground}` },
  number: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    fontWeight: tokens.fontWeightSemibold,
  },
  worked: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  small: {
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    color: tokens.colorNeutralForeground3,
  },
  tag: {
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  absent: { color: tokens.colorPaletteRedForeground1 },
  pending: { fontStyle: 'italic' },
  wfo: { color: tokens.colorPaletteGreenForeground1 },
  blank: { minHeight: '92px', '@media (max-width: 640px)': { minHeight: '64px' } },
});

type Day = MonthResponse['days'][number];

function describe(day: Day, today: string): string {
  const parts = [formatDay(day.date)];
  if (day.attendance) parts.push(`worked ${formatDuration(day.attendance.workedMinutes)}`);
  if (day.attendance?.breakMinutes) parts.push(`breaks ${formatDuration(day.attendance.breakMinutes)}`);
  if (day.attendance?.isWfo) parts.push('work from office');
  if (day.holiday) parts.push(`holiday: ${day.holiday.name}`);
  if (day.leave) parts.push(`${day.leave.leaveType} (${day.leave.statusLabel})`);
  if (day.isWeekend) parts.push('weekend');
  if (day.date === today) parts.push('today');
  return parts.join(', ');
}

export function MonthCalendar({
  month,
  today,
  selected,
  onSelect,
}: {
  month: MonthResponse;
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
}) {
  const styles = useStyles();
  const first = month.days[0];
  // Monday-first offset of the 1st: Sunday (0) is the 7th column.
  const offset = first ? (dayOfWeek(first.date) + 6) % 7 : 0;
  return (
    <div className={styles.grid} role="grid" aria-label={`Attendance in ${month.month}`}>
      {WEEKDAYS.map((d) => (
        <div key={d} className={styles.head} role="columnheader">
          {d}
        </div>
      ))}
      {Array.from({ length: offset }, (_, i) => (
        <div key={`blank-${i}`} className={styles.blank} aria-hidden="true" />
      ))}
      {month.days.map((day) => {
        const a = day.attendance;
        const absent = !a && !day.isWeekend && !day.holiday && !day.leave && day.date < today;
        return (
          <button
            key={day.date}
            type="button"
            role="gridcell"
            data-date={day.date}
            aria-selected={selected === day.date}
            aria-label={describe(day, today)}
            className={mergeClasses(
              styles.cell,
              day.isWeekend && styles.weekend,
              day.holiday !== null && styles.holiday,
              day.leave !== null && GRANTED.has(day.leave.status) && styles.leave,
              day.date === today && styles.today,
              selected === day.date && styles.selected,
            )}
            onClick={() => onSelect(day.date)}
          >
            <span className={styles.number}>
              <span>{Number(day.date.slice(8))}</span>
              {a?.isWfo ? <BuildingRegular className={styles.wfo} aria-hidden="true" /> : null}
            </span>
            {a ? (
              <>
                <Text className={styles.worked}>{formatDuration(a.workedMinutes)}</Text>
                {a.breakMinutes > 0 ? (
                  <span className={styles.small}>break {formatDuration(a.breakMinutes)}</span>
                ) : null}
                {!a.checkOut ? <span className={styles.small}>in progress</span> : null}
              </>
            ) : null}
            {day.holiday ? <span className={styles.tag}>{day.holiday.name}</span> : null}
            {day.leave ? (
              <span
                className={mergeClasses(styles.tag, !GRANTED.has(day.leave.status) && styles.pending)}
                title={`${day.leave.leaveType}: ${day.leave.statusLabel}`}
              >
                {day.leave.leaveType}
                {GRANTED.has(day.leave.status) ? '' : ' (pending)'}
              </span>
            ) : null}
            {!a && day.isWeekend && !day.holiday ? <span className={styles.small}>Weekend</span> : null}
            {absent ? <span className={mergeClasses(styles.tag, styles.absent)}>Absent</span> : null}
          </button>
        );
      })}
    </div>
  );
}
