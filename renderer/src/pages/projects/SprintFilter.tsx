/**
 * The project tabs' sprint filter (PBI View, Tasks, Feedback): "all sprints" or one of the project's sprints,
 * by id. Labelled by a field beside it, or, where the toolbar has no room for one, by `aria-label` alone.
 */
import { Dropdown, Field, makeStyles, Option } from '@fluentui/react-components';

const useStyles = makeStyles({ filter: { minWidth: '180px' } });
const ALL = 'all';

export function SprintFilter({
  sprints,
  value,
  onChange,
  label,
  allLabel,
  hideLabel = false,
}: {
  sprints: readonly { id: number; name: string }[] | undefined;
  /** The chosen sprint's id; null for all sprints. */
  value: number | null;
  onChange: (sprintId: number | null) => void;
  label: string;
  allLabel: string;
  hideLabel?: boolean;
}) {
  const styles = useStyles();
  const items = sprints ?? [];
  const dropdown = (
    <Dropdown
      className={styles.filter}
      {...(hideLabel ? { 'aria-label': label } : {})}
      value={items.find((s) => s.id === value)?.name ?? allLabel}
      selectedOptions={[value === null ? ALL : String(value)]}
      onOptionSelect={(_, d) => onChange(d.optionValue === ALL || !d.optionValue ? null : Number(d.optionValue))}
    >
      <Option value={ALL}>{allLabel}</Option>
      {items.map((s) => (
        <Option key={s.id} value={String(s.id)}>
          {s.name}
        </Option>
      ))}
    </Dropdown>
  );
  return hideLabel ? (
    dropdown
  ) : (
    <Field label={label} orientation="horizontal">
      {dropdown}
    </Field>
  );
}
