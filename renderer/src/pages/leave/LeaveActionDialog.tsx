/**
 * Confirms one action on a leave request and asks for its reason (required for every action, §5).
 * The dialog is the confirmation: nothing is sent before the user presses the action's button.
 */
import { Field, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import type { LeaveRequest } from '../../../../shared/contracts/leave';
import { LEAVE_ACTION, type LeaveAction } from '../../../../shared/leave';
import { useLeaveAction } from '../../api/hooks/leave';
import { FormDialog } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';
import { errorProps, formFailure } from '../../components/form-fields';
import { useLeaveDates } from './leave-ui';

/** What the button and the dialog say for an action: the keys under `leave:actions`. */
export type ActionText =
  | 'cancel'
  | 'requestCancellation'
  | 'approve'
  | 'reject'
  | 'approveCancellation'
  | 'rejectCancellation'
  | 'previous'
  | 'escalate';

export type PendingAction = { request: LeaveRequest; action: LeaveAction; text: ActionText };

export function LeaveActionDialog({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const dates = useLeaveDates();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { request, action } = pending;
  const isCancellationDecision =
    action === LEAVE_ACTION.APPROVE_CANCELLATION || action === LEAVE_ACTION.REJECT_CANCELLATION;
  const failed = isCancellationDecision ? t('errors:LEAVE_CANCELLATION_FAILED') : t('errors:LEAVE_SAVE_FAILED');
  const title = t(`actions.${pending.text}.title`);
  const verb = t(`actions.${pending.text}.verb`);
  const destructive = action === LEAVE_ACTION.REJECT || action === LEAVE_ACTION.CANCEL;

  const save = useLeaveAction();

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    if (reason.trim())
      save.mutate(
        { id: request.id, action, reason: reason.trim(), verb },
        {
          onSuccess: onClose,
          // Said once, in the dialog (docs/architecture.md "Failures in forms").
          onError: (error) => setServerError(formFailure(error, { fallback: failed, shown: [] }).banner),
        },
      );
  };
  const missing = submitted && !reason.trim();

  return (
    <FormDialog
      title={title}
      formLabel={title}
      modalType="alert"
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('common:actions.back')}
      submitLabel={verb}
      danger={destructive}
      pending={save.isPending}
    >
      <Text>
        {t('actionDialog.summary', {
          name: request.employee.name,
          type: request.leaveType.name,
          dates: dates(request.startDate, request.endDate),
          count: request.days,
        })}
      </Text>
      <Field
        label={t('actionDialog.reason')}
        required
        {...errorProps(missing ? t('errors:LEAVE_REASON_REQUIRED') : null)}
      >
        <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={1000} autoFocus />
      </Field>
    </FormDialog>
  );
}
