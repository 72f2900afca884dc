/**
 * An employee search of the Team tab (members editor, participant mapping): a combobox whose options come
 * from the server as the typing pauses. It either keeps the picked name (one choice) or clears itself for
 * the next pick (adding several); employees already taken show disabled.
 */
import { Combobox, Field, Option, type FieldProps } from '@fluentui/react-components';
import { useState } from 'react';
import { useEmployeeSearch, type EmployeeChoice } from '../../api/hooks/projects';
import { useDebounced } from '../../components/hooks';
import { useTranslation } from '../../i18n';

export function EmployeeCombobox({
  label,
  placeholder,
  keep,
  initial,
  taken,
  field,
  autoFocus,
  onPick,
}: {
  label: string;
  placeholder: string;
  /** Keeps the picked name in the box (one choice); otherwise the box clears for the next pick. */
  keep: boolean;
  /** The employee chosen before (keep mode). */
  initial?: EmployeeChoice | null;
  /** Employees that may not be picked again (already members). */
  taken?: ReadonlySet<number>;
  /** The Field's validation props. */
  field?: Pick<FieldProps, 'validationMessage' | 'validationState' | 'required'>;
  autoFocus?: boolean;
  /** A pick, or null once the text no longer names the one picked (keep mode). */
  onPick: (choice: EmployeeChoice | null) => void;
}) {
  const { t } = useTranslation(['projects', 'common']);
  const [input, setInput] = useState(initial?.name ?? '');
  const [picked, setPicked] = useState<number | null>(initial?.id ?? null);
  // One request once typing pauses, not one per key.
  const search = useDebounced(input.trim(), 250);
  // A picked name in the box is not a search: show the first page of everyone again.
  const employees = useEmployeeSearch(picked !== null ? '' : search);
  const items = employees.items ?? [];

  return (
    <Field label={label} {...field}>
      <Combobox
        autoFocus={autoFocus}
        value={input}
        placeholder={placeholder}
        expandIcon={{ 'aria-label': t('common:actions.showOptions') }}
        selectedOptions={keep && picked !== null ? [String(picked)] : []}
        onChange={(e) => {
          setInput(e.target.value);
          if (keep && picked !== null) {
            setPicked(null);
            onPick(null);
          }
        }}
        onOptionSelect={(_, d) => {
          const choice = items.find((e) => String(e.id) === d.optionValue);
          if (!choice || taken?.has(choice.id)) return;
          onPick(choice);
          if (keep) {
            setPicked(choice.id);
            setInput(choice.name);
          } else setInput('');
        }}
      >
        {employees.isFetching && !employees.items ? (
          <Option disabled text={t('common:states.loading')}>
            {t('common:states.loading')}
          </Option>
        ) : null}
        {items.map((e) => {
          const isTaken = taken?.has(e.id) ?? false;
          return (
            <Option key={e.id} value={String(e.id)} text={e.name} disabled={isTaken}>
              {isTaken ? t('team.alreadyMember', { name: e.name }) : e.detail ? `${e.name} · ${e.detail}` : e.name}
            </Option>
          );
        })}
        {employees.items && items.length === 0 ? (
          <Option disabled text={t('team.noMatch')}>
            {t('team.noMatch')}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
