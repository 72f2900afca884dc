/**
 * Whose task feedback a team lead (view-task-feedback-team-members) or HR (view-task-feedback-all-employees)
 * reads on /task and the Task Feedback overview: "Me" or someone the server lists for them, typed search
 * debounced (the shared SearchPicker). The choice lives in the address (?employeeId=), so a reload or a link keeps it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePermissions } from '../../api/hooks/me';
import { useTaskFeedbackOverview, useTaskFeedbackPeople } from '../../api/hooks/task-feedback';
import { SearchPicker, usePickerSearch } from '../../components/SearchPicker';
import { useTranslation } from '../../i18n';

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
  const { t } = useTranslation('taskFeedback');
  const search = usePickerSearch();
  const people = useTaskFeedbackPeople(search.debounced, whose.mayPick);
  if (!whose.mayPick) return null;
  return (
    <SearchPicker
      label={t('whose.label')}
      placeholder={t('whose.search')}
      search={search}
      selected={
        whose.employeeId === null
          ? { value: 'me', text: t('whose.me') }
          : { value: String(whose.employeeId), text: whose.name ?? '' }
      }
      fixed={[{ value: 'me', text: t('whose.me') }]}
      groups={[{ options: (people.data ?? []).map((p) => ({ value: String(p.id), text: p.name })) }]}
      searching={people.isFetching}
      nobody={t('whose.none')}
      onPick={(value) => {
        if (value === 'me') return whose.choose(null);
        const person = people.data?.find((p) => String(p.id) === value);
        if (person) whose.choose(person);
      }}
    />
  );
}
