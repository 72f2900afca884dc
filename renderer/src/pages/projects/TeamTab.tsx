/**
 * A project's Team tab: its members with their roles and allocations (edited as a whole with
 * add-project-members), and the people its tracker assigns work to with the employee each one is, matched
 * by e-mail or mapped by hand (docs/projects.md "People").
 */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { LinkDismissRegular, PeopleEditRegular, PeopleTeamRegular, PersonLinkRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { ProjectDetail, ProjectMember, TrackerPerson } from '../../../../shared/contracts/projects';
import { errorMessage, fieldErrors } from '../../api/errors';
import { usePermissions } from '../../api/hooks/me';
import {
  useEmployeeSearchSource,
  useMapParticipant,
  useProjectPeople,
  type EmployeeChoice,
} from '../../api/hooks/projects';
import { StaticTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { errorProps } from '../../components/form-fields';
import { IconButton } from '../../components/RowActions';
import { Section, SectionTable } from '../../components/Section';
import { useFormat, useTranslation } from '../../i18n';
import { EmployeeCombobox } from './EmployeeCombobox';
import { ProjectMembersDialog } from './ProjectMembersDialog';

const useStyles = makeStyles({
  person: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  figure: { fontVariantNumeric: 'tabular-nums' },
  employee: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '560px' },
});

export function TeamTab({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const canMembers = usePermissions().has('add-project-members');
  const [editing, setEditing] = useState(false);

  const editButton = canMembers ? (
    <Button icon={<PeopleEditRegular />} onClick={() => setEditing(true)}>
      {t('team.editMembers')}
    </Button>
  ) : null;

  return (
    <>
      <Section title={t('team.members')} actions={project.members.length > 0 ? editButton : null}>
        {project.members.length === 0 ? (
          <EmptyState icon={<PeopleTeamRegular />} title={t('team.noMembers')} action={editButton}>
            {t('team.noMembersBody')}
          </EmptyState>
        ) : (
          <div className={styles.scroll}>
            <StaticTable<ProjectMember>
              label={t('team.members')}
              rows={project.members}
              rowKey={(m) => m.employeeId}
              size="small"
              className={styles.table}
              columns={[
                {
                  key: 'name',
                  label: t('team.name'),
                  render: (m) => (
                    <span className={styles.person}>
                      <Text weight="semibold">{m.name}</Text>
                      <Text size={200} className={styles.muted}>
                        {m.email}
                      </Text>
                    </span>
                  ),
                },
                { key: 'role', label: t('team.role'), render: (m) => t(`team.roles.${m.role}`) },
                {
                  key: 'allocation',
                  label: t('team.allocation'),
                  render: (m) => (
                    <Text className={styles.figure}>
                      {t('team.allocationValue', { value: format.number(m.allocation) })}
                    </Text>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Section>
      <People project={project} />
      {editing ? <ProjectMembersDialog project={project} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** The tracker's people and the employee each one is; with add-project-members, mapped and unmapped. */
function People({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation(['projects', 'common']);
  const people = useProjectPeople(project.id);
  const map = useMapParticipant(project.id);
  const canMap = usePermissions().has('add-project-members');
  // Mapping needs an employee search the caller may use; unmapping does not.
  const canSearch = useEmployeeSearchSource() !== null;
  const [mapping, setMapping] = useState<TrackerPerson | null>(null);

  return (
    <Section title={t('team.people')} description={t('team.peopleBody')}>
      <SectionTable<TrackerPerson>
        query={people}
        loadingLabel={t('common:states.loading')}
        label={t('team.people')}
        rowKey={(p) => p.id}
        empty={{ icon: <PersonLinkRegular />, title: t('team.noPeople') }}
        columns={[
          { key: 'name', label: t('team.name'), render: (p) => <Text weight="semibold">{p.name}</Text> },
          {
            key: 'email',
            label: t('team.personEmail'),
            wrap: true,
            render: (p) => p.email ?? <span className={styles.muted}>—</span>,
          },
          {
            key: 'employee',
            label: t('team.employee'),
            render: (p) => (
              <span className={styles.employee}>
                {p.employee ? p.employee.name : <span className={styles.muted}>{t('team.unmatched')}</span>}
                {p.mappedByHand ? (
                  <Badge appearance="tint" color="informative">
                    {t('team.mappedByHand')}
                  </Badge>
                ) : null}
              </span>
            ),
          },
          {
            key: 'tasks',
            label: t('tabs.tasks'),
            render: (p) => <Text className={styles.figure}>{t('team.taskCount', { count: p.taskCount })}</Text>,
          },
          ...(canMap
            ? [
                {
                  key: 'actions',
                  label: t('columns.actions'),
                  hideLabel: true,
                  width: '88px',
                  render: (p: TrackerPerson) => (
                    <span className={styles.actions}>
                      {canSearch ? (
                        <IconButton
                          label={t('team.map', { name: p.name })}
                          icon={<PersonLinkRegular />}
                          onClick={() => setMapping(p)}
                        />
                      ) : null}
                      {p.employee ? (
                        <IconButton
                          label={t('team.unmap', { name: p.name })}
                          icon={<LinkDismissRegular />}
                          onClick={() => map.mutate({ personId: p.id, employeeId: null })}
                        />
                      ) : null}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {mapping ? <MapDialog projectId={project.id} person={mapping} onClose={() => setMapping(null)} /> : null}
    </Section>
  );
}

/** Which employee a tracker person is: picked from a search; a later sync keeps it. */
function MapDialog({ projectId, person, onClose }: { projectId: number; person: TrackerPerson; onClose: () => void }) {
  const { t } = useTranslation(['projects', 'common', 'errors']);
  const map = useMapParticipant(projectId);
  const [choice, setChoice] = useState<EmployeeChoice | null>(
    person.employee ? { ...person.employee, detail: '' } : null,
  );
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setSubmitted(true);
    if (!choice) return;
    map.mutate(
      { personId: person.id, employeeId: choice.id },
      {
        onSuccess: onClose,
        onError: (e) =>
          setError(fieldErrors(e)['employeeId'] ?? errorMessage(e, t('errors:PROJECT_PARTICIPANT_FAILED'))),
      },
    );
  };

  return (
    <FormDialog
      title={t('team.map', { name: person.name })}
      description={person.email ?? undefined}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
      pending={map.isPending}
    >
      <EmployeeCombobox
        label={t('team.employee')}
        placeholder={t('team.addMemberPlaceholder')}
        keep
        autoFocus
        initial={choice}
        field={{ required: true, ...errorProps(submitted && !choice ? t('team.chooseEmployee') : null) }}
        onPick={(picked) => {
          setChoice(picked);
          setError(null);
        }}
      />
    </FormDialog>
  );
}
