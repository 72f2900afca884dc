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
import { dayOfWeek } from '../../../../shared/time';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useHolidays, useSaveHoliday, useSetHolidayStatus, type Holiday } from '../../api/hooks/leave-catalogue';
import { FormDialog } from '../../components/FormDialog';
import { formatDay } from '../../components/format';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { useTenantDay } from '../leave/leave-ui';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';

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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function HolidaysTab() {
  const styles = useStyles();
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
        <div className={styles.year} role="group" aria-label="Year">
          <Button icon={<ChevronLeftRegular />} aria-label="Previous year" onClick={() => setYear(year - 1)} />
          <Text as="h2" size={500} weight="semibold">
            Public holidays {year}
          </Text>
          <Button icon={<ChevronRightRegular />} aria-label="Next year" onClick={() => setYear(year + 1)} />
        </div>
        {permissions.has('add-public-holiday') ? (
          <Button icon={<AddRegular />} onClick={() => setEditing('new')}>
            Add holiday
          </Button>
        ) : null}
      </div>
      <QueryState query={holidays} label="Loading holidays">
        {(items) => (
          <StaticTable
            label={`Public holidays ${year}`}
            rows={items}
            rowKey={(h) => h.id}
            empty={{
              icon: <CalendarRegular />,
              title: `No holidays in ${year}`,
              body: 'Holidays are not counted as working days of a leave, nor as absences.',
            }}
            columns={[
              { key: 'date', label: 'Date', render: (h) => formatDay(h.date) },
              { key: 'day', label: 'Day', className: styles.muted, render: (h) => WEEKDAYS[dayOfWeek(h.date)] },
              { key: 'name', label: 'Name', render: (h) => h.name },
              {
                key: 'active',
                label: 'Active',
                render: (h) => (
                  <Switch
                    aria-label={`${h.name} active`}
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
                      label: 'Actions',
                      render: (h: Holiday) => (
                        <Button
                          appearance="subtle"
                          icon={<EditRegular />}
                          aria-label={`Edit ${h.name}`}
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
  const notify = useNotify();
  const [form, setForm] = useState({ name: holiday?.name ?? '', date: holiday?.date ?? '' });
  const messages = useFieldMessages<'name' | 'date'>();
  const [formError, setFormError] = useState<string | null>(null);
  const parsed = holidayBodySchema.safeParse(form);
  const errors = firstIssueByField(parsed);
  const save = useSaveHoliday();
  const set = (key: 'name' | 'date', value: string) => {
    setForm({ ...form, [key]: value });
    messages.edited(key);
  };
  const submit = () => {
    messages.submitted();
    setFormError(null);
    if (parsed.success)
      save.mutate(
        { id: holiday?.id, body: form },
        {
          onSuccess: onClose,
          onError: (error) => {
            messages.setServerErrors(fieldErrors(error));
            setFormError(errorMessage(error));
            notify.error(holiday ? 'The holiday was not updated' : 'The holiday was not added', errorMessage(error));
          },
        },
      );
  };
  return (
    <FormDialog
      title={holiday ? `Edit ${holiday.name}` : 'Add holiday'}
      formLabel={holiday ? 'Edit holiday' : 'Add holiday'}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Save"
      pending={save.isPending}
    >
      <Field label="Name" required {...messages.field('name', errors)}>
        <Input value={form.name} onChange={(_, d) => set('name', d.value)} onBlur={messages.touch('name')} autoFocus />
      </Field>
      <Field label="Date" required {...messages.field('date', errors)}>
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
