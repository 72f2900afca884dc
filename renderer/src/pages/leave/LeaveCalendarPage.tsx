/**
 * Leave calendar (/leaves-calendar): who is away when, for one team or every team the user may see,
 * month by month. Approved leave and leave still waiting for approval, listed by day.
 */
import { Button, Card, Dropdown, Field, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { CalendarMonthRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { PENDING_STATUSES } from '../../../../shared/leave';
import { addDays, dayOfWeek, eachDate } from '../../../../shared/time';
import { useAllTeams } from '../../api/hooks/people';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLeaveCalendar } from '../../api/hooks/leave';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { useTenantDay } from '../../components/hooks';
import { LeaveIcon, StatusBadge } from './leave-ui';

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
  legend: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    color: tokens.colorNeutralForeground3,
  },
  days: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  day: {
    display: 'grid',
    gridTemplateColumns: '150px 1fr',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalM,
  },
  today: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  entries: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  entry: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  pendingEntry: { border: `1px dashed ${tokens.colorPaletteMarigoldBorder2}` },
  weekday: { color: tokens.colorNeutralForeground3 },
});

function monthBounds(month: string): { startDate: string; endDate: string } {
  const startDate = `${month}-01`;
  const next = addDays(startDate, 32).slice(0, 7);
  return { startDate, endDate: addDays(`${next}-01`, -1) };
}
/** A day's short weekday name in a language (Mon, lun.). */
function weekdayName(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
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
  const entries = query.data ?? [];
  const days = eachDate(startDate, endDate)
    .map((date) => ({ date, entries: entries.filter((e) => e.startDate <= date && e.endDate >= date) }))
    .filter((d) => d.entries.length > 0 && !settings.weekend_days.includes(dayOfWeek(d.date)));
  const monthLabel = format.month(month);
  const allLabel = seesAll ? t('calendar.allTeams') : t('calendar.myTeams');

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
        isEmpty={() => days.length === 0}
        empty={
          <EmptyState icon={<CalendarMonthRegular />} title={t('calendar.emptyTitle')}>
            {t('calendar.empty')}
          </EmptyState>
        }
      >
        {() => (
          <div className={styles.days} aria-label={t('calendar.listLabel', { month: monthLabel })} role="list">
            {days.map((d) => (
              <Card
                key={d.date}
                role="listitem"
                className={`${styles.day} ${d.date === today ? styles.today : ''}`}
                data-date={d.date}
              >
                <Text weight="semibold">
                  {format.day(d.date)} <span className={styles.weekday}>{weekdayName(d.date, format.language)}</span>
                </Text>
                <div className={styles.entries}>
                  {d.entries.map((e) => (
                    <span
                      key={e.requestId}
                      className={`${styles.entry} ${PENDING_STATUSES.includes(e.status) ? styles.pendingEntry : ''}`}
                    >
                      <LeaveIcon icon={e.leaveType.icon} />
                      <Text>{e.employee.name}</Text>
                      <Text className={styles.weekday}>{e.leaveType.name}</Text>
                      <StatusBadge status={e.status} label={e.statusLabel} />
                    </span>
                  ))}
                </div>
              </Card>
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
