/**
 * Settings › Notification (edit-notification-settings, docs/notifications.md "Settings"): the digest's
 * days and times (the spec's selectedDays and times), the reminder days of open action items, and the
 * channels new employees start with. Checked as typed with the server's own schema
 * (shared/contracts/tenant.ts over shared/settings.ts); the server's field messages show under the fields.
 */
import { Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import {
  tenantNotificationSettingsPatchSchema,
  type TenantNotificationSettings,
} from '../../../../shared/contracts/tenant';
import { weekdayNames } from '../../../../shared/i18n/format';
import type { NotificationPreferences } from '../../../../shared/notifications';
import { fieldErrors } from '../../api/errors';
import { useSaveTenantNotificationSettings, useTenantNotificationSettings } from '../../api/hooks/notifications';
import { useFieldMessages } from '../../components/form-fields';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { useNotify } from '../../components/toasts';
import { useFormat, useTranslation } from '../../i18n';
import { PreferencesGrid } from '../notifications/PreferencesGrid';

const useStyles = makeStyles({
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  wide: { gridColumn: '1 / -1' },
});

type Form = { days: number[]; times: string; reminders: string; defaults: NotificationPreferences };

const toForm = (s: TenantNotificationSettings): Form => ({
  days: s.notificationDigestDays,
  times: s.notificationDigestTimes.join(', '),
  reminders: s.notificationReminderDays.join(', '),
  defaults: s.notificationDefaults,
});

const list = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

function toBody(form: Form) {
  return {
    notificationDigestDays: [...form.days].sort((a, b) => a - b),
    notificationDigestTimes: list(form.times),
    notificationReminderDays: list(form.reminders).map((v) => (/^\d+$/.test(v) ? Number(v) : Number.NaN)),
    notificationDefaults: form.defaults,
  };
}

const FIELD_OF: Record<string, keyof Form> = {
  notificationDigestDays: 'days',
  notificationDigestTimes: 'times',
  notificationReminderDays: 'reminders',
  notificationDefaults: 'defaults',
};

export function NotificationTab() {
  const { t } = useTranslation('settings');
  const settings = useTenantNotificationSettings();
  return (
    <SettingsQuery query={settings} label={t('notification.loading')}>
      {(saved) => <NotificationForm saved={saved} />}
    </SettingsQuery>
  );
}

function NotificationForm({ saved }: { saved: TenantNotificationSettings }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'errors']);
  const format = useFormat();
  const notify = useNotify();
  const [draft, setDraft] = useState<Form | null>(null);
  const form = draft ?? toForm(saved);
  const messages = useFieldMessages<keyof Form>();
  const save = useSaveTenantNotificationSettings();

  const parsed = tenantNotificationSettingsPatchSchema.safeParse(toBody(form));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (!field) continue;
      errors[field] ??=
        field === 'reminders' && issue.code === 'invalid_type' ? t('notification.numbersOnly') : issue.message;
    }
  const set = (changes: Partial<Form>) => {
    setDraft({ ...form, ...changes });
    for (const key of Object.keys(changes) as (keyof Form)[]) {
      messages.touch(key)();
      messages.edited(key);
    }
  };
  const submit = () => {
    messages.submitted();
    if (parsed.success)
      save.mutate(parsed.data, {
        onSuccess: () => setDraft(null),
        onError: (error) => {
          const byField: Record<string, string> = {};
          for (const [path, message] of Object.entries(fieldErrors(error))) {
            const field = FIELD_OF[path.replace(/^body\./, '').split('.')[0]!];
            if (field) byField[field] = message;
          }
          messages.setServerErrors(byField);
        },
      });
    else notify.error(t('errors:VALIDATION'));
  };
  // Monday first, as the company reads a week; stored as 0 = Sunday … 6 = Saturday.
  const days = weekdayNames(format.language, 'long').map((name, i) => ({ name, day: (i + 1) % 7 }));

  return (
    <SettingsCard
      label={t('notification.formLabel')}
      pending={save.isPending}
      dirty={draft !== null}
      saveDisabled={draft === null}
      onSave={submit}
    >
      <Field
        className={styles.wide}
        label={t('notification.digestDays')}
        hint={t('notification.digestDaysHint')}
        {...messages.field('days', errors)}
      >
        <div className={styles.days} role="group" aria-label={t('notification.digestDays')}>
          {days.map(({ name, day }) => (
            <Checkbox
              key={day}
              label={name}
              checked={form.days.includes(day)}
              onChange={(_, d) => set({ days: d.checked ? [...form.days, day] : form.days.filter((x) => x !== day) })}
            />
          ))}
        </div>
      </Field>
      <Field
        label={t('notification.digestTimes')}
        hint={t('notification.digestTimesHint')}
        {...messages.field('times', errors)}
      >
        <Input value={form.times} onChange={(_, d) => set({ times: d.value })} data-testid="digest-times" />
      </Field>
      <Field
        label={t('notification.reminderDays')}
        hint={t('notification.reminderDaysHint')}
        {...messages.field('reminders', errors)}
      >
        <Input value={form.reminders} onChange={(_, d) => set({ reminders: d.value })} data-testid="reminder-days" />
      </Field>
      <Field className={styles.wide} label={t('notification.defaults')} hint={t('notification.defaultsHint')}>
        <PreferencesGrid
          value={form.defaults}
          onChange={(defaults) => set({ defaults })}
          label={t('notification.defaults')}
        />
      </Field>
    </SettingsCard>
  );
}
