/**
 * Teams (/team/management, docs/workforce.md "Teams"): the company's teams with their members, leads and
 * product owners; added and renamed (add-team, edit-team), members and their roles picked, deactivated and
 * reactivated after a confirmation (edit-team). Active teams show first; the filter shows inactive or all.
 */
import { Badge, Button, Dropdown, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import {
  EditRegular,
  PeopleCommunityAddRegular,
  PeopleEditRegular,
  PeopleTeamRegular,
  PlayCircleRegular,
  ProhibitedRegular,
} from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { Team, TeamMember } from '../../../../shared/contracts/people';
import { TEAM_LIST_STATES } from '../../../../shared/contracts/people';
import { usePermissions } from '../../api/hooks/me';
import { teamKeys, teamPageFetcher, useSetTeamStatus, type TeamListState } from '../../api/hooks/teams';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowMenu } from '../../components/RowActions';
import { useFormat, useTranslation } from '../../i18n';
import { TeamDialog } from './TeamDialog';
import { TeamMembersDialog } from './TeamMembersDialog';

const useStyles = makeStyles({
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: '120px' },
  chip: { whiteSpace: 'nowrap' },
  mono: { fontVariantNumeric: 'tabular-nums' },
  filter: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  state: { minWidth: '160px' },
});

function People({ people, empty }: { people: TeamMember[]; empty: string }) {
  const styles = useStyles();
  if (people.length === 0) return <Text className={styles.muted}>{empty}</Text>;
  return (
    <span className={styles.chips}>
      {people.map((p) => (
        <Badge key={p.id} appearance="tint" color="informative" shape="rounded" className={styles.chip}>
          {p.name}
        </Badge>
      ))}
    </span>
  );
}

type StatusChange = { team: Team; isActive: boolean };

export function TeamsPage() {
  const styles = useStyles();
  const { t } = useTranslation('teams');
  const format = useFormat();
  const permissions = usePermissions();
  const [state, setState] = useState<TeamListState>('active');
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<Team | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const status = useSetTeamStatus();
  const fetchPage = useMemo(() => teamPageFetcher(state), [state]);
  const canAdd = permissions.has('add-team');
  const canEdit = permissions.has('edit-team');

  const columns: Column<Team>[] = [
    {
      key: 'name',
      label: t('page.columns.name'),
      sortKey: 'name',
      wrap: true,
      render: (team) => (
        <span className={styles.name}>
          <Text weight="semibold">{team.name}</Text>
          {team.description ? (
            <Text size={200} className={styles.muted}>
              {team.description}
            </Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'memberCount',
      label: t('page.columns.members'),
      sortKey: 'memberCount',
      width: '100px',
      render: (team) => <Text className={styles.mono}>{format.number(team.memberCount)}</Text>,
    },
    {
      key: 'leads',
      label: t('page.columns.leads'),
      wrap: true,
      render: (team) => <People people={team.members.filter((m) => m.role === 'lead')} empty={t('page.none')} />,
    },
    {
      key: 'productOwners',
      label: t('page.columns.productOwners'),
      wrap: true,
      render: (team) => (
        <People people={team.members.filter((m) => m.role === 'product-owner')} empty={t('page.none')} />
      ),
    },
    {
      key: 'status',
      label: t('page.columns.status'),
      width: '100px',
      render: (team) => (
        <Badge appearance="filled" color={team.isActive ? 'success' : 'subtle'} shape="rounded">
          {team.isActive ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'updatedAt',
      label: t('page.columns.lastChanged'),
      sortKey: 'updatedAt',
      width: '170px',
      render: (team) => format.instant(team.updatedAt),
    },
  ];
  if (canEdit)
    columns.push(
      actionsColumn(t('page.columns.actions'), (team) => (
        <RowMenu
          label={t('page.actionsFor', { name: team.name })}
          items={[
            { label: t('page.editMembers'), icon: <PeopleEditRegular />, onClick: () => setMembersOf(team) },
            { label: t('page.rename'), icon: <EditRegular />, onClick: () => setEditing(team) },
            team.isActive
              ? {
                  label: t('page.deactivate'),
                  icon: <ProhibitedRegular />,
                  onClick: () => setStatusChange({ team, isActive: false }),
                }
              : {
                  label: t('page.reactivate'),
                  icon: <PlayCircleRegular />,
                  onClick: () => setStatusChange({ team, isActive: true }),
                },
          ]}
        />
      )),
    );

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<PeopleCommunityAddRegular />} onClick={() => setEditing('new')}>
      {t('page.add')}
    </Button>
  ) : null;

  const filter = (
    <Field label={t('page.show')} orientation="horizontal" className={styles.filter}>
      <Dropdown
        className={styles.state}
        value={t(`states.${state}`)}
        selectedOptions={[state]}
        onOptionSelect={(_, d) => setState(d.optionValue as TeamListState)}
      >
        {TEAM_LIST_STATES.map((s) => (
          <Option key={s} value={s}>
            {t(`states.${s}`)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );

  const changing = statusChange?.team.name ?? '';
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} actions={addButton} />
      <DataTable<Team>
        label={t('page.tableLabel')}
        queryKey={teamKeys.page(state)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(team) => team.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder={t('page.searchPlaceholder')}
        toolbar={filter}
        empty={{
          icon: <PeopleTeamRegular />,
          title: t('page.emptyTitle'),
          body: t('page.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? <TeamDialog team={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {membersOf ? <TeamMembersDialog team={membersOf} onClose={() => setMembersOf(null)} /> : null}
      <ConfirmDialog
        open={statusChange !== null}
        title={
          statusChange?.isActive
            ? t('page.reactivateTitle', { name: changing })
            : t('page.deactivateTitle', { name: changing })
        }
        confirmLabel={statusChange?.isActive ? t('page.reactivate') : t('page.deactivate')}
        danger={statusChange?.isActive === false}
        onConfirm={() =>
          statusChange ? status.mutateAsync({ id: statusChange.team.id, isActive: statusChange.isActive }) : undefined
        }
        onClose={() => setStatusChange(null)}
      >
        {statusChange?.isActive ? t('page.reactivateBody') : t('page.deactivateBody')}
      </ConfirmDialog>
    </>
  );
}
