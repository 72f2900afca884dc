/**
 * The members of a team and their roles in it: search employees and add them, give each one a role (member,
 * lead, product owner), remove them. Save sets the members exactly, with the leads and product owners named.
 */
import { Button, Combobox, Dropdown, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import {
  TEAM_MEMBER_ROLES,
  type Team,
  type TeamMember,
  type TeamMemberRole,
} from '../../../../shared/contracts/people';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useEmployeePick } from '../../api/hooks/people';
import { useSetTeamMembers } from '../../api/hooks/teams';
import { FormDialog } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '320px',
    overflowY: 'auto',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 180px auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  role: { minWidth: '160px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function TeamMembersDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['teams', 'common']);
  const [members, setMembers] = useState<TeamMember[]>(team.members);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // One request once typing pauses, not one per key.
    const id = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(id);
  }, [input]);
  const employees = useEmployeePick(search, true);
  const save = useSetTeamMembers();
  const chosen = new Set(members.map((m) => m.id));
  const failed = t('members.failed');

  const withRole = (role: TeamMemberRole) => members.filter((m) => m.role === role).map((m) => m.id);
  const submit = () => {
    setError(null);
    save.mutate(
      {
        id: team.id,
        body: {
          employeeIds: members.map((m) => m.id),
          leadIds: withRole('lead'),
          productOwnerIds: withRole('product-owner'),
        },
      },
      {
        onSuccess: onClose,
        onError: (e) => {
          const byField = fieldErrors(e);
          setError(
            byField['employeeIds'] ?? byField['leadIds'] ?? byField['productOwnerIds'] ?? errorMessage(e, failed),
          );
        },
      },
    );
  };

  const setRole = (id: number, role: TeamMemberRole) =>
    setMembers((list) => list.map((m) => (m.id === id ? { ...m, role } : m)));

  return (
    <FormDialog
      title={t('members.title', { name: team.name })}
      formLabel={t('members.formLabel')}
      description={t('members.description')}
      size="wide"
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('members.submit')}
      pending={save.isPending}
    >
      <Field label={t('members.search')}>
        <Combobox
          autoFocus
          value={input}
          placeholder={t('members.searchPlaceholder')}
          selectedOptions={[]}
          onChange={(e) => setInput(e.target.value)}
          onOptionSelect={(_, d) => {
            const picked = employees.data?.items.find((e) => String(e.id) === d.optionValue);
            if (picked && !chosen.has(picked.id))
              setMembers((list) => [...list, { id: picked.id, name: picked.name, role: 'member' }]);
            setInput('');
          }}
        >
          {employees.isFetching && !employees.data ? (
            <Option disabled text={t('common:states.loading')}>
              {t('common:states.loading')}
            </Option>
          ) : null}
          {(employees.data?.items ?? []).map((e) => (
            <Option key={e.id} value={String(e.id)} text={e.name} disabled={chosen.has(e.id)}>
              {chosen.has(e.id) ? t('members.alreadyMember', { name: e.name }) : `${e.name} · ${e.email}`}
            </Option>
          ))}
          {employees.data && employees.data.items.length === 0 ? (
            <Option disabled text={t('members.noMatch')}>
              {t('members.noMatch')}
            </Option>
          ) : null}
        </Combobox>
      </Field>
      <Text weight="semibold">{t('members.chosen', { count: members.length })}</Text>
      {members.length === 0 ? (
        <Text className={styles.muted}>{t('members.none')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('members.listLabel')}>
          {members.map((m) => (
            <li key={m.id} className={styles.row}>
              <Text truncate wrap={false}>
                {m.name}
              </Text>
              <Dropdown
                className={styles.role}
                aria-label={t('members.roleOf', { name: m.name })}
                value={t(`roles.${m.role}`)}
                selectedOptions={[m.role]}
                onOptionSelect={(_, d) => setRole(m.id, d.optionValue as TeamMemberRole)}
              >
                {TEAM_MEMBER_ROLES.map((role) => (
                  <Option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </Option>
                ))}
              </Dropdown>
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('members.remove', { name: m.name })}
                onClick={() => setMembers((list) => list.filter((x) => x.id !== m.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
