/**
 * Productivity settings: the spec's keys and ranges (§5, §9), validated as the user types with the same
 * schema the server uses (shared/contracts/tenant.ts over shared/settings.ts).
 */
import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { productivitySettingsPatchSchema, type ProductivitySettings } from '../../../../shared/contracts/tenant';
import { fieldErrors } from '../../api/errors';
import { useProductivitySettings, useUpdateProductivitySettings } from '../../api/hooks/tenant';
import { useFieldMessages } from '../../components/form-fields';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';

const FIELDS = [
  { key: 'attendence_edit_allow_limit', label: 'productivity.editLimit', max: 365, step: 1 },
  { key: 'working_hours_per_day', label: 'productivity.workingHours', max: 24, step: 0.5 },
  { key: 'break_hours_per_day', label: 'productivity.breakHours', max: 24, step: 0.25 },
  { key: 'wfo_required_percentage', label: 'productivity.wfoRequired', max: 100, step: 1 },
] as const;
type NumberKey = (typeof FIELDS)[number]['key'];
type Form = Record<NumberKey, string> & { tenant_timezone: string; shift_latest_checkout: string };

function toForm(s: ProductivitySettings): Form {
  return {
    attendence_edit_allow_limit: String(s.attendence_edit_allow_limit),
    working_hours_per_day: String(s.working_hours_per_day),
    break_hours_per_day: String(s.break_hours_per_day),
    wfo_required_percentage: String(s.wfo_required_percentage),
    tenant_timezone: s.tenant_timezone,
    shift_latest_checkout: s.shift_latest_checkout,
  };
}

function toBody(form: Form) {
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return {
    attendence_edit_allow_limit: num(form.attendence_edit_allow_limit),
    working_hours_per_day: num(form.working_hours_per_day),
    break_hours_per_day: num(form.break_hours_per_day),
    wfo_required_percentage: num(form.wfo_required_percentage),
    tenant_timezone: form.tenant_timezone.trim(),
    shift_latest_checkout: form.shift_latest_checkout.trim(),
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
  const { t } = useTranslation(['settings', 'errors']);
  const notify = useNotify();
  // The user's edits; until they type, the form shows what the server has.
  const [draft, setForm] = useState<Form | null>(null);
  const form = draft ?? toForm(saved);
  const messages = useFieldMessages<keyof Form>();
  const save = useUpdateProductivitySettings();

  const parsed = productivitySettingsPatchSchema.safeParse(toBody(form));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = FIELDS.find((f) => f.key === key);
      errors[key] ??= field ? t('productivity.outOfRange', { min: 0, max: field.max }) : issue.message;
    }
  const set = (key: keyof Form, value: string) => {
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
        onError: (error) => messages.setServerErrors(fieldErrors(error)),
      });
    else notify.error(t('errors:VALIDATION'));
  };

  return (
    <SettingsCard label={t('productivity.formLabel')} pending={save.isPending} onSave={submit}>
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
        <Input value={form.tenant_timezone} onChange={(_, d) => set('tenant_timezone', d.value)} />
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
    </SettingsCard>
  );
}
