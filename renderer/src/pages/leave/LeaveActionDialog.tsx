/**
 * Confirms one action on a leave request and asks for its reason (required for every action, §5).
 * The dialog is the confirmation: nothing is sent before the user presses the action's button.
 */
import { Field, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import type { LeaveRequest } from '../../../../shared/contracts/leave';
import { LEAVE_ACTION, type LeaveAction } from '../../../../shared/leave';
import { MESSAGES } from '../../../../shared/messages';
import { errorMessage } from '../../api/errors';
import { useLeaveAction } from '../../api/hooks/leave';
import { formatDay } from '../../components/format';
import { FormDialog } from '../../components/FormDialog';
import { useNotify } from '../../components/toasts';

export type PendingAction = { request: LeaveRequest; action: LeaveAction; title: string; verb: string };

export function LeaveActionDialog({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { request, action } = pending;
  const isCancellationDecision =
    action === LEAVE_ACTION.APPROVE_CANCELLATION || action === LEAVE_ACTION.REJECT_CANCELLATION;
  const failed = isCancellationDecision ? MESSAGES.LEAVE_CANCELLATION_FAILED : MESSAGES.LEAVE_SAVE_FAILED;
  const destructive = action === LEAVE_ACTION.REJECT || action === LEAVE_ACTION.CANCEL;

  const save = useLeaveAction();

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    if (reason.trim())
      save.mutate(
        { id: request.id, action, reason: reason.trim(), verb: pending.verb },
        {
          onSuccess: onClose,
          onError: (error) => {
            const message = errorMessage(error, failed);
            setServerError(message);
            notify.error(failed, message);
          },
        },
      );
  };
  const missing = submitted && !reason.trim();

  return (
    <FormDialog
      title={pending.title}
      formLabel={pending.title}
      modalType="alert"
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel="Back"
      submitLabel={pending.verb}
      danger={destructive}
      pending={save.isPending}
    >
      <Text>
        {request.employee.name} · {request.leaveType.name} · {formatDay(request.startDate)}
        {request.endDate !== request.startDate ? ` – ${formatDay(request.endDate)}` : ''} · {request.days} working day
        {request.days === 1 ? '' : 's'}
      </Text>
      <Field
        label="Reason"
        required
        validationMessage={missing ? MESSAGES.LEAVE_REASON_REQUIRED : undefined}
        validationState={missing ? 'error' : 'none'}
      >
        <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={1000} autoFocus />
      </Field>
    </FormDialog>
  );
}
