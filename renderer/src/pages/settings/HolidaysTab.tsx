/** Holidays settings: the public holidays of a year; add, edit and (de)activate with their permissions. */
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
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
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { formatDay } from '../../components/format';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { useTenantDay } from '../leave/leave-ui';
import { firstIssueByField } from '../../components/form-fields';

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
      {holidays.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(holidays.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {holidays.isPending ? <Spinner label="Loading holidays" /> : null}
      {holidays.data && holidays.data.length === 0 ? (
        <EmptyState icon={<CalendarRegular />} title={`No holidays in ${year}`}>
          Holidays are not counted as working days of a leave, nor as absences.
        </EmptyState>
      ) : null}
      {holidays.data && holidays.data.length > 0 ? (
        <Table aria-label={`Public holidays ${year}`}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell>Day</TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Active</TableHeaderCell>
              {canEdit ? <TableHeaderCell>Actions</TableHeaderCell> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {holidays.data.map((h) => (
              <TableRow key={h.id}>
                <TableCell>{formatDay(h.date)}</TableCell>
                <TableCell className={styles.muted}>{WEEKDAYS[dayOfWeek(h.date)]}</TableCell>
                <TableCell>{h.name}</TableCell>
                <TableCell>
                  <Switch
                    aria-label={`${h.name} active`}
                    checked={h.isActive}
                    disabled={!canStatus || status.isPending}
                    onChange={(_, d) => status.mutate({ id: h.id, isActive: d.checked })}
                  />
                </TableCell>
                {canEdit ? (
                  <TableCell>
                    <Button
                      appearance="subtle"
                      icon={<EditRegular />}
                      aria-label={`Edit ${h.name}`}
                      onClick={() => setEditing(h)}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {editing ? (
        <HolidayDialog holiday={editing === 'new' ? null : editing} year={year} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

function HolidayDialog({ holiday, year, onClose }: { holiday: Holiday | null; year: number; onClose: () => void }) {
  const notify = useNotify();
  const [form, setForm] = useState({ name: holiday?.name ?? '', date: holiday?.date ?? '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const parsed = holidayBodySchema.safeParse(form);
  // A server message for a field wins over the contract's.
  const errors = { ...firstIssueByField(parsed), ...serverErrors };
  const show = (key: string) => (submitted || serverErrors[key] ? errors[key] : undefined);
  const save = useSaveHoliday();
  const submit = () => {
    setSubmitted(true);
    setFormError(null);
    if (parsed.success)
      save.mutate(
        { id: holiday?.id, body: form },
        {
          onSuccess: onClose,
          onError: (error) => {
            setServerErrors(fieldErrors(error));
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
      <Field label="Name" required validationMessage={show('name')} validationState={show('name') ? 'error' : 'none'}>
        <Input value={form.name} onChange={(_, d) => setForm({ ...form, name: d.value })} autoFocus />
      </Field>
      <Field label="Date" required validationMessage={show('date')} validationState={show('date') ? 'error' : 'none'}>
        <Input
          type="date"
          min={holiday ? undefined : `${year}-01-01`}
          value={form.date}
          onChange={(_, d) => setForm({ ...form, date: d.value })}
        />
      </Field>
    </FormDialog>
  );
}
