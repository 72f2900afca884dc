/**
 * A backlog item's page (/project/management/:id/pbi/:pbiId, docs/projects.md "Pages"), reached from the PBI
 * View: its tracker id linking to the tracker, name, sprint and participants, the product owners' and the
 * clients' averages, its feedbacks newest first, and, by permission, the product owner's own rating of it and
 * a client's feedback request, both dialogs opened on this item. An item or project the caller may not see
 * reads as not found (the server decides).
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, LinkRegular, SearchRegular, StarRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { PbiFeedbackDetail, ProjectFeedback } from '../../../../shared/contracts/project-feedback';
import type { ProjectDetail } from '../../../../shared/contracts/projects';
import { errorStatus } from '../../api/errors';
import { usePbiFeedback } from '../../api/hooks/project-feedback';
import { useProject } from '../../api/hooks/projects';
import { StaticTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { IssueLink } from '../../components/IssueLink';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useTranslation } from '../../i18n';
import { RateDialog, RequestClientDialog, useFeedbackRights, type FeedbackTarget } from './FeedbackDialogs';
import { useFeedbackColumns } from './feedback-columns';
import { AverageCard } from './FeedbackTab';
import { projectPath } from './ProjectsPage';

const useStyles = makeStyles({
  back: { marginBottom: tokens.spacingVerticalS },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'baseline',
    marginBottom: tokens.spacingVerticalL,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

export function PbiPage() {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params['id']);
  const pbiId = Number(params['pbiId']);
  const project = useProject(id);
  const detail = usePbiFeedback(id, pbiId);
  const failed = [project, detail].find((q) => q.isError);
  const status = failed ? errorStatus(failed.error) : null;
  const missing = status === 404 || status === 400;
  // Both answers together: loading until both are in, the first failure with a Retry of what failed.
  const both = {
    data: project.data && detail.data ? { project: project.data, detail: detail.data } : undefined,
    isPending: project.isPending || detail.isPending,
    isError: failed !== undefined,
    error: failed?.error,
    refetch: () => failed?.refetch(),
  };

  return (
    <>
      <Button
        className={styles.back}
        appearance="subtle"
        icon={<ArrowLeftRegular />}
        onClick={() => navigate(projectPath(id, 'overview'))}
      >
        {project.data ? t('pbi.back', { name: project.data.name }) : t('pbi.backToProject')}
      </Button>
      {missing ? (
        <>
          <PageHeader title={t('pbi.notFoundTitle')} />
          <EmptyState icon={<SearchRegular />} title={t('pbi.notFoundTitle')}>
            {t('pbi.notFound')}
          </EmptyState>
        </>
      ) : (
        <QueryState query={both} label={t('pbi.loading')}>
          {(data) => <PbiView project={data.project} detail={data.detail} />}
        </QueryState>
      )}
    </>
  );
}

function PbiView({ project, detail }: { project: ProjectDetail; detail: PbiFeedbackDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const { canRate, canRequest } = useFeedbackRights(project);
  const [dialog, setDialog] = useState<'rate' | 'request' | null>(null);
  const { pbi } = detail;
  // Ratings are given on an item of a sprint: an item the tracker left outside every sprint cannot be rated.
  const target: FeedbackTarget | null = pbi.sprint
    ? { sprintId: pbi.sprint.id, pbi: { id: pbi.id, refId: pbi.refId, name: pbi.name } }
    : null;

  const columns = useFeedbackColumns();

  const actions =
    target && (canRate || canRequest) ? (
      <span className={styles.actions}>
        {canRate ? (
          <Button icon={<StarRegular />} onClick={() => setDialog('rate')}>
            {t('pbi.rate')}
          </Button>
        ) : null}
        {canRequest ? (
          <Button appearance="primary" icon={<LinkRegular />} onClick={() => setDialog('request')}>
            {t('request.button')}
          </Button>
        ) : null}
      </span>
    ) : undefined;

  return (
    <>
      <PageHeader
        title={t('pbi.title', { refId: pbi.refId, name: pbi.name })}
        subtitle={project.name}
        actions={actions}
      />
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.muted}>{t('pbi.refId')}</dt>
          <dd className={styles.value}>
            <IssueLink issueId={pbi.refId} href={pbi.link} />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.muted}>{t('pbi.sprint')}</dt>
          <dd className={styles.value}>{pbi.sprint?.name ?? t('pbi.noSprint')}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.muted}>{t('pbi.participants')}</dt>
          <dd className={styles.value}>{pbi.participants.map((p) => p.name).join(', ') || t('pbi.noParticipants')}</dd>
        </div>
      </dl>
      <div className={styles.grid}>
        <AverageCard title={t('averages.owners')} averages={detail.owners} testId="pbi-owners-average" />
        <AverageCard title={t('averages.client')} averages={detail.client} testId="pbi-client-average" />
      </div>
      <Section title={t('pbi.feedbacks')}>
        <StaticTable<ProjectFeedback>
          label={t('pbi.feedbacksLabel', { refId: pbi.refId })}
          rows={detail.feedbacks}
          columns={columns}
          rowKey={(f) => f.id}
          empty={{ icon: <StarRegular />, title: t('pbi.empty'), body: t('pbi.emptyBody') }}
        />
      </Section>
      {dialog === 'rate' && target ? (
        <RateDialog project={project} target={target} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'request' && target ? (
        <RequestClientDialog project={project} target={target} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
