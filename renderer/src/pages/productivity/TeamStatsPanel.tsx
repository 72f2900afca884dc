/**
 * Team attendance and team WFO statistics. Per member when the server answers with member rows (the
 * caller belongs to the team, or sees every team), per team otherwise (spec §4). Pages of 50 are
 * appended with "Show more".
 */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TeamAttendanceStats, TeamWfoStats } from '../../../../shared/contracts/productivity';
import { useTeamAttendanceStats, useTeamWfoStats, type RangeFilter } from '../../api/hooks/productivity';
import { StaticTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { formatDuration } from '../../../../shared/duration';

const useStyles = makeStyles({
  grid: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  heading: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  cell: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  more: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  message: { margin: tokens.spacingHorizontalL },
});

type Page = TeamAttendanceStats | TeamWfoStats;
type Row = { key: number; cells: ReactNode[] };

function StatsTable<P extends Page>(props: {
  title: string;
  filter: RangeFilter;
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  columns: (level: P['level']) => string[];
  rows: (page: P) => Row[];
}) {
  const styles = useStyles();
  const query = props.query;
  const first = query.data?.pages[0];
  const scopeText = !first
    ? ''
    : first.level === 'members'
      ? `Per member of ${first.team.name}`
      : props.filter.teamId === undefined
        ? 'Per team. Pick a team above to see its members.'
        : 'Team-level figures: you see members only of your own teams.';
  const rows = query.data?.pages.flatMap(props.rows) ?? [];
  const columns = first ? props.columns(first.level) : [];
  const label = `${props.title}: ${scopeText}`;

  const body = (
    <QueryState
      query={query}
      label="Loading"
      skeleton
      errorClassName={styles.message}
      isEmpty={() => rows.length === 0}
      empty={
        <EmptyState icon={<PeopleTeamRegular />} title="No teams to show">
          Teams and their members appear here once HR sets them up.
        </EmptyState>
      }
    >
      {() => (
        <div className={styles.scroll}>
          <StaticTable
            label={label}
            rows={rows}
            rowKey={(r) => r.key}
            busy={query.isFetching}
            shadedHeader
            columns={columns.map((c, i) => ({
              key: c,
              label: c,
              className: styles.cell,
              render: (r: Row) => r.cells[i],
            }))}
          />
          {query.hasNextPage ? (
            <div className={styles.more}>
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </QueryState>
  );

  return (
    <section className={styles.section} aria-label={props.title}>
      <div className={styles.heading}>
        <Text as="h2" size={400} weight="semibold">
          {props.title}
        </Text>
        <Text className={styles.muted}>{scopeText}</Text>
      </div>
      {body}
    </section>
  );
}

const who = (level: 'members' | 'teams') => (level === 'members' ? ['Employee'] : ['Team', 'Members']);

export function TeamStatsPanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const attendance = useTeamAttendanceStats(filter);
  const wfo = useTeamWfoStats(filter);
  return (
    <div className={styles.grid}>
      <StatsTable<TeamAttendanceStats>
        title="Team attendance"
        filter={filter}
        query={attendance}
        columns={(level) => [...who(level), 'Working days', 'Present', 'Leave', 'Absent', 'Attendance', 'Average day']}
        rows={(page) =>
          page.level === 'members'
            ? page.items.map((r) => ({
                key: r.employee.id,
                cells: [
                  r.employee.name,
                  r.workingDays,
                  r.presentDays,
                  r.leaveDays,
                  r.absentDays,
                  `${r.attendancePercentage}%`,
                  formatDuration(r.averageWorkedMinutes),
                ],
              }))
            : page.items.map((r) => ({
                key: r.team.id,
                cells: [
                  r.team.name,
                  r.memberCount,
                  r.workingDays,
                  r.presentDays,
                  r.leaveDays,
                  r.absentDays,
                  `${r.attendancePercentage}%`,
                  formatDuration(r.averageWorkedMinutes),
                ],
              }))
        }
      />
      <StatsTable<TeamWfoStats>
        title="Team work from office"
        filter={filter}
        query={wfo}
        columns={(level) => [...who(level), 'Present days', 'WFO days', 'WFO', 'Target']}
        rows={(page) => {
          const target = (meets: boolean, required: number) => (
            <Badge appearance="tint" color={meets ? 'success' : 'warning'}>
              {meets ? `Meets ${required}%` : `Below ${required}%`}
            </Badge>
          );
          return page.level === 'members'
            ? page.items.map((r) => ({
                key: r.employee.id,
                cells: [
                  r.employee.name,
                  r.presentDays,
                  r.wfoDays,
                  `${r.wfoPercentage}%`,
                  target(r.meetsRequirement, r.requiredPercentage),
                ],
              }))
            : page.items.map((r) => ({
                key: r.team.id,
                cells: [
                  r.team.name,
                  r.memberCount,
                  r.presentDays,
                  r.wfoDays,
                  `${r.wfoPercentage}%`,
                  target(r.meetsRequirement, r.requiredPercentage),
                ],
              }));
        }}
      />
    </div>
  );
}
