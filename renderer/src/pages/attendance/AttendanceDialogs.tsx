/**
 * Adding or changing an attendance or a break by hand. The times are the tenant's local times of the
 * chosen day; the spec's rules (shared/attendance-rules.ts) are checked as the user types, and the
 * server, which checks them again with the edit limit and the user's scope, has the last word.
 */
import { Field, Input, Switch, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { checkAttendance, checkBreak, type RuleIssue, type ShiftRule } from '../../../../shared/attendance-rules';
import { addDays } from '../../../../shared/time';
import { useMe } from '../../api/hooks/me';
import { CORRECTION_REASON_MAX, type Attendance, type Break } from '../../../../shared/contracts/attendance';
import { useCorrectAttendance, useSaveAttendance, useSaveBreak } from '../../api/hooks/attendance';
import { formFailure, useFieldMessages } from '../../components/form-fields';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useFormat, useTranslation } from '../../i18n';
import { instantOf, timeIn } from './shared';

/** The texts of the dialogs: this namespace, with `common:` and `errors:` keys. */
const useTexts = () => useTranslation(['attendance', 'common', 'errors']);
type T = ReturnType<typeof useTexts>['t'];

/** The rules' issues by field, each the text of its error code in the interface's language. */
const messagesOf = (issues: RuleIssue[], t: T): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.field] ??= t(`errors:${issue.code}`);
  return out;
};

/**
 * What the three dialogs share: field messages that wait for Save (these rules compare two times, and a
 * message appearing when the first field is left moved the Save button from under the pointer, so the click
 * that followed was lost), the form-level error, and a submit that saves only when the rules pass.
 */
function useDialogForm<Key extends string>() {
  const { t } = useTexts();
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  return {
    messages,
    formError,
    /** Shows every message; runs `save` when `errors` is empty, with the handlers its mutation takes. */
    submit(
      errors: Record<string, string>,
      failedKey: 'errors:ATTENDANCE_SAVE_FAILED' | 'errors:BREAK_SAVE_FAILED',
      save: (handlers: { onError: (error: unknown) => void }) => void,
    ) {
      messages.submitted();
      messages.setServerErrors({});
      if (Object.keys(errors).length > 0) {
        setFormError(t('errors:VALIDATION'));
        return;
      }
      setFormError(null);
      save({
        onError: (error) => {
          const failure = formFailure(error, { fallback: t(failedKey) });
          messages.setServerErrors(failure.fields);
          setFormError(failure.banner);
        },
      });
    },
  };
}

/** The tenant's zone and latest check-out of a shift (docs/workforce.md "Night shifts"). */
function useShiftRule(timeZone: string): ShiftRule {
  return { timeZone, latestCheckOut: useMe()!.tenant.settings.shift_latest_checkout };
}

/**
 * A time of a shift started on `date` at `start` (HH:mm): a time earlier than the start, up to the latest
 * check-out of a shift, is on the next morning (a night shift). A later one is on the same day, so a check-out
 * typed before its check-in in the afternoon is the slip it looks like ("at least 1 minute after check-in"),
 * not a shift of almost a day.
 */
function shiftInstant(date: string, start: string, time: string, rule: ShiftRule): string | null {
  const nextMorning = time < start && time <= rule.latestCheckOut;
  return instantOf(nextMorning ? addDays(date, 1) : date, time, rule.timeZone);
}

/** The check-in and check-out times of `date` and the rules' messages about them (check-out may be empty). */
function useCheckInOut(date: string, timeZone: string, initialIn: string, initialOut: string) {
  const { t } = useTexts();
  const rule = useShiftRule(timeZone);
  const [checkIn, setCheckIn] = useState(initialIn);
  const [checkOut, setCheckOut] = useState(initialOut);
  const inAt = instantOf(date, checkIn, timeZone);
  const outAt = checkOut ? shiftInstant(date, checkIn, checkOut, rule) : null;
  const errors: Record<string, string> = {};
  if (!inAt) errors['checkIn'] = t('dialog.enterCheckIn');
  if (checkOut && !outAt) errors['checkOut'] = t('dialog.enterCheckOut');
  if (inAt && !errors['checkOut'])
    Object.assign(errors, messagesOf(checkAttendance({ checkIn: inAt, checkOut: outAt, now: new Date(), rule }), t));
  return { checkIn, setCheckIn, checkOut, setCheckOut, inAt, outAt, errors };
}

type Messages<Key extends string> = ReturnType<typeof useFieldMessages<Key>>;

/** A time of day; a change drops the server's message about the old value. */
function TimeField<Key extends string>({
  name,
  label,
  hint,
  required,
  value,
  onChange,
  messages,
  errors,
}: {
  name: Key;
  label: string;
  hint?: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  messages: Messages<Key>;
  errors: Record<string, string>;
}) {
  return (
    <Field label={label} hint={hint} required={required} {...messages.field(name, errors)}>
      <Input
        type="time"
        value={value}
        onChange={(_, d) => {
          onChange(d.value);
          messages.edited(name);
        }}
      />
    </Field>
  );
}

/** The check-in and check-out fields side by side. */
function CheckInOutFields<Key extends string>({
  times,
  messages,
}: {
  times: ReturnType<typeof useCheckInOut>;
  messages: Messages<Key | 'checkIn' | 'checkOut'>;
}) {
  const { t } = useTexts();
  const styles = useFormStyles();
  return (
    <div className={styles.grid}>
      <TimeField
        name="checkIn"
        label={t('dialog.checkIn')}
        required
        value={times.checkIn}
        onChange={times.setCheckIn}
        messages={messages}
        errors={times.errors}
      />
      <TimeField
        name="checkOut"
        label={t('dialog.checkOut')}
        hint={t('dialog.checkOutHint')}
        value={times.checkOut}
        onChange={times.setCheckOut}
        messages={messages}
        errors={times.errors}
      />
    </div>
  );
}

export function AttendanceDialog({
  employee,
  date,
  timeZone,
  attendance,
  canSetWfo,
  onClose,
}: {
  employee: { id: number; name: string };
  date: string;
  timeZone: string;
  /** Null adds a new attendance on `date`. */
  attendance: Attendance | null;
  /** Team and company editors decide the work-from-office flag of a hand-made entry. */
  canSetWfo: boolean;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const fmt = useFormat();
  const save = useSaveAttendance();
  const times = useCheckInOut(
    date,
    timeZone,
    attendance ? timeIn(attendance.checkIn, timeZone) : '09:00',
    attendance ? (attendance.checkOut ? timeIn(attendance.checkOut, timeZone) : '') : '17:00',
  );
  const [isWfo, setIsWfo] = useState(attendance?.isWfo ?? false);
  const form = useDialogForm<'checkIn' | 'checkOut'>();
  const submit = () =>
    form.submit(times.errors, 'errors:ATTENDANCE_SAVE_FAILED', ({ onError }) =>
      save.mutate(
        {
          attendanceId: attendance?.id,
          employee,
          date,
          body: { checkIn: times.inAt!, checkOut: times.outAt, ...(canSetWfo ? { isWfo } : {}) },
        },
        { onSuccess: onClose, onError },
      ),
    );

  return (
    <FormDialog
      title={attendance ? t('dialog.editAttendance') : t('dialog.addAttendance')}
      size="medium"
      description={t('dialog.description', { name: employee.name, day: fmt.day(date), timeZone })}
      pending={save.isPending}
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
    >
      <CheckInOutFields times={times} messages={form.messages} />
      {canSetWfo ? <Switch checked={isWfo} onChange={(_, d) => setIsWfo(d.checked)} label={t('dialog.wfo')} /> : null}
    </FormDialog>
  );
}

export function BreakDialog({
  attendance,
  breakSpan,
  timeZone,
  onClose,
}: {
  attendance: Attendance;
  /** Null adds a break. */
  breakSpan: Break | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const fmt = useFormat();
  const save = useSaveBreak();
  const styles = useFormStyles();
  const [start, setStart] = useState(breakSpan ? timeIn(breakSpan.start, timeZone) : '');
  const [end, setEnd] = useState(breakSpan?.end ? timeIn(breakSpan.end, timeZone) : '');
  const form = useDialogForm<'start' | 'end'>();

  const rule = useShiftRule(timeZone);
  const shiftStart = timeIn(attendance.checkIn, timeZone);
  const startAt = shiftInstant(attendance.date, shiftStart, start, rule);
  const endAt = shiftInstant(attendance.date, shiftStart, end, rule);
  const errors: Record<string, string> = {};
  if (!startAt) errors['start'] = t('dialog.enterStart');
  if (!endAt) errors['end'] = t('dialog.enterEnd');
  if (startAt && endAt) {
    Object.assign(
      errors,
      messagesOf(
        checkBreak({
          breakSpan: { ...(breakSpan ? { id: breakSpan.id } : {}), start: startAt, end: endAt },
          attendance,
          otherBreaks: attendance.breaks,
          now: new Date(),
          rule,
        }),
        t,
      ),
    );
  }
  const submit = () =>
    form.submit(errors, 'errors:BREAK_SAVE_FAILED', ({ onError }) =>
      save.mutate(
        { attendanceId: attendance.id, breakId: breakSpan?.id, body: { start: startAt!, end: endAt! } },
        { onSuccess: onClose, onError },
      ),
    );

  return (
    <FormDialog
      title={breakSpan ? t('dialog.editBreak') : t('dialog.addBreak')}
      size="medium"
      description={
        attendance.checkOut
          ? t('dialog.breakDescriptionOut', {
              day: fmt.day(attendance.date),
              checkIn: timeIn(attendance.checkIn, timeZone),
              checkOut: timeIn(attendance.checkOut, timeZone),
            })
          : t('dialog.breakDescription', {
              day: fmt.day(attendance.date),
              checkIn: timeIn(attendance.checkIn, timeZone),
            })
      }
      pending={save.isPending}
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
    >
      <div className={styles.grid}>
        <TimeField
          name="start"
          label={t('dialog.start')}
          required
          value={start}
          onChange={setStart}
          messages={form.messages}
          errors={errors}
        />
        <TimeField
          name="end"
          label={t('dialog.end')}
          required
          value={end}
          onChange={setEnd}
          messages={form.messages}
          errors={errors}
        />
      </div>
    </FormDialog>
  );
}

/**
 * Correcting a device punch: the punch is never changed, so the right times and a required reason make a
 * correction that stands in for it; the punch stays visible beside it (docs/workforce.md).
 */
export function CorrectionDialog({
  employee,
  punch,
  timeZone,
  canSetWfo,
  onClose,
}: {
  employee: { id: number; name: string };
  punch: Attendance;
  timeZone: string;
  /** Team and company editors may change the punch's work-from-office flag. */
  canSetWfo: boolean;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const fmt = useFormat();
  const correct = useCorrectAttendance();
  const times = useCheckInOut(
    punch.date,
    timeZone,
    timeIn(punch.checkIn, timeZone),
    punch.checkOut ? timeIn(punch.checkOut, timeZone) : '',
  );
  const [isWfo, setIsWfo] = useState(punch.isWfo);
  const [reason, setReason] = useState('');
  const form = useDialogForm<'checkIn' | 'checkOut' | 'reason'>();
  const errors: Record<string, string> = { ...times.errors };
  if (reason.trim() === '') errors['reason'] = t('dialog.reasonRequired');
  const submit = () =>
    form.submit(errors, 'errors:ATTENDANCE_SAVE_FAILED', ({ onError }) =>
      correct.mutate(
        {
          punchId: punch.id,
          employee,
          date: punch.date,
          body: {
            checkIn: times.inAt!,
            checkOut: times.outAt,
            reason: reason.trim(),
            ...(canSetWfo ? { isWfo } : {}),
          },
        },
        { onSuccess: onClose, onError },
      ),
    );

  return (
    <FormDialog
      title={t('dialog.correctPunch')}
      size="medium"
      description={t('dialog.correctionDescription', { name: employee.name, day: fmt.day(punch.date), timeZone })}
      pending={correct.isPending}
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('dialog.saveCorrection')}
    >
      <CheckInOutFields times={times} messages={form.messages} />
      <Field label={t('dialog.reason')} required {...form.messages.field('reason', errors)}>
        <Textarea
          value={reason}
          maxLength={CORRECTION_REASON_MAX}
          onChange={(_, d) => {
            setReason(d.value);
            form.messages.edited('reason');
          }}
        />
      </Field>
      {canSetWfo ? <Switch checked={isWfo} onChange={(_, d) => setIsWfo(d.checked)} label={t('dialog.wfo')} /> : null}
    </FormDialog>
  );
}
