/**
 * Productivity settings: the spec's keys and ranges (§5, §9), the weekend days, the office networks of the
 * work-from-office rule and the company's time zone (docs/workforce.md), validated as the user types with
 * the same schema the server uses (shared/contracts/tenant.ts over shared/settings.ts).
 */
import {
  Checkbox,
  Field,
  FieldContextProvider,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { productivitySettingsPatchSchema, type ProductivitySettings } from '../../../../shared/contracts/tenant';
import { weekdayNames } from '../../../../shared/i18n/format';
import { fieldErrors } from '../../api/errors';
import { useProductivitySettings, useUpdateProductivitySettings } from '../../api/hooks/tenant';
import { useFieldMessages } from '../../components/form-fields';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { useNotify } from '../../components/toasts';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  wide: { gridColumn: '1 / -1' },
});

const FIELDS = [
  { key: 'attendence_edit_allow_limit', label: 'productivity.editLimit', max: 365, step: 1 },
  { key: 'working_hours_per_day', label: 'productivity.workingHours', max: 24, step: 0.5 },
  { key: 'break_hours_per_day', label: 'productivity.breakHours', max: 24, step: 0.25 },
  { key: 'wfo_required_percentage', label: 'productivity.wfoRequired', max: 100, step: 1 },
] as const;
type NumberKey = (typeof FIELDS)[number]['key'];
type Form = Record<NumberKey, string> & {
  tenant_timezone: string;
  shift_latest_checkout: string;
  weekend_days: number[];
  /** As typed: one network per line (commas also separate). */
  office_networks: string;
};

function toForm(s: ProductivitySettings): Form {
  return {
    attendence_edit_allow_limit: String(s.attendence_edit_allow_limit),
    working_hours_per_day: String(s.working_hours_per_day),
    break_hours_per_day: String(s.break_hours_per_day),
    wfo_required_percentage: String(s.wfo_required_percentage),
    tenant_timezone: s.tenant_timezone,
    shift_latest_checkout: s.shift_latest_checkout,
    weekend_days: s.weekend_days,
    office_networks: s.office_networks.join('\n'),
  };
}

const networkList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');

function toBody(form: Form) {
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return {
    attendence_edit_allow_limit: num(form.attendence_edit_allow_limit),
    working_hours_per_day: num(form.working_hours_per_day),
    break_hours_per_day: num(form.break_hours_per_day),
    wfo_required_percentage: num(form.wfo_required_percentage),
    tenant_timezone: form.tenant_timezone.trim(),
    shift_latest_checkout: form.shift_latest_checkout.trim(),
    weekend_days: [...form.weekend_days].sort((a, b) => a - b),
    office_networks: networkList(form.office_networks),
  };
}

export function ProductivityTab() {
  const { t } = useTranslation('settings');
  const settings = useProductivitySettings();
  return (
    <SettingsQuery query={settings} label={t('productivity.loading')}>
      {(saved) => <ProductivityForm saved={saved} />}
    </SettingsQuery>
  );
}

function ProductivityForm({ saved }: { saved: ProductivitySettings }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'errors']);
  const format = useFormat();
  const notify = useNotify();
  // The user's edits; until they type, the form shows what the server has.
  const [draft, setForm] = useState<Form | null>(null);
  const form = draft ?? toForm(saved);
  const messages = useFieldMessages<keyof Form>();
  const save = useUpdateProductivitySettings();

  const body = toBody(form);
  const parsed = productivitySettingsPatchSchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = FIELDS.find((f) => f.key === key);
      const entry = issue.path[1];
      errors[key] ??= field
        ? t('productivity.outOfRange', { min: 0, max: field.max })
        : key === 'office_networks' && typeof entry === 'number'
          ? t('productivity.networkInvalid', { network: body.office_networks[entry] })
          : key === 'tenant_timezone'
            ? t('productivity.timeZoneInvalid')
            : issue.message;
    }
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm({ ...form, [key]: value });
    // A field's rule message shows as soon as it is edited; the server's message goes with the old value.
    messages.touch(key)();
    messages.edited(key);
  };
  // Save stays clickable: a refused form says why in a toast and under each field.
  const submit = () => {
    messages.submitted();
    if (parsed.success)
      save.mutate(parsed.data, {
        onSuccess: () => setForm(null),
        onError: (error) => {
          // "office_networks.2" is the list's field: its message goes under the list.
          const byField: Record<string, string> = {};
          for (const [path, message] of Object.entries(fieldErrors(error)))
            if (message !== undefined) byField[path.split('.')[0]!] ??= message;
          messages.setServerErrors(byField);
        },
      });
    else notify.error(t('errors:VALIDATION'));
  };
  // Monday first, as the company reads a week; stored as 0 = Sunday … 6 = Saturday.
  const days = weekdayNames(format.language, 'long').map((name, i) => ({ name, day: (i + 1) % 7 }));

  return (
    <SettingsCard label={t('productivity.formLabel')} dirty={draft !== null} pending={save.isPending} onSave={submit}>
      {FIELDS.map((f) => (
        <Field
          key={f.key}
          label={t(f.label)}
          hint={t('productivity.range', { min: 0, max: f.max })}
          {...messages.field(f.key, errors)}
        >
          <Input type="number" step={f.step} value={form[f.key]} onChange={(_, d) => set(f.key, d.value)} />
        </Field>
      ))}
      <Field
        label={t('productivity.timeZone')}
        hint={t('productivity.timeZoneHint')}
        {...messages.field('tenant_timezone', errors)}
      >
        <TimeZonePicker
          value={form.tenant_timezone}
          onChange={(zone) => set('tenant_timezone', zone)}
          onBlur={messages.touch('tenant_timezone')}
          testId="tenant-timezone"
        />
      </Field>
      <Field
        label={t('productivity.latestCheckOut')}
        hint={t('productivity.latestCheckOutHint')}
        {...messages.field('shift_latest_checkout', errors)}
      >
        <Input
          type="time"
          max="12:00"
          value={form.shift_latest_checkout}
          onChange={(_, d) => set('shift_latest_checkout', d.value)}
        />
      </Field>
      <Field
        className={styles.wide}
        label={t('productivity.weekendDays')}
        hint={t('productivity.weekendDaysHint')}
        {...messages.field('weekend_days', errors)}
      >
        <div className={styles.days} role="group" aria-label={t('productivity.weekendDays')}>
          {/* Out of the Field's context: inside it every checkbox would take the Field's one id, and each label
              would name the first box. */}
          <FieldContextProvider value={undefined}>
            {days.map(({ name, day }) => (
              <Checkbox
                key={day}
                label={name}
                checked={form.weekend_days.includes(day)}
                onChange={(_, d) =>
                  set(
                    'weekend_days',
                    d.checked ? [...form.weekend_days, day] : form.weekend_days.filter((x) => x !== day),
                  )
                }
              />
            ))}
          </FieldContextProvider>
        </div>
      </Field>
      <Field
        className={styles.wide}
        label={t('productivity.officeNetworks')}
        hint={t('productivity.officeNetworksHint')}
        {...messages.field('office_networks', errors)}
      >
        <Textarea
          resize="vertical"
          rows={3}
          placeholder={t('productivity.officeNetworksPlaceholder')}
          value={form.office_networks}
          onChange={(_, d) => set('office_networks', d.value)}
        />
      </Field>
      {body.office_networks.length === 0 ? (
        <MessageBar intent="info" className={styles.wide}>
          <MessageBarBody>{t('productivity.noOfficeNetworks')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </SettingsCard>
  );
}
