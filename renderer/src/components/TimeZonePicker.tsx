/**
 * A time zone picker: a combobox of the IANA zones the browser knows (Intl.supportedValuesOf), filtered as
 * the user types, that also keeps a typed name (the shared rules decide whether it is a real zone). Every
 * zone field uses it (Settings › Tenant and Productivity, the device dialog); put it inside a Fluent Field for
 * its label and message.
 */
import { Combobox, Option } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from '../i18n';

/** At most this many options are rendered: typing narrows the list. */
const MAX_OPTIONS = 80;

function zoneList(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

export function TimeZonePicker({
  value,
  onChange,
  onBlur,
  placeholder,
  testId,
}: {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const zones = useMemo(() => zoneList(), []);
  const query = value.trim().toLowerCase();
  // A chosen zone shows the whole list again (so that the user can pick another); a typed text filters it.
  const exact = zones.includes(value);
  const options = (query && !exact ? zones.filter((z) => z.toLowerCase().includes(query)) : zones).slice(
    0,
    MAX_OPTIONS,
  );
  return (
    <Combobox
      freeform
      expandIcon={{ 'aria-label': t('actions.showOptions') }}
      placeholder={placeholder}
      value={value}
      selectedOptions={value ? [value] : []}
      onChange={(e) => onChange(e.target.value)}
      // Typing over a selected zone makes Fluent clear the selection (optionValue undefined) after the text
      // changed: that event must not throw the typed zone away, or an edited zone is never saved.
      onOptionSelect={(_, d) => {
        if (d.optionValue !== undefined) onChange(d.optionValue);
      }}
      onBlur={onBlur}
      data-testid={testId}
    >
      {exact && !options.includes(value) ? <Option value={value}>{value}</Option> : null}
      {options.map((z) => (
        <Option key={z} value={z}>
          {z}
        </Option>
      ))}
    </Combobox>
  );
}
