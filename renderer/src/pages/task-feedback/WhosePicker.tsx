/**
 * Whose task feedback a team lead (view-task-feedback-team-members) or HR (view-task-feedback-all-employees)
 * reads on /task and the Task Feedback overview: "Me" or someone the server lists for them, typed search
 * debounced. The choice lives in the address (?employeeId=), so a reload or a link keeps it.
 */
import { Combobox, Field, makeStyles, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePermissions } from '../../api/hooks/me';
import { useTaskFeedbackOverview, useTaskFeedbackPeople } from '../../api/hooks/task-feedback';
import { useDebounced } from '../../components/hooks';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({ picker: { minWidth: '240px' } });

/** Whether the caller may read someone else's task feedback. */
function useMayPick(): boolean {
  const permissions = usePermissions();
  return permissions.has('view-task-feedback-team-members') || permissions.has('view-task-feedback-all-employees');
}

/**
 * Whose page it is: null for the caller's own (also when they may not pick anyone), else the employee of
 * ?employeeId=, with their name once known (the overview answers it as its subject; null until then).
 */
export function useWhose() {
  const mayPick = useMayPick();
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const employeeId = mayPick ? Number(params.get('employeeId')) || null : null;
  const subject = useTaskFeedbackOverview(
    employeeId !== null && permissions.has('view-task-feedback-overview'),
    employeeId,
  );
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const name =
    employeeId === null
      ? null
      : (subject.data?.subject.name ?? (picked?.id === employeeId ? picked.name : null) ?? null);
  const choose = (person: { id: number; name: string } | null) => {
    setPicked(person);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (person === null) next.delete('employeeId');
      else next.set('employeeId', String(person.id));
      return next;
    });
  };
  return { mayPick, employeeId, name, choose };
}

export function WhosePicker({ whose }: { whose: ReturnType<typeof useWhose> }) {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebounced((search ?? '').trim(), 250);
  const people = useTaskFeedbackPeople(debounced, whose.mayPick);
  if (!whose.mayPick) return null;
  const items = people.data ?? [];
  const selectedText = whose.employeeId === null ? t('whose.me') : (whose.name ?? '');
  return (
    <Field label={t('whose.label')}>
      <Combobox
        className={styles.picker}
        value={search ?? selectedText}
        selectedOptions={[whose.employeeId === null ? 'me' : String(whose.employeeId)]}
        placeholder={t('whose.search')}
        onChange={(e) => setSearch(e.target.value)}
        onOptionSelect={(_, d) => {
          // Typing clears the selection (no optionValue): the search goes on, the choice stays.
          if (!d.optionValue) return;
          if (d.optionValue === 'me') whose.choose(null);
          else {
            const person = items.find((p) => String(p.id) === d.optionValue);
            if (person) whose.choose(person);
          }
          setSearch(null);
        }}
        onBlur={() => setSearch(null)}
      >
        <Option value="me">{t('whose.me')}</Option>
        {items.map((p) => (
          <Option key={p.id} value={String(p.id)}>
            {p.name}
          </Option>
        ))}
        {items.length === 0 && debounced !== '' && !people.isFetching ? (
          <Option value="" disabled>
            {t('whose.none')}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
