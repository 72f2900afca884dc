/**
 * Adding or changing an attendance or a break by hand. The times are the tenant's local times of the
 * chosen day; the spec's rules (shared/attendance-rules.ts) are checked as the user types, and the
 * server, which checks them again with the edit limit and the user's scope, has the last word.
 */
import { Field, Input, Switch, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { checkAttendance, checkBreak, type RuleIssue } from '../../../../shared/attendance-rules';
import { CORRECTION_REASON_MAX, type Attendance, type Break } from '../../../../shared/contracts/attendance';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useCorrectAttendance, useSaveAttendance, useSaveBreak } from '../../api/hooks/attendance';
import { useFieldMessages } from '../../components/form-fields';
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
  const [checkIn, setCheckIn] = useState(attendance ? timeIn(attendance.checkIn, timeZone) : '09:00');
  const [checkOut, setCheckOut] = useState(
    attendance ? (attendance.checkOut ? timeIn(attendance.checkOut, timeZone) : '') : '17:00',
  );
  const [isWfo, setIsWfo] = useState(attendance?.isWfo ?? false);
  // Messages wait for Save: these rules compare two times, and a message appearing when the first field is
  // left moved the Save button from under the pointer, so the click that followed was lost.
  const messages = useFieldMessages<'checkIn' | 'checkOut'>();
  const [formError, setFormError] = useState<string | null>(null);

  const inAt = instantOf(date, checkIn, timeZone);
  const outAt = checkOut ? instantOf(date, checkOut, timeZone) : null;
  const errors: Record<string, string> = {};
  if (!inAt) errors['checkIn'] = t('dialog.enterCheckIn');
  if (checkOut && !outAt) errors['checkOut'] = t('dialog.enterCheckOut');
  if (inAt && !errors['checkOut'])
    Object.assign(
      errors,
      messagesOf(checkAttendance({ checkIn: inAt, checkOut: outAt, now: new Date(), timeZone }), t),
    );
  const submit = () => {
    messages.submitted();
    messages.setServerErrors({});
    if (Object.keys(errors).length > 0) {
      setFormError(t('errors:VALIDATION'));
      return;
    }
    setFormError(null);
    save.mutate(
      {
        attendanceId: attendance?.id,
        employee,
        date,
        body: { checkIn: inAt!, checkOut: outAt, ...(canSetWfo ? { isWfo } : {}) },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          messages.setServerErrors(fieldErrors(error));
          setFormError(errorMessage(error, t('errors:ATTENDANCE_SAVE_FAILED')));
        },
      },
    );
  };

  const styles = useFormStyles();
  return (
    <FormDialog
      title={attendance ? t('dialog.editAttendance') : t('dialog.addAttendance')}
      size="medium"
      description={t('dialog.description', { name: employee.name, day: fmt.day(date), timeZone })}
      pending={save.isPending}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
    >
      <div className={styles.grid}>
        <Field label={t('dialog.checkIn')} required {...messages.field('checkIn', errors)}>
          <Input
            type="time"
            value={checkIn}
            onChange={(_, d) => {
              setCheckIn(d.value);
              messages.edited('checkIn');
            }}
          />
        </Field>
        <Field label={t('dialog.checkOut')} hint={t('dialog.checkOutHint')} {...messages.field('checkOut', errors)}>
          <Input
            type="time"
            value={checkOut}
            onChange={(_, d) => {
              setCheckOut(d.value);
              messages.edited('checkOut');
            }}
          />
        </Field>
      </div>
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
  const messages = useFieldMessages<'start' | 'end'>();
  const [formError, setFormError] = useState<string | null>(null);

  const startAt = instantOf(attendance.date, start, timeZone);
  const endAt = instantOf(attendance.date, end, timeZone);
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
          timeZone,
        }),
        t,
      ),
    );
  }
  const submit = () => {
    messages.submitted();
    messages.setServerErrors({});
    if (Object.keys(errors).length > 0) {
      setFormError(t('errors:VALIDATION'));
      return;
    }
    setFormError(null);
    save.mutate(
      { attendanceId: attendance.id, breakId: breakSpan?.id, body: { start: startAt!, end: endAt! } },
      {
        onSuccess: onClose,
        onError: (error) => {
          messages.setServerErrors(fieldErrors(error));
          setFormError(errorMessage(error, t('errors:BREAK_SAVE_FAILED')));
        },
      },
    );
  };

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
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
    >
      <div className={styles.grid}>
        <Field label={t('dialog.start')} required {...messages.field('start', errors)}>
          <Input
            type="time"
            value={start}
            onChange={(_, d) => {
              setStart(d.value);
              messages.edited('start');
            }}
          />
        </Field>
        <Field label={t('dialog.end')} required {...messages.field('end', errors)}>
          <Input
            type="time"
            value={end}
            onChange={(_, d) => {
              setEnd(d.value);
              messages.edited('end');
            }}
          />
        </Field>
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
  const [checkIn, setCheckIn] = useState(timeIn(punch.checkIn, timeZone));
  const [checkOut, setCheckOut] = useState(punch.checkOut ? timeIn(punch.checkOut, timeZone) : '');
  const [isWfo, setIsWfo] = useState(punch.isWfo);
  const [reason, setReason] = useState('');
  const messages = useFieldMessages<'checkIn' | 'checkOut' | 'reason'>();
  const [formError, setFormError] = useState<string | null>(null);

  const inAt = instantOf(punch.date, checkIn, timeZone);
  const outAt = checkOut ? instantOf(punch.date, checkOut, timeZone) : null;
  const errors: Record<string, string> = {};
  if (!inAt) errors['checkIn'] = t('dialog.enterCheckIn');
  if (checkOut && !outAt) errors['checkOut'] = t('dialog.enterCheckOut');
  if (inAt && !errors['checkOut'])
    Object.assign(
      errors,
      messagesOf(checkAttendance({ checkIn: inAt, checkOut: outAt, now: new Date(), timeZone }), t),
    );
  if (reason.trim() === '') errors['reason'] = t('dialog.reasonRequired');
  const submit = () => {
    messages.submitted();
    messages.setServerErrors({});
    if (Object.keys(errors).length > 0) {
      setFormError(t('errors:VALIDATION'));
      return;
    }
    setFormError(null);
    correct.mutate(
      {
        punchId: punch.id,
        employee,
        date: punch.date,
        body: { checkIn: inAt!, checkOut: outAt, reason: reason.trim(), ...(canSetWfo ? { isWfo } : {}) },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          messages.setServerErrors(fieldErrors(error));
          setFormError(errorMessage(error, t('errors:ATTENDANCE_SAVE_FAILED')));
        },
      },
    );
  };

  const styles = useFormStyles();
  return (
    <FormDialog
      title={t('dialog.correctPunch')}
      size="medium"
      description={t('dialog.correctionDescription', { name: employee.name, day: fmt.day(punch.date), timeZone })}
      pending={correct.isPending}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('dialog.saveCorrection')}
    >
      <div className={styles.grid}>
        <Field label={t('dialog.checkIn')} required {...messages.field('checkIn', errors)}>
          <Input
            type="time"
            value={checkIn}
            onChange={(_, d) => {
              setCheckIn(d.value);
              messages.edited('checkIn');
            }}
          />
        </Field>
        <Field label={t('dialog.checkOut')} hint={t('dialog.checkOutHint')} {...messages.field('checkOut', errors)}>
          <Input
            type="time"
            value={checkOut}
            onChange={(_, d) => {
              setCheckOut(d.value);
              messages.edited('checkOut');
            }}
          />
        </Field>
      </div>
      <Field label={t('dialog.reason')} required {...messages.field('reason', errors)}>
        <Textarea
          value={reason}
          maxLength={CORRECTION_REASON_MAX}
          onChange={(_, d) => {
            setReason(d.value);
            messages.edited('reason');
          }}
        />
      </Field>
      {canSetWfo ? <Switch checked={isWfo} onChange={(_, d) => setIsWfo(d.checked)} label={t('dialog.wfo')} /> : null}
    </FormDialog>
  );
}
