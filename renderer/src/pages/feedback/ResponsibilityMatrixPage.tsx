/**
 * My team › My Responsibility Matrix (/my-team/matrix): for the period (the tenant's week, month or
 * quarter), the caller's part in each team with a progress bar and suggestions (give feedback opens the
 * prefilled form; ask names whom to ask), every member of their teams with view-responsibility-matrix, and
 * the company-wide CSV with download-responsibility-matrix-report. Rules: docs/feedback.md.
 */
import {
  Badge,
  Button,
  Card,
  makeStyles,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  PeopleTeamRegular,
  PersonFeedbackRegular,
  StarEditRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MyMatrix, TeamMatrix } from '../../../../shared/contracts/feedback-matrix';
import { periodOf, progressOf, shiftPeriod } from '../../../../shared/feedback-matrix';
import { useDownloadMatrixReport, useMyMatrix, useTeamMatrix } from '../../api/hooks/feedback-matrix';
import { usePermissions } from '../../api/hooks/me';
import { EmptyState } from '../../components/EmptyState';
import { useTenantDay } from '../../components/hooks';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { MyTeamTabs } from './area';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  period: { minWidth: '220px', textAlign: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  heading: { marginTop: tokens.spacingVerticalL },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  counts: { color: tokens.colorNeutralForeground2 },
  suggestions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  ask: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  progressCell: { minWidth: '160px' },
  number: { textAlign: 'end' },
  numberHeader: { justifyContent: 'flex-end' },
  total: { fontWeight: tokens.fontWeightSemibold },
});

export function ResponsibilityMatrixPage() {
  const styles = useStyles();
  const { t } = useTranslation(['feedbackMatrix', 'feedback', 'common']);
  const format = useFormat();
  const permissions = usePermissions();
  const { today } = useTenantDay();
  const [date, setDate] = useState<string | undefined>();
  const mine = useMyMatrix(date);
  const canTeams = permissions.has('view-responsibility-matrix');
  const teams = useTeamMatrix(date, canTeams);
  const download = useDownloadMatrixReport();
  const period = mine.data?.period;

  const move = (by: -1 | 1) => {
    if (!period) return;
    const next = shiftPeriod(period.start, period.kind, by);
    // Back in the period of today: follow today again (the query key of the current period).
    setDate(periodOf(next, period.kind).end >= today ? undefined : next);
  };

  return (
    <>
      <PageHeader
        title={t('feedback:list.teamTitle')}
        subtitle={t('subtitle')}
        actions={
          permissions.has('download-responsibility-matrix-report') ? (
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={download.isPending || !period}
              onClick={() => period && download.mutate({ date: period.start, kind: period.kind })}
            >
              {t('report.download')}
            </Button>
          ) : null
        }
      />
      <MyTeamTabs selected="matrix" />
      {period ? (
        <div className={styles.bar}>
          <Button icon={<ChevronLeftRegular />} aria-label={t('period.previous')} onClick={() => move(-1)} />
          <Text className={styles.period} weight="semibold" data-testid="matrix-period">
            {t('period.range', { start: format.day(period.start), end: format.day(period.end) })}
          </Text>
          <Button
            icon={<ChevronRightRegular />}
            aria-label={t('period.next')}
            disabled={period.end >= today}
            onClick={() => move(1)}
          />
          {period.start > today || period.end < today ? (
            <Button appearance="subtle" onClick={() => setDate(undefined)}>
              {t('period.current')}
            </Button>
          ) : null}
          <Text className={styles.hint}>{t(`period.expected.${period.kind}`, { count: period.index })}</Text>
        </div>
      ) : null}
      <QueryState
        query={mine}
        label={t('common:states.loading')}
        isEmpty={(data) => data.teams.length === 0}
        empty={
          <EmptyState icon={<PeopleTeamRegular />} title={t('empty.title')}>
            {t('empty.body')}
          </EmptyState>
        }
      >
        {(data) => <MyPart data={data} />}
      </QueryState>
      {canTeams && (mine.data?.teams.length ?? 0) > 0 ? (
        <section className={styles.section} aria-labelledby="matrix-teams">
          <Text as="h2" size={500} weight="semibold" id="matrix-teams" className={styles.heading}>
            {t('teams.title')}
          </Text>
          <QueryState query={teams} label={t('common:states.loading')}>
            {(data) => <TeamTables data={data} />}
          </QueryState>
        </section>
      ) : null}
    </>
  );
}

function MyPart({ data }: { data: MyMatrix }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackMatrix');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canGive = permissions.has('give-feedback');
  const canAsk = permissions.has('ask-feedback');
  const give = data.suggestions.filter((s) => s.type === 'GIVE_FEEDBACK');
  const ask = data.suggestions.filter((s) => s.type === 'ASK_FOR_FEEDBACK');
  return (
    <section className={styles.section} aria-labelledby="matrix-mine">
      <Text as="h2" size={500} weight="semibold" id="matrix-mine">
        {t('mine.title')}
      </Text>
      <div className={styles.cards}>
        {data.teams.map((team) => (
          <Card key={team.id} className={styles.card} data-testid={`matrix-mine-${team.id}`}>
            <Text weight="semibold">{team.name}</Text>
            <ProgressBar
              value={progressOf(team.expected, team.given) / 100}
              color={team.remaining === 0 ? 'success' : 'brand'}
              thickness="large"
              aria-label={t('mine.progress', { team: team.name })}
            />
            <Text className={styles.counts} data-testid="matrix-mine-counts">
              {team.expected === 0
                ? t('mine.alone')
                : t('mine.counts', { given: team.given, expected: team.expected, remaining: team.remaining })}
            </Text>
          </Card>
        ))}
      </div>
      {data.suggestions.length > 0 ? (
        <>
          <Text as="h3" size={400} weight="semibold">
            {t('suggestions.title')}
          </Text>
          <div className={styles.suggestions}>
            {give.map((s) => (
              <Button
                key={`give-${s.employee.id}`}
                icon={<StarEditRegular />}
                disabled={!canGive}
                onClick={() => navigate(`/feedback/personal?to=${s.employee.id}`)}
              >
                {t('suggestions.give', { name: s.employee.name, given: s.count })}
              </Button>
            ))}
            {ask.map((s) =>
              canAsk ? (
                <Button
                  key={`ask-${s.employee.id}`}
                  appearance="subtle"
                  icon={<PersonFeedbackRegular />}
                  onClick={() => navigate('/feedback/requests?ask=1')}
                  data-testid="matrix-ask"
                >
                  {t('suggestions.ask', { name: s.employee.name, given: s.count })}
                </Button>
              ) : (
                <span key={`ask-${s.employee.id}`} className={styles.ask} data-testid="matrix-ask">
                  <PersonFeedbackRegular aria-hidden="true" />
                  <Text>{t('suggestions.ask', { name: s.employee.name, given: s.count })}</Text>
                </span>
              ),
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}

function TeamTables({ data }: { data: TeamMatrix }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackMatrix');
  return (
    <>
      {data.teams.map((team) => (
        <Card key={team.id} className={styles.card} data-testid={`matrix-team-${team.id}`}>
          <Text weight="semibold">{team.name}</Text>
          <Table size="small" aria-label={t('teams.tableLabel', { team: team.name })}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('report.employee')}</TableHeaderCell>
                <TableHeaderCell className={styles.progressCell}>{t('teams.progress')}</TableHeaderCell>
                <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>
                  {t('report.expected')}
                </TableHeaderCell>
                <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>
                  {t('report.given')}
                </TableHeaderCell>
                <TableHeaderCell className={styles.number} button={{ className: styles.numberHeader }}>
                  {t('report.remaining')}
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>
                    {m.name} {m.isMe ? <Badge appearance="tint">{t('teams.you')}</Badge> : null}
                  </TableCell>
                  <TableCell className={styles.progressCell}>
                    <ProgressBar
                      value={progressOf(m.expected, m.given) / 100}
                      color={m.remaining === 0 ? 'success' : 'brand'}
                      aria-label={t('teams.memberProgress', { name: m.name })}
                    />
                  </TableCell>
                  <TableCell className={styles.number}>{m.expected}</TableCell>
                  <TableCell className={styles.number}>{m.given}</TableCell>
                  <TableCell className={styles.number}>{m.remaining}</TableCell>
                </TableRow>
              ))}
              <TableRow className={styles.total}>
                <TableCell>{t('teams.total')}</TableCell>
                <TableCell className={styles.progressCell}>
                  <ProgressBar
                    value={progressOf(team.totalCount, team.givenCount) / 100}
                    aria-label={t('teams.teamProgress', { team: team.name })}
                  />
                </TableCell>
                <TableCell className={styles.number}>{team.totalCount}</TableCell>
                <TableCell className={styles.number}>{team.givenCount}</TableCell>
                <TableCell className={styles.number}>{team.remainingCount}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Card>
      ))}
    </>
  );
}
