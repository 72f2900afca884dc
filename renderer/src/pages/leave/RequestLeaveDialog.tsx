/**
 * Request leave: type (with its icon and what is left), dates and a reason. The date rules and the
 * working-day count come from shared/leave.ts, the same code the server runs, so the user sees the
 * spec's messages before sending; so do the chosen type's rules (notice, past days, days per request),
 * shown in one line under the type; the server still decides (overlap, quota) and its answer is shown.
 */
import { Dropdown, Field, Input, makeStyles, Option, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { checkLeaveDates, checkLeaveRules, earliestLeaveStart, workingDays } from '../../../../shared/leave';
import { errorMessage } from '../../api/errors';
import { useLeaveDetails, useRequestLeave, type LeaveBalanceType } from '../../api/hooks/leave';
import { useHolidays } from '../../api/hooks/leave-catalogue';
import { FormDialog } from '../../components/FormDialog';
import { QueryState } from '../../components/QueryState';
import { useNotify } from '../../components/toasts';
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

function leftLabel(t: TFunction<'leave'>, type: LeaveBalanceType): string {
  if (type.kind === 'unpaid') return t('requestDialog.unpaid');
  const left = Math.max(0, type.yearlyQuota - type.taken - type.pending);
  return t('requestDialog.left', { left, quota: type.yearlyQuota });
}

export function RequestLeaveDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const notify = useNotify();
  const { settings, today } = useTenantDay();
  const year = Number(today.slice(0, 4));
  const details = useLeaveDetails();
  const holidays = useHolidays(year);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const types = (details.data?.leaveTypes ?? []).filter((candidate) => candidate.isActive);
  const type = types.find((candidate) => candidate.id === typeId);
  const holidaySet = new Set((holidays.data ?? []).filter((h) => h.isActive).map((h) => h.date));
  const bothDates = startDate !== '' && endDate !== '';
  const issues = bothDates ? checkLeaveDates({ startDate, endDate, today, weekendDays: settings.weekend_days }) : [];
  const days =
    bothDates && issues.length === 0 ? workingDays(startDate, endDate, settings.weekend_days, holidaySet) : 0;
  const remaining = type && type.kind !== 'unpaid' ? type.yearlyQuota - type.taken - type.pending : null;
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
  if (remaining !== null && days > remaining) errors['leaveTypeId'] = t('errors:LEAVE_QUOTA_EXCEEDED');
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

  const save = useRequestLeave();

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    const blocking = !type || !startDate || !endDate || !reason.trim() || Object.values(errors).some(Boolean);
    if (!blocking)
      save.mutate(
        { leaveTypeId: typeId!, startDate, endDate, reason: reason.trim() },
        {
          onSuccess: onClose,
          onError: (error) => {
            const failed = t('errors:LEAVE_SAVE_FAILED');
            const message = errorMessage(error, failed);
            setServerError(message);
            notify.error(failed, message);
          },
        },
      );
  };

  return (
    <FormDialog
      title={t('requestDialog.title')}
      formLabel={t('requestDialog.title')}
      size="wide"
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('requestDialog.send')}
      pending={save.isPending}
    >
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
          value={type ? t('requestDialog.option', { name: type.name, left: leftLabel(t, type) }) : ''}
          selectedOptions={typeId ? [String(typeId)] : []}
          onOptionSelect={(_, d) => setTypeId(Number(d.optionValue))}
        >
          {types.map((option) => (
            <Option
              key={option.id}
              value={String(option.id)}
              text={t('requestDialog.option', { name: option.name, left: leftLabel(t, option) })}
            >
              <span className={styles.option}>
                <LeaveIcon icon={option.icon} />
                {option.name}
                <span className={styles.left}>{leftLabel(t, option)}</span>
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
            max={`${year}-12-31`}
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
            max={`${year}-12-31`}
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
