/**
 * Request leave: type (with its icon and what is left), dates and a reason. The date rules and the
 * working-day count come from shared/leave.ts, the same code the server runs, so the user sees the
 * spec's messages before sending; so do the chosen type's rules (notice, past days, days per request),
 * shown in one line under the type; the server still decides (overlap, quota) and its answer is shown.
 * With `editing`, the same dialog edits a pending request of one's own: filled in with it, its own days
 * not held against what is left, and saved through PUT (the request goes back to its first step).
 */
import { Dropdown, Field, Input, makeStyles, Option, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { LeaveRequest } from '../../../../shared/contracts/leave';
import {
  checkLeaveDates,
  checkLeaveRules,
  earliestLeaveStart,
  lastBookableYear,
  leaveAllowance,
  PENDING_STATUSES,
  workingDays,
} from '../../../../shared/leave';
import { useEditLeave, useLeaveDetails, useRequestLeave, type LeaveBalanceType } from '../../api/hooks/leave';
import { useHolidays } from '../../api/hooks/leave-catalogue';
import { FormDialog } from '../../components/FormDialog';
import { formFailure } from '../../components/form-fields';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { useTenantDay } from '../../components/hooks';
import { LeaveIcon, leaveRulesLine } from './leave-ui';

const useStyles = makeStyles({
  // Top-aligned: a message under one date must not push the other field down.
  dates: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  left: { color: tokens.colorNeutralForeground3, marginLeft: 'auto' },
  summary: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

/** What is left of a type before this request: an edited request's own pending days are given back. */
function leftOf(type: LeaveBalanceType, editing?: LeaveRequest): number {
  const own =
    editing && editing.leaveType.id === type.id && PENDING_STATUSES.includes(editing.status) ? editing.days : 0;
  // A compensatory type allows the days earned, not its yearly quota (shared/leave.ts leaveAllowance).
  return (leaveAllowance(type, type.earned ?? 0) ?? 0) - type.taken - type.booked - type.pending + own;
}

function leftLabel(t: TFunction<'leave'>, type: LeaveBalanceType, editing?: LeaveRequest): string {
  if (type.kind === 'unpaid') return t('requestDialog.unpaid');
  if (type.earned !== null)
    return t('requestDialog.leftEarned', { left: Math.max(0, leftOf(type, editing)), earned: type.earned });
  return t('requestDialog.left', { left: Math.max(0, leftOf(type, editing)), quota: type.yearlyQuota });
}

export function RequestLeaveDialog({ onClose, editing }: { onClose: () => void; editing?: LeaveRequest }) {
  const styles = useStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { settings, today } = useTenantDay();
  const year = Number(today.slice(0, 4));
  // The last day a request may end: this year's 31 December, or next year's once the company opened it.
  const lastDay = `${lastBookableYear(today, settings.leaveNextYearFromMonth)}-12-31`;
  const details = useLeaveDetails();
  const [typeId, setTypeId] = useState<number | null>(editing?.leaveType.id ?? null);
  const [startDate, setStartDate] = useState(editing?.startDate ?? '');
  // A request in next year: its holidays count, and it spends next year's quota (the balance is this year's).
  const requestYear = /^\d{4}-/.test(startDate) ? Number(startDate.slice(0, 4)) : year;
  const holidays = useHolidays(requestYear);
  const [endDate, setEndDate] = useState(editing?.endDate ?? '');
  const [reason, setReason] = useState(editing?.reason ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const types = (details.data?.leaveTypes ?? []).filter((candidate) => candidate.isActive);
  const type = types.find((candidate) => candidate.id === typeId);
  const holidaySet = new Set((holidays.data ?? []).filter((h) => h.isActive).map((h) => h.date));
  const bothDates = startDate !== '' && endDate !== '';
  const issues = bothDates
    ? checkLeaveDates({
        startDate,
        endDate,
        today,
        weekendDays: settings.weekend_days,
        nextYearFromMonth: settings.leaveNextYearFromMonth,
      })
    : [];
  const days =
    bothDates && issues.length === 0 ? workingDays(startDate, endDate, settings.weekend_days, holidaySet) : 0;
  const remaining = type && type.kind !== 'unpaid' && requestYear === year ? leftOf(type, editing) : null;
  const rulesLine = type ? leaveRulesLine(t, type) : '';
  const earliest = type ? earliestLeaveStart(type, today) : today;
  const ruleIssues =
    type && startDate !== ''
      ? checkLeaveRules(type, { startDate, today, days: bothDates && issues.length === 0 ? days : null })
      : [];

  const errors: Record<string, string | undefined> = {};
  for (const issue of [...issues, ...ruleIssues]) errors[issue.field] ??= t(`errors:${issue.code}`);
  if (!errors['startDate'] && !errors['endDate'] && bothDates && days === 0)
    errors['endDate'] = t('errors:LEAVE_NO_WORKING_DAYS');
  if (remaining !== null && days > remaining)
    errors['leaveTypeId'] = t(
      type?.kind === 'compensatory' ? 'errors:LEAVE_COMPENSATORY_NOT_EARNED' : 'errors:LEAVE_QUOTA_EXCEEDED',
    );
  if (submitted) {
    if (!type) errors['leaveTypeId'] ??= t('requestDialog.chooseType');
    if (!startDate) errors['startDate'] ??= t('requestDialog.chooseStart');
    if (!endDate) errors['endDate'] ??= t('requestDialog.chooseEnd');
    if (!reason.trim()) errors['reason'] = t('errors:LEAVE_REASON_REQUIRED');
  }
  const field = (key: string) => ({
    validationMessage: errors[key],
    validationState: errors[key] ? ('error' as const) : ('none' as const),
  });

  const create = useRequestLeave();
  const update = useEditLeave();
  const save = editing ? update : create;

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    const blocking = !type || !startDate || !endDate || !reason.trim() || Object.values(errors).some(Boolean);
    if (blocking) return;
    const input = { leaveTypeId: typeId!, startDate, endDate, reason: reason.trim() };
    const handlers = {
      onSuccess: onClose,
      // Said once, above the fields (docs/architecture.md "Failures in forms"): the dialog's fields show their own
      // rules' messages, so a server's field message goes to the banner too.
      onError: (error: unknown) =>
        setServerError(formFailure(error, { fallback: t('errors:LEAVE_SAVE_FAILED'), shown: [] }).banner),
    };
    if (editing) update.mutate({ id: editing.id, ...input }, handlers);
    else create.mutate(input, handlers);
  };
  const title = editing ? t('requestDialog.editTitle') : t('requestDialog.title');

  return (
    <FormDialog
      title={title}
      formLabel={title}
      size="wide"
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={editing ? t('requestDialog.save') : t('requestDialog.send')}
      pending={save.isPending}
    >
      {editing ? <Text>{t('requestDialog.editNote')}</Text> : null}
      <QueryState query={details} size="tiny" label={t('requestDialog.loadingTypes')} />
      <Field
        label={t('requestDialog.type')}
        required
        hint={rulesLine ? <span data-testid="leave-rules">{rulesLine}</span> : undefined}
        {...field('leaveTypeId')}
      >
        <Dropdown
          placeholder={
            details.isPending
              ? t('common:states.loading')
              : details.isSuccess && types.length === 0
                ? t('requestDialog.noTypes')
                : t('requestDialog.chooseType')
          }
          value={type ? t('requestDialog.option', { name: type.name, left: leftLabel(t, type, editing) }) : ''}
          selectedOptions={typeId ? [String(typeId)] : []}
          onOptionSelect={(_, d) => setTypeId(Number(d.optionValue))}
        >
          {types.map((option) => (
            <Option
              key={option.id}
              value={String(option.id)}
              text={t('requestDialog.option', { name: option.name, left: leftLabel(t, option, editing) })}
            >
              <span className={styles.option}>
                <LeaveIcon icon={option.icon} />
                {option.name}
                <span className={styles.left}>{leftLabel(t, option, editing)}</span>
              </span>
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.dates}>
        <Field label={t('requestDialog.from')} required {...field('startDate')}>
          <Input
            type="date"
            min={earliest ?? `${year}-01-01`}
            max={lastDay}
            value={startDate}
            onChange={(_, d) => {
              setStartDate(d.value);
              if (!endDate || endDate < d.value) setEndDate(d.value);
            }}
          />
        </Field>
        <Field label={t('requestDialog.to')} required {...field('endDate')}>
          <Input
            type="date"
            min={startDate || (earliest ?? `${year}-01-01`)}
            max={lastDay}
            value={endDate}
            onChange={(_, d) => setEndDate(d.value)}
          />
        </Field>
      </div>
      <div className={styles.summary} aria-live="polite">
        <Text>
          {t('requestDialog.workingDays')} <strong data-testid="working-days">{days}</strong>
        </Text>
        {remaining !== null ? (
          <Text>
            {t('requestDialog.leftAfter')} <strong>{Math.max(0, remaining - days)}</strong>
          </Text>
        ) : null}
      </div>
      <Field label={t('requestDialog.reason')} required {...field('reason')}>
        <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={1000} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
