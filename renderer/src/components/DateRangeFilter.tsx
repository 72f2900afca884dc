/**
 * The date-range filter of every filtered page: last 30 days, 90 days (the default), the last 12 months, or
 * a custom From–To that may not end after today nor start after it ends (rule in shared/date-range.ts); a
 * page may offer more presets (the productivity dashboard's this month, this quarter, year to date).
 */
import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import {
  DATE_RANGE_MESSAGES,
  DATE_RANGE_PRESETS,
  presetRange,
  validateDateRange,
  type DateRange,
  type DateRangePreset,
} from '../../../shared/date-range';
import { useTranslation } from '../i18n';
import { errorProps } from './form-fields';

type RangeMessage = keyof typeof DATE_RANGE_MESSAGES;

/** The shared rule answers in English (its API values); the filter shows the message in the interface's language. */
function messageKey(message: string | undefined): RangeMessage | undefined {
  if (!message) return undefined;
  return (Object.keys(DATE_RANGE_MESSAGES) as RangeMessage[]).find((key) => DATE_RANGE_MESSAGES[key] === message);
}

export type DateRangeValue = DateRange & { preset: DateRangePreset };

export function initialDateRange(today: string): DateRangeValue {
  return { preset: '90d', ...presetRange('90d', today) };
}

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  preset: { minWidth: '170px' },
});

export function DateRangeFilter({
  value,
  today,
  onChange,
  presets = DATE_RANGE_PRESETS,
  onInvalid,
}: {
  value: DateRangeValue;
  /** Today in the tenant's time zone (YYYY-MM-DD). */
  today: string;
  /** The presets offered (all of them, Custom included, unless a page allows fewer). */
  presets?: readonly DateRangePreset[];
  /** Called only with valid ranges; invalid custom input stays local and shows its message. */
  onChange: (value: DateRangeValue) => void;
  /**
   * Called when the custom input becomes invalid, so that a page can stop showing the last valid range's
   * figures as if they were the typed range's; onChange follows once the input is valid again.
   */
  onInvalid?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState<DateRange>({ from: value.from, to: value.to });
  const rawErrors = value.preset === 'custom' ? validateDateRange(draft, today) : {};
  const translated = (message: string | undefined) => {
    const key = messageKey(message);
    return key ? t(`dateRange.errors.${key}`) : message;
  };
  const errors = { from: translated(rawErrors.from), to: translated(rawErrors.to) };

  const choosePreset = (preset: DateRangePreset) => {
    if (preset === 'custom') {
      onChange({ ...value, preset });
      setDraft({ from: value.from, to: value.to });
      return;
    }
    const range = presetRange(preset, today);
    setDraft(range);
    onChange({ preset, ...range });
  };

  const editCustom = (next: DateRange) => {
    setDraft(next);
    if (Object.keys(validateDateRange(next, today)).length === 0) onChange({ preset: 'custom', ...next });
    else onInvalid?.();
  };

  return (
    <div className={styles.root} role="group" aria-label={t('dateRange.label')}>
      <Field label={t('dateRange.period')}>
        <Dropdown
          className={styles.preset}
          value={t(`dateRange.presets.${value.preset}`)}
          selectedOptions={[value.preset]}
          onOptionSelect={(_, d) => {
            const preset = presets.find((p) => p === d.optionValue);
            if (preset) choosePreset(preset);
          }}
        >
          {presets.map((preset) => (
            <Option key={preset} value={preset}>
              {t(`dateRange.presets.${preset}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {value.preset === 'custom' ? (
        <>
          <Field label={t('dateRange.from')} {...errorProps(errors.from)}>
            <Input
              type="date"
              contentBefore={<CalendarRegular />}
              max={draft.to && draft.to < today ? draft.to : today}
              value={draft.from}
              onChange={(_, d) => editCustom({ ...draft, from: d.value })}
            />
          </Field>
          <Field label={t('dateRange.to')} {...errorProps(errors.to)}>
            <Input
              type="date"
              contentBefore={<CalendarRegular />}
              min={draft.from || undefined}
              max={today}
              value={draft.to}
              onChange={(_, d) => editCustom({ ...draft, to: d.value })}
            />
          </Field>
        </>
      ) : null}
    </div>
  );
}
