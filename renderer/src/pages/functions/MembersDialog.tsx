/**
 * The members of a function: search employees and pick them (a person may be in several functions);
 * the chosen ones show as removable tags. Save replaces the members with the list shown.
 */
import { Combobox, Field, makeStyles, Option, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { FunctionItem, FunctionMember } from '../../../../shared/contracts/functions';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSetFunctionMembers } from '../../api/hooks/functions';
import { useEmployeePick } from '../../api/hooks/people';
import { FormDialog } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, maxHeight: '240px', overflowY: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function MembersDialog({ fn, onClose }: { fn: FunctionItem; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['feedbackAdmin', 'common']);
  const [members, setMembers] = useState<FunctionMember[]>(fn.members);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // One request once typing pauses, not one per key.
    const id = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(id);
  }, [input]);
  const employees = useEmployeePick(search, true);
  const save = useSetFunctionMembers();
  const chosen = new Set(members.map((m) => m.id));
  const failed = t('membersDialog.failed');

  const submit = () => {
    save.mutate(
      { id: fn.id, employeeIds: members.map((m) => m.id) },
      {
        onSuccess: onClose,
        onError: (e) => {
          const message = fieldErrors(e)['employeeIds'] ?? errorMessage(e, failed);
          setError(message);
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('membersDialog.title', { name: fn.name })}
      formLabel={t('membersDialog.formLabel')}
      description={t('membersDialog.description')}
      size="wide"
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('membersDialog.submit')}
      pending={save.isPending}
    >
      <Field label={t('membersDialog.search')}>
        <Combobox
          autoFocus
          value={input}
          placeholder={t('membersDialog.searchPlaceholder')}
          selectedOptions={[]}
          onChange={(e) => setInput(e.target.value)}
          onOptionSelect={(_, d) => {
            const picked = employees.data?.items.find((e) => String(e.id) === d.optionValue);
            if (picked && !chosen.has(picked.id))
              setMembers((list) => [...list, { id: picked.id, name: picked.name, email: picked.email }]);
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
              {chosen.has(e.id) ? t('membersDialog.alreadyMember', { name: e.name }) : `${e.name} · ${e.email}`}
            </Option>
          ))}
          {employees.data && employees.data.items.length === 0 ? (
            <Option disabled text={t('membersDialog.noMatch')}>
              {t('membersDialog.noMatch')}
            </Option>
          ) : null}
        </Combobox>
      </Field>
      <Text weight="semibold">{t('membersDialog.chosen', { count: members.length })}</Text>
      {members.length === 0 ? (
        <Text className={styles.muted}>{t('membersDialog.none')}</Text>
      ) : (
        <TagGroup
          className={styles.tags}
          aria-label={t('membersDialog.listLabel')}
          onDismiss={(_, d) => setMembers((list) => list.filter((m) => String(m.id) !== d.value))}
        >
          {members.map((m) => (
            <Tag
              key={m.id}
              value={String(m.id)}
              shape="circular"
              dismissible
              dismissIcon={{ 'aria-label': t('membersDialog.remove', { name: m.name }) }}
            >
              {m.name}
            </Tag>
          ))}
        </TagGroup>
      )}
    </FormDialog>
  );
}
