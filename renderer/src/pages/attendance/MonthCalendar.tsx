/**
 * A month as a calendar grid (weeks start on Monday): per day the hours worked and breaks, leave, public
 * holidays and weekends, a day whose check-out is missing flagged, today outlined. Each day is a button that selects it.
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons';
import type { MonthResponse } from '../../../../shared/contracts/attendance';
import { TAKEN_STATUSES, type LeaveStatus } from '../../../../shared/leave';
import { dayOfWeek } from '../../../../shared/time';
import { weekdayNames } from '../../../../shared/i18n/format';
import { leaveStatusLabel } from '../../components/format';
import { useFormat, useTranslation } from '../../i18n';
import { useRovingGrid } from '../../components/useRovingGrid';

/** Leave that counts as taken (approved, or approved with a cancellation pending); the rest is pending. */
const GRANTED = new Set<number>(TAKEN_STATUSES satisfies readonly LeaveStatus[]);

const useStyles = makeStyles({
  // The cell's spoken name: read by screen readers, not shown (the visible parts below are hidden from them).
  spoken: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  // The cell's visible parts keep the cell's own layout.
  shown: { display: 'contents' },
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
    position: 'relative',
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
    // A phone's cell is about 50 px wide: a word longer than that ("Weekend") breaks rather than being cut.
    overflowWrap: 'anywhere',
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
  // Rows exist for the ARIA grid only: their cells stay on the calendar's CSS grid.
  row: { display: 'contents' },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: `${tokens.spacingVerticalM} 0 0`,
    padding: 0,
    listStyle: 'none',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  swatchToday: { border: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorNeutralBackground1 },
});

/** What the calendar's icon and colours mean. */
function Legend() {
  const styles = useStyles();
  const { t } = useTranslation('attendance');
  const swatch = (className: string | false, label: string) => (
    <li className={styles.key}>
      <span className={mergeClasses(styles.swatch, className)} aria-hidden="true" />
      {label}
    </li>
  );
  return (
    <ul className={styles.legend} aria-label={t('calendar.legend')} data-testid="calendar-legend">
      <li className={styles.key}>
        <BuildingRegular className={styles.wfo} aria-hidden="true" />
        {t('calendar.legendWfo')}
      </li>
      {swatch(styles.holiday, t('calendar.legendHoliday'))}
      {swatch(styles.leave, t('calendar.legendLeave'))}
      {swatch(styles.weekend, t('calendar.legendWeekend'))}
      {swatch(styles.swatchToday, t('calendar.legendToday'))}
    </ul>
  );
}

type Day = MonthResponse['days'][number];

type T = ReturnType<typeof useTranslation<'attendance'>>['t'];
type Format = ReturnType<typeof useFormat>;

/** The spoken summary of a day: its facts as a list. */
function describe(day: Day, today: string, t: T, fmt: Format): string {
  const parts = [fmt.day(day.date)];
  if (day.attendance) parts.push(t('calendar.worked', { duration: fmt.duration(day.attendance.workedMinutes) }));
  if (day.attendance?.breakMinutes)
    parts.push(t('calendar.breaks', { duration: fmt.duration(day.attendance.breakMinutes) }));
  if (day.attendance?.missingCheckOut) parts.push(t('calendar.missingCheckOut'));
  if (day.attendance?.isWfo) parts.push(t('calendar.wfo'));
  if (day.holiday) parts.push(t('calendar.holiday', { name: day.holiday.name }));
  if (day.leave)
    parts.push(
      t('calendar.leave', {
        type: day.leave.leaveType,
        status: leaveStatusLabel(day.leave.status, day.leave.statusLabel),
      }),
    );
  if (day.isWeekend) parts.push(t('calendar.weekend'));
  if (day.date === today) parts.push(t('calendar.today'));
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
  const { t } = useTranslation('attendance');
  const fmt = useFormat();
  const first = month.days[0];
  // Monday-first offset of the 1st: Sunday (0) is the 7th column.
  const offset = first ? (dayOfWeek(first.date) + 6) % 7 : 0;
  // One cell is in the Tab order: the one last moved to, else the selected day, today or the 1st.
  const { ref: grid, cellProps } = useRovingGrid({
    keys: month.days.map((d) => d.date),
    width: 7,
    offset,
    preferred: [selected, today],
  });
  // ARIA grid rows: the weekday names, then weeks of seven cells (blanks before the 1st and after the last).
  const cells: (Day | null)[] = [...Array.from({ length: offset }, () => null), ...month.days];
  const weeks: (Day | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <>
      <div
        ref={grid}
        className={styles.grid}
        role="grid"
        aria-label={t('calendar.label', { month: fmt.month(month.month) })}
      >
        <div role="row" className={styles.row}>
          {weekdayNames(fmt.language).map((d) => (
            <div key={d} className={styles.head} role="columnheader">
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div key={w} role="row" className={styles.row}>
            {week.map((day, i) => {
              if (!day) return <div key={`blank-${i}`} className={styles.blank} role="gridcell" aria-hidden="true" />;
              const index = w * 7 + i - offset;
              const a = day.attendance;
              const absent = !a && !day.isWeekend && !day.holiday && !day.leave && day.date < today;
              return (
                <button
                  key={day.date}
                  type="button"
                  role="gridcell"
                  data-date={day.date}
                  aria-selected={selected === day.date}
                  className={mergeClasses(
                    styles.cell,
                    day.isWeekend && styles.weekend,
                    day.holiday !== null && styles.holiday,
                    day.leave !== null && GRANTED.has(day.leave.status) && styles.leave,
                    day.date === today && styles.today,
                    selected === day.date && styles.selected,
                  )}
                  {...cellProps(index)}
                  onClick={() => onSelect(day.date)}
                >
                  {/*
                    Named by a text of its own rather than aria-label: the whole day in words, where the cell
                    shows figures and tags (an aria-label would differ from the visible text; WCAG 2.5.3).
                  */}
                  <span className={styles.spoken}>{describe(day, today, t, fmt)}</span>
                  <span className={styles.shown} aria-hidden="true">
                    <span className={styles.number}>
                      <span>{Number(day.date.slice(8))}</span>
                      {a?.isWfo ? <BuildingRegular className={styles.wfo} aria-hidden="true" /> : null}
                    </span>
                    {a ? (
                      <>
                        <Text className={styles.worked}>{fmt.duration(a.workedMinutes)}</Text>
                        {a.breakMinutes > 0 ? (
                          <span className={styles.small}>
                            {t('calendar.break', { duration: fmt.duration(a.breakMinutes) })}
                          </span>
                        ) : null}
                        {a.missingCheckOut ? (
                          <span className={mergeClasses(styles.tag, styles.absent)} data-testid="missing-check-out">
                            {t('calendar.missingCheckOut')}
                          </span>
                        ) : !a.checkOut ? (
                          <span className={styles.small}>{t('calendar.inProgress')}</span>
                        ) : null}
                      </>
                    ) : null}
                    {day.holiday ? <span className={styles.tag}>{day.holiday.name}</span> : null}
                    {day.leave ? (
                      <span
                        className={mergeClasses(styles.tag, !GRANTED.has(day.leave.status) && styles.pending)}
                        title={t('calendar.leaveTitle', {
                          type: day.leave.leaveType,
                          status: leaveStatusLabel(day.leave.status, day.leave.statusLabel),
                        })}
                      >
                        {GRANTED.has(day.leave.status)
                          ? day.leave.leaveType
                          : t('calendar.leavePending', { type: day.leave.leaveType })}
                      </span>
                    ) : null}
                    {!a && day.isWeekend && !day.holiday ? (
                      <span className={styles.small}>{t('calendar.weekendTag')}</span>
                    ) : null}
                    {absent ? (
                      <span className={mergeClasses(styles.tag, styles.absent)}>{t('calendar.absent')}</span>
                    ) : null}
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <Legend />
    </>
  );
}
