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
import { useFormat, useTranslation } from '../../i18n';

type ColumnKey =
  | 'employee'
  | 'team'
  | 'members'
  | 'workingDays'
  | 'present'
  | 'leave'
  | 'absent'
  | 'attendance'
  | 'averageDay'
  | 'presentDays'
  | 'wfoDays'
  | 'wfo'
  | 'target';

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
  columns: (level: P['level']) => ColumnKey[];
  rows: (page: P) => Row[];
}) {
  const styles = useStyles();
  const { t } = useTranslation(['productivity', 'common']);
  const query = props.query;
  const first = query.data?.pages[0];
  const scopeText = !first
    ? ''
    : first.level === 'members'
      ? t('teamStats.perMember', { team: first.team.name })
      : props.filter.teamId === undefined
        ? t('teamStats.perTeam')
        : t('teamStats.teamLevel');
  const rows = query.data?.pages.flatMap(props.rows) ?? [];
  const columns = first ? props.columns(first.level) : [];
  const label = t('teamStats.tableLabel', { title: props.title, scope: scopeText });

  const body = (
    <QueryState
      query={query}
      label={t('common:states.loading')}
      skeleton
      errorClassName={styles.message}
      isEmpty={() => rows.length === 0}
      empty={
        <EmptyState icon={<PeopleTeamRegular />} title={t('teamStats.emptyTitle')}>
          {t('teamStats.emptyBody')}
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
              label: t(`teamStats.columns.${c}`),
              className: styles.cell,
              render: (r: Row) => r.cells[i],
            }))}
          />
          {query.hasNextPage ? (
            <div className={styles.more}>
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? t('common:states.loading') : t('teamStats.showMore')}
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

const who = (level: 'members' | 'teams'): ColumnKey[] => (level === 'members' ? ['employee'] : ['team', 'members']);

export function TeamStatsPanel({ filter }: { filter: RangeFilter }) {
  const styles = useStyles();
  const { t } = useTranslation('productivity');
  const fmt = useFormat();
  const attendance = useTeamAttendanceStats(filter);
  const wfo = useTeamWfoStats(filter);
  return (
    <div className={styles.grid}>
      <StatsTable<TeamAttendanceStats>
        title={t('teamStats.attendanceTitle')}
        filter={filter}
        query={attendance}
        columns={(level) => [...who(level), 'workingDays', 'present', 'leave', 'absent', 'attendance', 'averageDay']}
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
                  fmt.percent(r.attendancePercentage),
                  fmt.duration(r.averageWorkedMinutes),
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
                  fmt.percent(r.attendancePercentage),
                  fmt.duration(r.averageWorkedMinutes),
                ],
              }))
        }
      />
      <StatsTable<TeamWfoStats>
        title={t('teamStats.wfoTitle')}
        filter={filter}
        query={wfo}
        columns={(level) => [...who(level), 'presentDays', 'wfoDays', 'wfo', 'target']}
        rows={(page) => {
          const target = (meets: boolean, required: number) => (
            <Badge appearance="tint" color={meets ? 'success' : 'warning'}>
              {meets
                ? t('teamStats.meets', { required: fmt.percent(required) })
                : t('teamStats.below', { required: fmt.percent(required) })}
            </Badge>
          );
          return page.level === 'members'
            ? page.items.map((r) => ({
                key: r.employee.id,
                cells: [
                  r.employee.name,
                  r.presentDays,
                  r.wfoDays,
                  fmt.percent(r.wfoPercentage),
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
                  fmt.percent(r.wfoPercentage),
                  target(r.meetsRequirement, r.requiredPercentage),
                ],
              }));
        }}
      />
    </div>
  );
}
