/**
 * Team attendance and team WFO statistics. Per member when the server answers with member rows (the
 * caller belongs to the team, or sees every team), per team otherwise (spec §4). Pages of 50 are
 * appended with "Show more".
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TeamAttendanceStats, TeamWfoStats } from '../../../../shared/contracts/productivity';
import { useTeamAttendanceStats, useTeamWfoStats, type RangeFilter } from '../../api/hooks/productivity';
import { StaticTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { ShowMore } from '../../components/ShowMore';

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
/** Whom a row is about: a member, or a team with its size. */
type Who = { employee: { id: number; name: string } } | { team: { id: number; name: string }; memberCount: number };

/** A row: who (the member's name; the team's name and size), then the figures. */
const rowOf = (who: Who, figures: ReactNode[]): Row =>
  'employee' in who
    ? { key: who.employee.id, cells: [who.employee.name, ...figures] }
    : { key: who.team.id, cells: [who.team.name, who.memberCount, ...figures] };

const whoColumns = (level: Page['level']): ColumnKey[] => (level === 'members' ? ['employee'] : ['team', 'members']);

function StatsTable<P extends Page>(props: {
  title: string;
  filter: RangeFilter;
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  /** The figures' columns, after who the row is about. */
  columns: ColumnKey[];
  figures: (item: P['items'][number]) => ReactNode[];
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
  const items = query.data?.pages.flatMap<P['items'][number]>((page) => page.items) ?? [];
  const rows = items.map((item) => rowOf(item, props.figures(item)));
  const columns = first ? [...whoColumns(first.level), ...props.columns] : [];
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
          <ShowMore
            query={query}
            label={t('teamStats.showMore')}
            loading={t('common:states.loading')}
            className={styles.more}
          />
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
        columns={['workingDays', 'present', 'leave', 'absent', 'attendance', 'averageDay']}
        figures={(r) => [
          r.workingDays,
          r.presentDays,
          r.leaveDays,
          r.absentDays,
          fmt.percent(r.attendancePercentage),
          fmt.duration(r.averageWorkedMinutes),
        ]}
      />
      <StatsTable<TeamWfoStats>
        title={t('teamStats.wfoTitle')}
        filter={filter}
        query={wfo}
        columns={['presentDays', 'wfoDays', 'wfo', 'target']}
        figures={(r) => [
          r.presentDays,
          r.wfoDays,
          fmt.percent(r.wfoPercentage),
          <Badge appearance="tint" color={r.meetsRequirement ? 'success' : 'warning'}>
            {r.meetsRequirement
              ? t('teamStats.meets', { required: fmt.percent(r.requiredPercentage) })
              : t('teamStats.below', { required: fmt.percent(r.requiredPercentage) })}
          </Badge>,
        ]}
      />
    </div>
  );
}
