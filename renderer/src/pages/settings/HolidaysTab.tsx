/** Holidays settings: the public holidays of a year; add, edit and (de)activate with their permissions. */
import { Button, Card, Field, Input, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  CalendarRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  EditRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { holidayBodySchema } from '../../../../shared/contracts/leave';
import { useHolidays, useSaveHoliday, useSetHolidayStatus, type Holiday } from '../../api/hooks/leave-catalogue';
import { FormDialog } from '../../components/FormDialog';
import { usePermissions } from '../../api/hooks/me';
import { useTenantDay } from '../../components/hooks';
import { firstIssueByField, useFormFailure } from '../../components/form-fields';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  year: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The weekday of a YYYY-MM-DD day in the interface's language (Monday, lundi). */
function weekdayName(isoDay: string, language: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export function HolidaysTab() {
  const styles = useStyles();
  const { t } = useTranslation('settings');
  const fmt = useFormat();
  const permissions = usePermissions();
  const { today } = useTenantDay();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const holidays = useHolidays(year);
  const status = useSetHolidayStatus();
  const canEdit = permissions.has('edit-public-holiday');
  const canStatus = permissions.has('update-public-holiday-status');

  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        <div className={styles.year} role="group" aria-label={t('holidays.year')}>
          <Button
            icon={<ChevronLeftRegular />}
            aria-label={t('holidays.previousYear')}
            onClick={() => setYear(year - 1)}
          />
          <Text as="h2" size={500} weight="semibold">
            {t('holidays.title', { year })}
          </Text>
          <Button
            icon={<ChevronRightRegular />}
            aria-label={t('holidays.nextYear')}
            onClick={() => setYear(year + 1)}
          />
        </div>
        {permissions.has('add-public-holiday') ? (
          <Button icon={<AddRegular />} onClick={() => setEditing('new')}>
            {t('holidays.add')}
          </Button>
        ) : null}
      </div>
      <QueryState query={holidays} label={t('holidays.loading')}>
        {(items) => (
          <StaticTable
            label={t('holidays.title', { year })}
            rows={items}
            rowKey={(h) => h.id}
            empty={{
              icon: <CalendarRegular />,
              title: t('holidays.emptyTitle', { year }),
              body: t('holidays.emptyBody'),
            }}
            columns={[
              { key: 'date', label: t('holidays.date'), render: (h) => fmt.day(h.date) },
              {
                key: 'day',
                label: t('holidays.day'),
                className: styles.muted,
                render: (h) => weekdayName(h.date, fmt.language),
              },
              { key: 'name', label: t('holidays.name'), render: (h) => h.name },
              {
                key: 'active',
                label: t('holidays.active'),
                render: (h) => (
                  <Switch
                    aria-label={t('holidays.activeLabel', { name: h.name })}
                    checked={h.isActive}
                    disabled={!canStatus || status.isPending}
                    onChange={(_, d) => status.mutate({ id: h.id, isActive: d.checked })}
                  />
                ),
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      label: t('holidays.actions'),
                      render: (h: Holiday) => (
                        <Button
                          appearance="subtle"
                          icon={<EditRegular />}
                          aria-label={t('holidays.editLabel', { name: h.name })}
                          onClick={() => setEditing(h)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryState>
      {editing ? (
        <HolidayDialog holiday={editing === 'new' ? null : editing} year={year} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

function HolidayDialog({ holiday, year, onClose }: { holiday: Holiday | null; year: number; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const [form, setForm] = useState({ name: holiday?.name ?? '', date: holiday?.date ?? '' });
  const failure = useFormFailure<'name' | 'date'>({
    fallback: holiday ? t('holidayDialog.notUpdated') : t('holidayDialog.notAdded'),
  });
  const { messages } = failure;
  const parsed = holidayBodySchema.safeParse(form);
  const errors = firstIssueByField(parsed);
  const save = useSaveHoliday();
  const set = (key: 'name' | 'date', value: string) => {
    setForm({ ...form, [key]: value });
    messages.edited(key);
  };
  const submit = () => {
    messages.submitted();
    failure.start();
    if (parsed.success) save.mutate({ id: holiday?.id, body: form }, { onSuccess: onClose, onError: failure.onError });
  };
  return (
    <FormDialog
      title={holiday ? t('holidayDialog.editTitle', { name: holiday.name }) : t('holidayDialog.add')}
      formLabel={holiday ? t('holidayDialog.edit') : t('holidayDialog.add')}
      error={failure.banner}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
      pending={save.isPending}
    >
      <Field label={t('holidayDialog.name')} required {...messages.field('name', errors)}>
        <Input value={form.name} onChange={(_, d) => set('name', d.value)} onBlur={messages.touch('name')} autoFocus />
      </Field>
      <Field label={t('holidayDialog.date')} required {...messages.field('date', errors)}>
        <Input
          type="date"
          min={holiday ? undefined : `${year}-01-01`}
          value={form.date}
          onChange={(_, d) => set('date', d.value)}
          onBlur={messages.touch('date')}
        />
      </Field>
    </FormDialog>
  );
}
