/**
 * Home: one compact card per team of the user for the last 30 days (attendance rate, work from office
 * against the company's required percentage, hours worked against expected). The figures are the team
 * totals of GET /api/productivity/overview?teamId=…, so the cards need view-productivity-dashboard; the
 * caller (HomePage) renders them only then, and no request is made otherwise.
 */
import { Card, makeStyles, ProgressBar, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { todayIn } from '../../../../shared/date-range';
import { addDays } from '../../../../shared/time';
import { useProductivityOverview, type RangeFilter } from '../../api/hooks/productivity';
import { APP_ROUTES, canOpen } from '../../app/routes';
import { AppLink } from '../../components/AppLink';
import { usePermissions } from '../../api/hooks/me';
import { WfoTargetBadge } from '../productivity/WfoTargetBadge';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';

/** The range of the cards: today and the 29 days before it, in the company's time zone. */
export const TEAM_CARD_DAYS = 30;
const DASHBOARD_PATH = '/project-dashboard';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  },
  card: { gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  figureLine: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  value: { fontVariantNumeric: 'tabular-nums' },
});

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.figure} role="group" aria-label={label}>
      <Text size={200} className={styles.muted}>
        {label}
      </Text>
      <div className={styles.figureLine}>
        <Text size={500} weight="semibold" className={styles.value}>
          {value}
        </Text>
        {children}
      </div>
    </div>
  );
}

function TeamCard({
  team,
  filter,
  linkToDashboard,
}: {
  team: { id: number; name: string };
  filter: RangeFilter;
  linkToDashboard: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const query = useProductivityOverview(filter);

  let body: ReactNode;
  if (query.isError) {
    body = <QueryError error={query.error} onRetry={query.refetch} />;
  } else if (query.isPending) {
    body = (
      <Skeleton aria-label={t('teamCards.loading', { team: team.name })}>
        <SkeletonItem size={24} />
        <SkeletonItem size={24} style={{ marginTop: tokens.spacingVerticalS }} />
        <SkeletonItem size={24} style={{ marginTop: tokens.spacingVerticalS }} />
      </Skeleton>
    );
  } else if (query.data.employees === 0) {
    body = <Text className={styles.muted}>{t('teamCards.noMembers')}</Text>;
  } else {
    const data = query.data;
    const totals = data.totals;
    body = (
      <>
        <Figure label={t('teamCards.attendanceRate')} value={fmt.percent(totals.attendancePercentage)}>
          <Text size={200} className={styles.muted}>
            {t('teamCards.absence', { absent: totals.absentDays, count: totals.leaveDays })}
          </Text>
        </Figure>
        <Figure label={t('teamCards.workFromOffice')} value={fmt.percent(totals.wfoPercentage)}>
          <WfoTargetBadge wfoPercentage={totals.wfoPercentage} required={data.requiredWfoPercentage} />
          <Text size={200} className={styles.muted}>
            {t('teamCards.required', { percent: fmt.percent(data.requiredWfoPercentage) })}
          </Text>
        </Figure>
        <Figure label={t('teamCards.hoursWorked')} value={fmt.duration(totals.workedMinutes)}>
          <Text size={200} className={styles.muted}>
            {t('teamCards.ofExpected', { duration: fmt.duration(totals.expectedMinutes) })}
          </Text>
        </Figure>
        <ProgressBar
          value={Math.min(1, totals.hoursPercentage / 100)}
          color={totals.hoursPercentage >= 100 ? 'success' : 'brand'}
          aria-label={t('teamCards.hoursProgress', { team: team.name, percent: fmt.percent(totals.hoursPercentage) })}
        />
      </>
    );
  }

  return (
    <Card
      className={styles.card}
      role="group"
      aria-label={t('teamCards.team', { team: team.name })}
      aria-busy={query.isFetching}
    >
      <div className={styles.head}>
        <Text weight="semibold" size={400}>
          {team.name}
        </Text>
        <Text size={200} className={styles.muted}>
          {query.data
            ? t('teamCards.periodPeople', { days: TEAM_CARD_DAYS, count: query.data.employees })
            : t('teamCards.period', { days: TEAM_CARD_DAYS })}
        </Text>
      </div>
      {body}
      {linkToDashboard ? <AppLink to={DASHBOARD_PATH}>{t('teamCards.openDashboard')}</AppLink> : null}
    </Card>
  );
}

export function TeamCards({ teams, timeZone }: { teams: readonly { id: number; name: string }[]; timeZone: string }) {
  const styles = useStyles();
  const { t } = useTranslation('home');
  const permissions = usePermissions();
  const dashboard = APP_ROUTES.find((r) => r.path === DASHBOARD_PATH);
  const linkToDashboard = dashboard !== undefined && canOpen(dashboard, permissions);
  const endDate = todayIn(timeZone);
  const startDate = addDays(endDate, -(TEAM_CARD_DAYS - 1));
  return (
    <div className={styles.grid} aria-label={t('teamCards.label', { days: TEAM_CARD_DAYS })}>
      {teams.map((team) => (
        <TeamCard
          key={team.id}
          team={team}
          filter={{ startDate, endDate, teamId: team.id }}
          linkToDashboard={linkToDashboard}
        />
      ))}
    </div>
  );
}
