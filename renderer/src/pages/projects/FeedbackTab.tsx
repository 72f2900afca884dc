/**
 * A project's Feedback tab (docs/projects.md, "Project and sprint feedback"): the graph of overall, quality and
 * value for money per sprint (clients solid, product owners dashed), the clients' average beside the product
 * owners', the latest rated sprint against the sprints before it, the feedback list with its count and CSV, the
 * product owner's own rating, and the client links: request one (the link shown once to copy), see their
 * state, revoke a pending one after a confirmation.
 */
import { Badge, Button, Dropdown, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, LinkRegular, PeopleRegular, StarRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  ClientLink,
  ProjectFeedback,
  ProjectFeedbackSummary,
} from '../../../../shared/contracts/project-feedback';
import type { ProjectDetail } from '../../../../shared/contracts/projects';
import {
  PROJECT_FEEDBACK_SOURCES,
  PROJECT_RATING_KEYS,
  type ClientLinkState,
  type ProjectFeedbackSource,
  type RatingAverages,
} from '../../../../shared/project-feedback';
import { usePermissions } from '../../api/hooks/me';
import {
  feedbackFetcher,
  projectFeedbackKeys,
  useClientLinks,
  useDownloadProjectFeedback,
  useFeedbackSummary,
  useRevokeClientLink,
} from '../../api/hooks/project-feedback';
import { useSprints } from '../../api/hooks/projects';
import { AppLink } from '../../components/AppLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { Section, SectionTable } from '../../components/Section';
import { useFormat, useTranslation } from '../../i18n';
import { pbiPath } from './ProjectsPage';
import { RateDialog, RequestClientDialog, useFeedbackRights } from './FeedbackDialogs';
import { SprintFilter } from './SprintFilter';
import { useFeedbackColumns } from './feedback-columns';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalM,
  },
  spacer: { flexGrow: 1 },
  chart: { width: '100%', height: '300px' },
  muted: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  figure: { display: 'flex', flexDirection: 'column', margin: 0 },
  value: {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase500,
    margin: 0,
  },
  filter: { minWidth: '180px' },
});

/** One colour per rating; clients drawn solid, product owners dashed. */
const COLORS = { overall: '#0f6cbd', quality: '#107c10', valueForMoney: '#c239b3' } as const;
const STATE_COLOR = { pending: 'brand', used: 'success', expired: 'subtle', revoked: 'danger' } as const;

export function FeedbackTab({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const permissions = usePermissions();
  const download = useDownloadProjectFeedback(project.id);
  const [dialog, setDialog] = useState<'rate' | 'request' | null>(null);
  const { canRate, canRequest, canRead } = useFeedbackRights(project);

  return (
    <>
      <div className={styles.bar}>
        <span className={styles.spacer} />
        {canRate ? (
          <Button icon={<StarRegular />} onClick={() => setDialog('rate')}>
            {t('rate.button')}
          </Button>
        ) : null}
        {canRequest ? (
          <Button appearance="primary" icon={<LinkRegular />} onClick={() => setDialog('request')}>
            {t('request.button')}
          </Button>
        ) : null}
        {canRead && permissions.has('download-project-feedback') ? (
          <Button icon={<ArrowDownloadRegular />} disabled={download.isPending} onClick={() => download.download(null)}>
            {t('list.download')}
          </Button>
        ) : null}
      </div>
      {canRead ? <ReadSections project={project} /> : null}
      {canRequest ? <LinksCard project={project} /> : null}
      {dialog === 'rate' ? <RateDialog project={project} onClose={() => setDialog(null)} /> : null}
      {dialog === 'request' ? <RequestClientDialog project={project} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The graph, the averages and the list: for readers of project feedback only (the summary's query included). */
function ReadSections({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectFeedback');
  const summary = useFeedbackSummary(project.id);
  return (
    <>
      <QueryState query={summary} label={t('graph.title')} isEmpty={() => false}>
        {(data) => <SummaryCards summary={data} />}
      </QueryState>
      <FeedbackList project={project} count={summary.data?.count ?? null} />
    </>
  );
}

function SummaryCards({ summary }: { summary: ProjectFeedbackSummary }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const format = useFormat();
  const rated = summary.sprints.filter((s) => s.all !== null);
  const latest = rated.at(-1);
  const number = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  const series = (source: ProjectFeedbackSource) =>
    PROJECT_RATING_KEYS.map((metric) => ({
      key: `${source}.${metric}`,
      metric,
      source,
      name: t('series', { metric: t(`metrics.${metric}`), source: t(`sourcesPlural.${source}`) }),
    }));
  const points = summary.sprints.map((s) => ({
    label: s.sprint.name,
    ...Object.fromEntries(
      PROJECT_RATING_KEYS.flatMap((metric) => [
        [`client.${metric}`, s.client?.[metric] ?? null],
        [`user.${metric}`, s.owners?.[metric] ?? null],
      ]),
    ),
  }));
  const axisStyle = { fill: tokens.colorNeutralForeground3, fontSize: 12 };

  return (
    <>
      <Section title={t('graph.title')} description={rated.length === 0 ? undefined : t('graph.description')}>
        {rated.length === 0 ? (
          <EmptyState icon={<StarRegular />} title={t('graph.empty')}>
            {t('graph.emptyBody')}
          </EmptyState>
        ) : (
          <>
            <div className={styles.chart} role="img" aria-label={t('graph.label')} data-testid="sprint-feedback-graph">
              <ResponsiveContainer>
                <LineChart data={points} margin={{ top: 16, right: 24, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />
                  <XAxis dataKey="label" tick={axisStyle} padding={{ left: 32, right: 32 }} />
                  <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={axisStyle} width={32} />
                  <Tooltip formatter={(value) => (typeof value === 'number' ? number(value) : String(value ?? ''))} />
                  <Legend />
                  {[...series('client'), ...series('user')].map((s) => (
                    <Line
                      key={s.key}
                      dataKey={s.key}
                      name={s.name}
                      stroke={COLORS[s.metric]}
                      strokeWidth={2}
                      strokeDasharray={s.source === 'user' ? '6 4' : undefined}
                      dot={{ r: 4 }}
                      legendType="plainline"
                      connectNulls
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
          </>
        )}
      </Section>
      <div className={styles.grid}>
        <AverageCard title={t('averages.client')} averages={summary.client} testId="client-average" />
        <AverageCard title={t('averages.owners')} averages={summary.owners} testId="owners-average" />
        {latest ? (
          <Section title={t('averages.latest', { name: latest.sprint.name })}>
            <Figures title={t('averages.thisSprint')} averages={latest.all} />
            {latest.pastSprints ? (
              <Figures title={t('averages.pastSprints')} averages={latest.pastSprints} />
            ) : (
              <Text className={styles.muted}>{t('averages.noPast')}</Text>
            )}
          </Section>
        ) : null}
      </div>
    </>
  );
}

export function AverageCard({
  title,
  averages,
  testId,
}: {
  title: string;
  averages: RatingAverages | null;
  testId: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  return (
    <div data-testid={testId}>
      <Section title={title}>
        {averages ? (
          <Figures title={t('averages.count', { count: averages.count })} averages={averages} />
        ) : (
          <Text className={styles.muted}>{t('averages.none')}</Text>
        )}
      </Section>
    </div>
  );
}

function Figures({ title, averages }: { title: string; averages: RatingAverages | null }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const format = useFormat();
  return (
    <>
      <Text size={200} className={styles.muted}>
        {title}
      </Text>
      <dl className={styles.figures}>
        {PROJECT_RATING_KEYS.map((metric) => (
          <div key={metric} className={styles.figure}>
            <dt className={styles.muted}>{t(`metrics.${metric}`)}</dt>
            <dd className={styles.value}>
              {averages ? t('outOf', { value: format.number(averages[metric], { maximumFractionDigits: 2 }) }) : '—'}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function FeedbackList({ project, count }: { project: ProjectDetail; count: number | null }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const sprints = useSprints(project.id);
  const [sprintId, setSprintId] = useState<number | null>(null);
  const [source, setSource] = useState<ProjectFeedbackSource | null>(null);
  const fetchPage = useMemo(() => feedbackFetcher(project.id, sprintId, source), [project.id, sprintId, source]);
  const shared = useFeedbackColumns();
  const columns: Column<ProjectFeedback>[] = [
    { key: 'sprint', label: t('list.columns.sprint'), render: (f) => f.sprint.name },
    {
      key: 'pbi',
      label: t('list.columns.pbi'),
      wrap: true,
      render: (f) =>
        f.pbi ? (
          <AppLink to={pbiPath(project.id, f.pbi.id)}>{`${f.pbi.refId} ${f.pbi.name}`}</AppLink>
        ) : (
          t('list.wholeSprint')
        ),
    },
    ...shared,
  ];
  const toolbar = (
    <>
      <SprintFilter
        sprints={sprints.data?.items}
        value={sprintId}
        onChange={setSprintId}
        label={t('list.sprintFilter')}
        allLabel={t('list.allSprints')}
      />
      <Field label={t('list.sourceFilter')} orientation="horizontal">
        <Dropdown
          className={styles.filter}
          value={source ? t(`sourcesPlural.${source}`) : t('list.allSources')}
          selectedOptions={[source ?? 'all']}
          onOptionSelect={(_, d) =>
            setSource(d.optionValue === 'all' ? null : (d.optionValue as ProjectFeedbackSource))
          }
        >
          <Option value="all">{t('list.allSources')}</Option>
          {PROJECT_FEEDBACK_SOURCES.map((s) => (
            <Option key={s} value={s}>
              {t(`sourcesPlural.${s}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </>
  );
  return (
    <Section
      title={t('list.title')}
      actions={
        count !== null ? (
          <Badge appearance="tint" data-testid="feedback-count">
            {t('list.count', { count })}
          </Badge>
        ) : undefined
      }
    >
      <DataTable<ProjectFeedback>
        label={t('list.label')}
        queryKey={projectFeedbackKeys.list(project.id, sprintId, source)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(f) => f.id}
        defaultSort={{ key: 'createdAt', dir: 'desc' }}
        searchPlaceholder={t('list.columns.comment')}
        toolbar={toolbar}
        empty={{ icon: <StarRegular />, title: t('list.empty'), body: t('list.emptyBody') }}
      />
    </Section>
  );
}

function LinksCard({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectFeedback');
  const format = useFormat();
  const links = useClientLinks(project.id, true);
  const revoke = useRevokeClientLink(project.id);
  const [revoking, setRevoking] = useState<ClientLink | null>(null);
  const columns: Column<ClientLink>[] = [
    { key: 'client', label: t('links.columns.client'), render: (l) => l.client.name },
    {
      key: 'target',
      label: t('links.columns.target'),
      wrap: true,
      render: (l) => (l.pbi ? `${l.sprint.name} · ${l.pbi.refId} ${l.pbi.name}` : l.sprint.name),
    },
    {
      key: 'state',
      label: t('links.columns.state'),
      render: (l) => (
        <Badge appearance="tint" color={STATE_COLOR[l.state]}>
          {t(`links.states.${l.state satisfies ClientLinkState}`)}
        </Badge>
      ),
    },
    { key: 'expires', label: t('links.columns.expires'), render: (l) => format.day(l.expiresAt) },
    { key: 'created', label: t('links.columns.created'), render: (l) => format.day(l.createdAt) },
    {
      key: 'actions',
      label: t('links.revokeConfirm'),
      hideLabel: true,
      render: (l) =>
        l.state === 'pending' ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('links.revoke', { name: l.client.name })}
            onClick={() => setRevoking(l)}
          >
            {t('links.revokeConfirm')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Section title={t('links.title')}>
      <SectionTable<ClientLink>
        query={links}
        loadingLabel={t('links.title')}
        label={t('links.label')}
        columns={columns}
        rowKey={(l) => l.id}
        rowProps={(l) => ({ 'data-state': l.state })}
        empty={{ icon: <PeopleRegular />, title: t('links.empty') }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('links.revokeTitle')}
        confirmLabel={t('links.revokeConfirm')}
        danger
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.id);
        }}
        onClose={() => setRevoking(null)}
      >
        {t('links.revokeBody', { name: revoking?.client.name ?? '' })}
      </ConfirmDialog>
    </Section>
  );
}
