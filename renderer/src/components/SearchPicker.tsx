/**
 * "Whose" pickers (the feedback Overview's "Whose overview", task feedback's "Whose tasks"): a combobox
 * showing the current choice, whose typed text searches what the server offers (debounced) without losing a
 * letter, fixed choices first ("Me", "My teams"), then the groups found, and a disabled "nobody found" line
 * when a search finds nothing. The caller fetches the options for `search.debounced` and decides what a
 * picked value means.
 */
import { Combobox, Field, makeStyles, Option, OptionGroup } from '@fluentui/react-components';
import { Fragment, useState } from 'react';
import { useTranslation } from '../i18n';
import { useDebounced } from './hooks';

const useStyles = makeStyles({ picker: { minWidth: '240px' } });

/** The text being typed (null while none: the choice shows) and its debounced, trimmed search. */
export function usePickerSearch() {
  const [text, setText] = useState<string | null>(null);
  const debounced = useDebounced((text ?? '').trim(), 250);
  return { text, setText, debounced };
}

export type PickerSearch = ReturnType<typeof usePickerSearch>;
export type PickerOption = { value: string; text: string };
/** A group of options found; with a label, shown under it. Null (not offered) or empty shows nothing. */
export type PickerGroup = { label?: string; options: readonly PickerOption[] | null };

export function SearchPicker({
  label,
  placeholder,
  search,
  selected,
  fixed,
  groups,
  searching,
  nobody,
  onPick,
  validation,
  className,
}: {
  label: string;
  placeholder: string;
  search: PickerSearch;
  /** The chosen option's value and the text the field shows for it. */
  selected: PickerOption;
  /** Choices always offered, before what the search finds. */
  fixed: readonly PickerOption[];
  groups: readonly PickerGroup[];
  /** Whether the options for the current search are still on their way ("nobody found" waits). */
  searching: boolean;
  /** The disabled line when a search found nothing. */
  nobody: string;
  onPick: (value: string) => void;
  /** The field's message in a form (form-fields.ts errorProps), when the choice can be refused. */
  validation?: { validationMessage: string | undefined; validationState: 'error' | 'none' } | undefined;
  className?: string | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const found = groups.reduce((n, g) => n + (g.options?.length ?? 0), 0);
  const option = (o: PickerOption) => (
    <Option key={o.value} value={o.value}>
      {o.text}
    </Option>
  );
  return (
    <Field label={label} className={className} {...validation}>
      <Combobox
        className={styles.picker}
        expandIcon={{ 'aria-label': t('actions.showOptions') }}
        value={search.text ?? selected.text}
        selectedOptions={[selected.value]}
        placeholder={placeholder}
        onChange={(e) => search.setText(e.target.value)}
        onOptionSelect={(_, d) => {
          // Typing clears the selection (an event without a value): the search goes on, the choice stays.
          if (!d.optionValue) return;
          onPick(d.optionValue);
          search.setText(null);
        }}
        onBlur={() => search.setText(null)}
      >
        {fixed.map(option)}
        {groups.map((g, i) =>
          !g.options || g.options.length === 0 ? null : g.label ? (
            <OptionGroup key={g.label} label={g.label}>
              {g.options.map(option)}
            </OptionGroup>
          ) : (
            <Fragment key={i}>{g.options.map(option)}</Fragment>
          ),
        )}
        {found === 0 && search.debounced !== '' && !searching ? (
          <Option value="" disabled>
            {nobody}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}
