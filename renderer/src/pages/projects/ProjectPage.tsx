/**
 * A project (/project/management/:id/:type): its header (type, status, counts, edit), its tracker connection
 * and sync, and three tabs with their own addresses: Overview (Sprint View and PBI View), Tasks and Team.
 * A project the caller may not see reads as not found (the server decides).
 */
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowSyncRegular,
  EditRegular,
  LinkRegular,
  PlugDisconnectedRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ProjectDetail } from '../../../../shared/contracts/projects';
import { usePermissions } from '../../api/hooks/me';
import {
  useDisconnectProject,
  useLatestSync,
  useProject,
  useSetProjectStatus,
  useStartSync,
} from '../../api/hooks/projects';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { StatusSwitch } from '../../components/StatusSwitch';
import { useFormat, useTranslation } from '../../i18n';
import { ConnectionDialog } from './ConnectionDialog';
import { OverviewTab } from './OverviewTab';
import { ProjectDialog } from './ProjectDialog';
import { projectPath } from './ProjectsPage';
import { TasksTab } from './TasksTab';
import { TeamTab } from './TeamTab';
import { useFeedbackRights } from './FeedbackDialogs';
import { FeedbackTab } from './FeedbackTab';

const TABS = ['overview', 'tasks', 'team', 'feedback'] as const;
type TabName = (typeof TABS)[number];

const useStyles = makeStyles({
  back: { marginBottom: tokens.spacingVerticalS },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    marginBottom: tokens.spacingVerticalL,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  cardRow: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  spacer: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  tabs: { marginBottom: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

export function ProjectPage() {
  const { t } = useTranslation('projects');
  const params = useParams();
  const id = Number(params['id']);
  const query = useProject(id);
  return (
    <QueryState query={query} label={t('title')} isEmpty={() => false}>
      {(project) => (
        <ProjectView
          project={project}
          tab={TABS.includes(params['type'] as TabName) ? (params['type'] as TabName) : 'overview'}
        />
      )}
    </QueryState>
  );
}

function ProjectView({ project, tab }: { project: ProjectDetail; tab: TabName }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [editing, setEditing] = useState(false);
  const status = useSetProjectStatus();
  // The Feedback tab is for those who can read something in it: project feedback, or this project's client links.
  const feedbackRights = useFeedbackRights(project);
  const showFeedback = feedbackRights.canRead || feedbackRights.canRequest;

  const actions = (
    <span className={styles.actions}>
      <StatusSwitch
        label={t('statusLabel', { name: project.name })}
        checked={project.isActive}
        disabled={!permissions.has('update-project-status') || status.isPending}
        confirmTitle={t('header.deactivateTitle', { name: project.name })}
        confirmBody={t('header.deactivateBody')}
        onChange={(isActive) => status.mutateAsync({ id: project.id, isActive })}
      />
      <Text>{project.isActive ? t('active') : t('inactive')}</Text>
      {permissions.has('edit-project') ? (
        <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
          {t('edit', { name: project.name })}
        </Button>
      ) : null}
    </span>
  );

  return (
    <>
      <Button
        className={styles.back}
        appearance="subtle"
        icon={<ArrowLeftRegular />}
        onClick={() => navigate('/project/management')}
      >
        {t('back')}
      </Button>
      <PageHeader title={project.name} subtitle={project.description ?? undefined} actions={actions} />
      <div className={styles.facts}>
        <Badge appearance="tint">{t(`types.${project.type}`)}</Badge>
        <Text className={styles.muted}>
          {project.url} · {project.key}
        </Text>
        <Text>{t('header.members', { count: project.memberCount })}</Text>
        <Text>{t('header.sprints', { count: project.sprintCount })}</Text>
        <Text>{t('header.tasks', { count: project.taskCount })}</Text>
      </div>
      <TrackerCard project={project} />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => navigate(projectPath(project.id, d.value as TabName))}
        aria-label={t('tabs.label')}
      >
        {TABS.filter((name) => name !== 'feedback' || showFeedback).map((name) => (
          <Tab key={name} value={name}>
            {t(`tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'overview' ? <OverviewTab project={project} /> : null}
        {tab === 'tasks' ? <TasksTab project={project} /> : null}
        {tab === 'team' ? <TeamTab project={project} /> : null}
        {tab === 'feedback' && showFeedback ? <FeedbackTab project={project} /> : null}
      </div>
      {editing ? <ProjectDialog project={project} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** The tracker: how the project is connected, the latest sync and its progress, and the buttons to change them. */
function TrackerCard({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const permissions = usePermissions();
  const [connecting, setConnecting] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const sync = useLatestSync(project.id);
  const start = useStartSync(project.id);
  const disconnect = useDisconnectProject(project.id);
  const latest = sync.data ?? null;
  const running = latest?.state === 'running' || start.isPending;
  const canConnect = permissions.has('add-project-connection');
  const connection = project.connection;

  return (
    <section className={styles.card} aria-label={t('connection.title')}>
      <div className={styles.cardRow}>
        <Text weight="semibold">{t('connection.title')}</Text>
        {connection ? (
          <Text>
            {/* Trello's account field holds the API key: an app's, not a person's, so it is not shown as one. */}
            {connection.user && connection.tool !== 'trello'
              ? t('connection.connectedAs', { tool: t(`tools.${connection.tool}`), user: connection.user })
              : t('connection.connectedTokenOnly', { tool: t(`tools.${connection.tool}`) })}
            {connection.trackerName ? ` · ${t('connection.trackerName', { name: connection.trackerName })}` : ''}
          </Text>
        ) : (
          <Text className={styles.muted}>{t('connection.none')}</Text>
        )}
        <span className={styles.spacer} />
        {connection && permissions.has('sync-all-sprints') ? (
          <Button
            appearance="primary"
            icon={<ArrowSyncRegular />}
            disabled={running || !project.isActive}
            onClick={() => start.mutate(undefined)}
          >
            {t('sync.syncAll')}
          </Button>
        ) : null}
        {canConnect ? (
          <Button icon={<LinkRegular />} onClick={() => setConnecting(true)}>
            {connection ? t('connection.change') : t('connection.connect')}
          </Button>
        ) : null}
        {canConnect && connection ? (
          <Button icon={<PlugDisconnectedRegular />} appearance="subtle" onClick={() => setDisconnecting(true)}>
            {t('connection.disconnect')}
          </Button>
        ) : null}
      </div>
      {latest?.state === 'running' ? (
        <div>
          <Text role="status">
            {latest.total === 0
              ? t('sync.starting')
              : t('sync.running', { done: latest.done, total: latest.total, items: latest.items })}
          </Text>
          <ProgressBar
            aria-label={t('sync.progressLabel')}
            value={latest.total === 0 ? undefined : latest.done / latest.total}
          />
        </div>
      ) : null}
      {latest?.state === 'done' ? (
        <Text role="status" className={styles.muted}>
          {t('sync.done', {
            when: format.instant(latest.finishedAt ?? latest.startedAt),
            items: latest.items,
            total: latest.total,
          })}
        </Text>
      ) : null}
      {latest?.state === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('sync.failed', { message: latest.errorCode ? t(`connection.reasons.${latest.errorCode}`) : '' })}
            {latest.retryAt ? ` ${t('sync.retryAt', { time: format.instant(latest.retryAt) })}` : ''}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {connecting ? <ConnectionDialog project={project} onClose={() => setConnecting(false)} /> : null}
      <ConfirmDialog
        open={disconnecting}
        title={t('connection.disconnectTitle', { name: project.name })}
        confirmLabel={t('connection.disconnect')}
        danger
        onConfirm={() => disconnect.mutateAsync()}
        onClose={() => setDisconnecting(false)}
      >
        {t('connection.disconnectBody')}
      </ConfirmDialog>
    </section>
  );
}
